import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays, nextPeriod, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { periodLockedMessage } from "@tumble/domain/payrollMessages";
import { timeClockMessage } from "@tumble/domain/timeClock";
import { recordPunch } from "../src/timeClock/punches.ts";
import { lockRow, race } from "./support/race.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, unique } from "./support/workforce.ts";

// @postgres: two overlapping shifts added at once for one person, exactly one is kept
// A shift added by hand (issue 30): a manager enters time a person worked and forgot to punch. It
// has no punches, waits in the queue until another manager approves it, is paid like punched time
// once approved, follows the pay-period lock rules (decision 0053) and survives punch replays.

const ZONE = "America/Chicago";
const H = 3_600_000;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;
const PASSWORD = "manual-pw-123";

let server: TestServer;
let owner: Client;
let manager: Client;
let companyId: string;
let store: string;
let ana: string;
let ownerName: string;
const db = () => server.database.db;

// Weekly periods, Sunday to Saturday: P1 five weeks back, then P2 and P3 (all past, all open at first).
const today = todayIn(ZONE);
const p1 = periodContaining(addDays(today, -35), SETTINGS);
const p2 = nextPeriod(p1, SETTINGS);
const p3 = nextPeriod(p2, SETTINGS);
const at = (date: string, hour: number) => startOfBusinessDay(date, ZONE) + hour * H;

const list = () => owner.query<PayPeriodListItem[]>("payPeriods:list", {});
const idOf = async (range: { startsOn: string }) => (await list()).find((p) => p.startsOn === range.startsOn)!.id;
const detail = async (range: { startsOn: string }) => owner.query<PayPeriodDetail>("payPeriods:get", { periodId: await idOf(range) });
const anaLine = async (range: { startsOn: string }) => (await detail(range)).lines.find((l) => l.employeeId === ana);

interface QueueEntry {
  _id: string;
  reviewStatus: string;
  punches: unknown[];
  manual: { by: string | null; reason: string } | null;
  effective: { clockInAt: number; clockOutAt: number; breakMinutes: number; workedMinutes: number };
}
const queue = async (date: string) => (await owner.query<{ entries: QueueEntry[] }>("timeEntries:list", { from: date, to: date, status: "all" })).entries;

const add = (client: Client, clockIn: number, clockOut: number, extra: Record<string, unknown> = {}) =>
  client.mutation<{ entryId: string }>("timeEntries:add", {
    employeeId: ana,
    storeId: store,
    clockIn,
    clockOut,
    breaks: 0,
    reason: "Forgot to punch",
    ...extra,
  });
