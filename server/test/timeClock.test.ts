import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockTable, race, times } from "./support/race.ts";
import { PIN_LOCK_FAILURES, KIOSK_FAILURES_PER_WINDOW, timeClockMessage } from "@tumble/domain/timeClock";
import { geoMessage } from "@tumble/domain/geoZones";
import { refusalText } from "@tumble/domain/refusals";
import { loadRegistry } from "../src/runtime/registry.ts";
import { TOO_MANY_ATTEMPTS } from "../src/runtime/rateLimit.ts";
import { SyncClient } from "./support/syncClient.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent clock-ins of one employee
// The time clock over HTTP and the socket (issue 16): kiosks and their credential's scope, every
// punch rule, PIN lockout and its e-mail, offline punches arriving late and out of order, resends,
// phone punches inside and outside a geo-zone, entries and corrections, who is on the clock live,
// two clock-ins at once on PostgreSQL, and another company's view. Each test makes its own store,
// employees and kiosk, so demo data never changes them.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;
const anonymous = () => new Client(server.url);

interface Outcome {
  punchId: string;
  action: string;
  occurredAt: number;
  offline: boolean;
  applied: boolean;
  reason: string | null;
  duplicate: boolean;
  state: string;
  allowedActions: string[];
  employeeName: string;
}
interface Entry {
  _id: string;
  employeeId: string;
  storeId: string;
  businessDate: string;
  status: string;
  flags: string[];
  raw: { clockInAt: number; clockOutAt: number | null; breakMinutes: number; workedMinutes: number };
  corrected: { clockInAt: number; clockOutAt: number | null; breakMinutes: number; reason: string; by: string | null } | null;
  punches: Array<{ action: string; occurredAt: number; receivedAt: number; deviceTime: number | null; offline: boolean; source: string }>;
}
interface OnClock {
  employeeId: string;
  name: string;
  storeId: string;
  state: string;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(() => server?.stop());

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${counter++}`;

async function newStore(client = manager): Promise<string> {
  const { storeId } = await client.mutation<{ storeId: string }>("stores:create", {
    name: `Clock ${unique()}`,
    address: "1 Punch St",
    timeZone: "America/Chicago",
  });
  return storeId;
}

async function newEmployee(storeIds: string[], client = manager, pin = "4821"): Promise<{ employeeId: string; username: string; pin: string }> {
  const username = `tc${unique()}`;
  const { employeeId } = await client.mutation<{ employeeId: string }>("employees:create", {
    name: `Clock Person ${username}`,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds,
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username,
    pin,
  });
  return { employeeId, username, pin };
}

async function newKiosk(storeId: string, client = manager): Promise<string> {
  return (await client.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter tablet" })).kioskToken;
}

function punch(kioskToken: string, who: { username: string; pin: string }, action: string, extra: Record<string, unknown> = {}) {
  return anonymous().action<Outcome>("timeclock:punch", { kioskToken, username: who.username, pin: who.pin, action, ...extra });
}

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Chicago" });
const weekAgo = () => new Date(Date.now() - 8 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Chicago" });

async function entriesOf(employeeId: string, client = manager): Promise<Entry[]> {
  return client.query<Entry[]>("timeclock:entries", { employeeId, from: weekAgo(), to: today() });
}

/** A kiosk at a fresh store with one employee who works there. */
async function setUp() {
  const storeId = await newStore();
  const employee = await newEmployee([storeId]);
  const kioskToken = await newKiosk(storeId);
  return { storeId, employee, kioskToken };
}

describe("kiosks", () => {
  it("are registered by those who manage kiosks, listed with when they were last seen, the credential never shown again", async () => {
    const storeId = await newStore();
    expect(await failure(supervisor.mutation("kiosks:register", { storeId, name: "Tablet" }))).toBe("You don't have permission to manage kiosks");
    expect(await failure(manager.mutation("kiosks:register", { storeId, name: "  " }))).toContain("Give the kiosk a name");
    const { kioskToken, kioskId } = await manager.mutation<{ kioskToken: string; kioskId: string }>("kiosks:register", { storeId, name: "Front counter" });
    expect(kioskToken).toMatch(/^kiosk_[A-Za-z0-9_-]{43}$/);
    let [kiosk] = await manager.query<Array<{ _id: string; name: string; lastSeenAt: number | null; revokedAt: number | null }>>("kiosks:list", { storeId });
    expect(kiosk).toMatchObject({ _id: kioskId, name: "Front counter", lastSeenAt: null, revokedAt: null });
    expect(JSON.stringify(await manager.query("kiosks:list", {}))).not.toContain(kioskToken);
    // The database keeps only the hash.
    const row = await server.database.db.selectFrom("kiosks").select("tokenHash").where("id", "=", kioskId).executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toContain(kioskToken.slice(6, 20));

    const current = await anonymous().action<{ storeName: string; name: string; timeZone: string }>("kiosks:current", { kioskToken });
    expect(current).toMatchObject({ name: "Front counter", timeZone: "America/Chicago" });
    [kiosk] = await manager.query<Array<{ _id: string; name: string; lastSeenAt: number | null; revokedAt: number | null }>>("kiosks:list", { storeId });
    expect(kiosk.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
    expect(await failure(anonymous().action("kiosks:current", { kioskToken: "kiosk_forged" }))).toBe(timeClockMessage("kioskRevoked"));
  });

  it("are renamed by those who manage kiosks, keeping their credential; a revoked one is not", async () => {
    const { storeId, kioskToken } = await setUp();
    const [{ _id: kioskId }] = await manager.query<Array<{ _id: string }>>("kiosks:list", { storeId });
    expect(await failure(supervisor.mutation("kiosks:rename", { kioskId, name: "Back room" }))).toBe("You don't have permission to manage kiosks");
    expect(await failure(manager.mutation("kiosks:rename", { kioskId, name: " " }))).toContain("Give the kiosk a name");
    await manager.mutation("kiosks:rename", { kioskId, name: "Back room" });
    expect((await anonymous().action<{ name: string }>("kiosks:current", { kioskToken })).name).toBe("Back room");
    await manager.mutation("kiosks:revoke", { kioskId });
    expect(await failure(manager.mutation("kiosks:rename", { kioskId, name: "Again" }))).toBe("This kiosk is revoked");
    expect(await failure(sudsOwner.mutation("kiosks:rename", { kioskId, name: "Mine" }))).toBe("Kiosk not found");
  });

  it("a kiosk credential is refused by every other function, over HTTP and the socket", async () => {
    const { kioskToken } = await setUp();
    const registry = await loadRegistry();
    const kiosk = new Client(server.url);
    kiosk.token = kioskToken;
    const accepted: string[] = [];
    for (const [path, fn] of registry) {
      const outcome = await kiosk.raw(fn.kind, path, {});
      if (outcome.status !== 401) accepted.push(`${path}: ${outcome.status}`);
    }
    // As a bearer token it is not even an identity: every function, the kiosk's own included, answers 401.
    expect(accepted).toEqual([]);
    const socket = await SyncClient.connect(server.url, kioskToken);
    try {
      const error = await socket.waitFor((m) => m.type === "AuthError");
      expect(error.errorMessage).toBeTruthy();
    } finally {
      socket.close();
    }
    // Passed as an argument, only the kiosk's functions read it; everything else sees an anonymous caller.
    expect(await failure(anonymous().query("timeclock:onTheClock", { kioskToken }))).toBe("Not signed in");
    expect(await failure(anonymous().query("employees:list", { kioskToken }))).toBe("Not signed in");
    expect(await failure(anonymous().query("kiosks:list", { kioskToken }))).toBe("Not signed in");
  });

  it("punches only for employees of its own store and company", async () => {
    const { kioskToken } = await setUp();
    const elsewhere = await newEmployee([await newStore()]);
    expect(await failure(punch(kioskToken, elsewhere, "clockIn"))).toBe(timeClockMessage("notAtStore"));
    const sudsEmployee = await newEmployee([await newStore(sudsOwner)], sudsOwner);
    expect(await failure(punch(kioskToken, sudsEmployee, "clockIn"))).toBe(timeClockMessage("wrongCredentials"));
  });

  it("is refused at once when revoked", async () => {
    const { storeId, employee, kioskToken } = await setUp();
    await punch(kioskToken, employee, "clockIn");
    const [{ _id }] = await manager.query<Array<{ _id: string }>>("kiosks:list", { storeId });
    expect(await failure(supervisor.mutation("kiosks:revoke", { kioskId: _id }))).toBe("You don't have permission to manage kiosks");
    expect(await failure(sudsOwner.mutation("kiosks:revoke", { kioskId: _id }))).toBe("Kiosk not found");
    await manager.mutation("kiosks:revoke", { kioskId: _id });
    expect(await failure(punch(kioskToken, employee, "clockOut"))).toBe(timeClockMessage("kioskRevoked"));
    expect(await failure(anonymous().action("kiosks:current", { kioskToken }))).toBe(timeClockMessage("kioskRevoked"));
    expect(await failure(anonymous().action("timeclock:kioskStatus", { kioskToken, ...employee }))).toBe(timeClockMessage("kioskRevoked"));
    const [kiosk] = await manager.query<Array<{ revokedAt: number | null }>>("kiosks:list", { storeId });
    expect(kiosk.revokedAt).not.toBeNull();
  });
});

describe("punch rules", () => {
  it("refuses what users expect refused and builds the entry from what is allowed", async () => {
    const { storeId, employee, kioskToken } = await setUp();
    expect(await failure(punch(kioskToken, employee, "clockOut"))).toBe("You are not clocked in");
    expect(await failure(punch(kioskToken, employee, "breakStart"))).toBe("Clock in before starting a break");
    expect(await failure(punch(kioskToken, employee, "breakEnd"))).toBe("You are not clocked in");
    expect(await entriesOf(employee.employeeId)).toEqual([]);

    const status = await anonymous().action<{ state: string; allowedActions: string[]; employeeName: string }>("timeclock:kioskStatus", {
      kioskToken,
      ...employee,
    });
    expect(status).toMatchObject({ state: "off", allowedActions: ["clockIn"] });

    const inAt = await punch(kioskToken, employee, "clockIn");
    expect(inAt).toMatchObject({ applied: true, state: "working", allowedActions: ["breakStart", "clockOut"], offline: false });
    const again = await failureOf(punch(kioskToken, employee, "clockIn"));
    expect(again.message).toBe("You are already on the clock");
    // The tablet says it in the reader's language by this code (decision 0067).
    expect(again.data).toEqual({ code: "timeClock.alreadyOnClock", params: {} });
    expect(refusalText(again.data, "es")).toBe("Ya estás en turno");
    expect(await failure(punch(kioskToken, employee, "breakEnd"))).toBe("You are not on a break");
    expect(await punch(kioskToken, employee, "breakStart")).toMatchObject({ state: "onBreak", allowedActions: ["breakEnd", "clockOut"] });
    expect(await failure(punch(kioskToken, employee, "breakStart"))).toBe("You are already on a break");
    expect(await punch(kioskToken, employee, "breakEnd")).toMatchObject({ state: "working" });
    expect(await punch(kioskToken, employee, "clockOut")).toMatchObject({ state: "off", allowedActions: ["clockIn"] });

    const [entry] = await entriesOf(employee.employeeId);
    expect(entry).toMatchObject({ _id: inAt.punchId, storeId, status: "closed", businessDate: today(), flags: [] });
    expect(entry.punches.map((p) => p.action)).toEqual(["clockIn", "breakStart", "breakEnd", "clockOut"]);
    expect(entry.raw.breakMinutes).toBe(0);
    expect(entry.corrected).toBeNull();
  });

  it("refuses a second clock-in at any store of the company", async () => {
    const storeA = await newStore();
    const storeB = await newStore();
    const employee = await newEmployee([storeA, storeB]);
    const [kioskA, kioskB] = [await newKiosk(storeA), await newKiosk(storeB)];
    await punch(kioskA, employee, "clockIn");
    expect(await failure(punch(kioskB, employee, "clockIn"))).toBe("You are already on the clock");
    // Clocking out at the other store closes the entry, flagged.
    await punch(kioskB, employee, "clockOut");
    const [entry] = await entriesOf(employee.employeeId);
    expect(entry).toMatchObject({ storeId: storeA, status: "closed", flags: ["otherStore"] });
  });

  it("refuses employees who are not active", async () => {
    const { storeId, employee, kioskToken } = await setUp();
    await manager.mutation("employees:update", {
      employeeId: employee.employeeId,
      name: "Gone Person",
      email: "",
      phone: "",
      position: "",
      hireDate: "",
      storeIds: [storeId],
      status: "inactive",
      endDate: "",
      username: employee.username,
    });
    expect(await failure(punch(kioskToken, employee, "clockIn"))).toBe(timeClockMessage("notActive"));
  });

  it("never edits or deletes a raw punch, even from SQL", async () => {
    const { employee, kioskToken } = await setUp();
    const { punchId } = await punch(kioskToken, employee, "clockIn");
    const db = server.database.db;
    await expect(sql`update punches set action = 'clockOut' where id = ${punchId}`.execute(db)).rejects.toThrow(/never edited/);
    await expect(sql`delete from punches where id = ${punchId}`.execute(db)).rejects.toThrow(/never edited/);
  });
});

describe("PIN guessing", () => {
  it(`locks a username after ${PIN_LOCK_FAILURES} wrong PINs for 15 minutes and e-mails the company's managers`, async () => {
    const { storeId, employee, kioskToken } = await setUp();
    const wrong = { username: employee.username.toUpperCase(), pin: "0000" };
    for (let i = 1; i < PIN_LOCK_FAILURES; i++) expect(await failure(punch(kioskToken, wrong, "clockIn"))).toBe("Wrong username or PIN");
    expect(await failure(punch(kioskToken, wrong, "clockIn"))).toBe(timeClockMessage("usernameLocked"));
    // Locked: even the right PIN is refused.
    expect(await failure(punch(kioskToken, employee, "clockIn"))).toBe(timeClockMessage("usernameLocked"));
    expect(await failure(anonymous().action("timeclock:kioskStatus", { kioskToken, ...employee }))).toBe(timeClockMessage("usernameLocked"));

