import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { periodLockedMessage } from "@tumble/domain/payrollMessages";
import { timeClockMessage } from "@tumble/domain/timeClock";
import { tooEarlyMessage } from "@tumble/domain/timeEntryReview";
import { formatClock } from "@tumble/domain/dateFormat";
import { EMPLOYEE_MESSAGES } from "@tumble/domain/employees";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, payrollCompany, TEST_PIN, unique } from "./support/workforce.ts";

// @postgres: every correction path's refusals on the server database too.

// Every way to change a time answers to the same rules (issue 30, decision 0053): the older
// timeclock:correct as well as timeEntries:correct and :add. And an entry a correction moved to
// another week still blocks a second shift on the hours it now holds.

const ZONE = "America/Chicago";
const H = 3_600_000;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

let server: TestServer;
let owner: Client;
let companyId: string;
let store: string;
let ana: string;
const db = () => server.database.db;
const today = todayIn(ZONE);
const locked = periodContaining(addDays(today, -21), SETTINGS);
const open = periodContaining(addDays(today, -7), SETTINGS);
const at = (date: string, hour: number) => startOfBusinessDay(date, ZONE) + hour * H;
const worked = (date: string, from: number, to: number) =>
  insertWorkedEntry(db(), { companyId, employeeId: ana, storeId: store, clockInAt: at(date, from), clockOutAt: at(date, to), zone: ZONE });
const idOf = async (range: { startsOn: string }) =>
  (await owner.query<PayPeriodListItem[]>("payPeriods:list", {})).find((p) => p.startsOn === range.startsOn)!.id;

beforeAll(async () => {
  server = await startTestServer();
  ({
    owner,
    companyId,
    storeId: store,
    employeeId: ana,
  } = await payrollCompany(server.url, { name: "Every Path Suds", settings: SETTINGS, zone: ZONE, employeeName: "Ana Path" }));
});
afterAll(() => server?.stop());

describe("timeclock:correct", () => {
  it("refuses a locked period, the future, an overlap and a shift over 24 hours, changing nothing", async () => {
    const monday = addDays(locked.startsOn, 1);
    const entry = await worked(monday, 8, 16);
    const other = await worked(monday, 17, 20);
    await owner.mutation("timeEntries:approve", { entryIds: [entry, other] });
    await owner.mutation("payPeriods:lock", { periodId: await idOf(locked) });
    const before = (await owner.query<PayPeriodDetail>("payPeriods:get", { periodId: await idOf(locked) })).grossCents;
    // 8 + 3 h at $15.00 = $165.00.
    expect(before).toBe(16_500);
    const correct = (clockInAt: number, clockOutAt: number | null, entryId = entry) =>
      owner.mutation("timeclock:correct", { entryId, clockInAt, clockOutAt, breakMinutes: 0, reason: "Fix" });
    expect(await failure(correct(at(monday, 8), at(monday, 15)))).toBe(periodLockedMessage(locked.startsOn, locked.endsOn));

    const tuesday = addDays(open.startsOn, 2);
    const later = await worked(tuesday, 8, 12);
    await worked(tuesday, 13, 17);
    expect(await failure(correct(at(tuesday, 8), Date.now() + H, later))).toBe(timeClockMessage("correctionFuture"));
    expect(await failure(correct(at(tuesday, 8), at(tuesday, 14), later))).toBe(timeClockMessage("correctionOverlap"));
    expect(await failure(correct(at(tuesday, 8), at(tuesday, 8) + 25 * H, later))).toBe(timeClockMessage("shiftTooLong"));
    const corrections = await db().selectFrom("timeEntryCorrections").select("id").where("companyId", "=", companyId).execute();
    expect(corrections).toHaveLength(0);
    // A correction that breaks no rule is kept (and waits for approval: it does not approve).
    await correct(at(tuesday, 7), at(tuesday, 12), later);
    expect((await owner.query<PayPeriodDetail>("payPeriods:get", { periodId: await idOf(locked) })).grossCents).toBe(before);
  });
});

