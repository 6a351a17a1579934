import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIOSK_VALID_DAYS_MAX, timeClockMessage } from "@tumble/domain/timeClock";
import * as expiryMigration from "../src/db/migrations/0044_kiosk_expiry.ts";
import { loadRegistry } from "../src/runtime/registry.ts";
import { DEMO_PASSWORD } from "../src/seed/demo.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// The kiosk as a device (issue 31): its registration expires and is extended; only a manager of
// the kiosk's company takes a browser out of kiosk mode, which revokes the credential; the
// credential stays good for the kiosk's own functions and nothing else.

let server: TestServer;
let manager: Client;
let sudsOwner: Client;
const anonymous = () => new Client(server.url);
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  [manager, sudsOwner] = await Promise.all(["manager@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)));
});
afterAll(() => server?.stop());

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${counter++}`;

interface ListedKiosk {
  _id: string;
  name: string;
  createdAt: number;
  revokedAt: number | null;
  expiresAt: number;
}

/** A kiosk at a fresh store of `client`'s company, with one employee who works there. */
async function setUp(client = manager, extra: Record<string, unknown> = {}) {
  const { storeId } = await client.mutation<{ storeId: string }>("stores:create", {
    name: `Device ${unique()}`,
    address: "1 Counter St",
    timeZone: "America/Chicago",
  });
  const username = `kd${unique()}`;
  await client.mutation("employees:create", {
    name: `Kiosk Person ${username}`,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username,
    pin: "4821",
  });
  const registered = await client.mutation<{ kioskId: string; kioskToken: string; expiresAt: number }>("kiosks:register", {
    storeId,
    name: "Counter tablet",
    ...extra,
  });
  return { storeId, employee: { username, pin: "4821" }, ...registered };
}

async function listed(kioskId: string, client = manager): Promise<ListedKiosk> {
  const kiosks = await client.query<ListedKiosk[]>("kiosks:list", {});
  return kiosks.find((k) => k._id === kioskId)!;
}

/** Every public function that reads a kiosk credential from its arguments, except leaving kiosk mode. */
async function kioskFunctions(): Promise<Array<{ path: string; kind: "query" | "mutation" | "action" }>> {
  const registry = await loadRegistry();
  const found: Array<{ path: string; kind: "query" | "mutation" | "action" }> = [];
  for (const [path, fn] of registry) {
    const shape = (fn.args as unknown as { shape?: Record<string, unknown> }).shape;
    if (path !== "kiosks:release" && shape && "kioskToken" in shape) found.push({ path, kind: fn.kind as "query" | "mutation" | "action" });
  }
  return found;
}

/** The answer of every kiosk function to a credential (with a good username and PIN, clocking in). */
async function answers(kioskToken: string, employee: { username: string; pin: string }) {
  const out: Record<string, string> = {};
  for (const { path, kind } of await kioskFunctions()) {
    try {
      await anonymous().call(kind, path, { kioskToken, ...employee, action: "clockIn" });
      out[path] = "ok";
    } catch (error) {
      out[path] = (error as Error).message;
    }
  }
  return out;
}

function expire(kioskId: string) {
  return server.database.db
    .updateTable("kiosks")
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where("id", "=", kioskId)
    .execute();
}

const release = (kioskToken: string, email: string, password = DEMO_PASSWORD) => anonymous().action("kiosks:release", { kioskToken, email, password });

describe("a kiosk's registration", () => {
  it("lasts a year unless the manager says otherwise (1 to 730 days), and the list says until when", async () => {
    const before = Date.now();
    const { kioskId, expiresAt } = await setUp();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(expiresAt).toBeLessThan(Date.now() + 365 * DAY + 1000);
    const row = await listed(kioskId);
    expect(row.expiresAt).toBe(expiresAt);

    const short = await setUp(manager, { validDays: 30 });
    expect((await listed(short.kioskId)).expiresAt - (await listed(short.kioskId)).createdAt).toBeGreaterThan(30 * DAY - 5000);
    expect((await listed(short.kioskId)).expiresAt - (await listed(short.kioskId)).createdAt).toBeLessThan(30 * DAY + 5000);

    const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
      name: `Bounds ${unique()}`,
      address: "2 Counter St",
      timeZone: "America/Chicago",
    });
    const count = async () => (await manager.query<ListedKiosk[]>("kiosks:list", { storeId })).length;
    for (const [validDays, message] of [
      [0, "A kiosk is registered for at least 1 day"],
      [KIOSK_VALID_DAYS_MAX + 1, `A kiosk is registered for at most ${KIOSK_VALID_DAYS_MAX} days`],
      [1.5, "The number of days must be a whole number"],
    ] as const) {
      expect(await failure(manager.mutation("kiosks:register", { storeId, name: "Tablet", validDays }))).toContain(message);
    }
    expect(await count()).toBe(0);
  });

  it("once expired is refused at once by every kiosk function, with its own message; extending brings it back", async () => {
    const { kioskId, kioskToken, employee } = await setUp();
    const functions = (await kioskFunctions()).map((f) => f.path).sort();
    // The kiosk's start screen, the look-up of a username and PIN, and the punch.
    expect(functions).toEqual(["kiosks:current", "timeclock:kioskStatus", "timeclock:punch"]);
    expect(Object.values(await answers(kioskToken, employee))).toEqual(["ok", "ok", "ok"]);

    await expire(kioskId);
    const expired = timeClockMessage("kioskExpired");
    expect(expired).toBe("This kiosk's registration has expired. A manager registers it again.");
    expect(await answers(kioskToken, employee)).toEqual(Object.fromEntries(functions.map((f) => [f, expired])));
    const row = await listed(kioskId);
    expect(row.expiresAt).toBeLessThan(Date.now());
    expect(row.revokedAt).toBeNull();

    // Only those who manage kiosks extend, only their company's, by 1 to 730 days.
    const supervisor = await new Client(server.url).signIn("supervisor@demo.test");
    expect(await failure(supervisor.mutation("kiosks:extend", { kioskId, validDays: 30 }))).toBe("You don't have permission to manage kiosks");
    expect(await failure(sudsOwner.mutation("kiosks:extend", { kioskId, validDays: 30 }))).toBe("Kiosk not found");
    // The screen says it in the reader's language by this code (decision 0067).
    expect((await failureOf(sudsOwner.mutation("kiosks:extend", { kioskId, validDays: 30 }))).data).toEqual({ code: "kiosks.kioskNotFound", params: {} });
    expect(await failure(manager.mutation("kiosks:extend", { kioskId, validDays: 0 }))).toContain("at least 1 day");
    expect(await failure(manager.mutation("kiosks:extend", { kioskId, validDays: 731 }))).toContain("at most 730 days");
    expect((await listed(kioskId)).expiresAt).toBe(row.expiresAt);

    const { expiresAt } = await manager.mutation<{ expiresAt: number }>("kiosks:extend", { kioskId, validDays: 90 });
    expect(expiresAt).toBeGreaterThan(Date.now() + 89 * DAY);
    expect((await listed(kioskId)).expiresAt).toBe(expiresAt);
    // Back at once: the employee clocked in before it expired, so a second clock-in is refused as such.
    expect(await anonymous().action<{ name: string }>("kiosks:current", { kioskToken })).toMatchObject({ name: "Counter tablet" });
    expect(await failure(anonymous().action("timeclock:punch", { kioskToken, ...employee, action: "clockIn" }))).toBe("You are already on the clock");
    expect(await anonymous().action("timeclock:punch", { kioskToken, ...employee, action: "clockOut" })).toMatchObject({ state: "off" });

    const trail = await server.database.db.selectFrom("auditLog").select(["action", "before", "after"]).where("entityId", "=", kioskId).orderBy("at").execute();
    expect(trail.map((t) => t.action)).toEqual(["create", "extend"]);
    expect(JSON.stringify(trail[1].after)).toContain(new Date(expiresAt).toISOString());
  });

  it("a revoked kiosk is not extended, and stays refused as revoked even when also expired", async () => {
    const { kioskId, kioskToken } = await setUp();
    await manager.mutation("kiosks:revoke", { kioskId });
    expect(await failure(manager.mutation("kiosks:extend", { kioskId, validDays: 30 }))).toBe("This kiosk is revoked");
    const revoked = await failureOf(manager.mutation("kiosks:extend", { kioskId, validDays: 30 }));
    expect(revoked.data).toEqual({ code: "kiosks.kioskRevoked", params: {} });
    expect(refusalText(revoked.data, "es")).toBe("Este quiosco está revocado");
    await expire(kioskId);
    expect(await failure(anonymous().action("kiosks:current", { kioskToken }))).toBe(timeClockMessage("kioskRevoked"));
  });

  it("registered before expiry existed lasts a year from its registration (migration 0044)", async () => {
    const { kioskId } = await setUp();
    // The migration again, on this database as it was before it, in a transaction that is rolled back.
    let expiresAt: Date | null = null;
    const rollback = new Error("rollback");
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await sql`alter table kiosks drop column expires_at`.execute(trx);
        await trx.updateTable("kiosks").set({ createdAt: "2025-03-01T12:00:00Z" }).where("id", "=", kioskId).execute();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw schema, as migrations see it
        await expiryMigration.up(trx as unknown as Kysely<any>);
        expiresAt = (await trx.selectFrom("kiosks").select("expiresAt").where("id", "=", kioskId).executeTakeFirstOrThrow()).expiresAt;
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(new Date(expiresAt!).toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect((await listed(kioskId)).expiresAt).toBeGreaterThan(Date.now());
  });
});

describe("leaving kiosk mode", () => {
  it("is refused for a wrong password, a member of the company who does not manage kiosks, or another company's manager; the kiosk keeps working", async () => {
    const { kioskId, kioskToken, employee } = await setUp();
    const wrong = timeClockMessage("releaseWrongCredentials");
    const notManager = timeClockMessage("releaseNotManager");
    expect(await failure(release(kioskToken, "manager@demo.test", "not-the-password"))).toBe(wrong);
    expect(await failure(release(kioskToken, "nobody@demo.test"))).toBe(wrong);
    expect(await failure(release(kioskToken, "not an e-mail"))).toBe(wrong);
    for (const email of ["staff@demo.test", "supervisor@demo.test", "member@demo.test", "owner@suds.test"]) {
      expect(await failure(release(kioskToken, email)), email).toBe(notManager);
    }
    expect(await listed(kioskId)).toMatchObject({ revokedAt: null });
    expect(await anonymous().action("kiosks:current", { kioskToken })).toMatchObject({ name: "Counter tablet" });
    expect(await anonymous().action("timeclock:punch", { kioskToken, ...employee, action: "clockIn" })).toMatchObject({ state: "working" });
    const trail = await server.database.db.selectFrom("auditLog").select("action").where("entityId", "=", kioskId).execute();
    expect(trail.map((t) => t.action)).toEqual(["create"]);
  });

  it("a manager of one company who only supervises in the kiosk's company is refused there", async () => {
    // area@demo.test manages Rio and supervises Suds.
    const { kioskId, kioskToken } = await setUp(sudsOwner);
    expect(await failure(release(kioskToken, "area@demo.test"))).toBe(timeClockMessage("releaseNotManager"));
    expect(await failure(release(kioskToken, "manager@demo.test"))).toBe(timeClockMessage("releaseNotManager"));
    expect(await listed(kioskId, sudsOwner)).toMatchObject({ revokedAt: null });
    await release(kioskToken, "owner@suds.test");
    expect((await listed(kioskId, sudsOwner)).revokedAt).not.toBeNull();
  });

  it("by a manager revokes the credential at once, audited as theirs, and starts no session", async () => {
    const { kioskId, kioskToken, employee } = await setUp();
    const outcome = await anonymous().raw("action", "kiosks:release", { kioskToken, email: "Manager@Demo.test ", password: DEMO_PASSWORD });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ status: "success", value: null });
    expect(JSON.stringify(outcome.body)).not.toMatch(/token/i);
    expect((await listed(kioskId)).revokedAt).not.toBeNull();
    for (const { path, kind } of await kioskFunctions()) {
      expect(await failure(anonymous().call(kind, path, { kioskToken, ...employee, action: "clockIn" })), path).toBe(timeClockMessage("kioskRevoked"));
    }
    const managerId = (await manager.query<{ _id: string }>("auth:loggedInUser", {}))._id;
    const trail = await server.database.db
      .selectFrom("auditLog")
      .select(["action", "actorId", "after"])
      .where("entityId", "=", kioskId)
      .orderBy("at")
      .execute();
    expect(trail.map((t) => [t.action, t.actorId])).toEqual([
      ["create", managerId],
      ["release", managerId],
    ]);
    // Released again (another tab of the tablet): still fine, nothing more to revoke.
    await release(kioskToken, "manager@demo.test");
  });

  it("works on an expired or revoked kiosk, whose tablet still shows only the kiosk; an unknown credential is told it is not registered", async () => {
    const expired = await setUp();
    await expire(expired.kioskId);
    expect(await failure(release(expired.kioskToken, "staff@demo.test"))).toBe(timeClockMessage("releaseNotManager"));
    await release(expired.kioskToken, "manager@demo.test");
    expect((await listed(expired.kioskId)).revokedAt).not.toBeNull();

    const revoked = await setUp();
    await manager.mutation("kiosks:revoke", { kioskId: revoked.kioskId });
    expect(await failure(release(revoked.kioskToken, "manager@demo.test", "wrong-password"))).toBe(timeClockMessage("releaseWrongCredentials"));
    await release(revoked.kioskToken, "manager@demo.test");

    expect(await failure(release("kiosk_unknown", "manager@demo.test"))).toBe(timeClockMessage("kioskRevoked"));
    expect(await failure(release("not-a-kiosk", "manager@demo.test"))).toBe(timeClockMessage("kioskRevoked"));
  });

  it("counts against the sign-in limits: ten wrong passwords for one e-mail from one address, then refused", async () => {
    const { kioskToken, kioskId } = await setUp();
    const email = "admin@demo.test";
    for (let i = 0; i < 10; i++) expect(await failure(release(kioskToken, email, `wrong-${i}-password`))).toBe(timeClockMessage("releaseWrongCredentials"));
    expect(await failure(release(kioskToken, email))).toBe("Too many attempts, try again later");
    // The same account's sign-in from this address is held back too.
    expect(await failure(new Client(server.url).signIn(email))).toBe("Too many attempts, try again later");
    expect(await listed(kioskId)).toMatchObject({ revokedAt: null });
  });
});

// As a bearer token the credential is refused by every function (HTTP 401): timeClock.test.ts.
describe("the kiosk credential", () => {
  it("is read from the arguments by the kiosk's functions only: no other function lets an anonymous caller in with it", async () => {
    const { kioskToken, employee } = await setUp();
    const registry = await loadRegistry();
    const kiosk = new Set((await kioskFunctions()).map((f) => f.path));
    const answered: string[] = [];
    let checked = 0;
    for (const [path, fn] of registry) {
      if (kiosk.has(path) || path === "kiosks:release" || fn.access === "public") continue;
      const outcome = await anonymous().raw(fn.kind, path, { kioskToken, ...employee });
      const body = typeof outcome.body === "string" ? { status: "error", errorMessage: outcome.body } : outcome.body;
      // Refused as an anonymous caller (or for its other arguments before that).
      if (body.status === "success" || !/^(Not signed in|Invalid argument)/.test(body.errorMessage ?? "")) answered.push(`${path}: ${body.errorMessage}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(answered).toEqual([]);
  });
});