    const mails = await server.database.db
      .selectFrom("outbox")
      .select(["recipient", "subject", "body"])
      .where("subject", "like", `Kiosk PIN locked: ${employee.username}%`)
      .orderBy("recipient")
      .execute();
    // Rio's owner, admin, manager and the area manager: those who manage employees.
    expect(mails.map((m) => m.recipient)).toEqual(expect.arrayContaining(["admin@demo.test", "area@demo.test", "manager@demo.test", "owner@demo.test"]));
    expect(mails.map((m) => m.recipient)).not.toContain("supervisor@demo.test");
    expect(mails[0].body).toContain("5 wrong PINs");
    expect(mails[0].subject).toContain(employee.username);

    // Fifteen minutes later (moved back in the database) the right PIN works and the count starts again.
    await server.database.db
      .updateTable("pinAttempts")
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where("usernameLower", "=", employee.username)
      .execute();
    expect(await punch(kioskToken, employee, "clockIn")).toMatchObject({ applied: true });
    expect(await failure(punch(kioskToken, wrong, "clockOut"))).toBe("Wrong username or PIN");
    void storeId;
  });

  it(`checks at most ${PIN_LOCK_FAILURES} PINs of a burst sent at once, locks once and e-mails each manager once`, async () => {
    const { employee, kioskToken } = await setUp();
    // 20 wrong PINs all at once (the device's own limit counts only those checked).
    const pins = Array.from({ length: 20 }, (_, i) => String(1000 + i));
    const result = await race(
      server,
      pins.map((pin) => () => punch(kioskToken, { username: employee.username, pin }, "clockIn")),
      [lockTable("pin_attempts")],
    );
    expect(result.ok).toBe(0);
    expect(result.errors.filter((e) => e === "Wrong username or PIN").length).toBe(PIN_LOCK_FAILURES - 1);
    expect(result.errors.filter((e) => e === timeClockMessage("usernameLocked")).length).toBe(20 - PIN_LOCK_FAILURES + 1);
    const mails = await server.database.db
      .selectFrom("outbox")
      .select("recipient")
      .where("subject", "like", `Kiosk PIN locked: ${employee.username} %`)
      .execute();
    const recipients = mails.map((m) => m.recipient);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toContain("manager@demo.test");
    // Locked: the right PIN alone is refused now.
    expect(await failure(punch(kioskToken, employee, "clockIn"))).toBe(timeClockMessage("usernameLocked"));
  });

  it("lets the right PIN through when it is typed at the same time as wrong ones, while tries remain", async () => {
    const { employee, kioskToken } = await setUp();
    const pins = ["1000", employee.pin, "1001", employee.pin];
    const result = await race(
      server,
      pins.map((pin) => () => punch(kioskToken, { username: employee.username, pin }, "clockIn")),
      [lockTable("pin_attempts")],
    );
    // Four attempts within the five tries: every PIN is checked, the two right ones punch in once.
    expect(result.ok).toBe(1);
    expect(result.errors.sort()).toEqual(["Wrong username or PIN", "Wrong username or PIN", "You are already on the clock"]);
  });

  it(`stops a device after ${KIOSK_FAILURES_PER_WINDOW} failures of any username`, async () => {
    const { employee, kioskToken } = await setUp();
    for (let i = 0; i < KIOSK_FAILURES_PER_WINDOW; i++) {
      expect(await failure(punch(kioskToken, { username: `nobody${i}`, pin: "1234" }, "clockIn"))).toBe("Wrong username or PIN");
    }
    expect(await failure(punch(kioskToken, employee, "clockIn"))).toBe(TOO_MANY_ATTEMPTS);
    // The kiosk says it in the chosen language by this code (decision 0067).
    const stopped = await failureOf(punch(kioskToken, employee, "clockIn"));
    expect([stopped.message, stopped.data]).toEqual([TOO_MANY_ATTEMPTS, { code: "timeClock.tooManyAttempts", params: {} }]);
    // Another kiosk is not affected.
    const other = await newKiosk((await manager.query<Array<{ storeId: string }>>("kiosks:list", {}))[0].storeId);
    expect(await failure(anonymous().action("timeclock:punch", { kioskToken: other, username: "nobody", pin: "1234", action: "clockIn" }))).toBe(
      "Wrong username or PIN",
    );
  });
});

