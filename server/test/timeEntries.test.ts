import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeClockMessage } from "@tumble/domain/timeClock";
import { businessDateOf } from "@tumble/domain/businessDate";
import { sweepOpenEntries } from "../src/timeEntries/sweep.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore, insertWorkedEntry, unique } from "./support/workforce.ts";

// Time-entry verification over HTTP (issue 17): auto-approval at the tolerance edge, every
// exception, the automatic clock-out, corrections beside the raw punches, approve and reject,
// access and another company. Entries are written as the time clock builds them (punches, then
// the entry), at exact times, so each rule is hit to the minute.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(() => server?.stop());

const M = 60_000;
const H = 60 * M;
const ZONE = "America/Chicago";

interface Reviewed {
  _id: string;
  employeeId: string;
  reviewStatus: string;
  exceptions: string[];
  shift: { id: string } | null;
  raw: { clockInAt: number; clockOutAt: number | null; breakMinutes: number };
  corrected: { clockInAt: number; clockOutAt: number | null; reason: string; by: string | null } | null;
  effective: { clockInAt: number; clockOutAt: number | null; breakMinutes: number };
  review: { status: string; auto: boolean; reason: string | null; by: string | null } | null;
  punches: Array<{ _id: string; action: string; occurredAt: number; source: string }>;
}
interface Queue {
  toleranceMinutes: number;
  counts: Record<string, number>;
  entries: Reviewed[];
}

const newStore = (client = manager) => createStore(client, "Verify", ZONE);
const newEmployee = (storeIds: string[], client = manager) => createEmployee(client, storeIds, { prefix: "te" });

