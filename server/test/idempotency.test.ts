import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { claimRateKey } from "../src/marketing/claims.ts";
import { IDEMPOTENCY_MESSAGES } from "../src/runtime/idempotency.ts";
import { SyncClient } from "./support/syncClient.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent duplicates of one idempotency key run once
// A mutation sent again under the same idempotencyKey (a retry after a lost answer) runs once:
// the retry gets the stored result. The key travels beside args over HTTP and the socket.

let server: TestServer;
let sink: SmtpSink;
let manager: Client;
let campaign: { _id: string; companyId: string };

type Outcome = { status: "success"; value: unknown } | { status: "error"; errorMessage: string };

async function post(client: Client, path: string, args: unknown, idempotencyKey: unknown, kind = "mutation"): Promise<Outcome> {
  const response = await fetch(`${server.url}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(client.token ? { authorization: `Bearer ${client.token}` } : {}) },
    body: JSON.stringify({ path, args, format: "json", idempotencyKey }),
  });
  return (await response.json()) as Outcome;
}

const claimArgs = (email: string) => ({ customerName: "Kim Retry", email, campaignId: campaign._id, companyId: campaign.companyId });
const claimsFor = (email: string) => server.database.db.selectFrom("campaignClaims").select("claimCode").where("email", "=", email).execute();
const mailFor = (email: string) => server.database.db.selectFrom("outbox").select("id").where("recipient", "=", email).execute();

beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: sink.url });
  manager = await new Client(server.url).signIn("manager@demo.test");
  const now = Date.now();
  const created = await manager.mutation<{ friendlyId: string }>("marketing:createCampaign", {
    name: `Retry ${randomUUID().slice(0, 6)}`,
    campaignType: "SEASONAL",
    startDate: new Date(now - 2 * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(now + 10 * 86_400_000).toISOString().slice(0, 10),
    isActive: true,
    offerAmount: 5,
  });
  campaign = (await new Client(server.url).query<{ _id: string; companyId: string }>("marketing:getCampaignByFriendlyIdPublic", {
    friendlyId: created.friendlyId,
  }))!;
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});
beforeEach(async () => {
  for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) await server.services.rateLimiter.reset(claimRateKey(address));
});

describe("idempotent mutations", () => {
  it("answers a retry with the same key from the stored result: one claim, one e-mail", async () => {
    const anon = new Client(server.url);
    const key = randomUUID();
    const first = await post(anon, "marketing:submitClaim", claimArgs("once@example.com"), key);
    expect(first.status).toBe("success");
    // Same call again (argument order does not matter), then over the socket.
    const { email, ...rest } = claimArgs("once@example.com");
    const again = await post(anon, "marketing:submitClaim", { email, ...rest }, key);
    expect(again).toEqual(first);
    const socket = await SyncClient.connect(server.url, null);
    try {
      socket.send({ type: "Mutation", requestId: 1, udfPath: "marketing:submitClaim", args: claimArgs("once@example.com"), idempotencyKey: key });
      const answer = await socket.waitFor((m) => m.type === "MutationResponse" && m.requestId === 1);
      expect(answer).toMatchObject({ success: true, result: (first as { value: unknown }).value });
    } finally {
      socket.close();
    }
    expect(await claimsFor("once@example.com")).toHaveLength(1);
    expect(await mailFor("once@example.com")).toHaveLength(1);
    // Without a key the same call runs again, and is refused as a duplicate claim.
    expect(await post(anon, "marketing:submitClaim", claimArgs("once@example.com"), undefined)).toMatchObject({
      status: "error",
      errorMessage: /already exists/,
    });
  });

  it("refuses the same key with other arguments, changing nothing", async () => {
    const anon = new Client(server.url);
    const key = randomUUID();
    expect((await post(anon, "marketing:submitClaim", claimArgs("first@example.com"), key)).status).toBe("success");
    expect(await post(anon, "marketing:submitClaim", claimArgs("second@example.com"), key)).toEqual({
      status: "error",
      errorMessage: IDEMPOTENCY_MESSAGES.reused,
      errorData: { code: "runtime.idempotencyKeyReused", params: {} },
      logLines: [],
    });
    expect(await claimsFor("second@example.com")).toEqual([]);
    expect(await mailFor("second@example.com")).toEqual([]);
  });

  it("stores nothing for a failed mutation, so the key can be used again", async () => {
    const anon = new Client(server.url);
    const key = randomUUID();
    const refused = await post(anon, "marketing:submitClaim", { ...claimArgs("late@example.com"), customerName: " " }, key);
    expect(refused).toMatchObject({ status: "error", errorMessage: "Please enter your name" });
    expect(await server.database.db.selectFrom("idempotencyKeys").select("key").where("key", "=", key).execute()).toEqual([]);
    expect((await post(anon, "marketing:submitClaim", claimArgs("late@example.com"), key)).status).toBe("success");
    expect(await claimsFor("late@example.com")).toHaveLength(1);
  });

  it("keeps each caller's keys apart", async () => {
    const member = await new Client(server.url).signIn("member@demo.test");
    const key = randomUUID();
    expect((await post(manager, "users:updateLanguagePreference", { language: "es" }, key)).status).toBe("success");
    expect((await post(member, "users:updateLanguagePreference", { language: "es" }, key)).status).toBe("success");
    const rows = await server.database.db.selectFrom("idempotencyKeys").select(["scope", "path", "expiresAt", "createdAt"]).where("key", "=", key).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.scope)).size).toBe(2);
    const ttl = new Date(rows[0].expiresAt).getTime() - new Date(rows[0].createdAt).getTime();
    expect(ttl).toBe(24 * 60 * 60 * 1000);
    await manager.mutation("users:updateLanguagePreference", { language: "en" });
    await member.mutation("users:updateLanguagePreference", { language: "en" });
  });

  it("refuses a malformed key, and a key on a query or an action", async () => {
    const anon = new Client(server.url);
    expect(await post(anon, "marketing:submitClaim", claimArgs("bad@example.com"), "x".repeat(201))).toMatchObject({
      errorMessage: IDEMPOTENCY_MESSAGES.invalidKey,
    });
    expect(await post(anon, "marketing:submitClaim", claimArgs("bad@example.com"), 42)).toMatchObject({
      errorMessage: IDEMPOTENCY_MESSAGES.invalidKey,
      errorData: { code: "runtime.invalidIdempotencyKey", params: {} },
    });
    expect(await post(anon, "marketing:getClaimByPhone", { phone: "5550000000", campaignId: campaign._id }, "k1", "query")).toMatchObject({
      errorMessage: IDEMPOTENCY_MESSAGES.notMutation,
    });
    expect(await post(anon, "auth:signOut", {}, "k2", "action")).toMatchObject({
      errorMessage: IDEMPOTENCY_MESSAGES.notMutation,
      errorData: { code: "runtime.idempotencyKeyNotMutation", params: {} },
    });
    expect(await claimsFor("bad@example.com")).toEqual([]);
  });

  it("runs concurrent duplicates once: one row, the same answer for all", async () => {
    const anon = new Client(server.url);
    const key = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => post(anon, "marketing:submitClaim", claimArgs("racer@example.com"), key)));
    expect(outcomes.map((o) => o.status)).toEqual(Array(8).fill("success"));
    expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(await claimsFor("racer@example.com")).toHaveLength(1);
    expect(await mailFor("racer@example.com")).toHaveLength(1);
  });
});
