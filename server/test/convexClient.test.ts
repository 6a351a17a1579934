import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { anyApi, type FunctionReference } from "convex/server";
import { ConvexError, convexToJson, jsonToConvex, type Value } from "convex/values";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startServer, type RunningServer } from "../src/app.ts";
import { loadConfig } from "../src/base/config.ts";
import type { Database } from "../src/db/database.ts";
import { DEMO_PASSWORD } from "../src/seed/demo.ts";
import { syncTiming } from "../src/runtime/socket.ts";
import { ACCESS_TOKEN_SECONDS } from "../src/runtime/tokens.ts";
import { decodeConvexValue, encodeConvexValue, encodeTs } from "../src/transport/convexValues.ts";
import { createTestDatabase } from "./support/testServer.ts";

// The unmodified official client (the pinned `convex` package) against a real Tumble server
// (docs/decisions/0034): HTTP calls and the sync protocol on /api/<version>/sync.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const api = anyApi as any;

let database: Database;
let drop: () => Promise<void>;
let server: RunningServer;
const logs: string[] = [];
const clients: ConvexClient[] = [];

async function start(port = 0): Promise<RunningServer> {
  return startServer(loadConfig({ PORT: String(port), SEED: "none" }), database, (line) => logs.push(line));
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  server = await start();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  await database?.close();
  await drop?.();
});

interface Tokens {
  token: string;
  refreshToken: string;
}

function http(token?: string): ConvexHttpClient {
  const client = new ConvexHttpClient(server.url, { logger: false });
  if (token) client.setAuth(token);
  return client;
}

async function signIn(email: string): Promise<Tokens> {
  const result = (await http().action(api.auth.signIn, { provider: "password", params: { email, password: DEMO_PASSWORD, flow: "signIn" } })) as {
    tokens: Tokens;
  };
  return result.tokens;
}

function live(): ConvexClient {
  const client = new ConvexClient(server.url, { logger: false, unsavedChangesWarning: false });
  clients.push(client);
  return client;
}