async function companyOf(storeId: string) {
  return (await server.database.db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
}

/** A published shift, as scheduling leaves one. */
async function shift(storeId: string, employeeId: string | null, startsAt: number, endsAt: number) {
  const id = `sh${unique()}`;
  await server.database.db
    .insertInto("shifts")
    .values({
      id,
      companyId: await companyOf(storeId),
      storeId,
      employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      breakMinutes: 30,
      status: "published",
      publishedAt: new Date(),
      publishedEmployeeId: employeeId,
      publishedStartsAt: new Date(startsAt),
      publishedEndsAt: new Date(endsAt),
      publishedBreakMinutes: 30,
    })
    .execute();
  return id;
}

/** A worked entry as the time clock builds it: its punches, then the entry. */
async function worked(storeId: string, employeeId: string, inAt: number, outAt: number, opts: { breakMinutes?: number; flags?: string[] } = {}) {
  return insertWorkedEntry(server.database.db, {
    companyId: await companyOf(storeId),
    employeeId,
    storeId,
    clockInAt: inAt,
    clockOutAt: outAt,
    zone: ZONE,
    breakMinutes: opts.breakMinutes ?? 30,
    flags: opts.flags,
  });
}

/** 9:00 in Chicago, `days` ago. */
function nineAm(days: number) {
  const date = businessDateOf(Date.now() - days * 86_400_000, ZONE);
  return new Date(new Date(`${date}T09:00:00-06:00`).getTime()).getTime();
}
const range = (days = 10) => ({ from: businessDateOf(Date.now() - days * 86_400_000, ZONE), to: businessDateOf(Date.now(), ZONE) });

async function queue(storeId: string, client = manager) {
  await client.mutation("timeEntries:settle", { ...range(), storeId });
  return client.query<Queue>("timeEntries:list", { ...range(), storeId });
}
const entry = (q: Queue, id: string) => q.entries.find((e) => e._id === id)!;

describe("the queue's settings", () => {
  it("name the company's today in its zone, so the queue opens on the same period as payroll", async () => {
    const before = businessDateOf(Date.now(), ZONE);
    const settings = await manager.query<{ today: string; payFrequency: string }>("timeEntries:settings");
    expect([before, businessDateOf(Date.now(), ZONE)]).toContain(settings.today);
    expect(settings.payFrequency).toBe("biweekly");
  });
});

describe("auto-approval", () => {
  it("approves an entry 5 minutes late in on its shift and leaves one 6 minutes late for a person", async () => {
    const storeId = await newStore();
    const [a, b] = [await newEmployee([storeId]), await newEmployee([storeId])];
    const start = nineAm(2);
    await shift(storeId, a.employeeId, start, start + 8 * H);
    await shift(storeId, b.employeeId, start, start + 8 * H);
    const within = await worked(storeId, a.employeeId, start + 5 * M, start + 8 * H + 5 * M);
    const outside = await worked(storeId, b.employeeId, start + 6 * M, start + 8 * H);

    const settled = await manager.mutation<{ autoApproved: string[] }>("timeEntries:settle", { ...range(), storeId });
    expect(settled.autoApproved).toEqual([within]);
    const q = await manager.query<Queue>("timeEntries:list", { ...range(), storeId });
    expect(q.toleranceMinutes).toBe(5);
    expect(entry(q, within)).toMatchObject({ reviewStatus: "approved", exceptions: [], review: { status: "approved", auto: true, by: null } });
    expect(entry(q, outside)).toMatchObject({ reviewStatus: "pending", exceptions: ["arrivedLate"], review: null });
    expect(q.counts).toMatchObject({ approved: 1, pending: 1 });
    // The status filter.
    expect((await manager.query<Queue>("timeEntries:list", { ...range(), storeId, status: "pending" })).entries.map((e) => e._id)).toEqual([outside]);
    // Settling again changes nothing.
    expect((await manager.mutation<{ autoApproved: string[] }>("timeEntries:settle", { ...range(), storeId })).autoApproved).toEqual([]);
  });

  it("leaves time in a locked pay period for a person once it is reopened", async () => {
    const storeId = await newStore();
    const a = await newEmployee([storeId]);
    const start = nineAm(2);
    await shift(storeId, a.employeeId, start, start + 8 * H);
    const within = await worked(storeId, a.employeeId, start + 2 * M, start + 8 * H);
    const date = businessDateOf(start, ZONE);
    const period = (await owner.query<Array<{ id: string; startsOn: string; endsOn: string }>>("payPeriods:list", {})).find(
      (p) => p.startsOn <= date && date <= p.endsOn,
    )!;
    await owner.mutation("payPeriods:lock", { periodId: period.id, overrideReason: "Checking the lock", confirmEarlierOpen: true });
    try {
      expect((await manager.mutation<{ autoApproved: string[] }>("timeEntries:settle", { ...range(), storeId })).autoApproved).toEqual([]);
    } finally {
      await owner.mutation("payPeriods:reopen", { periodId: period.id, reason: "Done checking" });
    }
    expect((await manager.mutation<{ autoApproved: string[] }>("timeEntries:settle", { ...range(), storeId })).autoApproved).toEqual([within]);
  });

  it("follows the company's tolerance", async () => {
    const storeId = await newStore();
    const a = await newEmployee([storeId]);
    const start = nineAm(3);
    await shift(storeId, a.employeeId, start, start + 8 * H);
    const id = await worked(storeId, a.employeeId, start + 6 * M, start + 8 * H);
    const db = server.database.db;
    const companyId = await companyOf(storeId);
    const saved = await db.selectFrom("companySettings").selectAll().where("companyId", "=", companyId).where("section", "=", "workforce").executeTakeFirst();
    await owner.mutation("companySettings:update", { section: "workforce", values: { autoApproveToleranceMinutes: 10 } });
    try {
      expect(entry(await queue(storeId), id)).toMatchObject({ reviewStatus: "approved", exceptions: [] });
    } finally {
      if (saved)
        await db
          .updateTable("companySettings")
          .set({ values: JSON.stringify(saved.values) })
          .where("companyId", "=", companyId)
          .where("section", "=", "workforce")
          .execute();
      else await db.deleteFrom("companySettings").where("companyId", "=", companyId).where("section", "=", "workforce").execute();
    }
  });
});

describe("exceptions", () => {
  it("flags each one, and none of these is approved by itself", async () => {
    const storeId = await newStore();
    const other = await newStore();
    const e = await newEmployee([storeId, other]);
    const day = (n: number) => nineAm(n);
    const ids = {
      unscheduled: await worked(storeId, e.employeeId, day(9), day(9) + 4 * H),
      long: await worked(storeId, e.employeeId, day(8), day(8) + 11 * H),
      shortBreak: await worked(storeId, e.employeeId, day(7), day(7) + 7 * H, { breakMinutes: 10 }),
      outsideZone: await worked(storeId, e.employeeId, day(6), day(6) + 8 * H, { flags: ["outsideZone"] }),
      offline: await worked(storeId, e.employeeId, day(5), day(5) + 8 * H, { flags: ["offline"] }),
      missing: await worked(storeId, e.employeeId, day(4), day(4) + 8 * H, { flags: ["ignoredPunch"] }),
      early: await worked(storeId, e.employeeId, day(3) - 20 * M, day(3) + 6 * H),
      otherStore: await worked(other, e.employeeId, day(2), day(2) + 8 * H),
    };
    for (const n of [8, 7, 6, 5, 4, 3, 2]) await shift(storeId, e.employeeId, day(n), day(n) + 8 * H);
    await shift(storeId, e.employeeId, day(8), day(8) + 8 * H);
    const q = await manager.query<Queue>("timeEntries:list", range());
    await manager.mutation("timeEntries:settle", range());
    const after = await manager.query<Queue>("timeEntries:list", range());
    const of = (id: string) => entry(after, id);
    expect(of(ids.unscheduled).exceptions).toEqual(["unscheduled"]);
    expect(of(ids.long).exceptions).toEqual(["longShift", "leftLate"]);
    expect(of(ids.shortBreak).exceptions).toEqual(["breakTooShort", "leftEarly"]);
    expect(of(ids.outsideZone).exceptions).toEqual(["outsideZone"]);
    expect(of(ids.offline).exceptions).toEqual(["offlinePunch"]);
    expect(of(ids.missing).exceptions).toEqual(["missingPunch"]);
    expect(of(ids.early).exceptions).toEqual(["arrivedEarly", "leftEarly"]);
    expect(of(ids.otherStore).exceptions).toEqual(["otherStore"]);
    for (const id of Object.values(ids)) expect(of(id).reviewStatus).toBe("pending");
    expect(q.entries.length).toBeGreaterThanOrEqual(8);
  });
});

describe("automatic clock-out", () => {
  it("closes an entry open longer than the maximum at the maximum with a punch of its own, flags it and lets the employee clock in again", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter" });
    const anonymous = new Client(server.url);
    const inAt = Date.now() - 13 * H;
    await anonymous.action("timeclock:punch", { kioskToken, username: e.username, pin: e.pin, action: "clockIn", offline: true, deviceTime: inAt });
    // Under the maximum: left open.
    const fresh = await newEmployee([storeId]);
    await anonymous.action("timeclock:punch", { kioskToken, username: fresh.username, pin: fresh.pin, action: "clockIn" });

    const settled = await manager.mutation<{ autoClosed: string[] }>("timeEntries:settle", { ...range(), storeId });
    expect(settled.autoClosed).toHaveLength(1);
    const q = await manager.query<Queue>("timeEntries:list", { ...range(), storeId });
    const closed = q.entries.find((x) => x.employeeId === e.employeeId)!;
    expect(closed.raw.clockOutAt).toBe(inAt + 12 * H);
    expect(closed.exceptions).toContain("autoClockOut");
    expect(closed.reviewStatus).toBe("pending");
    expect(closed.punches.map((p) => [p.action, p.source])).toEqual([
      ["clockIn", "kiosk"],
      ["clockOut", "auto"],
    ]);
    expect(q.entries.find((x) => x.employeeId === fresh.employeeId)!.reviewStatus).toBe("open");
    const again = await anonymous.action<{ applied: boolean; state: string }>("timeclock:punch", {
      kioskToken,
      username: e.username,
      pin: e.pin,
      action: "clockIn",
    });
    expect(again).toMatchObject({ applied: true, state: "working" });
    // Once is enough.
    expect((await manager.mutation<{ autoClosed: string[] }>("timeEntries:settle", { ...range(), storeId })).autoClosed).toEqual([]);
  });

  it("is also done by the server's periodic sweep, without anyone opening the queue", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter" });
    const anonymous = new Client(server.url);
    const inAt = Date.now() - 13 * H;
    await anonymous.action("timeclock:punch", { kioskToken, username: e.username, pin: e.pin, action: "clockIn", offline: true, deviceTime: inAt });
    expect(await sweepOpenEntries(server.database.db, server.services.bus)).toBeGreaterThanOrEqual(1);
    const closed = (await manager.query<Queue>("timeEntries:list", { ...range(), storeId })).entries.find((x) => x.employeeId === e.employeeId)!;
    expect(closed.raw.clockOutAt).toBe(inAt + 12 * H);
    expect(closed.punches.map((p) => p.source)).toEqual(["kiosk", "auto"]);
    expect(await sweepOpenEntries(server.database.db, server.services.bus)).toBe(0);
  });
});

