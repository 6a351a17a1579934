import { describe, expect, it } from "vitest";
import { startOfBusinessDay } from "./businessDate.ts";
import type { RateRow } from "./employees.ts";
import {
  adjustArgsSchema,
  calculatePayPeriod,
  lockArgsSchema,
  roundHalfAwayFromZero,
  type PayCalculationInput,
  type PayInputAdjustment,
  type PayInputEmployee,
  type PayInputEntry,
  type PayLine,
} from "./payroll.ts";

// Golden tests: every figure below is worked out by hand in the comment above its assertion.
// Rates are cents per hour (hourly) or cents per pay period (salary). "h" = hours.

const ZONE = "America/Chicago";
const DOWNTOWN = { storeId: "s-down", storeName: "Downtown" };
const UPTOWN = { storeId: "s-up", storeName: "Uptown" };
let nextId = 0;

/** A verified entry on `date` from `start` (HH:mm, Chicago) lasting `hours` (+ break minutes unpaid). */
function entry(date: string, start: string, hours: number, opts: Partial<PayInputEntry> & { breakMinutes?: number } = {}): PayInputEntry {
  const [h, m] = start.split(":").map(Number);
  const clockInAt = startOfBusinessDay(date, ZONE) + (h * 60 + m) * 60_000;
  const breakMinutes = opts.breakMinutes ?? 0;
  return {
    id: `e${++nextId}`,
    employeeId: "ana",
    ...DOWNTOWN,
    timeZone: ZONE,
    clockInAt,
    clockOutAt: clockInAt + Math.round(hours * 60 + breakMinutes) * 60_000,
    breakMinutes,
    status: "approved",
    ...opts,
  };
}

const hourly = (rateCents: number, effectiveFrom = "2026-01-01"): RateRow => ({ effectiveFrom, rateCents, payType: "hourly" });
const employee = (id: string, rates: RateRow[], extra: Partial<PayInputEmployee> = {}): PayInputEmployee => ({
  id,
  name: id[0].toUpperCase() + id.slice(1),
  position: "Attendant",
  language: "en",
  active: true,
  rates,
  ...extra,
});

function calc(input: Partial<PayCalculationInput> & Pick<PayCalculationInput, "period" | "entries" | "employees">) {
  return calculatePayPeriod({ workweekStart: "sunday", overtimePreset: "federal", adjustments: [], ...input });
}
const lineOf = (lines: PayLine[], id = "ana") => {
  const line = lines.find((l) => l.employeeId === id);
  if (!line) throw new Error(`no line for ${id}`);
  return line;
};
const money = (l: PayLine) => ({
  regularMinutes: l.regularMinutes,
  overtimeMinutes: l.overtimeMinutes,
  doubleMinutes: l.doubleMinutes,
  regularCents: l.regularCents,
  overtimeCents: l.overtimeCents,
  doubleCents: l.doubleCents,
  wagesCents: l.wagesCents,
  grossCents: l.grossCents,
});

// The week of Sunday 2026-03-01 to Saturday 2026-03-07.
const WEEK1 = { startsOn: "2026-03-01", endsOn: "2026-03-07" };