/** Every value (or error) a subscription delivered, and a wait for the one a test expects. */
function watch<T>(client: ConvexClient, ref: FunctionReference<"query">, args: Record<string, unknown> = {}) {
  const values: T[] = [];
  const errors: Error[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const unsubscribe = client.onUpdate(
    ref,
    args,
    (value) => {
      values.push(value as T);
      wake();
    },
    (error) => {
      errors.push(error);
      wake();
    },
  );
  return {
    values,
    errors,
    unsubscribe,
    latest: () => values.at(-1),
    until(predicate: () => boolean, timeoutMs = 8_000): Promise<void> {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out; values ${JSON.stringify(values)}, errors ${errors.map((e) => e.message).join(" | ")}`));
        }, timeoutMs);
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
  };
}

const waitUntil = async (predicate: () => boolean, timeoutMs = 8_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("ConvexHttpClient against Tumble", () => {
  it("signs in and reads each role's permissions", async () => {
    const expected = { "owner@demo.test": "OWNER", "manager@demo.test": "MANAGER", "staff@demo.test": "STAFF" };
    for (const [email, role] of Object.entries(expected)) {
      const { token } = await signIn(email);
      const answer = (await http(token).query(api.auth.getUserCompanyRole, {})) as { role: string; permissions: Record<string, boolean> };
      expect(answer.role, email).toBe(role);
    }
    const staff = http((await signIn("staff@demo.test")).token);
    const manager = http((await signIn("manager@demo.test")).token);
    expect(Array.isArray(await manager.query(api.companyJoinRequests.getPendingRequestsForCompany, {}))).toBe(true);
    await expect(staff.query(api.companyJoinRequests.getPendingRequestsForCompany, {})).rejects.toThrow(/permission|not allowed|access/i);
    // Signed out: the public query answers null.
    expect(await http().query(api.auth.loggedInUser, {})).toBeNull();
  });

  it("runs a mutation and surfaces a function's error with its message", async () => {
    const client = http((await signIn("owner@demo.test")).token);
    expect(await client.mutation(api.users.updateLanguagePreference, { language: "es" })).toMatchObject({ language: "es" });
    expect(await client.query(api.users.getUserLanguage, {})).toBe("es");
    await expect(client.mutation(api.users.updateLanguagePreference, { language: "fr" })).rejects.toThrow(/Invalid argument "language"/);
    await expect(http().query(api.users.getUserLanguage, {})).rejects.toThrow("Not signed in");
    await client.mutation(api.users.updateLanguagePreference, { language: "en" });
  });

  it("decodes the client's encoded values: a bigint travels as $integer", async () => {
    const results = (await http().query(api.companyJoinRequests.searchCompanies, { query: "Rio", limit: 1n })) as unknown[];
    expect(results).toHaveLength(1);
    const withTwo = (await http().query(api.companyJoinRequests.searchCompanies, { query: "demo", limit: 2n })) as unknown[];
    expect(withTwo.length).toBeLessThanOrEqual(2);
    await expect(http().query(api.companyJoinRequests.searchCompanies, { query: "Rio", limit: 2n ** 60n })).rejects.toThrow(/out of range/);
  });

  it("answers /api/function and the consistent-query timestamp", async () => {
    const client = http();
    // function() is the client's internal call behind /api/function (args as one object there).
    const anyKind = client as unknown as { function(ref: unknown, componentPath: string | undefined, args: unknown): Promise<unknown> };
    expect(await anyKind.function(api.auth.loggedInUser, undefined, {})).toBeNull();
    await expect(anyKind.function(api.auth.loggedInUser, "payments", {})).rejects.toThrow('Unknown component "payments"');
    // consistentQuery asks /api/query_ts, then /api/query_at_ts with that ts.
    expect(await client.consistentQuery(api.auth.loggedInUser, {})).toBeNull();
  });

  it("takes args as a one-element array in the json format too", async () => {
    const response = await fetch(`${server.url}/api/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "companyJoinRequests:searchCompanies", format: "json", args: [{ query: "Rio", limit: 1 }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { value: unknown[] }).value).toHaveLength(1);
  });

  it("refuses malformed encoded args", async () => {
    for (const args of [[{ $weird: "x" }], [{ n: { $integer: "short" } }], [{}, {}]]) {
      const response = await fetch(`${server.url}/api/query`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: "auth:loggedInUser", format: "convex_encoded_json", args }),
      });
      expect(response.status, JSON.stringify(args)).toBe(400);
      expect(await response.text()).toMatch(/^Malformed args: /);
    }
  });

  it("carries a function's error data to a ConvexError, over HTTP and the socket", async () => {
    const managerToken = (await signIn("manager@demo.test")).token;
    const manager = http(managerToken);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = (await manager.mutation(api.marketing.createCampaign, {
      name: `Convex client ${Date.now()}`,
      displayName: "Spring $10 Credit",
      description: "Ten dollars for new customers",
      campaignType: "SEASONAL",
      startDate: day(-2),
      endDate: day(10),
      isActive: true,
      offerAmount: 10,
    })) as { friendlyId: string };
    const campaign = (await http().query(api.marketing.getCampaignByFriendlyIdPublic, { friendlyId: created.friendlyId })) as {
      _id: string;
      companyId: string;
    };
    const { claimId } = (await http().mutation(api.marketing.submitClaim, {
      customerName: "Pat Customer",
      email: "convex-client@example.com",
      campaignId: campaign._id,
      companyId: campaign.companyId,
    })) as { claimId: string };

    const overHttp = await manager.action(api.marketing.verifyClaim, { claimId, code: "nope" }).catch((error: unknown) => error);
    expect(overHttp).toBeInstanceOf(ConvexError);
    expect((overHttp as ConvexError<Value>).data).toEqual({ code: "marketing.wrongCode", params: { left: 4 }, attemptsLeft: 4 });
    expect((overHttp as Error).message).toContain("Incorrect verification code. 4 attempts left.");

    const client = live();
    client.setAuth(async () => managerToken);
    const overSocket = await client.action(api.marketing.verifyClaim, { claimId, code: "nope" }).catch((error: unknown) => error);
    expect(overSocket).toBeInstanceOf(ConvexError);
    expect((overSocket as ConvexError<Value>).data).toEqual({ code: "marketing.wrongCode", params: { left: 3 }, attemptsLeft: 3 });
  });
});