describe("review", () => {
  it("corrects with a reason beside the raw punches, and the corrected times are the approved ones", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const start = nineAm(2);
    await shift(storeId, e.employeeId, start, start + 8 * H);
    const id = await worked(storeId, e.employeeId, start + 20 * M, start + 8 * H);
    const before = entry(await queue(storeId), id);
    expect(before.reviewStatus).toBe("pending");

    expect(await failure(manager.mutation("timeEntries:correct", { entryId: id, clockIn: start, reason: "  " }))).toContain(timeClockMessage("reasonRequired"));
    expect(await failure(manager.mutation("timeEntries:correct", { entryId: id, clockIn: start + 9 * H, reason: "Typo" }))).toBe(
      timeClockMessage("correctionOrder"),
    );
    expect(await failure(manager.mutation("timeEntries:correct", { entryId: "nope", clockIn: start, reason: "Typo" }))).toBe("Time entry not found");
    await manager.mutation("timeEntries:correct", { entryId: id, clockIn: start, reason: "Forgot to punch, seen on camera" });
    const after = entry(await manager.query<Queue>("timeEntries:list", { ...range(), storeId }), id);
    expect(after.raw).toEqual(before.raw);
    expect(after.punches).toEqual(before.punches);
    expect(after.corrected).toMatchObject({ clockInAt: start, clockOutAt: start + 8 * H, reason: "Forgot to punch, seen on camera" });
    expect(after).toMatchObject({ reviewStatus: "approved", review: { status: "approved", auto: false }, exceptions: ["edited"] });
    const punches = await server.database.db.selectFrom("punches").select(["id", "occurredAt"]).where("employeeId", "=", e.employeeId).execute();
    expect(punches.map((p) => p.occurredAt.getTime()).sort()).toEqual([start + 20 * M, start + 8 * H]);
  });

  it("approves and rejects, and a later change of the times makes an approved entry pending again", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const a = await worked(storeId, e.employeeId, nineAm(3), nineAm(3) + 6 * H);
    const b = await worked(storeId, e.employeeId, nineAm(2), nineAm(2) + 6 * H);
    expect(await failure(manager.mutation("timeEntries:reject", { entryIds: [b], reason: "" }))).toContain("Give a reason for rejecting");
    await manager.mutation("timeEntries:approve", { entryIds: [a] });
    await manager.mutation("timeEntries:reject", { entryIds: [b], reason: "Not at work that day" });
    let q = await manager.query<Queue>("timeEntries:list", { ...range(), storeId });
    expect(entry(q, a)).toMatchObject({ reviewStatus: "approved", review: { auto: false, by: expect.any(String) } });
    expect(entry(q, b)).toMatchObject({ reviewStatus: "rejected", review: { reason: "Not at work that day" } });
    // A correction made elsewhere changes the times: the approval no longer counts.
    await manager.mutation("timeclock:correct", { entryId: a, clockInAt: nineAm(3), clockOutAt: nineAm(3) + 7 * H, breakMinutes: 30, reason: "Stayed late" });
    q = await manager.query<Queue>("timeEntries:list", { ...range(), storeId });
    expect(entry(q, a).reviewStatus).toBe("pending");
    await manager.mutation("timeEntries:approve", { entryIds: [a] });
    expect(entry(await manager.query<Queue>("timeEntries:list", { ...range(), storeId }), a).reviewStatus).toBe("approved");
  });

  it("lists every one of more than 2,000 entries in range, and approves the oldest", async () => {
    const storeId = await newStore();
    const companyId = await companyOf(storeId);
    const people = [];
    for (let i = 0; i < 7; i++) people.push(await newEmployee([storeId]));
    // 7 people × 30 days × 10 twenty-minute entries an hour apart = 2,100 entries.
    const punches = [];
    const entries = [];
    for (const [p, person] of people.entries())
      for (let day = 1; day <= 30; day++)
        for (let n = 0; n < 10; n++) {
          const inAt = nineAm(day) - 3 * H + n * H;
          const id = `bulk${p}x${day}x${n}${unique()}`;
          const base = { companyId, employeeId: person.employeeId, storeId, source: "phone", offline: false };
          punches.push(
            { ...base, id, action: "clockIn", occurredAt: new Date(inAt), receivedAt: new Date(inAt) },
            { ...base, id: `${id}o`, action: "clockOut", occurredAt: new Date(inAt + 20 * M), receivedAt: new Date(inAt + 20 * M) },
          );
          entries.push({
            id,
            companyId,
            employeeId: person.employeeId,
            storeId,
            businessDate: businessDateOf(inAt, ZONE),
            clockInAt: new Date(inAt),
            clockOutAt: new Date(inAt + 20 * M),
            breakMinutes: 0,
            breaks: "[]",
            status: "closed",
            flags: "[]",
            clockOutPunchId: `${id}o`,
          });
        }
    for (let i = 0; i < punches.length; i += 1000)
      await server.database.db
        .insertInto("punches")
        .values(punches.slice(i, i + 1000))
        .execute();
    for (let i = 0; i < entries.length; i += 1000)
      await server.database.db
        .insertInto("timeEntries")
        .values(entries.slice(i, i + 1000))
        .execute();
    const wide = { ...range(31), storeId };
    const q = await manager.query<Queue>("timeEntries:list", wide);
    expect(q.entries).toHaveLength(2100);
    expect(Object.values(q.counts).reduce((a, b) => a + b, 0)).toBe(2100);
    const oldest = [...q.entries].sort((a, b) => a.raw.clockInAt - b.raw.clockInAt)[0]!;
    expect(oldest.raw.clockInAt).toBe(nineAm(30) - 3 * H);
    await manager.mutation("timeEntries:approve", { entryIds: [oldest._id] });
    expect(entry(await manager.query<Queue>("timeEntries:list", wide), oldest._id).reviewStatus).toBe("approved");
  }, 60_000);

  it("refuses entries still on the clock", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter" });
    const punch = await new Client(server.url).action<{ punchId: string }>("timeclock:punch", {
      kioskToken,
      username: e.username,
      pin: e.pin,
      action: "clockIn",
    });
    expect(await failure(manager.mutation("timeEntries:approve", { entryIds: [punch.punchId] }))).toBe("An entry still on the clock cannot be reviewed");
    // The queue says it in the reader's language by this code (decision 0067).
    const onClock = await failureOf(manager.mutation("timeEntries:approve", { entryIds: [punch.punchId] }));
    expect(onClock.data).toEqual({ code: "timeClock.stillOnClock", params: {} });
    expect(refusalText(onClock.data, "es")).toBe("Un registro que sigue en turno no se puede revisar");
  });
});