describe("pay calculation (golden figures)", () => {
  it("a single-rate week of 45 hours", () => {
    // $15.00/h, Monday to Friday 9 h each = 45 h.
    // Straight time 45 h × $15 = $675.00 (67,500¢). Regular rate $15; overtime 45 − 40 = 5 h.
    // Premium 5 h × 0.5 × $15 = $37.50 (3,750¢). Wages = $712.50 (= 40 × 15 + 5 × 22.50).
    const entries = ["02", "03", "04", "05", "06"].map((d) => entry(`2026-03-${d}`, "08:00", 9));
    const result = calc({ period: WEEK1, entries, employees: [employee("ana", [hourly(1500)])] });
    expect(money(lineOf(result.lines))).toEqual({
      regularMinutes: 2400,
      overtimeMinutes: 300,
      doubleMinutes: 0,
      regularCents: 67_500,
      overtimeCents: 3_750,
      doubleCents: 0,
      wagesCents: 71_250,
      grossCents: 71_250,
    });
    // The last 5 hours worked (Friday's) are the overtime.
    expect(lineOf(result.lines).days.map((d) => d.overtimeMinutes)).toEqual([0, 0, 0, 0, 300]);
    expect(lineOf(result.lines).workweeks).toEqual([
      expect.objectContaining({ minutes: 2700, overtimeMinutes: 300, regularRateCents: 1500, premiumCents: 3750, paidInPeriod: true }),
    ]);
    expect(result.totals).toMatchObject({ employeeCount: 1, overtimeCostCents: 3_750, grossCents: 71_250 });
  });

  it("a two-store week at two rates pays overtime at the weighted regular rate", () => {
    // $15.00/h until Tuesday, $18.00/h from Wednesday 2026-03-04.
    // Mon 10 h Downtown + Tue 10 h Uptown at $15 = $300.00; Wed 10 h Downtown + Thu 10 h Uptown +
    // Fri 10 h Downtown at $18 = $540.00. 50 h across both stores, straight time $840.00.
    // Regular rate = $840 / 50 h = $16.80; overtime 10 h; premium 10 × $8.40 = $84.00.
    // Wages = $924.00 (not $930.00, which paying the overtime at 1.5 × $18 would give).
    const entries = [
      entry("2026-03-02", "07:00", 10),
      entry("2026-03-03", "07:00", 10, UPTOWN),
      entry("2026-03-04", "07:00", 10),
      entry("2026-03-05", "07:00", 10, UPTOWN),
      entry("2026-03-06", "07:00", 10),
    ];
    const line = lineOf(calc({ period: WEEK1, entries, employees: [employee("ana", [hourly(1500), hourly(1800, "2026-03-04")])] }).lines);
    expect(money(line)).toEqual({
      regularMinutes: 2400,
      overtimeMinutes: 600,
      doubleMinutes: 0,
      regularCents: 84_000,
      overtimeCents: 8_400,
      doubleCents: 0,
      wagesCents: 92_400,
      grossCents: 92_400,
    });
    expect(line.workweeks[0]).toMatchObject({ straightTimeCents: 84_000, regularRateCents: 1680, premiumCents: 8_400 });
    expect(line.days.map((d) => [d.date, d.storeName, d.rateCents, d.minutes, d.straightCents])).toEqual([
      ["2026-03-02", "Downtown", 1500, 600, 15_000],
      ["2026-03-03", "Uptown", 1500, 600, 15_000],
      ["2026-03-04", "Downtown", 1800, 600, 18_000],
      ["2026-03-05", "Uptown", 1800, 600, 18_000],
      ["2026-03-06", "Downtown", 1800, 600, 18_000],
    ]);
  });

  it("a mid-week raise is honoured from its date and the premium is rounded only at the end", () => {
    // Week Sun 2026-03-08 – Sat 03-14. $15.25/h, raised to $16.10/h from Thursday 03-12.
    // Mon 8:30 h (510 min), Tue 8 h, Wed 8 h = 1,470 min at 1,525¢ → 2,241,750 ¢·min/h;
    // Thu 9:15 h (555 min), Fri 08:00–17:30 less a 30-min break (540 min) = 1,095 min at 1,610¢ → 1,762,950.
    // Total 2,565 min (42.75 h); straight time 4,004,700 / 60 = 66,745¢ ($667.45) exactly.
    // Regular rate = 4,004,700 / 2,565 = 1,561.2865…¢/h; overtime 2.75 h (165 min).
    // Premium = 4,004,700 × 165 / (120 × 2,565) = 660,775,500 / 307,800 = 2,146.77¢ → 2,147¢.
    // (Rounding the regular rate first, 1,561¢ × 0.5 × 2.75 = 2,146.375 → 2,146¢, would lose a cent.)
    // Wages = 66,745 + 2,147 = 68,892¢.
    const entries = [
      entry("2026-03-09", "08:00", 8.5),
      entry("2026-03-10", "08:00", 8),
      entry("2026-03-11", "08:00", 8),
      entry("2026-03-12", "08:00", 9.25),
      entry("2026-03-13", "08:00", 9, { breakMinutes: 30 }),
    ];
    const line = lineOf(
      calc({
        period: { startsOn: "2026-03-08", endsOn: "2026-03-14" },
        entries,
        employees: [employee("ana", [hourly(1525), hourly(1610, "2026-03-12")])],
      }).lines,
    );
    expect(money(line)).toEqual({
      regularMinutes: 2400,
      overtimeMinutes: 165,
      doubleMinutes: 0,
      regularCents: 66_745,
      overtimeCents: 2_147,
      doubleCents: 0,
      wagesCents: 68_892,
      grossCents: 68_892,
    });
    expect(line.days.map((d) => d.rateCents)).toEqual([1525, 1525, 1525, 1610, 1610]);
    expect(line.workweeks[0].regularRateCents).toBe(1561);
  });

  describe("a semi-monthly period cut through workweeks (workweek from Thursday, $20.00/h)", () => {
    // Period 2026-03-01 – 03-15. Workweeks: A Thu 02-26 – Wed 03-04, B 03-05 – 03-11, C Thu 03-12 – Wed 03-18.
    // A: Thu 02-26, Fri 02-27, Sat 02-28 10 h each (previous period, 30 h), Mon 03-02 10 h, Tue 03-03 5 h → 45 h,
    //    overtime 5 h = Tuesday's 5 h (the hours after the 40th). A ends in this period: its premium is paid here.
    // B: Thu–Sun 03-05..03-08, 8 h each = 32 h, no overtime.
    // C: Thu 03-12, Fri 03-13, Sat 03-14 12 h each, Sun 03-15 8 h (44 h in this period), Mon 03-16 8 h (next) → 52 h,
    //    overtime 12 h = the last 4 h of Sunday and all 8 h of Monday. C ends 03-18: its premium is paid next period.
    const entries = [
      ...["2026-02-26", "2026-02-27", "2026-02-28", "2026-03-02"].map((d) => entry(d, "07:00", 10)),
      entry("2026-03-03", "07:00", 5),
      ...["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"].map((d) => entry(d, "07:00", 8)),
      ...["2026-03-12", "2026-03-13", "2026-03-14"].map((d) => entry(d, "07:00", 12)),
      entry("2026-03-15", "07:00", 8),
      entry("2026-03-16", "07:00", 8),
    ];
    const base = { entries, employees: [employee("ana", [hourly(2000)])], workweekStart: "thursday" as const };

    it("pays straight time for its own days and the premium of the week that ends in it", () => {
      // Straight time: 15 h (A) + 32 h (B) + 44 h (C) = 91 h × $20 = $1,820.00.
      // Premium of A: 5 h × $10 = $50.00. Regular minutes 91 h − 5 h = 86 h (5,160); C's are straight time here.
      const line = lineOf(calc({ ...base, period: { startsOn: "2026-03-01", endsOn: "2026-03-15" } }).lines);
      expect(money(line)).toEqual({
        regularMinutes: 5160,
        overtimeMinutes: 300,
        doubleMinutes: 0,
        regularCents: 182_000,
        overtimeCents: 5_000,
        doubleCents: 0,
        wagesCents: 187_000,
        grossCents: 187_000,
      });
      expect(line.workweeks.map((w) => [w.startsOn, w.minutes, w.overtimeMinutes, w.paidInPeriod])).toEqual([
        ["2026-02-26", 2700, 300, true],
        ["2026-03-05", 1920, 0, true],
        ["2026-03-12", 3120, 720, false],
      ]);
    });

    it("the previous period pays its days at straight time only", () => {
      // 02-16 – 02-28 holds Thu–Sat of week A: 30 h × $20 = $600.00, no premium (A ends 03-04).
      const line = lineOf(calc({ ...base, period: { startsOn: "2026-02-16", endsOn: "2026-02-28" } }).lines);
      expect(money(line)).toEqual({
        regularMinutes: 1800,
        overtimeMinutes: 0,
        doubleMinutes: 0,
        regularCents: 60_000,
        overtimeCents: 0,
        doubleCents: 0,
        wagesCents: 60_000,
        grossCents: 60_000,
      });
    });

    it("the next period pays the rest of week C and its whole premium", () => {
      // 03-16 – 03-31: Monday 8 h × $20 = $160.00 straight; C's premium 12 h × $10 = $120.00.
      // Its 8 h are all overtime, so no regular minutes; the 12 overtime hours include Sunday's 4 (previous period).
      const line = lineOf(calc({ ...base, period: { startsOn: "2026-03-16", endsOn: "2026-03-31" } }).lines);
      expect(money(line)).toEqual({
        regularMinutes: 0,
        overtimeMinutes: 720,
        doubleMinutes: 0,
        regularCents: 16_000,
        overtimeCents: 12_000,
        doubleCents: 0,
        wagesCents: 28_000,
        grossCents: 28_000,
      });
    });
  });

  describe("the California preset", () => {
    // Seven consecutive days of the week Sun 03-01 – Sat 03-07 at $20.00/h:
    //   Sun 10 h → 8 regular, 2 daily OT          (weekly regular so far 8)
    //   Mon 13 h → 8 regular, 4 OT, 1 double       (16)
    //   Tue  8 h → 8 regular                       (24)
    //   Wed  8 h → 8 regular                       (32)
    //   Thu  6 h → 6 regular                       (38)
    //   Fri  6 h → 2 regular, 4 weekly OT          (40: daily OT did not count toward the 40)
    //   Sat  9 h, the 7th day → first 8 h OT, 1 h double
    // 60 h: 40 regular, 18 overtime (2 + 4 + 4 + 8), 2 double (1 + 1).
    // Straight time 60 × $20 = $1,200.00; premiums 18 × $10 = $180.00 and 2 × $20 = $40.00; wages $1,420.00
    // (= 40 × $20 + 18 × $30 + 2 × $40).
    const hours = [10, 13, 8, 8, 6, 6, 9];
    const entries = hours.map((h, i) => entry(`2026-03-0${i + 1}`, "06:00", h));
    const employees = [employee("ana", [hourly(2000)])];

    it("daily overtime, double time and the seventh day, without counting daily overtime again weekly", () => {
      const line = lineOf(calc({ period: WEEK1, entries, employees, overtimePreset: "california" }).lines);
      expect(money(line)).toEqual({
        regularMinutes: 2400,
        overtimeMinutes: 1080,
        doubleMinutes: 120,
        regularCents: 120_000,
        overtimeCents: 18_000,
        doubleCents: 4_000,
        wagesCents: 142_000,
        grossCents: 142_000,
      });
      expect(line.days.map((d) => [d.overtimeMinutes / 60, d.doubleMinutes / 60])).toEqual([
        [2, 0],
        [4, 1],
        [0, 0],
        [0, 0],
        [0, 0],
        [4, 0],
        [8, 1],
      ]);
    });

    it("the federal rule on the same week: 20 h of weekly overtime", () => {
      // 60 − 40 = 20 h × $10 = $200.00 premium; wages $1,400.00.
      const line = lineOf(calc({ period: WEEK1, entries, employees, overtimePreset: "federal" }).lines);
      expect([line.overtimeMinutes, line.doubleMinutes, line.overtimeCents, line.wagesCents]).toEqual([1200, 0, 20_000, 140_000]);
    });

    it("no seventh-day rule when a day of the week was not worked", () => {
      // Without Sunday (six days): Mon 13 h → 8 regular, 4 OT, 1 double (weekly regular 8);
      // Tue 8, Wed 8, Thu 6, Fri 6 → regular, weekly regular 36;
      // Sat 9 h → daily 8 regular + 1 daily OT; of those 8, 4 take the week to 40 and 4 are weekly OT.
      // OT 4 + 1 + 4 = 9 h; double 1 h (Saturday is not a seventh day).
      const line = lineOf(calc({ period: WEEK1, entries: entries.slice(1), employees, overtimePreset: "california" }).lines);
      expect([line.overtimeMinutes / 60, line.doubleMinutes / 60]).toEqual([9, 1]);
    });
  });

  it("salaried employees get their period amount, prorated by day at each rate; adjustments", () => {
    // Semi-monthly 2026-03-01 – 03-15 (15 days).
    // Bea: $2,000.00 a period, $2,300.00 from 03-11: 10 days × 200,000/15 + 5 days × 230,000/15
    //      = 3,150,000 / 15 = 210,000¢. Her 50 verified hours are exempt: no hourly pay, no overtime.
    //      Bonus $50.00 + commission $25.50 → wages 210,000 + 5,000 + 2,550 = 217,550¢;
    //      reimbursement $12.34 (not wages) and deduction $10.00 → gross 217,550 + 1,234 − 1,000 = 217,784¢.
    // Cal: salaried from 03-06 (first rate), $1,000.00 a period: 10 of 15 days → 66,666.67¢ → 66,667¢.
    // Dan: hourly, no time, only a $100.00 bonus → a line of 10,000¢.
    // Eve: salaried but inactive → no line.
    const salary = (rateCents: number, effectiveFrom = "2026-01-01"): RateRow => ({ effectiveFrom, rateCents, payType: "salary" });
    const adjustments: PayInputAdjustment[] = [
      { id: "a1", employeeId: "bea", kind: "bonus", amountCents: 5_000, reason: "Great month", createdAt: 1, createdByName: "Olga" },
      { id: "a2", employeeId: "bea", kind: "commission", amountCents: 2_550, reason: "Wash-and-fold", createdAt: 2, createdByName: "Olga" },
      { id: "a3", employeeId: "bea", kind: "reimbursement", amountCents: 1_234, reason: "Supplies", createdAt: 3, createdByName: "Olga" },
      { id: "a4", employeeId: "bea", kind: "deduction", amountCents: 1_000, reason: "Uniform", createdAt: 4, createdByName: "Olga" },
      { id: "a5", employeeId: "dan", kind: "bonus", amountCents: 10_000, reason: "Referral", createdAt: 5, createdByName: "Olga" },
    ];
    const entries = ["02", "03", "04", "05", "06"].map((d) => entry(`2026-03-${d}`, "07:00", 10, { employeeId: "bea" }));
    const result = calc({
      period: { startsOn: "2026-03-01", endsOn: "2026-03-15" },
      entries,
      adjustments,
      employees: [
        employee("bea", [salary(200_000), salary(230_000, "2026-03-11")]),
        employee("cal", [salary(100_000, "2026-03-06")]),
        employee("dan", [hourly(1500)]),
        employee("eve", [salary(300_000)], { active: false }),
      ],
    });
    expect(result.lines.map((l) => l.employeeId)).toEqual(["bea", "cal", "dan"]);
    const bea = lineOf(result.lines, "bea");
    expect([
      bea.payType,
      bea.salaryCents,
      bea.regularCents,
      bea.overtimeMinutes,
      bea.wagesCents,
      bea.reimbursementCents,
      bea.deductionCents,
      bea.grossCents,
    ]).toEqual(["salary", 210_000, 0, 0, 217_550, 1_234, 1_000, 217_784]);
    expect(bea.adjustments.map((a) => a.kind)).toEqual(["bonus", "commission", "reimbursement", "deduction"]);
    expect(lineOf(result.lines, "cal").grossCents).toBe(66_667);
    expect(lineOf(result.lines, "dan").grossCents).toBe(10_000);
    expect(result.totals.grossCents).toBe(217_784 + 66_667 + 10_000);
  });

  it("a commission and a non-discretionary bonus raise the regular rate; a discretionary bonus does not", () => {
    // 29 CFR 778.117, 778.208–.210. $15.00/h, 50 h in one week (Mon–Fri 10 h), a $100.00 commission:
    // straight time 50 × 15 = $750.00; regular rate (750 + 100) / 50 = $17.00; premium 10 × 8.50 = $85.00
    // ($75.00 on the hourly rate + $10.00 on the commission: 100 × 10 / (2 × 50)); total 750 + 100 + 85 = $935.00.
    const week = ["02", "03", "04", "05", "06"].map((d) => entry(`2026-03-${d}`, "07:00", 10));
    const commission: PayInputAdjustment = {
      id: "c1",
      employeeId: "ana",
      kind: "commission",
      amountCents: 10_000,
      reason: "Route",
      createdAt: 1,
      createdByName: null,
    };
    const one = lineOf(
      calc({ period: { startsOn: "2026-03-01", endsOn: "2026-03-07" }, entries: week, employees: [employee("ana", [hourly(1500)])], adjustments: [commission] })
        .lines,
    );
    expect([one.regularCents, one.overtimeCents, one.bonusPremiumCents, one.wagesCents]).toEqual([75_000, 7_500, 1_000, 93_500]);
    // A discretionary bonus of $100.00 is wages but not in the regular rate: 750 + 75 + 100 = $925.00.
    const gift = { ...commission, id: "g1", kind: "discretionary_bonus" as const };
    const two = lineOf(
      calc({ period: { startsOn: "2026-03-01", endsOn: "2026-03-07" }, entries: week, employees: [employee("ana", [hourly(1500)])], adjustments: [gift] })
        .lines,
    );
    expect([two.bonusPremiumCents, two.wagesCents]).toEqual([0, 92_500]);
    // A $300.00 bonus over a two-week period: week 1 50 h (10 OT), week 2 40 h (no OT); spread by hours,
    // week 1 carries 300 × 50/90 = $166.67 of it, whose premium is 166.67 × 10 / (2 × 50) = $16.67;
    // as one figure: 300 × 10 / (2 × 90) = $16.666… → $16.67.
    const weekTwo = ["09", "10", "11", "12", "13"].map((d) => entry(`2026-03-${d}`, "07:00", 8));
    const bonus: PayInputAdjustment = { ...commission, id: "b1", kind: "bonus", amountCents: 30_000 };
    const three = lineOf(
      calc({
        period: { startsOn: "2026-03-01", endsOn: "2026-03-14" },
        entries: [...week, ...weekTwo],
        employees: [employee("ana", [hourly(1500)])],
        adjustments: [bonus],
      }).lines,
    );
    // Straight time 90 × 15 = $1,350.00; hourly premium 10 × 7.50 = $75.00; bonus $300.00; its premium $16.67.
    expect([three.regularCents, three.overtimeCents, three.bonusPremiumCents, three.wagesCents]).toEqual([
      135_000,
      7_500,
      1_667,
      135_000 + 7_500 + 30_000 + 1_667,
    ]);
  });

  it("a leaver is paid salary through their last day and a new hire from their first, by calendar days", () => {
    // A 14-day period, 2026-03-01 – 03-14, at $2,800.00 a period: $200.00 a calendar day.
    // Lea leaves on 03-10 (terminated, last day known): 10 days = $2,000.00, her final pay.
    // Hal starts on 03-05: 03-05 – 03-14 = 10 days = $2,000.00.
    // Ian is inactive with no last day recorded: nothing can be worked out, so no salary (as before).
    // Joe left on 02-20, before the period: no line.
    const salary = (rateCents: number): RateRow => ({ effectiveFrom: "2026-01-01", rateCents, payType: "salary" });
    const result = calc({
      period: { startsOn: "2026-03-01", endsOn: "2026-03-14" },
      entries: [],
      employees: [
        employee("lea", [salary(280_000)], { active: false, employedTo: "2026-03-10" }),
        employee("hal", [salary(280_000)], { employedFrom: "2026-03-05" }),
        employee("ian", [salary(280_000)], { active: false }),
        employee("joe", [salary(280_000)], { active: false, employedTo: "2026-02-20" }),
      ],
    });
    expect(result.lines.map((l) => [l.employeeId, l.salaryCents, l.grossCents, l.finalPay])).toEqual([
      ["hal", 200_000, 200_000, false],
      ["lea", 200_000, 200_000, true],
    ]);
  });

  it("only verified time is paid; the rest is listed as not included", () => {
    // Approved: Mon 8 h at $15 = $120.00, and Sat 2026-03-07 22:30 – Sun 00:30 Chicago time, an entry of 2 h
    // cut at Chicago's midnight: 1 h 30 min on Saturday ($22.50) in this period, 30 min on Sunday 03-08, the
    // next week and period. Pending 4 h (Tue), still on the clock (Wed) and rejected 3 h (Thu) are not paid:
    // 9 h 30 min = 570 minutes, gross $142.50.
    // The warning counts the two waiting for review; the rejected one is listed but does not block.
    // Finn worked Tue 5 h before his first rate (from 03-04): unpaid, flagged as without rate.
    const open = entry("2026-03-04", "08:00", 1, { status: "open" });
    const entries = [
      entry("2026-03-02", "08:00", 8),
      entry("2026-03-07", "22:30", 2),
      entry("2026-03-03", "08:00", 4, { status: "pending" }),
      { ...open, clockOutAt: null },
      entry("2026-03-05", "08:00", 3, { status: "rejected" }),
      entry("2026-03-09", "08:00", 3, { status: "pending" }),
      entry("2026-03-03", "08:00", 5, { employeeId: "finn" }),
    ];
    const result = calc({ period: WEEK1, entries, employees: [employee("ana", [hourly(1500)]), employee("finn", [hourly(1500, "2026-03-04")])] });
    const ana = lineOf(result.lines);
    expect([ana.regularMinutes, ana.regularCents, ana.grossCents]).toEqual([570, 14_250, 14_250]);
    expect(ana.days.map((d) => d.date)).toEqual(["2026-03-02", "2026-03-07"]);
    expect(result.notIncluded.map((e) => [e.employeeName, e.status])).toEqual([
      ["Ana", "pending"],
      ["Ana", "open"],
      ["Ana", "rejected"],
    ]);
    const finn = lineOf(result.lines, "finn");
    expect([finn.grossCents, finn.datesWithoutRate]).toEqual([0, ["2026-03-03"]]);
    expect(result.totals.warnings).toEqual({ unverifiedEntries: 2, employeesWithoutRate: 1 });
  });
});