describe("ConvexClient (sync protocol) against Tumble", () => {
  it("authenticates, pushes another client's write, and resolves its own mutation after the update", async () => {
    const owner = await signIn("owner@demo.test");
    const client = live();
    const changes: boolean[] = [];
    client.setAuth(
      async () => owner.token,
      (ok) => changes.push(ok),
    );
    const me = watch<{ email: string; role: string } | null>(client, api.auth.loggedInUser);
    await me.until(() => me.latest()?.email === "owner@demo.test");
    await waitUntil(() => changes.includes(true));
    expect(me.latest()?.role).toBe("OWNER");

    const language = watch<string | null>(client, api.users.getUserLanguage);
    await language.until(() => language.values.length > 0);
    const before = language.latest();

    // Another client's write reaches this one.
    const next = before === "es" ? "en" : "es";
    await http(owner.token).mutation(api.users.updateLanguagePreference, { language: next });
    await language.until(() => language.latest() === next);

    // Its own mutation: by the time the promise resolves the subscription shows the change.
    const result = await client.mutation(api.users.updateLanguagePreference, { language: before ?? "en" });
    expect(result).toMatchObject({ language: before ?? "en" });
    expect(language.latest()).toBe(before ?? "en");

    // An error surfaces with its message, on a mutation and on a query.
    await expect(client.mutation(api.users.updateLanguagePreference, { language: "fr" })).rejects.toThrow(/Invalid argument "language"/);
    const unknown = watch(client, api.nothing.here);
    await unknown.until(() => unknown.errors.length > 0);
    expect(unknown.errors[0].message).toMatch(/Unknown function "nothing:here"/);
  });

  it("queries as another role, and signs out", async () => {
    const staffTokens = await signIn("staff@demo.test");
    let signedOut = false;
    const client = live();
    const changes: boolean[] = [];
    client.setAuth(
      async () => (signedOut ? null : staffTokens.token),
      (ok) => changes.push(ok),
    );
    const role = watch<{ role: string }>(client, api.auth.getUserCompanyRole);
    await role.until(() => role.latest()?.role === "STAFF");
    const pending = watch(client, api.companyJoinRequests.getPendingRequestsForCompany);
    await pending.until(() => pending.errors.length > 0);
    expect(pending.errors[0].message).toMatch(/permission|not allowed|access/i);

    const me = watch<{ email: string } | null>(client, api.auth.loggedInUser);
    await me.until(() => me.latest()?.email === "staff@demo.test");
    // Sign-out over the socket revokes the session: the server notices, the client's token
    // source has nothing more, and the queries answer as nobody.
    signedOut = true;
    await client.action(api.auth.signOut, {});
    await me.until(() => me.latest() === null);
    await waitUntil(() => changes.at(-1) === false);
    // The revoked token is refused over HTTP too.
    await expect(http(staffTokens.token).query(api.auth.loggedInUser, {})).rejects.toThrow();
  });

  it("refreshes an expired token through the client's token source", async () => {
    const owner = await signIn("owner@demo.test");
    const me = (await http(owner.token).query(api.auth.loggedInUser, {})) as { _id: string };
    const sessionId = (
      await database.db.selectFrom("sessions").select("id").where("userId", "=", me._id).orderBy("createdAt", "desc").executeTakeFirstOrThrow()
    ).id;
    const shortLived = await server.services.tokens.sign(me._id, sessionId, Date.now() - ACCESS_TOKEN_SECONDS * 1000 + 2_000);
    const expiresAt = decodeJwt(shortLived).exp! * 1000;
    const asked: Array<{ forced: boolean; at: number }> = [];
    let refreshed: string | null = null;
    const client = live();
    client.setAuth(async ({ forceRefreshToken }) => {
      asked.push({ forced: forceRefreshToken, at: Date.now() });
      if (Date.now() < expiresAt) return shortLived;
      const result = (await http().action(api.auth.signIn, { refreshToken: owner.refreshToken })) as { tokens: Tokens };
      refreshed = result.tokens.token;
      return refreshed;
    });
    const user = watch<{ email: string } | null>(client, api.auth.loggedInUser);
    await user.until(() => user.latest()?.email === "owner@demo.test");
    // The server ends the short token's reads at expiry; the client fetches a fresh one.
    await waitUntil(() => refreshed !== null, 10_000);
    expect(asked.some((a) => a.forced && a.at >= expiresAt)).toBe(true);
    await user.until(() => user.latest()?.email === "owner@demo.test" && user.values.length > 1);
    // A live update still arrives on the refreshed connection.
    const language = watch<string | null>(client, api.users.getUserLanguage);
    await language.until(() => language.values.length > 0);
    const next = language.latest() === "es" ? "en" : "es";
    await http(owner.token).mutation(api.users.updateLanguagePreference, { language: next });
    await language.until(() => language.latest() === next);
  });

  it("reconnects after a server restart and keeps its subscriptions live", async () => {
    const owner = await signIn("owner@demo.test");
    const client = live();
    client.setAuth(async () => owner.token);
    const language = watch<string | null>(client, api.users.getUserLanguage);
    await language.until(() => language.values.length > 0);

    const port = server.port;
    await server.close();
    await waitUntil(() => !client.connectionState().isWebSocketConnected, 10_000);
    server = await start(port);
    await waitUntil(() => client.connectionState().isWebSocketConnected, 15_000);

    const next = language.latest() === "es" ? "en" : "es";
    await http(owner.token).mutation(api.users.updateLanguagePreference, { language: next });
    await language.until(() => language.latest() === next, 10_000);
    expect(await client.mutation(api.users.updateLanguagePreference, { language: "en" })).toMatchObject({ language: "en" });
  }, 40_000);
});

