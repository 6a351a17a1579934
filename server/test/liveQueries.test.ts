import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";
import { SyncClient } from "./support/syncClient.ts";

let server: TestServer;
let owner: Client;
const sockets: SyncClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await new Client(server.url).signIn("owner@demo.test");
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

async function socket(token: string | null) {
  const s = await SyncClient.connect(server.url, token);
  sockets.push(s);
  return s;
}

describe("live queries over /api/sync", () => {
  it("pushes a new result after a mutation from another client, and nothing when unchanged", async () => {
    const s = await socket(owner.token);
    const sub = s.subscribe("users:getUserLanguage");
    expect((await sub.next(1)).value).toBeNull();

    await owner.mutation("users:updateLanguagePreference", { language: "es" });
    expect((await sub.next(2)).value).toBe("es");

    // The same value again writes the table but changes no result: no push.
    await owner.mutation("users:updateLanguagePreference", { language: "es" });
    await server.live.idle();
    await owner.mutation("users:updateLanguagePreference", { language: "en" });
    const third = await sub.next(3);
    expect(third.value).toBe("en");
    expect(sub.updates()).toHaveLength(3);
  });

  it("answers socket mutations with MutationResponse after the affected queries were pushed", async () => {
    const s = await socket(owner.token);
    const sub = s.subscribe("auth:loggedInUser");
    await sub.next(1);
    const response = await s.mutation("users:updateLanguagePreference", { language: "es" });
    expect(response).toMatchObject({ type: "MutationResponse", success: true, result: { language: "es" } });
    // Read-your-writes: the push for the change arrived before the response.
    const responseIndex = s.messages.indexOf(response);
    const pushIndex = s.messages.findIndex((m) => m.type === "Transition" && JSON.stringify(m).includes('"language":"es"'));
    expect(pushIndex).toBeGreaterThanOrEqual(0);
    expect(pushIndex).toBeLessThan(responseIndex);
  });

  it("reports errors as QueryFailed and MutationResponse failures", async () => {
    const s = await socket(null);
    const sub = s.subscribe("users:getUserLanguage");
    expect(await sub.next(1)).toMatchObject({ type: "QueryFailed", errorMessage: "Not signed in" });
    const unknown = s.subscribe("no:such");
    expect(await unknown.next(1)).toMatchObject({ type: "QueryFailed", errorMessage: 'Unknown function "no:such"' });
    const bad = await s.mutation("users:updateLanguagePreference", { language: "fr" });
    expect(bad).toMatchObject({ success: false });
  });

  it("re-runs subscriptions under the new identity after Authenticate", async () => {
    const s = await socket(null);
    const sub = s.subscribe("auth:loggedInUser");
    expect((await sub.next(1)).value).toBeNull();
    s.send({ type: "Authenticate", token: owner.token });
    expect((await sub.next(2)).value).toMatchObject({ email: "owner@demo.test", role: "OWNER" });
  });

  it("sends AuthError for a bad token and treats the socket as signed out", async () => {
    const s = await socket("not-a-token");
    await s.waitFor((m) => m.type === "AuthError");
    const sub = s.subscribe("auth:loggedInUser");
    expect((await sub.next(1)).value).toBeNull();
  });

  it("shares one execution between identical subscriptions", async () => {
    const before = server.live.size;
    const a = await socket(owner.token);
    const b = await socket(owner.token);
    const sa = a.subscribe("users:getProfile");
    const sb = b.subscribe("users:getProfile");
    await Promise.all([sa.next(1), sb.next(1)]);
    expect(server.live.size).toBe(before + 1);
    sa.remove();
    sb.remove();
  });
});
