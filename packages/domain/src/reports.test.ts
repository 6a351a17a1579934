import { describe, expect, it } from "vitest";
import { bucketsBetween, changePercent, flagCollectors, isOverdue, predictedFullDate, suggestedTimeGroup, usualInterval, weekStart } from "./reports.ts";

describe("report buckets", () => {
  it("starts weeks on Monday and lists every bucket of a range, empty ones too", () => {
    expect(weekStart("2026-11-25")).toBe("2026-11-23"); // a Wednesday
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday belongs to the week before
    expect(bucketsBetween("2026-11-27", "2026-12-02", "day")).toEqual(["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(bucketsBetween("2026-11-27", "2026-12-08", "week")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(bucketsBetween("2026-10-15", "2027-01-02", "month")).toEqual(["2026-10", "2026-11", "2026-12", "2027-01"]);
  });

  it("suggests days up to two months, then weeks, then months", () => {
    expect(suggestedTimeGroup("2026-10-01", "2026-11-30")).toBe("day");
    expect(suggestedTimeGroup("2026-06-01", "2026-11-30")).toBe("week");
    expect(suggestedTimeGroup("2026-01-01", "2026-12-31")).toBe("month");
  });

  it("gives the change in percent, or nothing against zero", () => {
    expect(changePercent(48_000, 15_000)).toBe(220);
    expect(changePercent(3_000, 23_500)).toBe(-87.2);
    expect(changePercent(100, 0)).toBeNull();
    expect(changePercent(100, null)).toBeNull();
  });
});

describe("cadence", () => {
  it("predicts the day a box fills from its capacity and daily take", () => {
    expect(predictedFullDate("2026-11-18", 20_000, 1_000)).toBe("2026-12-08");
    expect(predictedFullDate("2026-11-18", 5_000, 600)).toBe("2026-11-26"); // 8.3 days: full during the 8th
    expect(predictedFullDate("2026-11-18", null, 600)).toBeNull();
    expect(predictedFullDate("2026-11-18", 5_000, 0)).toBeNull();
  });

  it("takes the median gap as the usual interval and calls a store overdue past one and a half of it", () => {
    expect(usualInterval(["2026-11-04", "2026-11-11", "2026-11-18", "2026-11-18"])).toBe(7);
    expect(usualInterval(["2026-11-01", "2026-11-03", "2026-11-10"])).toBe(4.5);
    expect(usualInterval(["2026-11-01"])).toBeNull();
    expect(isOverdue("2026-11-18", "2026-11-28", 7)).toBe(false); // 10 days ≤ 10.5
    expect(isOverdue("2026-11-17", "2026-11-28", 7)).toBe(true); // 11 days
    expect(isOverdue("2026-11-17", "2026-11-28", null)).toBe(false);
  });
});

describe("collector flags", () => {
  it("singles out a collector ten points or more below the median, over five lines or more", () => {
    const rows = [
      { percent: 101, lines: 20 },
      { percent: 98, lines: 30 },
      { percent: 88, lines: 12 }, // median of 101, 98, 88, 60 is 93: 88 is only 5 below
      { percent: 60, lines: 8 },
      { percent: 10, lines: 4 }, // too few lines to count
      { percent: null, lines: 0 },
    ];
    expect(flagCollectors(rows)).toEqual([false, false, false, true, false, false]);
    expect(flagCollectors([{ percent: 50, lines: 10 }])).toEqual([false]);
  });
});