describe("offline punches", () => {
  it("arrive late and out of order, are placed at their device time, keep both times and are flagged", async () => {
    const { employee, kioskToken } = await setUp();
    const start = Date.now();
    const clockIn = await punch(kioskToken, employee, "clockIn");
    const breakStart = clockIn.occurredAt + 1;
    // The break's end, stamped later by a device clock running fast, arrives clearly after its start.
    await new Promise((resolve) => setTimeout(resolve, 25));
    // The kiosk lost its connection; its queue arrives with the break's end before its start.
    const end = await punch(kioskToken, employee, "breakEnd", { offline: true, deviceTime: breakStart + 20 * 60_000 - 1, clientPunchId: `e-${unique()}` });
    // A device clock ahead of the server cannot put a punch in the future: it counts at its arrival.
    expect(end.occurredAt).toBeLessThanOrEqual(Date.now());
    expect(end).toMatchObject({ applied: false, offline: true, state: "working" });
    expect(end.reason).toContain("does not fit");
    let [entry] = await entriesOf(employee.employeeId);
    expect(entry.flags).toEqual(expect.arrayContaining(["ignoredPunch"]));

    const begin = await punch(kioskToken, employee, "breakStart", { offline: true, deviceTime: breakStart, clientPunchId: `s-${unique()}` });
    expect(begin).toMatchObject({ applied: true, offline: true, state: "working" });
    [entry] = await entriesOf(employee.employeeId);
    expect(entry.flags).toEqual(["offline"]);
    expect(entry.punches.map((p) => [p.action, p.offline])).toEqual([
      ["clockIn", false],
      ["breakStart", true],
      ["breakEnd", true],
    ]);
    const offlineStart = entry.punches[1];
    expect(offlineStart.deviceTime).toBe(breakStart);
    expect(offlineStart.receivedAt).toBeGreaterThanOrEqual(offlineStart.occurredAt);
    expect(entry.raw.clockInAt).toBeGreaterThanOrEqual(start - 1000);
    void start;
  });

  it("pairs a late break inside a closed shift and replays it with the same rules", async () => {
    const { employee, kioskToken } = await setUp();
    const t0 = Date.now() - 3 * 3600_000;
    // The whole shift was punched while the kiosk was offline, and arrives shuffled.
    const at = (minutes: number) => t0 + minutes * 60_000;
    const send = (action: string, minutes: number) =>
      punch(kioskToken, employee, action, { offline: true, deviceTime: at(minutes), clientPunchId: `${action}-${minutes}-${unique()}` });
    expect(await send("clockOut", 120)).toMatchObject({ applied: false });
    expect(await send("breakEnd", 75)).toMatchObject({ applied: false });
    expect(await send("clockIn", 0)).toMatchObject({ applied: true, state: "off" });
    expect(await send("breakStart", 60)).toMatchObject({ applied: true, state: "off" });
    const [entry] = await entriesOf(employee.employeeId);
    expect(entry).toMatchObject({ status: "closed", flags: ["offline"] });
    expect(entry.raw).toMatchObject({ clockInAt: at(0), clockOutAt: at(120), breakMinutes: 15, workedMinutes: 105 });
    // An online punch after it goes by the state now.
    expect(await punch(kioskToken, employee, "clockIn")).toMatchObject({ applied: true });
  });

  it("are recorded once however often they are resent", async () => {
    const { employee, kioskToken } = await setUp();
    const clientPunchId = `dup-${unique()}`;
    const args = { offline: true, deviceTime: Date.now() - 60_000, clientPunchId };
    const first = await punch(kioskToken, employee, "clockIn", args);
    const again = await punch(kioskToken, employee, "clockIn", args);
    expect(again).toMatchObject({ punchId: first.punchId, duplicate: true, applied: true });
    const count = await server.database.db
      .selectFrom("punches")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("employeeId", "=", employee.employeeId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("need the device time and may not be older than a week", async () => {
    const { employee, kioskToken } = await setUp();
    expect(await failure(punch(kioskToken, employee, "clockIn", { offline: true }))).toBe(timeClockMessage("deviceTimeNeeded"));
    expect(await failure(punch(kioskToken, employee, "clockIn", { offline: true, deviceTime: Date.now() - 8 * 86_400_000 }))).toBe(
      timeClockMessage("offlineTooOld"),
    );
  });
});

describe("phone punches", () => {
  it("need a linked, active employee profile and a location inside the store's zone", async () => {
    const storeId = await newStore();
    const employee = await newEmployee([storeId]);
    const db = server.database.db;
    const staffId = (await db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
    expect(await failure(staff.action("timeclock:punch", { action: "clockIn", latitude: 41.88, longitude: -87.63, accuracy: 10 }))).toBe(
      timeClockMessage("noEmployeeProfile"),
    );
    // Linked here as a manager would link the account; the link itself is the employee profile's business.
    await db.updateTable("employees").set({ userId: null }).where("userId", "=", staffId).execute();
    await db.updateTable("employees").set({ userId: staffId }).where("id", "=", employee.employeeId).execute();
    await manager.mutation("geoZones:set", { storeId, latitude: 41.8827, longitude: -87.6233, radiusMeters: 100 });

    expect(await failure(staff.action("timeclock:punch", { action: "clockIn" }))).toBe(geoMessage("noLocation"));
    expect(await failure(staff.action("timeclock:punch", { action: "clockIn", latitude: 41.8827, longitude: -87.6433, accuracy: 10 }))).toBe(
      geoMessage("outsideZone"),
    );
    expect(await failure(staff.action("timeclock:punch", { action: "clockOut", latitude: 41.8827, longitude: -87.6233, accuracy: 10 }))).toBe(
      "You are not clocked in",
    );
    const inside = await staff.action<Outcome>("timeclock:punch", { action: "clockIn", latitude: 41.8828, longitude: -87.6233, accuracy: 15 });
    expect(inside).toMatchObject({ applied: true, state: "working" });
    const status = await staff.query<{ state: string; storeId: string; allowedActions: string[] }>("timeclock:myStatus");
    expect(status).toMatchObject({ state: "working", storeId, allowedActions: ["breakStart", "clockOut"] });

    // The company flags instead of refusing: accepted outside the zone, and the entry says so.
    await owner.mutation("geoZones:updateSettings", { outsideZone: "flag" });
    try {
      const outside = await staff.action<Outcome & { message: string | null }>("timeclock:punch", {
        action: "clockOut",
        latitude: 41.9,
        longitude: -87.63,
        accuracy: 10,
      });
      expect(outside.message).toBe(geoMessage("outsideZoneFlagged"));
    } finally {
      await owner.mutation("geoZones:updateSettings", { outsideZone: "refuse" });
    }
    // The employee reads their own entries; another's are not theirs to read.
    const own = await staff.query<Entry[]>("timeclock:entries", { from: weekAgo(), to: today() });
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ status: "closed", flags: ["outsideZone"] });
    expect(own[0].punches.map((p) => p.source)).toEqual(["phone", "phone"]);
    const other = await newEmployee([storeId]);
    expect(await failure(staff.query("timeclock:entries", { employeeId: other.employeeId, from: weekAgo(), to: today() }))).toBe(
      "You don't have permission to view time clocks",
    );
    await db.updateTable("employees").set({ userId: null }).where("id", "=", employee.employeeId).execute();
  });
});

describe("entries and corrections", () => {
  it("keep a manager's correction beside the raw times, with reason, who and when", async () => {
    const { employee, kioskToken } = await setUp();
    await punch(kioskToken, employee, "clockIn");
    await punch(kioskToken, employee, "clockOut");
    const [entry] = await entriesOf(employee.employeeId);
    const clockInAt = entry.raw.clockInAt - 30 * 60_000;
    expect(
      await failure(staff.mutation("timeclock:correct", { entryId: entry._id, clockInAt, clockOutAt: entry.raw.clockOutAt, breakMinutes: 0, reason: "x" })),
    ).toBe("You don't have permission to view time clocks");
    expect(
      await failure(manager.mutation("timeclock:correct", { entryId: entry._id, clockInAt, clockOutAt: clockInAt - 1, breakMinutes: 0, reason: "x" })),
    ).toBe(timeClockMessage("correctionOrder"));
    expect(
      await failure(manager.mutation("timeclock:correct", { entryId: entry._id, clockInAt, clockOutAt: entry.raw.clockOutAt, breakMinutes: 0, reason: " " })),
    ).toBe(`Invalid argument "reason": ${timeClockMessage("reasonRequired")}`);
    expect(
      await failure(sudsOwner.mutation("timeclock:correct", { entryId: entry._id, clockInAt, clockOutAt: entry.raw.clockOutAt, breakMinutes: 0, reason: "x" })),
    ).toBe("Time entry not found");
    await manager.mutation("timeclock:correct", {
      entryId: entry._id,
      clockInAt,
      clockOutAt: entry.raw.clockOutAt,
      breakMinutes: 0,
      reason: "Forgot to clock in",
    });
    const [after] = await entriesOf(employee.employeeId);
    expect(after.raw).toEqual(entry.raw);
    expect(after.corrected).toMatchObject({ clockInAt, breakMinutes: 0, reason: "Forgot to clock in" });
    expect(after.corrected!.by).toBeTruthy();
  });

  it("are read by those who view time clocks, and only their own company's", async () => {
    const { storeId, employee, kioskToken } = await setUp();
    await punch(kioskToken, employee, "clockIn");
    expect(await supervisor.query<Entry[]>("timeclock:entries", { storeId, from: today(), to: today() })).toHaveLength(1);
    expect(await failure(manager.query("timeclock:entries", { from: today(), to: weekAgo() }))).toBe("The from date is after the to date");
    const reversed = await failureOf(manager.query("timeclock:entries", { from: today(), to: weekAgo() }));
    expect(reversed.data).toEqual({ code: "timeClock.fromAfterTo", params: {} });
    expect(refusalText(reversed.data, "es")).toBe("La fecha de inicio es posterior a la de fin");
    expect(await sudsOwner.query("timeclock:entries", { employeeId: employee.employeeId, from: weekAgo(), to: today() })).toEqual([]);
    expect(await sudsOwner.query("timeclock:entries", { storeId, from: weekAgo(), to: today() })).toEqual([]);
    expect(await sudsOwner.query<OnClock[]>("timeclock:onTheClock", { storeId })).toEqual([]);
    expect(JSON.stringify(await sudsOwner.query("kiosks:list", {}))).not.toContain(storeId);
    expect(await failure(staff.query("timeclock:onTheClock", {}))).toBe("You don't have permission to view time clocks");
  });
});

describe("who is on the clock", () => {
  it("updates live over the socket as people punch", async () => {
    const { storeId, employee, kioskToken } = await setUp();
    const socket = await SyncClient.connect(server.url, manager.token);
    try {
      const live = socket.subscribe("timeclock:onTheClock", { storeId });
      expect((await live.next(1)).value).toEqual([]);
      await punch(kioskToken, employee, "clockIn");
      const second = (await live.next(2)).value as OnClock[];
      expect(second).toEqual([expect.objectContaining({ employeeId: employee.employeeId, storeId, state: "working" })]);
      // A punch over the socket, as the kiosk page may send it.
      const response = await socket.mutation("timeclock:punch", { kioskToken, username: employee.username, pin: employee.pin, action: "breakStart" }, "Action");
      expect(response).toMatchObject({ success: true });
      expect(((await live.next(3)).value as OnClock[])[0].state).toBe("onBreak");
      await punch(kioskToken, employee, "clockOut");
      expect((await live.next(4)).value).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("at the same time", () => {
  it("two clock-ins of one employee at once: exactly one is recorded", async () => {
    const storeA = await newStore();
    const storeB = await newStore();
    const employee = await newEmployee([storeA, storeB]);
    const kiosks = [await newKiosk(storeA), await newKiosk(storeB)];
    const { ok, errors } = await race(
      server,
      times(6, (i) => punch(kiosks[i % 2], employee, "clockIn")),
    );
    expect(ok).toBe(1);
    expect(new Set(errors)).toEqual(new Set(["You are already on the clock"]));
    const open = await server.database.db
      .selectFrom("timeEntries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("employeeId", "=", employee.employeeId)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(1);
  });

  it("the database refuses a second open entry even if a handler forgot to check", async () => {
    const { employee, kioskToken } = await setUp();
    const { punchId } = await punch(kioskToken, employee, "clockIn");
    const db = server.database.db;
    const row = await db.selectFrom("timeEntries").selectAll().where("id", "=", punchId).executeTakeFirstOrThrow();
    const { punchId: second } = await punch(kioskToken, employee, "clockOut");
    await db.deleteFrom("timeEntries").where("id", "=", punchId).execute();
    await db
      .insertInto("timeEntries")
      .values({ ...row, breaks: JSON.stringify(row.breaks), flags: JSON.stringify(row.flags) })
      .execute();
    await expect(
      db
        .insertInto("timeEntries")
        .values({ ...row, id: second, breaks: JSON.stringify(row.breaks), flags: JSON.stringify(row.flags) })
        .execute(),
    ).rejects.toMatchObject({ constraint: "time_entries_one_open" });
  });
});
