import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = new Client(server.url);
});
afterAll(() => server?.stop());

describe("HTTP transport", () => {
  it("answers health with the database kind", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ ok: true, database: process.env.TEST_DB_KIND });
  });

  it("wraps success as {status, value, logLines} with HTTP 200", async () => {
    const outcome = await client.raw("query", "auth:loggedInUser", {});
    expect(outcome).toEqual({ status: 200, body: { status: "success", value: null, logLines: [] } });
  });

  it("returns a function's error as HTTP 560 with errorMessage", async () => {
    const outcome = await client.raw("action", "auth:signIn", {
      provider: "password",
      params: { email: "owner@demo.test", password: "wrong-password", flow: "signIn" },
    });
    expect(outcome.status).toBe(560);
    expect(outcome.body).toEqual({ status: "error", errorMessage: "Invalid password", errorData: { code: "auth.invalidPassword", params: {} }, logLines: [] });
  });

  it("names the field of invalid args in a 560", async () => {
    const outcome = await client.raw("action", "auth:signIn", { provider: "password", params: { flow: "sideways" } });
    expect(outcome.status).toBe(560);
    expect((outcome.body as { errorMessage: string }).errorMessage).toMatch(/^Invalid argument "/);
    const refresh = await client.raw("action", "auth:signIn", { refreshToken: 42 });
    expect((refresh.body as { errorMessage: string }).errorMessage).toMatch(/Invalid argument/);
  });

  it("answers an unknown path with a plain 404", async () => {
    const outcome = await client.raw("query", "nothing:here", {});
    expect(outcome).toEqual({ status: 404, body: 'Unknown function "nothing:here"' });
  });

  it("answers a malformed body with 400", async () => {
    for (const body of ["{not json", "[]", JSON.stringify({ args: {} }), JSON.stringify({ path: "auth:loggedInUser", format: "xml" })]) {
      const res = await fetch(`${server.url}/api/query`, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, body).toBe(400);
    }
  });

  it("refuses a function of another kind on a kind-specific route", async () => {
    const outcome = await client.raw("query", "auth:signOut", {});
    expect(outcome.status).toBe(560);
    expect((outcome.body as { errorMessage: string }).errorMessage).toBe('"auth:signOut" is a action, not a query');
  });

  it("dispatches /api/function by the function's own kind", async () => {
    const outcome = await client.raw("function", "auth:loggedInUser", {});
    expect(outcome.status).toBe(200);
  });

  it("rejects a forged or garbage bearer token with 401", async () => {
    const forged = new Client(server.url);
    forged.token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.AAAA";
    expect((await forged.raw("query", "auth:loggedInUser")).status).toBe(401);
  });

  it("answers query_ts with the server time", async () => {
    const res = await fetch(`${server.url}/api/query_ts`, { method: "POST", body: "{}" });
    const body = (await res.json()) as { value: { ts: number } };
    expect(Math.abs(body.value.ts - Date.now())).toBeLessThan(5000);
  });
});
