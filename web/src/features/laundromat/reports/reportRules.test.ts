import { describe, expect, it } from "vitest";
import { defaultDateRange } from "@tumble/domain/datePresets";
import { bucketLabel, bucketOften, changeCents, collectorRange, csvMoney, directionOf, dueByStore, periodOf, topAndBottom, withEstimates } from "./reportRules";

describe("report rules", () => {
  it("passes times only with Include time and the comparison only when it is on", () => {
    const range = {
      ...defaultDateRange("2026-11-25"),
      fromDate: "2026-10-01",
      toDate: "2026-10-31",
      fromTime: "08:00:00",
      toTime: "20:00",
      compareFromDate: "2026-09-01",
      compareToDate: "2026-09-30",
    };
    expect(periodOf({ ...range, includeTime: false, enableComparison: false })).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(periodOf({ ...range, includeTime: true, enableComparison: true })).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      fromTime: "08:00",
      toTime: "20:00",
      compareFrom: "2026-09-01",
      compareTo: "2026-09-30",
    });
    expect(periodOf({ ...range, enableComparison: true, compareFromDate: "" })).not.toHaveProperty("compareFrom");
  });

  it("keeps collector signals to the range's last year", () => {
    expect(collectorRange("2026-01-01", "2026-11-25")).toEqual({ from: "2026-01-01", to: "2026-11-25", clamped: false });
    expect(collectorRange("2020-01-01", "2026-11-25")).toEqual({ from: "2025-11-26", to: "2026-11-25", clamped: true });
  });

  it("labels days and weeks as dates and months by name in the reader's language", () => {
    expect(bucketLabel("2026-10-05", "day", "en")).toBe("10/05/2026");
    expect(bucketLabel("2026-10-05", "week", "es")).toBe("10/05/2026");
    expect(bucketLabel("2026-10", "month", "en")).toBe("Oct 2026");
    expect(bucketLabel("2026-10", "month", "es")).toMatch(/oct.*2026/);
  });

  it("picks top and bottom machines without repeating one", () => {
    const rows = [5, 1, 9, 3, 7, 2, 8, 4, 6, 10, 0, 11].map((n) => ({ label: `M${n}`, totalCents: n * 100 }));
    const { top, bottom } = topAndBottom(rows);
    expect(top.map((r) => r.totalCents)).toEqual([1100, 1000, 900, 800, 700]);
    expect(bottom.map((r) => r.totalCents)).toEqual([400, 300, 200, 100, 0]);
    const few = topAndBottom(rows.slice(0, 3));
    expect(few.top.map((r) => r.label)).toEqual(["M9", "M5"]);
    expect(few.bottom.map((r) => r.label)).toEqual(["M1"]);
    expect(topAndBottom([])).toEqual({ top: [], bottom: [] });
  });

  it("writes money for CSV in dollars and the change in cents", () => {
    expect(csvMoney(123456)).toBe("1234.56");
    expect(csvMoney(-5)).toBe("-0.05");
    expect(csvMoney(null)).toBe("");
    expect(changeCents(1000, 1500)).toBe(-500);
    expect(changeCents(1000, undefined)).toBeNull();
    expect([directionOf(3), directionOf(-1), directionOf(0)]).toEqual(["up", "down", "flat"]);
  });

  it("lists due machines per store, soonest full first", () => {
    const m = (label: string, due: boolean, predictedFullDate: string | null) => ({ label, due, predictedFullDate });
    const stores = [
      { storeId: "a", storeName: "A", machines: [m("W2", true, "2026-11-27"), m("W1", true, "2026-11-26"), m("D1", false, "2026-12-10")] },
      { storeId: "b", storeName: "B", machines: [m("W1", false, null)] },
    ];
    expect(dueByStore(stores).map((s) => [s.store.storeId, s.machines.map((x) => x.label)])).toEqual([["a", ["W1", "W2"]]]);
  });

  it("says how often a store is collected", () => {
    expect(bucketOften(3.5)).toEqual(["bucket.twiceAWeek", {}]);
    expect(bucketOften(7)).toEqual(["bucket.onceAWeek", {}]);
    expect(bucketOften(2)).toEqual(["bucket.timesAWeek", { count: 4 }]);
    expect(bucketOften(14)).toEqual(["bucket.everyDays", { days: 14 }]);
  });

  it("puts each day's estimate beside its row, and leaves the rows alone while it loads", () => {
    const rows = [
      { key: "2026-03-02", totalCents: 0, noCollection: true as const },
      { key: "2026-03-03", totalCents: 1500 },
    ];
    const estimate = {
      days: [
        { date: "2026-03-02", estimatedCents: 250 },
        { date: "2026-03-03", estimatedCents: 750 },
      ],
    };
    expect(withEstimates(rows, estimate).map((r) => [r.key, r.totalCents, r.estimatedCents])).toEqual([
      ["2026-03-02", 0, 250],
      ["2026-03-03", 1500, 750],
    ]);
    expect(withEstimates(rows, undefined)).toEqual(rows);
  });
});