describe("an entry across midnight counts on the dates it was worked", () => {
  // Cut at the store zone's midnight (decision 0048): each part counts on its own date, in its own
  // workweek and toward its own day's daily overtime.
  const employees = [employee("ana", [hourly(2000)])];
  const at = (date: string, hhmm: string, zone = ZONE) => startOfBusinessDay(date, zone) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;

  it("a night across the end of the workweek: each week decides its own overtime", () => {
    // $20.00/h, weeks from Sunday. Mon 03-02 – Fri 03-06 8 h a day = 40 h; then Sat 03-07 22:00 – Sun 03-08 06:00.
    // Saturday's 2 h fall in week 1: 42 h, 2 h overtime. Straight time 42 × $20 = $840.00; premium
    // 2 × $10 = $20.00; wages $860.00. (Counted wholly on Saturday it would be 48 h and $80.00 of premium.)
    // Sunday's 6 h (to 07:00 by the clock: daylight time begins that night) fall in week 2 and the next
    // period: 6 × $20 = $120.00, no overtime.
    const night = entry("2026-03-07", "22:00", 8);
    const entries = [...["02", "03", "04", "05", "06"].map((d) => entry(`2026-03-${d}`, "08:00", 8)), night];
    const week1 = lineOf(calc({ period: WEEK1, entries, employees }).lines);
    expect(money(week1)).toEqual({
      regularMinutes: 2400,
      overtimeMinutes: 120,
      doubleMinutes: 0,
      regularCents: 84_000,
      overtimeCents: 2_000,
      doubleCents: 0,
      wagesCents: 86_000,
      grossCents: 86_000,
    });
    const saturday = week1.days.at(-1)!;
    expect(saturday).toMatchObject({ date: "2026-03-07", minutes: 120, overtimeMinutes: 120 });
    expect(saturday.entries).toEqual([{ entryId: night.id, clockInAt: night.clockInAt, clockOutAt: at("2026-03-08", "00:00"), breakMinutes: 0, minutes: 120 }]);

    const week2 = lineOf(calc({ period: { startsOn: "2026-03-08", endsOn: "2026-03-14" }, entries, employees }).lines);
    expect([week2.regularMinutes, week2.overtimeMinutes, week2.regularCents, week2.grossCents]).toEqual([360, 0, 12_000, 12_000]);
    expect(week2.days.map((d) => [d.date, d.minutes, d.entries[0].clockInAt, d.entries[0].clockOutAt])).toEqual([
      ["2026-03-08", 360, at("2026-03-08", "00:00"), night.clockOutAt],
    ]);
  });

  it("California daily overtime on the date worked; the break is shared in proportion to time", () => {
    // $20.00/h. Tue 03-03 20:00 – Wed 08:00 (12 h) with a 60-minute break = 11 h worked. Midnight is 4 h
    // (240 of 720 minutes) in: the break splits 60 × 240/720 = 20 min on Tuesday, 40 on Wednesday.
    //   Tuesday 240 − 20 = 220 min; Wednesday 480 − 40 = 440 min (together 660 = 11 h).
    // Wed 03-04 20:00 – Thu 04:00, 8 h: Wednesday 240 min, Thursday 240 min.
    //   Wednesday 440 + 240 = 680 min: 480 regular, 200 min daily overtime. Tuesday and Thursday are under 8 h.
    // 19 h straight time × $20 = $380.00 (38,000¢); premium 200/60 h × $10 = $33.333… → $33.33 (3,333¢);
    // wages 41,333¢. (Counted on clock-in dates: Tuesday 11 h and Wednesday 8 h, 3 h of overtime, $30.00.)
    const entries = [entry("2026-03-03", "20:00", 11, { breakMinutes: 60 }), entry("2026-03-04", "20:00", 8)];
    const line = lineOf(calc({ period: WEEK1, entries, employees, overtimePreset: "california" }).lines);
    expect(money(line)).toEqual({
      regularMinutes: 940,
      overtimeMinutes: 200,
      doubleMinutes: 0,
      regularCents: 38_000,
      overtimeCents: 3_333,
      doubleCents: 0,
      wagesCents: 41_333,
      grossCents: 41_333,
    });
    expect(line.days.map((d) => [d.date, d.minutes, d.overtimeMinutes])).toEqual([
      ["2026-03-03", 220, 0],
      ["2026-03-04", 680, 200],
      ["2026-03-05", 240, 0],
    ]);
    expect(line.days[1].entries.map((e) => [e.breakMinutes, e.minutes])).toEqual([
      [40, 440],
      [0, 240],
    ]);
  });

  it("a night waiting for review is listed on, and blocks the lock of, both periods it touches", () => {
    // Pending Sat 03-07 22:00 – Sun 03-08 06:00: its Saturday hours would be paid in week 1, its Sunday hours
    // in week 2, so each period lists it as not included and counts it in its warning. Nothing is paid.
    const night = entry("2026-03-07", "22:00", 8, { status: "pending" });
    for (const period of [WEEK1, { startsOn: "2026-03-08", endsOn: "2026-03-14" }]) {
      const result = calc({ period, entries: [night], employees });
      expect(result.notIncluded.map((e) => e.entryId)).toEqual([night.id]);
      expect(result.totals.warnings.unverifiedEntries).toBe(1);
      expect(result.totals.grossCents).toBe(0);
    }
    // The week after it does not list it.
    expect(calc({ period: { startsOn: "2026-03-15", endsOn: "2026-03-21" }, entries: [night], employees }).notIncluded).toEqual([]);
  });

  it("the night the clocks go back: midnight is found in the store's zone", () => {
    // Los Angeles leaves daylight time at 02:00 on Sunday 2026-11-01. Sat 10-31 22:00 PDT to Sun 06:00 PST
    // is 9 hours on the clock: 2 h before midnight (Saturday, the week of 10-25) and 7 h after (the
    // repeated hour included; Sunday, the week of 11-01). At $20.00/h: $40.00 and $140.00.
    const zone = "America/Los_Angeles";
    const clockInAt = at("2026-10-31", "22:00", zone);
    const night = { ...entry("2026-10-31", "22:00", 9), timeZone: zone, clockInAt, clockOutAt: clockInAt + 9 * 3_600_000 };
    expect([clockInAt, night.clockOutAt]).toEqual([Date.parse("2026-11-01T05:00:00Z"), Date.parse("2026-11-01T14:00:00Z")]); // 22:00 PDT, 06:00 PST
    const saturday = lineOf(calc({ period: { startsOn: "2026-10-25", endsOn: "2026-10-31" }, entries: [night], employees }).lines);
    const sunday = lineOf(calc({ period: { startsOn: "2026-11-01", endsOn: "2026-11-07" }, entries: [night], employees }).lines);
    expect([saturday.regularMinutes, saturday.grossCents]).toEqual([120, 4_000]);
    expect([sunday.regularMinutes, sunday.grossCents]).toEqual([420, 14_000]);
  });
});

describe("rounding and arguments", () => {
  it("rounds half away from zero", () => {
    expect([1n, -1n, 3n, -3n, 5n, 4n, -4n].map((n, i) => roundHalfAwayFromZero(n, [2n, 2n, 2n, 2n, 4n, 3n, 3n][i]))).toEqual([1, -1, 2, -2, 1, 1, -1]);
  });

  it("adjustments need a positive whole amount, a known kind and a reason", () => {
    const ok = { periodId: "p", employeeId: "e", kind: "bonus", amountCents: 100, reason: "Good work" };
    expect(adjustArgsSchema.safeParse(ok).success).toBe(true);
    expect(adjustArgsSchema.safeParse({ ...ok, amountCents: 0 }).success).toBe(false);
    expect(adjustArgsSchema.safeParse({ ...ok, amountCents: 1.5 }).success).toBe(false);
    expect(adjustArgsSchema.safeParse({ ...ok, kind: "tip" }).success).toBe(false);
    expect(adjustArgsSchema.safeParse({ ...ok, reason: "  " }).success).toBe(false);
    expect(lockArgsSchema.safeParse({ periodId: "p", overrideReason: "" }).success).toBe(false);
  });
});