describe("access", () => {
  it("is for those who view time clocks (supervisors verify: decision 0056), in their own company only, never on their own time", async () => {
    const storeId = await newStore();
    const e = await newEmployee([storeId]);
    const id = await worked(storeId, e.employeeId, nineAm(2), nineAm(2) + 6 * H);
    expect(await failure(staff.query("timeEntries:list", range()))).toBe("You don't have permission to view time clocks");
    expect(await failure(staff.mutation("timeEntries:approve", { entryIds: [id] }))).toBe("You don't have permission to view time clocks");
    // A supervisor verifies, and sees no pay on the way (timeEntries:people has none).
    expect(entry(await supervisor.query<Queue>("timeEntries:list", { ...range(), storeId }), id).reviewStatus).toBe("pending");
    const people = await supervisor.query<Array<Record<string, unknown>>>("timeEntries:people", {});
    expect(people.find((p) => p._id === e.employeeId)).toBeDefined();
    expect(JSON.stringify(people)).not.toMatch(/rate|pay/i);
    // ... but not their own time: the supervisor is also this employee.
    const me = await server.database.db.selectFrom("users").select("id").where("email", "=", "supervisor@demo.test").executeTakeFirstOrThrow();
    await server.database.db.updateTable("employees").set({ userId: me.id }).where("id", "=", e.employeeId).execute();
    for (const call of [
      () => supervisor.mutation("timeEntries:approve", { entryIds: [id] }),
      () => supervisor.mutation("timeEntries:reject", { entryIds: [id], reason: "x" }),
      () => supervisor.mutation("timeEntries:correct", { entryId: id, clockIn: nineAm(2) - H, reason: "x" }),
      () => supervisor.mutation("timeclock:correct", { entryId: id, clockInAt: nineAm(2) - H, clockOutAt: nineAm(2) + 6 * H, breakMinutes: 0, reason: "x" }),
    ])
      expect(await failure(call())).toBe(timeClockMessage("ownTime"));
    await server.database.db.updateTable("employees").set({ userId: null }).where("id", "=", e.employeeId).execute();
    await supervisor.mutation("timeEntries:approve", { entryIds: [id] });
    expect(entry(await manager.query<Queue>("timeEntries:list", { ...range(), storeId }), id).reviewStatus).toBe("approved");
    expect(await failure(sudsOwner.mutation("timeEntries:approve", { entryIds: [id] }))).toBe("Time entry not found");
    expect(await failure(sudsOwner.mutation("timeEntries:correct", { entryId: id, clockIn: nineAm(2) - H, reason: "x" }))).toBe("Time entry not found");
    expect(await failure(sudsOwner.mutation("timeEntries:reject", { entryIds: [id], reason: "x" }))).toBe("Time entry not found");
    expect((await sudsOwner.query<Queue>("timeEntries:list", range())).entries.some((x) => x._id === id)).toBe(false);
    expect(await failure(manager.query("timeEntries:list", { from: "2026-02-01", to: "2026-01-01" }))).toBe("The from date is after the to date");
    expect((await failureOf(sudsOwner.mutation("timeEntries:approve", { entryIds: [id] }))).data).toEqual({ code: "timeClock.entryNotFound", params: {} });
    const tooLong = await failureOf(manager.query("timeEntries:list", { from: "2026-01-01", to: "2026-03-31" }));
    expect(tooLong.message).toBe("Choose at most 62 days");
    expect(tooLong.data).toEqual({ code: "timeClock.rangeTooLong", params: { days: 62 } });
    expect(refusalText(tooLong.data, "es")).toBe("Elige como máximo 62 días");
    expect(entry(await manager.query<Queue>("timeEntries:list", { ...range(), storeId }), id).reviewStatus).toBe("approved");
  });
});

