import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays, nextPeriod, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { belowMinimumWage } from "@tumble/domain/employees";
import { earlierOpenMessage, earlyLockMessage, periodLockedMessage } from "@tumble/domain/payrollMessages";
import { timeClockMessage } from "@tumble/domain/timeClock";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, payrollCompany, unique } from "./support/workforce.ts";

// @postgres: pay after a lock on the server database too (issue 30's goldens run on both).

// Nothing after a lock is lost (issue 30). While a period is locked, a change to its time or pay
// is refused, naming the period; once it is paid, the change is accepted, the paid figures stay as
// they were and the first open period after it pays the difference, overtime recomputed for the
// workweek it belongs to, and never twice.

const ZONE = "America/Chicago";
const H = 3_600_000;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

let server: TestServer;
let owner: Client;
let companyId: string;
let store: string;
let ana: string;
const db = () => server.database.db;

// Three weekly periods, Sunday to Saturday: P1 four weeks back, P2 and P3 after it.
const today = todayIn(ZONE);
const p1 = periodContaining(addDays(today, -28), SETTINGS);
const p2 = nextPeriod(p1, SETTINGS);
const p3 = nextPeriod(p2, SETTINGS);

const list = () => owner.query<PayPeriodListItem[]>("payPeriods:list", {});
const idOf = async (range: { startsOn: string }) => (await list()).find((p) => p.startsOn === range.startsOn)!.id;
const detail = async (range: { startsOn: string }) => owner.query<PayPeriodDetail>("payPeriods:get", { periodId: await idOf(range) });
const worked = (date: string, hours: number) =>
  insertWorkedEntry(db(), { companyId, employeeId: ana, storeId: store, ...morningOf(date, hours, ZONE), zone: ZONE });
const at = (date: string, hour: number) => startOfBusinessDay(date, ZONE) + hour * H;

beforeAll(async () => {
  server = await startTestServer();
  ({
    owner,
    companyId,
    storeId: store,
    employeeId: ana,
  } = await payrollCompany(server.url, { name: "Late Pay Suds", settings: SETTINGS, zone: ZONE, employeeName: "Ana Late" }));
});
afterAll(() => server?.stop());

