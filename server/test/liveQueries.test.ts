import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_SECONDS } from "../src/runtime/tokens.ts";
import { ANONYMOUS } from "../src/runtime/identity.ts";
import { IdentityCache } from "../src/runtime/identityCache.ts";
import { MAX_SOCKETS_PER_USER, MAX_SUBSCRIPTIONS_PER_SOCKET, TOKEN_EXPIRED } from "../src/runtime/socket.ts";
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
    // Arguments refused before the query runs carry their code too, as over HTTP.
    const badArgs = s.subscribe("shifts:listWeek", { storeId: "s1" });
    expect(await badArgs.next(1)).toMatchObject({
      type: "QueryFailed",
      errorMessage: expect.stringMatching(/^Invalid argument "weekStart": /),
      errorData: { code: "args.invalid", params: { field: "weekStart", issue: "invalid_type" } },
    });
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

async function companyOf(client: Client): Promise<string> {
  const me = await client.query<{ activeCompanyId: string }>("auth:loggedInUser");
  return me.activeCompanyId;
}

const runs = (key: string, by: "byCompany" | "byUser") => server.live.stats[by].get(key) ?? 0;

describe("live queries scoped by company and user", () => {
  it("re-runs only the writing company's subscriptions, and pushes them", async () => {
    const suds = await new Client(server.url).signIn("owner@suds.test");
    const [rioId, sudsId] = [await companyOf(owner), await companyOf(suds)];
    const rioSocket = await socket(owner.token);
    const sudsSocket = await socket(suds.token);
    const rioStores = rioSocket.subscribe("stores:listAll");
    const rioBadges = rioSocket.subscribe("navigation:getBadgeCounts");
    const sudsStores = sudsSocket.subscribe("stores:listAll");
    const sudsBadges = sudsSocket.subscribe("navigation:getBadgeCounts");
    await Promise.all([rioStores.next(1), rioBadges.next(1), sudsStores.next(1), sudsBadges.next(1)]);
    await server.live.idle();
    const before = { rio: runs(rioId, "byCompany"), suds: runs(sudsId, "byCompany") };

    // An inactive store changes both the store list and the inactive-stores badge of Rio.
    await owner.mutation("stores:create", { name: "Scoped Store", address: "1 Scope St", timeZone: "America/New_York", isActive: false });
    expect(((await rioStores.next(2)).value as Array<{ name: string }>).map((s) => s.name)).toContain("Scoped Store");
    type Badges = { counts: { inactiveStores: number } };
    const rioBadge = (await rioBadges.next(2)).value as Badges;
    expect(rioBadge.counts.inactiveStores).toBe(((await rioBadges.next(1)).value as Badges).counts.inactiveStores + 1);
    await server.live.idle();

    expect(runs(rioId, "byCompany")).toBeGreaterThan(before.rio);
    expect(runs(sudsId, "byCompany")).toBe(before.suds);
    expect(sudsStores.updates()).toHaveLength(1);
    expect(sudsBadges.updates()).toHaveLength(1);
  });

  it("reaches the requester's badge in another company when a join request is decided", async () => {
    const suds = await new Client(server.url).signIn("owner@suds.test");
    const rioId = await companyOf(owner);
    const s = await socket(suds.token);
    const badges = s.subscribe("navigation:getBadgeCounts");
    expect((await badges.next(1)).value).toMatchObject({ counts: { myRequests: 0 } });
    const rio = await socket(owner.token);
    const pending = rio.subscribe("companyJoinRequests:getPendingRequestsForCompany");
    expect((await pending.next(1)).value).toEqual([]);
    // A signed-in write names no company, so it reaches Rio's company-scoped list too.
    const { requestId } = await suds.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
    expect((await badges.next(2)).value).toMatchObject({ counts: { myRequests: 1 } });
    expect((await pending.next(2)).value).toMatchObject([{ _id: requestId }]);
    // Rio's decision is a Rio write; it names the requester, whose active company is Suds.
    await owner.mutation("companyJoinRequests:denyJoinRequest", { requestId });
    expect((await badges.next(3)).value).toMatchObject({ counts: { myRequests: 0 } });
  });

  it("refreshes only the refreshing user's identity and re-runs no one else's subscriptions", async () => {
    const me = await new Client(server.url).signIn("manager@demo.test");
    const others = [owner, await new Client(server.url).signIn("owner@suds.test"), await new Client(server.url).signIn("staff@demo.test")];
    const mine = await socket(me.token);
    const mySub = mine.subscribe("auth:loggedInUser");
    const theirs = await Promise.all(others.map((o) => socket(o.token)));
    const subs = theirs.flatMap((t) => [t.subscribe("auth:loggedInUser"), t.subscribe("navigation:getBadgeCounts")]);
    await Promise.all([mySub.next(1), ...subs.map((sub) => sub.next(1))]);
    await server.live.idle();
    const otherIds: string[] = [];
    for (const o of others) otherIds.push((await o.query<{ _id: string }>("auth:loggedInUser"))._id);
    const before = otherIds.map((id) => runs(id, "byUser"));
    const refreshesBefore = server.live.stats.identityRefreshes;

    const refreshed = await me.action<{ tokens: { token: string } }>("auth:signIn", { refreshToken: me.refreshToken });
    expect(refreshed.tokens.token).toBeTruthy();
    await server.live.idle();
    // Settle the identity re-resolution the session write caused (it runs on the socket's queue).
    await mine.mutation("auth:loggedInUser", {}, "Mutation");

    expect(otherIds.map((id) => runs(id, "byUser"))).toEqual(before);
    expect(server.live.stats.identityRefreshes - refreshesBefore).toBe(1);
    for (const sub of subs) expect(sub.updates()).toHaveLength(1);
  });

  it("refuses a subscription beyond the per-socket cap with a clear message", async () => {
    const s = await socket(owner.token);
    const subs = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, () => s.subscribe("users:getProfile"));
    await subs[subs.length - 1].next(1);
    const over = s.subscribe("users:getProfile");
    expect(await over.next(1)).toMatchObject({
      type: "QueryFailed",
      errorMessage: `Too many subscriptions on one connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET})`,
    });
    // Removing one makes room again.
    subs[0].remove();
    const again = s.subscribe("users:getProfile");
    expect(await again.next(1)).toMatchObject({ type: "QueryUpdated" });
    s.close();
  });

  it("refuses a socket beyond the per-user cap", async () => {
    const user = await new Client(server.url).signIn("supervisor@demo.test");
    const open = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_USER }, () => SyncClient.connect(server.url, user.token)));
    await Promise.all(open.map((s) => s.subscribe("users:getProfile").next(1)));
    const extra = await SyncClient.connect(server.url, user.token);
    expect(await extra.waitFor((m) => m.type === "FatalError")).toMatchObject({
      errorMessage: `Too many open connections for this account (at most ${MAX_SOCKETS_PER_USER})`,
    });
    open.forEach((s) => s.close());
    extra.close();
  });

  it("keys subscriptions by the parsed args: unknown keys share one entry", async () => {
    const s = await socket(owner.token);
    const first = s.subscribe("stores:listAll", {});
    await first.next(1);
    const size = server.live.size;
    const padded = Array.from({ length: 20 }, (_, i) => s.subscribe("stores:listAll", { [`junk${i}`]: "x".repeat(100) }));
    await Promise.all(padded.map((p) => p.next(1)));
    expect(server.live.size).toBe(size);
    expect(padded[5].updates()[0]).toMatchObject({ type: "QueryUpdated", value: (await first.next(1)).value });
  });

  it("downgrades a socket whose token expired: AuthError, then nothing more is read", async () => {
    const { sub: userId, sid: sessionId } = decodeJwt(owner.token!) as { sub: string; sid: string };
    // A genuine token of a live session that expires about two seconds from now.
    const shortLived = await server.services.tokens.sign(userId, sessionId, Date.now() - ACCESS_TOKEN_SECONDS * 1000 + 2_000);
    const s = await socket(shortLived);
    const profile = s.subscribe("users:getProfile");
    expect(await profile.next(1)).toMatchObject({ type: "QueryUpdated" });

    // With no message from the client, expiry alone stops the pushes.
    expect(await s.waitFor((m) => m.type === "AuthError", 5_000)).toMatchObject({ errorMessage: TOKEN_EXPIRED });
    expect(await profile.next(2)).toMatchObject({ type: "QueryFailed", errorMessage: "Not signed in" });
    const later = s.subscribe("users:getProfile");
    expect(await later.next(1)).toMatchObject({ type: "QueryFailed", errorMessage: "Not signed in" });
    const language = await owner.query("users:getUserLanguage");
    const next = language === "es" ? "en" : "es";
    expect(await s.mutation("users:updateLanguagePreference", { language: next })).toMatchObject({ success: false, errorMessage: "Not signed in" });
    expect(await owner.query("users:getUserLanguage")).toBe(language);
  });

  it("shares one execution of a company-wide query among members with the same role", async () => {
    const staff = await new Client(server.url).signIn("staff@demo.test");
    const member = await new Client(server.url).signIn("member@demo.test");
    const members = await owner.query<Array<{ _id: string; email: string }>>("companyMembers:listMembers");
    const memberMembership = members.find((m) => m.email === "member@demo.test")!;
    await owner.mutation("companyMembers:changeMemberRole", { membershipId: memberMembership._id, role: "STAFF" });
    const [a, b] = [await socket(staff.token), await socket(member.token)];
    const first = a.subscribe("stores:listAll");
    await first.next(1);
    const size = server.live.size;
    const second = b.subscribe("stores:listAll");
    expect((await second.next(1)).value).toEqual((await first.next(1)).value);
    expect(server.live.size).toBe(size);
    // A different role is a different entry.
    const c = await socket((await new Client(server.url).signIn("admin@demo.test")).token);
    await c.subscribe("stores:listAll").next(1);
    expect(server.live.size).toBe(size + 1);
  });

  it("drops only the named users' cached identities on an identity write", async () => {
    const cache = new IdentityCache(server.services.bus);
    try {
      const as = (id: string) => ({
        ...ANONYMOUS,
        user: { id, email: null, name: null, globalRole: null, language: null, isAnonymous: false, activeCompanyId: null },
      });
      cache.set("token-a", as("user-a"));
      cache.set("token-b", as("user-b"));
      await server.services.bus.publish({ tables: ["sessions"], companyId: null, userIds: ["user-a"] });
      expect(cache.get("token-a")).toBeUndefined();
      expect(cache.get("token-b")?.user?.id).toBe("user-b");
      // A non-identity write keeps everyone; an identity write naming nobody drops everyone.
      await server.services.bus.publish({ tables: ["stores"], companyId: null, userIds: null });
      expect(cache.get("token-b")).toBeDefined();
      await server.services.bus.publish({ tables: ["memberships"], companyId: "c", userIds: null });
      expect(cache.size).toBe(0);
    } finally {
      cache.close();
    }
  });
});