describe("an entry moved to another week", () => {
  it("still holds its new hours: a shift added over them is refused", async () => {
    // Punched Monday 06:00–07:00, corrected onto Friday 08:00–16:00: four days from its punches.
    const monday = addDays(open.startsOn, 1);
    const entry = await worked(monday, 6, 7);
    const friday = addDays(open.startsOn, 5);
    await owner.mutation("timeEntries:correct", { entryId: entry, clockIn: at(friday, 8), clockOut: at(friday, 16), reason: "Wrong day punched" });
    expect(
      await failure(
        owner.mutation("timeEntries:add", { employeeId: ana, storeId: store, clockIn: at(friday, 9), clockOut: at(friday, 12), breaks: 0, reason: "Forgot" }),
      ),
    ).toBe(timeClockMessage("correctionOverlap"));
    // Its old hours on Monday are free again.
    await owner.mutation("timeEntries:add", { employeeId: ana, storeId: store, clockIn: at(monday, 6), clockOut: at(monday, 7), breaks: 0, reason: "Forgot" });
  });
});

describe("a clock-in outside the employment", () => {
  it("is refused before the hire date and after the end date; a salary of $0.00 is refused", async () => {
    const { kioskToken } = await owner.mutation<{ kioskToken: string }>("kiosks:register", { storeId: store, name: "Counter" });
    const hire = async (hireDate: string) => {
      const username = `emp${unique()}`;
      const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
        name: `Person ${username}`,
        email: "",
        phone: "",
        position: "Attendant",
        hireDate,
        storeIds: [store],
        payType: "hourly",
        rateCents: 1500,
        effectiveFrom: "2026-01-01",
        username,
        pin: TEST_PIN,
      });
      return { employeeId, username };
    };
    const clockIn = (username: string) => new Client(server.url).action("timeclock:punch", { kioskToken, username, pin: TEST_PIN, action: "clockIn" });
    const starting = await hire(addDays(today, 3));
    expect(await failure(clockIn(starting.username))).toBe(timeClockMessage("beforeHire"));
    const leaving = await hire("2026-01-01");
    await db()
      .updateTable("employees")
      .set({ endDate: addDays(today, -2) })
      .where("id", "=", leaving.employeeId)
      .execute();
    expect(await failure(clockIn(leaving.username))).toBe(timeClockMessage("afterEnd"));
    const punches = await db().selectFrom("punches").select("id").where("employeeId", "in", [starting.employeeId, leaving.employeeId]).execute();
    expect(punches).toHaveLength(0);
    expect(await failure(owner.mutation("employees:setRate", { employeeId: ana, payType: "salary", rateCents: 0, effectiveFrom: addDays(today, 10) }))).toBe(
      EMPLOYEE_MESSAGES.salaryZero.en,
    );
  });
});