describe("dashboard", () => {
  it("shows today's scheduled and who is on the clock without a shift, entries to verify and the week's overtime risk", async () => {
    const storeId = await newStore();
    const [late, walkIn, long] = [await newEmployee([storeId]), await newEmployee([storeId]), await newEmployee([storeId])];
    const now = Date.now();
    await shift(storeId, late.employeeId, now - 2 * H, now + 6 * H);
    const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter" });
    await new Client(server.url).action("timeclock:punch", { kioskToken, username: walkIn.username, pin: walkIn.pin, action: "clockIn" });
    await worked(storeId, long.employeeId, now - 3 * H - 30 * M, now - 3 * H);
    // 41 hours still scheduled this week (or next, near the week's end): over 40 projected.
    for (let i = 0; i < 5; i++) await shift(storeId, long.employeeId, now + (i * 24 + 1) * H, now + (i * 24 + 9) * H + 12 * M);

    interface Dashboard {
      stores: Array<{
        storeId: string;
        scheduled: Array<{ employeeId: string; entry: unknown }>;
        onClockCount: number;
        unscheduled: Array<{ employeeId: string }>;
      }>;
      hours: Array<{ employeeId: string; overtimeRisk: boolean; projectedMinutes: number }>;
      pendingVerifications: number;
    }
    const d = await manager.query<Dashboard>("timeEntries:dashboard");
    const store = d.stores.find((s) => s.storeId === storeId)!;
    expect(store.scheduled.find((s) => s.employeeId === late.employeeId)).toMatchObject({ entry: null });
    expect(store.onClockCount).toBe(1);
    expect(store.unscheduled.map((u) => u.employeeId)).toEqual([walkIn.employeeId]);
    expect(d.pendingVerifications).toBeGreaterThanOrEqual(1);
    expect(await failure(staff.query("timeEntries:dashboard"))).toBe("You don't have permission to view time clocks");
    expect((await sudsOwner.query<Dashboard>("timeEntries:dashboard")).stores.some((s) => s.storeId === storeId)).toBe(false);
  });
});