describe("a period locked, then paid", () => {
  let tuesday: string;
  let pending: string;

  it("refuses while locked every change to its time, naming the period", async () => {
    // P1: Monday to Friday, 8 h a day at $15.00 = 40 h, $600.00.
    const days = [1, 2, 3, 4, 5].map((i) => addDays(p1.startsOn, i));
    const ids = [];
    for (const d of days) ids.push(await worked(d, 8));
    tuesday = ids[1];
    await owner.mutation("timeEntries:approve", { entryIds: ids });
    // A Saturday entry still waiting: locked over with a reason.
    pending = await worked(addDays(p1.startsOn, 6), 2);
    await owner.mutation("payPeriods:lock", { periodId: await idOf(p1), overrideReason: "Saturday is checked next week" });
    expect((await detail(p1)).grossCents).toBe(60_000);

    const locked = periodLockedMessage(p1.startsOn, p1.endsOn);
    expect(await failure(owner.mutation("timeEntries:correct", { entryId: tuesday, clockOut: at(days[1], 17), reason: "Stayed late" }))).toBe(locked);
    expect(await failure(owner.mutation("timeEntries:approve", { entryIds: [pending] }))).toBe(locked);
    expect(await failure(owner.mutation("timeEntries:reject", { entryIds: [pending], reason: "no" }))).toBe(locked);
    expect((await detail(p1)).grossCents).toBe(60_000);
  });

  it("once paid, accepts them and pays the difference in the next open period, overtime recomputed", async () => {
    await owner.mutation("payPeriods:markPaid", { periodId: await idOf(p1) });
    // Tuesday corrected from 8 h to 10 h: the week now has 42 h, 2 h of them overtime.
    await owner.mutation("timeEntries:correct", { entryId: tuesday, clockOut: at(addDays(p1.startsOn, 2), 17), reason: "Stayed late" });
    // The paid figures never move.
    expect((await detail(p1)).grossCents).toBe(60_000);
    // P2 pays the difference: 2 h × $15.00 straight = $30.00 + 2 h × $7.50 premium = $15.00 → $45.00.
    const next = await detail(p2);
    const line = next.lines.find((l) => l.employeeId === ana)!;
    expect(line.priorPeriods).toEqual([
      {
        periodId: await idOf(p1),
        startsOn: p1.startsOn,
        endsOn: p1.endsOn,
        regularMinutes: 0,
        overtimeMinutes: 120,
        doubleMinutes: 0,
        premiumCents: 1_500,
        wagesCents: 4_500,
        reimbursementCents: 0,
        deductionCents: 0,
        grossCents: 4_500,
      },
    ]);
    expect([line.grossCents, next.grossCents]).toEqual([4_500, 4_500]);
    // The list says what the detail says.
    expect((await list()).find((p) => p.startsOn === p2.startsOn)!.grossCents).toBe(4_500);
  });

  it("carries a later change once: what a frozen period already paid is not paid again", async () => {
    await owner.mutation("payPeriods:lock", { periodId: await idOf(p2) });
    await owner.mutation("payPeriods:markPaid", { periodId: await idOf(p2) });
    expect((await detail(p2)).grossCents).toBe(4_500);
    // Saturday's 2 h approved after both were paid: 44 h in the week, 2 more hours of overtime: $45.00, in P3 alone.
    await owner.mutation("timeEntries:approve", { entryIds: [pending] });
    const line = (await detail(p3)).lines.find((l) => l.employeeId === ana)!;
    expect(line.priorPeriods?.map((p) => [p.startsOn, p.overtimeMinutes, p.grossCents])).toEqual([[p1.startsOn, 120, 4_500]]);
    expect(line.grossCents).toBe(4_500);
    expect((await detail(p2)).grossCents).toBe(4_500);
    expect((await detail(p1)).grossCents).toBe(60_000);
  });
});

describe("corrections that would pay time wrongly", () => {
  const p4 = nextPeriod(p3, SETTINGS);

  it("refuses time in the future, over another entry of the person, or before the hire date", async () => {
    const monday = addDays(p4.startsOn, 1);
    const [first, second] = [await worked(monday, 4), await worked(addDays(monday, 1), 4)];
    await owner.mutation("timeEntries:approve", { entryIds: [first, second] });
    const correct = (entryId: string, clockIn: number, clockOut: number) =>
      owner.mutation("timeEntries:correct", { entryId, clockIn, clockOut, reason: "fix" });
    expect(await failure(correct(second, Date.now() - H, Date.now() + H))).toBe(timeClockMessage("correctionFuture"));
    // Tuesday's entry moved onto Monday 09:00–13:00, where Monday's 07:00–11:00 already is.
    expect(await failure(correct(second, at(monday, 9), at(monday, 13)))).toBe(timeClockMessage("correctionOverlap"));
    // Back to 2025, before Ana was hired (2026-01-01).
    expect(await failure(correct(second, at("2025-12-30", 7), at("2025-12-30", 11)))).toBe(timeClockMessage("correctionBeforeHire"));
    // Right after Monday's entry is fine.
    await correct(second, at(monday, 11), at(monday, 15));
  });

  it("pays an entry corrected onto another period in that period, the list and the detail agreeing", async () => {
    const before = { p3: (await detail(p3)).grossCents, p4: (await detail(p4)).grossCents };
    // An 8 h entry punched on p4's Thursday, corrected back onto p3's Wednesday (over a week earlier).
    const thursday = await worked(addDays(p4.startsOn, 4), 8);
    const wednesday = addDays(p3.startsOn, 3);
    await owner.mutation("timeEntries:correct", {
      entryId: thursday,
      clockIn: at(wednesday, 7),
      clockOut: at(wednesday, 15),
      reason: "Keyed on the wrong day",
    });
    // 8 h × $15.00 = $120.00 in p3, nothing more in p4.
    expect((await detail(p3)).grossCents).toBe(before.p3 + 12_000);
    expect((await detail(p4)).grossCents).toBe(before.p4);
    const listed = await list();
    expect(listed.find((p) => p.startsOn === p3.startsOn)!.grossCents).toBe(before.p3 + 12_000);
    expect(listed.find((p) => p.startsOn === p4.startsOn)!.grossCents).toBe(before.p4);
  });
});