const entryCount = async () =>
  Number(
    (
      await db()
        .selectFrom("timeEntries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("companyId", "=", companyId)
        .where("employeeId", "=", ana)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function signUp(email: string): Promise<Client> {
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: PASSWORD, flow: "signUp" } });
  return new Client(server.url).signIn(email, PASSWORD);
}

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  const ownerEmail = `manual-owner-${unique()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email: ownerEmail, password: PASSWORD, flow: "signUp" } });
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Manual Suds", ownerEmail }));
  owner = await new Client(server.url).signIn(ownerEmail, PASSWORD);
  const me = await db().selectFrom("users").select(["name", "email"]).where("email", "=", ownerEmail).executeTakeFirstOrThrow();
  ownerName = me.name ?? me.email!;
  // A second manager of the company: the one who approves what the owner adds.
  const managerEmail = `manual-manager-${unique()}@example.com`;
  manager = await signUp(managerEmail);
  const managerId = (await db().selectFrom("users").select("id").where("email", "=", managerEmail).executeTakeFirstOrThrow()).id;
  await db()
    .insertInto("memberships")
    .values({ id: `mm${unique()}`, companyId, userId: managerId, role: "MANAGER" })
    .execute();
  await db().updateTable("users").set({ activeCompanyId: companyId }).where("id", "=", managerId).execute();

  await owner.mutation("companySettings:update", { section: "workforce", values: SETTINGS });
  ({ storeId: store } = await owner.mutation<{ storeId: string }>("stores:create", { name: "Manual", address: "1 Manual St", timeZone: ZONE }));
  ({ employeeId: ana } = await owner.mutation<{ employeeId: string }>("employees:create", {
    name: "Ana Manual",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "2026-01-01",
    storeIds: [store],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "2026-01-01",
    username: `manual${unique()}`,
    pin: "4821",
  }));
});
afterAll(() => server?.stop());

describe("a forgotten shift added in an open period", () => {
  const monday = addDays(p3.startsOn, 1);
  let entryId: string;

  it("waits, without punches and marked as added by hand, for a manager other than the one who added it", async () => {
    ({ entryId } = await add(owner, at(monday, 7), at(monday, 15), { reason: "Kiosk was down" }));
    const [entry] = await queue(monday);
    expect(entry).toMatchObject({ _id: entryId, reviewStatus: "pending", punches: [], manual: { by: ownerName, reason: "Kiosk was down" } });
    expect(entry.effective).toMatchObject({ clockInAt: at(monday, 7), clockOutAt: at(monday, 15), breakMinutes: 0, workedMinutes: 480 });
    // Opening the queue approves clean entries automatically; never one added by hand.
    await owner.mutation("timeEntries:settle", { from: monday, to: monday });
    expect((await queue(monday))[0].reviewStatus).toBe("pending");
    expect(await failure(owner.mutation("timeEntries:approve", { entryIds: [entryId] }))).toBe(timeClockMessage("ownManualEntry"));
    expect((await queue(monday))[0].reviewStatus).toBe("pending");
    expect(await anaLine(p3)).toBeUndefined();
    const audit = await db().selectFrom("auditLog").select(["action", "actorId"]).where("entityId", "=", entryId).execute();
    expect(audit.map((a) => a.action)).toEqual(["add"]);
  });

  it("is paid once another manager approves it: 8 h × $15.00 = $120.00", async () => {
    await manager.mutation("timeEntries:approve", { entryIds: [entryId] });
    expect((await queue(monday))[0].reviewStatus).toBe("approved");
    const line = await anaLine(p3);
    expect([line?.regularMinutes, line?.overtimeMinutes, line?.grossCents]).toEqual([480, 0, 12_000]);
  });

  it("refuses overlapping, future, pre-hire, over-long and malformed shifts, changing nothing", async () => {
    const before = await entryCount();
    const now = Date.now();
    const refusals: Array<[() => Promise<unknown>, string]> = [
      // 10:00–12:00 on the Monday that already holds 07:00–15:00.
      [() => add(owner, at(monday, 10), at(monday, 12)), timeClockMessage("correctionOverlap")],
      [() => add(owner, now - H, now + H), timeClockMessage("manualFuture")],
      // Ana was hired on 2026-01-01.
      [() => add(owner, at("2025-12-30", 7), at("2025-12-30", 11)), timeClockMessage("correctionBeforeHire")],
      [() => add(owner, at(addDays(monday, 2), 6), at(addDays(monday, 3), 7)), timeClockMessage("shiftTooLong")],
      [() => add(owner, at(addDays(monday, 2), 9), at(addDays(monday, 2), 9)), timeClockMessage("correctionOrder")],
      [() => add(owner, at(addDays(monday, 2), 9), at(addDays(monday, 2), 10), { breaks: 60 }), timeClockMessage("correctionBreak")],
      [() => add(owner, at(addDays(monday, 2), 9), at(addDays(monday, 2), 10), { employeeId: "someone-else" }), timeClockMessage("manualEmployee")],
      [() => add(owner, at(addDays(monday, 2), 9), at(addDays(monday, 2), 10), { storeId: "somewhere-else" }), timeClockMessage("manualStore")],
      [
        () => add(owner, at(addDays(monday, 2), 9), at(addDays(monday, 2), 10), { reason: "  " }),
        `Invalid argument "reason": ${timeClockMessage("manualReasonRequired")}`,
      ],
    ];
    for (const [call, message] of refusals) expect(await failure(call())).toBe(message);
    expect(await entryCount()).toBe(before);
    expect((await anaLine(p3))?.grossCents).toBe(12_000);
  });

  it("refuses a time after the employee's end date", async () => {
    await db()
      .updateTable("employees")
      .set({ endDate: addDays(monday, 3) })
      .where("id", "=", ana)
      .execute();
    try {
      expect(await failure(add(owner, at(addDays(monday, 4), 7), at(addDays(monday, 4), 9)))).toBe(timeClockMessage("manualAfterEnd"));
    } finally {
      await db().updateTable("employees").set({ endDate: null }).where("id", "=", ana).execute();
    }
  });

  it("adds once when the same call is retried with its idempotency key", async () => {
    const before = await entryCount();
    const wednesday = addDays(monday, 2);
    const args = [owner, at(wednesday, 7), at(wednesday, 9), { idempotencyKey: `retry-${unique()}` }] as const;
    const first = await add(...args);
    const second = await add(...args);
    expect(second.entryId).toBe(first.entryId);
    expect(await entryCount()).toBe(before + 1);
  });

  it("a correction by the manager who added it leaves it waiting for another", async () => {
    const thursday = addDays(monday, 3);
    const { entryId: id } = await add(owner, at(thursday, 7), at(thursday, 9));
    await manager.mutation("timeEntries:approve", { entryIds: [id] });
    const corrected = await owner.mutation<{ approved: boolean }>("timeEntries:correct", { entryId: id, clockOut: at(thursday, 10), reason: "Stayed an hour" });
    expect(corrected.approved).toBe(false);
    expect((await queue(thursday)).find((e) => e._id === id)?.reviewStatus).toBe("pending");
  });
});

describe("a forgotten shift in a locked or paid period", () => {
  it("is refused while the period is locked, naming it", async () => {
    // P1 with a punched Monday of 4 h, approved and locked.
    const monday = addDays(p1.startsOn, 1);
    const punched = await insertWorkedEntry(db(), { companyId, employeeId: ana, storeId: store, ...morningOf(monday, 4, ZONE), zone: ZONE });
    await owner.mutation("timeEntries:approve", { entryIds: [punched] });
    await owner.mutation("payPeriods:lock", { periodId: await idOf(p1) });
    const before = await entryCount();
    const tuesday = addDays(p1.startsOn, 2);
    expect(await failure(add(owner, at(tuesday, 7), at(tuesday, 15)))).toBe(periodLockedMessage(p1.startsOn, p1.endsOn));
    expect(await entryCount()).toBe(before);
  });

  it("is accepted once the period is paid and paid in the next open period as a prior-period line", async () => {
    // P2 paid with Monday's punched 8 h: $120.00, frozen.
    const monday = addDays(p2.startsOn, 1);
    const punched = await insertWorkedEntry(db(), { companyId, employeeId: ana, storeId: store, ...morningOf(monday, 8, ZONE), zone: ZONE });
    await owner.mutation("timeEntries:approve", { entryIds: [punched] });
    await owner.mutation("payPeriods:lock", { periodId: await idOf(p2) });
    await owner.mutation("payPeriods:markPaid", { periodId: await idOf(p2) });
    expect((await detail(p2)).grossCents).toBe(12_000);
    const p3Before = (await anaLine(p3))!.grossCents;

    // A forgotten Wednesday of 6 h 30 min with a 30 min break: 6 h worked × $15.00 = $90.00.
    const wednesday = addDays(p2.startsOn, 3);
    const { entryId } = await add(owner, at(wednesday, 9), at(wednesday, 15) + 30 * 60_000, { breaks: 30 });
    await manager.mutation("timeEntries:approve", { entryIds: [entryId] });
    // The paid figures never move; P3 pays the 6 h (14 h in the week: no overtime).
    expect((await detail(p2)).grossCents).toBe(12_000);
    const line = (await anaLine(p3))!;
    expect(line.priorPeriods?.map((p) => [p.startsOn, p.regularMinutes, p.overtimeMinutes, p.wagesCents, p.grossCents])).toEqual([
      [p2.startsOn, 360, 0, 9_000, 9_000],
    ]);
    expect(line.grossCents).toBe(p3Before + 9_000);
  });
});

describe("punch replays", () => {
  it("keep a shift added by hand when punches are recorded around it", async () => {
    // Yesterday 07:00–09:00 added by hand; then the kiosk sends offline punches of 05:00 and 10:00–11:00 that day.
    const yesterday = addDays(today, -1);
    const { entryId } = await add(owner, at(yesterday, 7), at(yesterday, 9));
    const punch = (action: "clockIn" | "clockOut", hour: number) =>
      db()
        .transaction()
        .execute((trx) =>
          recordPunch(trx, {
            companyId,
            employeeId: ana,
            storeId: store,
            action,
            now: Date.now(),
            source: "phone",
            offline: true,
            deviceTime: at(yesterday, hour),
          }),
        );
    await punch("clockIn", 10);
    await punch("clockOut", 11);
    // A punch before the added shift replays the day from 05:00 on.
    await punch("clockIn", 5);
    await punch("clockOut", 6);
    const entries = await queue(yesterday);
    const manual = entries.find((e) => e._id === entryId);
    expect(manual).toMatchObject({ punches: [], manual: { reason: "Forgot to punch" } });
    expect(manual?.effective).toMatchObject({ clockInAt: at(yesterday, 7), clockOutAt: at(yesterday, 9) });
    expect(
      entries
        .filter((e) => e.manual === null)
        .map((e) => [e.effective.clockInAt, e.effective.clockOutAt])
        .sort(),
    ).toEqual([
      [at(yesterday, 5), at(yesterday, 6)],
      [at(yesterday, 10), at(yesterday, 11)],
    ]);
  });
});

describe("two shifts added at once", () => {
  it("keeps exactly one of two overlapping shifts for the same person", async () => {
    const friday = addDays(p3.startsOn, 5);
    const before = await entryCount();
    // Both calls wait on Ana's row until both are in flight, then are checked one after the other.
    const { ok, errors } = await race(
      server,
      [() => add(owner, at(friday, 7), at(friday, 15)), () => add(manager, at(friday, 9), at(friday, 17))],
      [lockRow("employees", ana)],
    );
    expect(ok).toBe(1);
    expect(errors).toEqual([timeClockMessage("correctionOverlap")]);
    expect(await entryCount()).toBe(before + 1);
  });
});
