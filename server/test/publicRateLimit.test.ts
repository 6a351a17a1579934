import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { SyncClient } from "./support/syncClient.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

// Every public function is limited per client address at the runtime (60 calls a minute unless
// the function says otherwise), and so are guest look-ups and client debug events.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
});
afterAll(async () => {
  await server?.stop();
});

const TOO_MANY = "Too many attempts, try again later";

async function post(route: string, body: unknown, address: string, token?: string) {
  const response = await fetch(`${server.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: { errorMessage?: string; errorData?: unknown; value?: unknown } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // plain-text answer
  }
  return { ...json, status: response.status, text };
}
const call = (path: string, args: unknown, address: string, token?: string) => post("/api/function", { path, args, format: "json" }, address, token);

describe("public function rate limit", () => {
  it("refuses the 61st call in a minute from one address with a clear message, and changes nothing", async () => {
    const address = "203.0.113.1";
    const companyId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 60; i++) {
      const answer = await call("employeeAuth/index:employeeSignUp", { email: "not an e-mail", username: "someone", pin: "1234", companyId }, address);
      expect(answer.status).toBe(200);
    }
    const signUp = { email: "limited.employee@example.com", username: "limitedemp", pin: "4821", companyId };
    const refused = await call("employeeAuth/index:employeeSignUp", signUp, address);
    expect(refused.status).toBe(560);
    expect(refused.errorMessage).toBe(TOO_MANY);
    // The screens say it in the reader's language by this code (decision 0067).
    expect(refused.errorData).toEqual({ code: "runtime.tooManyAttempts", params: {} });
    expect(refusalText(refused.errorData, "es")).toBe("Demasiados intentos; inténtalo de nuevo más tarde");
    expect(await server.database.db.selectFrom("users").select("id").where("email", "=", signUp.email).executeTakeFirst()).toBeUndefined();

    // Another address is not affected, and other public functions count on their own.
    const elsewhere = await call("employeeAuth/index:employeeSignUp", signUp, "198.51.100.1");
    expect(elsewhere.status).toBe(200);
    expect(await server.database.db.selectFrom("users").select("id").where("email", "=", signUp.email).executeTakeFirst()).toBeDefined();
    expect((await call("companies:listActiveCompanies", {}, address)).status).toBe(200);
  });

  it("limits a guest's company-code look-ups, over HTTP and over the socket", async () => {
    const address = "203.0.113.2";
    const guest = await call("auth:signIn", { provider: "anonymous" }, address);
    const token = (guest.value as { tokens: { token: string } }).tokens.token;
    for (let i = 0; i < 30; i++) {
      const answer = await call("companyJoinRequests:validateCompanyCode", { companyCode: `CMP${String(i).padStart(6, "0")}` }, address, token);
      expect(answer.status).toBe(200);
    }
    const refused = await call("companyJoinRequests:validateCompanyCode", { companyCode: "CMP100001" }, address, token);
    expect(refused).toMatchObject({ status: 560, errorMessage: TOO_MANY });

    // The socket counts subscriptions from its own address (127.0.0.1 here: no proxy in between).
    const socket = await SyncClient.connect(server.url, token);
    try {
      for (let i = 0; i < 30; i++) {
        const update = await socket.subscribe("companyJoinRequests:validateCompanyCode", { companyCode: `CMP${String(i).padStart(6, "0")}` }).next(1);
        expect(update.type).toBe("QueryUpdated");
      }
      const over = await socket.subscribe("companyJoinRequests:validateCompanyCode", { companyCode: "CMP100001" }).next(1);
      expect(over).toMatchObject({ type: "QueryFailed", errorMessage: TOO_MANY });
    } finally {
      socket.close();
    }
  });

  it("throttles client debug events per address", async () => {
    const address = "203.0.113.3";
    const before = server.logs.filter((l) => l.includes(`from ${address}`)).length;
    for (let i = 0; i < 30; i++) expect((await post("/api/debug_event", { event: `event ${i}` }, address)).status).toBe(200);
    const refused = await post("/api/debug_event", { event: "one too many" }, address);
    expect(refused).toMatchObject({ status: 429, text: TOO_MANY });
    expect(server.logs.filter((l) => l.includes(`from ${address}`)).length - before).toBe(30);
    expect((await post("/api/debug_event", { event: "from elsewhere" }, "198.51.100.3")).status).toBe(200);
  });
});
