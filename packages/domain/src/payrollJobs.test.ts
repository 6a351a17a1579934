import { describe, expect, it } from "vitest";
import { startOfBusinessDay } from "./businessDate.ts";
import { defaultJobAt, type RateRow } from "./employees.ts";
import { calculatePayPeriod, type PayInputEmployee, type PayInputEntry } from "./payroll.ts";

// One person, several jobs (docs/decisions/0055). Golden figures worked out by hand above each
// assertion. Weekly period Sunday 2026-03-01 to Saturday 2026-03-07, workweek from Sunday.

const ZONE = "America/Chicago";
const PERIOD = { startsOn: "2026-03-01", endsOn: "2026-03-07" };
let next = 0;
const hourly = (rateCents: number, effectiveFrom = "2026-01-01"): RateRow => ({ effectiveFrom, rateCents, payType: "hourly" });
const salary = (rateCents: number, effectiveFrom = "2026-01-01"): RateRow => ({ effectiveFrom, rateCents, payType: "salary" });

function worked(date: string, hours: number, jobId: string | null, opts: Partial<PayInputEntry> = {}): PayInputEntry {
  const clockInAt = startOfBusinessDay(date, ZONE) + 7 * 3_600_000;
  return {
    id: `e${++next}`,
    employeeId: "ana",
    storeId: "s1",
    storeName: "Downtown",
    timeZone: ZONE,
    clockInAt,
    clockOutAt: clockInAt + hours * 3_600_000,
    breakMinutes: 0,
    status: "approved",
    jobId,
    ...opts,
  };
}

const ana = (extra: Partial<PayInputEmployee>): PayInputEmployee => ({
  id: "ana",
  name: "Ana",
  position: "Attendant",
  language: "en",
  active: true,
  rates: [hourly(1200)],
  ...extra,
});

const calc = (employee: PayInputEmployee, entries: PayInputEntry[], preset: "federal" | "california" = "federal") =>
  calculatePayPeriod({ period: PERIOD, workweekStart: "sunday", overtimePreset: preset, employees: [employee], entries, adjustments: [] }).lines[0];

describe("two hourly jobs", () => {
  it("under 40 h: each job's hours at its own rate, no overtime", () => {
    // 20 h × $12.00 + 10 h × $18.00 = $240.00 + $180.00 = $420.00.
    const line = calc(ana({ jobs: [{ id: "route", title: "Route", rates: [hourly(1800)] }] }), [
      worked("2026-03-02", 10, null),
      worked("2026-03-03", 10, null),
      worked("2026-03-04", 10, "route"),
    ]);
    expect([line.regularCents, line.overtimeCents, line.grossCents]).toEqual([42_000, 0, 42_000]);
    expect(line.jobs?.map((j) => [j.title, j.minutes, j.straightCents])).toEqual([
      ["Attendant", 1_200, 24_000],
      ["Route", 600, 18_000],
    ]);
  });

  it("California: a day's 10 h split over two jobs still owes 2 h daily overtime at the weighted rate", () => {
    // Monday 6 h attendant ($12.00) then 4 h route ($18.00): 10 h in the day → 2 h daily overtime.
    // Week: 10 h, straight $72.00 + $72.00 = $144.00; regular rate $144.00 / 10 = $14.40;
    // premium 2 × ½ × $14.40 = $14.40; gross $158.40.
    const attendant = worked("2026-03-02", 6, null);
    const route = worked("2026-03-02", 4, "route", { clockInAt: attendant.clockOutAt!, clockOutAt: attendant.clockOutAt! + 4 * 3_600_000 });
    const line = calc(ana({ jobs: [{ id: "route", title: "Route", rates: [hourly(1800)] }] }), [attendant, route], "california");
    expect([line.overtimeMinutes, line.overtimeCents, line.grossCents]).toEqual([120, 1_440, 15_840]);
  });

  it("an entry of a job with no rate that day is not paid and is named", () => {
    const line = calc(ana({ jobs: [{ id: "route", title: "Route", rates: [hourly(1800, "2026-03-05")] }] }), [worked("2026-03-04", 5, "route")]);
    expect([line.grossCents, line.datesWithoutRate]).toEqual([0, ["2026-03-04"]]);
  });
});

describe("a salaried job beside an hourly one", () => {
  it("pays the salary by the day through the job's last day and the hourly job's hours at its rate", () => {
    // Salary $700.00 a weekly period = $100.00 a day; the job ends Wednesday 03-04: Sun–Wed = 4
    // days → $400.00. The hourly profile job: 8 h × $12.00 = $96.00. Gross $496.00.
    const line = calc(ana({ jobs: [{ id: "mgr", title: "Shift lead", endedOn: "2026-03-04", rates: [salary(70_000)] }] }), [worked("2026-03-06", 8, null)]);
    expect([line.salaryCents, line.regularCents, line.grossCents]).toEqual([40_000, 9_600, 49_600]);
    expect(line.jobs?.map((j) => [j.title, j.minutes, j.straightCents, j.salaryCents])).toEqual([
      ["Attendant", 480, 9_600, 0],
      ["Shift lead", 0, 0, 40_000],
    ]);
  });
});

describe("the job a clock-in is for", () => {
  const jobs = [
    { id: null, title: "Attendant", storeId: null, endedOn: null },
    { id: "route", title: "Route", storeId: "south", endedOn: null },
    { id: "old", title: "Old", storeId: "north", endedOn: "2026-02-01" },
  ];
  it("is the one job kept for the store while it is open, else the profile's own", () => {
    expect(defaultJobAt(jobs, "south", "2026-03-02")).toBe("route");
    expect(defaultJobAt(jobs, "north", "2026-03-02")).toBeNull();
    expect(defaultJobAt(jobs, "north", "2026-01-15")).toBe("old");
    // Two jobs kept for one store: the person chooses; unasked, the profile's own.
    expect(defaultJobAt([...jobs, { id: "fold", title: "Folding", storeId: "south", endedOn: null }], "south", "2026-03-02")).toBeNull();
  });
});