/** The sync protocol message by message, as the official client frames it. */
async function rawSocket(path = "/api/1.48.0/sync") {
  const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}${path}`);
  const messages: Array<Record<string, unknown>> = [];
  ws.on("message", (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    messages,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    next: async (type: string, from = 0) => {
      await waitUntil(() => messages.slice(from).some((m) => m.type === type));
      return messages.slice(from).find((m) => m.type === type)!;
    },
    close: () => ws.close(),
  };
}

describe("the sync protocol's framing", () => {
  it("moves versions from start to end, answers a replayed mutation once, and keeps the old path as it was", async () => {
    const manager = await signIn("manager@demo.test");
    const sessionId = `test-session-${Date.now()}`;
    const first = await rawSocket();
    first.send({ type: "Connect", sessionId, connectionCount: 0, lastCloseReason: "InitialConnect", clientTs: Date.now() });
    first.send({ type: "Authenticate", tokenType: "User", value: manager.token, baseVersion: 0 });
    first.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "auth.js:loggedInUser", args: [{}] }],
    });
    await waitUntil(() => first.messages.filter((m) => m.type === "Transition").length >= 2);
    const [auth, added] = first.messages.filter((m) => m.type === "Transition") as Array<{
      startVersion: { querySet: number; identity: number; ts: string };
      endVersion: { querySet: number; identity: number; ts: string };
      modifications: Array<Record<string, unknown>>;
    }>;
    expect(auth.startVersion).toEqual({ querySet: 0, identity: 0, ts: "AAAAAAAAAAA=" });
    expect(auth.endVersion).toMatchObject({ querySet: 0, identity: 1 });
    expect(added.startVersion).toEqual(auth.endVersion);
    expect(added.endVersion).toMatchObject({ querySet: 1, identity: 1 });
    expect(added.modifications).toEqual([
      expect.objectContaining({ type: "QueryUpdated", queryId: 0, journal: null, value: expect.objectContaining({ email: "manager@demo.test" }) }),
    ]);
    // Re-authenticating on the same connection (the client's refresh before expiry) moves identity on.
    const transitions = () =>
      first.messages.filter((m) => m.type === "Transition") as Array<{ endVersion: { querySet: number; identity: number; ts: string } }>;
    first.send({ type: "Authenticate", tokenType: "User", value: (await signIn("manager@demo.test")).token, baseVersion: 1 });
    await waitUntil(() => transitions().length >= 3);
    expect(transitions()[2].endVersion).toMatchObject({ querySet: 1, identity: 2 });

    const args = {
      name: `Replayed ${Date.now()}`,
      displayName: "Replayed",
      description: "Sent twice",
      campaignType: "ACQUISITION",
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      isActive: true,
      offerAmount: 5,
    };
    const mutation = { type: "Mutation", requestId: 0, udfPath: "marketing:createCampaign", args: [args] };
    first.send(mutation);
    const answer = (await first.next("MutationResponse")) as { success: boolean; result: { friendlyId: string }; ts: string };
    expect(answer.success).toBe(true);
    // The Transition after the answer reaches its ts: the client resolves the mutation there.
    await waitUntil(() => transitions().length >= 4);
    const after = transitions()[3];
    expect(after.endVersion.ts).toBe(answer.ts);
    first.close();

    // The client sends an unanswered mutation again on its next connection: it runs once.
    const second = await rawSocket();
    second.send({ type: "Connect", sessionId, connectionCount: 1, lastCloseReason: null, clientTs: Date.now() });
    second.send({ type: "Authenticate", tokenType: "User", value: manager.token, baseVersion: 0 });
    second.send(mutation);
    const replayed = (await second.next("MutationResponse")) as { result: { friendlyId: string } };
    expect(replayed.result.friendlyId).toBe(answer.result.friendlyId);
    const rows = await database.db.selectFrom("campaigns").select("id").where("name", "=", args.name).execute();
    expect(rows).toHaveLength(1);

    // Errors: FatalError carries `error`; Admin keys are refused.
    second.send({ type: "Nonsense" });
    expect(await second.next("FatalError")).toEqual({ type: "FatalError", error: 'Unknown message type "Nonsense"' });
    second.close();

    // The web app's own path keeps its own framing.
    const old = await rawSocket("/api/sync");
    old.send({ type: "Nonsense" });
    expect(await old.next("FatalError")).toEqual({ type: "FatalError", errorMessage: 'Unknown message type "Nonsense"' });
    old.close();
  });

  it("sends Ping keep-alives and refuses a bad token with AuthError", async () => {
    const before = syncTiming.pingIntervalMs;
    syncTiming.pingIntervalMs = 50;
    try {
      const socket = await rawSocket("/api/1.30.0/sync");
      await socket.next("Ping");
      socket.send({ type: "Authenticate", tokenType: "User", value: "not-a-token", baseVersion: 0 });
      expect(await socket.next("AuthError")).toMatchObject({ type: "AuthError", baseVersion: 0, authUpdateAttempted: true });
      socket.close();
    } finally {
      syncTiming.pingIntervalMs = before;
    }
  });
});

describe("convex_encoded_json, checked against the client's own encoder", () => {
  it("decodes what convexToJson makes and encodes what jsonToConvex reads", () => {
    const sent = {
      n: 5n,
      neg: -7n,
      big: BigInt(Number.MAX_SAFE_INTEGER),
      nan: NaN,
      inf: -Infinity,
      zero: -0,
      bytes: new Uint8Array([1, 2, 255]).buffer,
      list: [1.5, "a", null],
    };
    const decoded = decodeConvexValue(convexToJson(sent as unknown as Value)) as Record<string, unknown>;
    expect(decoded).toMatchObject({ n: 5, neg: -7, big: Number.MAX_SAFE_INTEGER, inf: -Infinity, list: [1.5, "a", null] });
    expect(decoded.nan).toBeNaN();
    expect(Object.is(decoded.zero, -0)).toBe(true);
    expect([...(decoded.bytes as Uint8Array)]).toEqual([1, 2, 255]);
    expect(() => decodeConvexValue(convexToJson(BigInt(Number.MAX_SAFE_INTEGER) + 1n))).toThrow(/out of range/);

    const result = { count: 3, ratio: NaN, when: -Infinity, id: 12n, data: new Uint8Array([9]), nested: [{ a: -0 }], skipped: undefined };
    const read = jsonToConvex(encodeConvexValue(result) as never) as Record<string, unknown>;
    expect(read).toMatchObject({ count: 3, when: -Infinity, id: 12n });
    expect(read.ratio).toBeNaN();
    expect(Object.is((read.nested as Array<{ a: number }>)[0].a, -0)).toBe(true);
    expect([...new Uint8Array(read.data as ArrayBuffer)]).toEqual([9]);
    expect("skipped" in read).toBe(false);
  });

  it("writes timestamps as the client's base64 little-endian u64", () => {
    expect(encodeTs(0n)).toBe("AAAAAAAAAAA=");
    expect(encodeTs(1n)).toBe("AQAAAAAAAAA=");
    expect(encodeTs(2n ** 64n - 1n)).toBe("//////////8=");
  });
});