describe("a clock-in hours before a scheduled shift", () => {
  it("is refused, saying when to come, when the company says so; else taken and shown as arrived early", async () => {
    const { kioskToken } = await owner.mutation<{ kioskToken: string }>("kiosks:register", { storeId: store, name: "Early counter" });
    const username = `early${unique()}`;
    const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
      name: "Eve Early",
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "2026-01-01",
      storeIds: [store],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "2026-01-01",
      username,
      pin: TEST_PIN,
    });
    // Her published shift starts in five hours.
    const startsAt = Math.ceil((Date.now() + 5 * H) / 60_000) * 60_000;
    await db()
      .insertInto("shifts")
      .values({
        id: `sh${unique()}`,
        companyId,
        storeId: store,
        employeeId,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + 4 * H),
        breakMinutes: 0,
        status: "published",
        publishedAt: new Date(),
        publishedEmployeeId: employeeId,
        publishedStartsAt: new Date(startsAt),
        publishedEndsAt: new Date(startsAt + 4 * H),
        publishedBreakMinutes: 0,
      })
      .execute();
    const punch = (action: string) => new Client(server.url).action("timeclock:punch", { kioskToken, username, pin: TEST_PIN, action });
    await owner.mutation("companySettings:update", { section: "workforce", values: { ...SETTINGS, earlyClockIn: "refuse", earlyClockInMinutes: 15 } });
    // 24-hour times in the store's zone, as every workforce screen shows them.
    const time = (at: number) => formatClock(at, ZONE);
    expect(time(startsAt)).toMatch(/^\d{2}:\d{2}$/);
    expect(await failure(punch("clockIn"))).toBe(tooEarlyMessage(time(startsAt), time(startsAt - 15 * 60_000)));
    // The kiosk and the phone say it in the reader's language by this code (decision 0067).
    const early = await failureOf(punch("clockIn"));
    expect(early.data).toEqual({ code: "timeClock.tooEarly", params: { startsAt: time(startsAt), from: time(startsAt - 15 * 60_000) } });
    expect(refusalText(early.data, "es")).toBe(
      `Demasiado pronto: tu turno empieza a las ${time(startsAt)}; puedes marcar entrada desde las ${time(startsAt - 15 * 60_000)}`,
    );
    expect(await db().selectFrom("punches").select("id").where("employeeId", "=", employeeId).execute()).toHaveLength(0);

    await owner.mutation("companySettings:update", { section: "workforce", values: { ...SETTINGS, earlyClockIn: "flag" } });
    await punch("clockIn");
    await punch("clockOut");
    const date = todayIn(ZONE);
    const queue = await owner.query<{ entries: Array<{ employeeId: string; shift: unknown; exceptions: string[] }> }>("timeEntries:list", {
      from: addDays(date, -1),
      to: date,
      status: "all",
    });
    const entry = queue.entries.find((e) => e.employeeId === employeeId)!;
    expect(entry.shift).not.toBeNull();
    expect(entry.exceptions).toContain("arrivedEarly");
    expect(entry.exceptions).not.toContain("unscheduled");
  });
});

describe("a salaried person's employment dates", () => {
  it("are refused into a locked period (they decide its salary days); an hourly person's are not", async () => {
    const username = `sal${unique()}`;
    const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
      name: "Sal Aried",
      email: "",
      phone: "",
      position: "Manager",
      hireDate: "2026-01-01",
      storeIds: [store],
      payType: "salary",
      rateCents: 70_000,
      effectiveFrom: "2026-01-01",
      username,
      pin: TEST_PIN,
    });
    const update = (id: string, name: string, user: string, endDate: string) =>
      owner.mutation("employees:update", {
        employeeId: id,
        name,
        email: "",
        phone: "",
        position: "Manager",
        hireDate: "2026-01-01",
        storeIds: [store],
        status: "terminated",
        endDate,
        username: user,
      });
    // The period three weeks back was locked above: ending the salary inside it would change it.
    const inLocked = addDays(locked.startsOn, 2);
    expect(await failure(update(employeeId, "Sal Aried", username, inLocked))).toBe(periodLockedMessage(locked.startsOn, locked.endsOn));
    const row = await db().selectFrom("employees").select(["status", "endDate"]).where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "active", endDate: null });
    // After the locked period: accepted.
    await update(employeeId, "Sal Aried", username, addDays(today, 1));
    // Hourly pay follows the time entries: an hourly person's end date is not a salary change.
    const { employeeId: hourly, username: hourlyName } = await (async () => {
      const u = `hour${unique()}`;
      const r = await owner.mutation<{ employeeId: string }>("employees:create", {
        name: "Hour Ly",
        email: "",
        phone: "",
        position: "Attendant",
        hireDate: "2026-01-01",
        storeIds: [store],
        payType: "hourly",
        rateCents: 1500,
        effectiveFrom: "2026-01-01",
        username: u,
        pin: TEST_PIN,
      });
      return { employeeId: r.employeeId, username: u };
    })();
    await update(hourly, "Hour Ly", hourlyName, inLocked);
  });
});