describe("the statement", () => {
  it("adds up the year to date: the periods paid before it and this one", async () => {
    // P1 paid $600.00, P2 paid the late $45.00; P3 now holds the other late $45.00 and the moved 8 h ($120.00).
    // Year to date on P3's statement: 600 + 45 + 165 = $810.00.
    const p3Line = (await detail(p3)).lines.find((l) => l.employeeId === ana)!;
    expect(p3Line.grossCents).toBe(16_500);
    const file = await owner.query<{ base64: string }>("payroll:statement", { periodId: await idOf(p3), employeeId: ana });
    const dir = mkdtempSync(join(tmpdir(), "ytd-"));
    const pdf = join(dir, "p3.pdf");
    writeFileSync(pdf, Buffer.from(file.base64, "base64"));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toContain("Employee ID");
    expect(text).toMatch(/Year to date \(\d{4}, periods locked or paid through this one\)/);
    expect(text).toMatch(/Gross pay\s+\$810\.00/);
    expect(text).toContain("Paid late for");
  });
});

describe("run safeguards", () => {
  it("asks a reason to lock before the last day, and a confirmation while an earlier period with pay is open", async () => {
    const current = periodContaining(today, SETTINGS);
    const id = await idOf(current);
    expect(await failure(owner.mutation("payPeriods:lock", { periodId: id }))).toBe(earlyLockMessage(current.endsOn));
    // P3 (late pay and a moved entry) is the earliest period with pay still open.
    expect(await failure(owner.mutation("payPeriods:lock", { periodId: id, overrideReason: "Owner away next week" }))).toBe(
      earlierOpenMessage(p3.startsOn, p3.endsOn),
    );
    await owner.mutation("payPeriods:lock", { periodId: id, overrideReason: "Owner away next week", confirmEarlierOpen: true });
    expect((await detail(current)).locked).toMatchObject({ overrideReason: "Owner away next week" });
    expect(await failure(owner.mutation("payPeriods:markPaid", { periodId: id }))).toBe(earlierOpenMessage(p3.startsOn, p3.endsOn));
    await owner.mutation("payPeriods:reopen", { periodId: id, reason: "Too early" });
  });

  it("refuses an hourly rate under the company's minimum wage", async () => {
    const next = addDays(today, 7);
    expect(await failure(owner.mutation("employees:setRate", { employeeId: ana, rateCents: 500, effectiveFrom: next }))).toBe(belowMinimumWage(500, 725));
    await owner.mutation("companySettings:update", { section: "workforce", values: { minimumWageCents: 1_600 } });
    expect(await failure(owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1_550, effectiveFrom: next }))).toBe(belowMinimumWage(1_550, 1_600));
    await owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1_600, effectiveFrom: next });
  });

  it("offers a new company no period that ended before it existed", async () => {
    const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
    const email = `fresh-pay-${unique()}@example.com`;
    await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "payroll-pw-123", flow: "signUp" } });
    await sysadmin.mutation("systemAdmin:createCompany", { name: `Fresh ${unique()}`, ownerEmail: email });
    const fresh = await new Client(server.url).signIn(email, "payroll-pw-123");
    const periods = await fresh.query<PayPeriodListItem[]>("payPeriods:list", {});
    expect(periods.length).toBeGreaterThan(0);
    expect(periods.every((p) => p.endsOn >= todayIn("UTC", Date.now() - 86_400_000))).toBe(true);
  });
});
