import { describe, expect, it } from "vitest";
import { addDays, addMonths } from "./datePresets.ts";
import {
  REVENUE_GROUPS,
  bucketsBetween,
  changePercent,
  flagCollectors,
  isOverdue,
  predictedFullDate,
  rollupPieces,
  suggestedTimeGroup,
  usualInterval,
  weekStart,
} from "./reports.ts";

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

describe("rollupPieces", () => {
  // Every day of the range exactly once: expand the pieces back into days.
  function daysOf(p: ReturnType<typeof rollupPieces>): string[] {
    const out: string[] = [];
    for (const [a, b] of p.days) for (let d = a; d <= b; d = addDays(d, 1)) out.push(d);
    for (const [a, b] of p.weeks) for (let w = a; w <= b; w = addDays(w, 7)) for (let i = 0; i < 7; i++) out.push(addDays(w, i));
    for (const [a, b] of p.months) for (let m = a; m <= b; m = addMonths(m, 1)) for (let d = m; d.slice(0, 7) === m.slice(0, 7); d = addDays(d, 1)) out.push(d);
    return out.sort();
  }

  it("reads a calendar year by month for every grouping but day and week", () => {
    expect(rollupPieces("2025-01-01", "2025-12-31", "machine")).toEqual({ days: [], weeks: [], months: [["2025-01-01", "2025-12-01"]] });
    expect(rollupPieces("2025-01-01", "2025-12-31", "month")).toEqual({ days: [], weeks: [], months: [["2025-01-01", "2025-12-01"]] });
    expect(rollupPieces("2025-01-01", "2025-12-31", "day")).toEqual({ days: [["2025-01-01", "2025-12-31"]], weeks: [], months: [] });
  });

  it("reads a quarter by week with the cut weeks at its ends by day", () => {
    // 2025-07-01 is a Tuesday; the first whole week starts Monday 07-07. 2025-09-30 is a Tuesday;
    // the last whole week is 09-22..09-28, so 09-29 and 09-30 are read by day.
    expect(rollupPieces("2025-07-01", "2025-09-30", "week")).toEqual({
      days: [
        ["2025-07-01", "2025-07-06"],
        ["2025-09-29", "2025-09-30"],
      ],
      weeks: [["2025-07-07", "2025-09-22"]],
      months: [],
    });
  });

  it("fills the cut months around whole months with weeks, then days", () => {
    // 2025-03-12 (Wednesday) .. 2025-06-04 (Wednesday): April and May whole; March 12–16 by day,
    // March 17–30 by week (Mondays 17 and 24), March 31 by day; June 1 is a Sunday: June 1–4 by day.
    expect(rollupPieces("2025-03-12", "2025-06-04", "category")).toEqual({
      days: [
        ["2025-03-12", "2025-03-16"],
        ["2025-03-31", "2025-03-31"],
        ["2025-06-01", "2025-06-04"],
      ],
      weeks: [["2025-03-17", "2025-03-24"]],
      months: [["2025-04-01", "2025-05-01"]],
    });
    // A month grouping never reads weeks (a week can straddle two months).
    expect(rollupPieces("2025-03-12", "2025-06-04", "month")).toEqual({
      days: [
        ["2025-03-12", "2025-03-31"],
        ["2025-06-01", "2025-06-04"],
      ],
      weeks: [],
      months: [["2025-04-01", "2025-05-01"]],
    });
  });

  it("covers every day exactly once, whatever the range and grouping", () => {
    const starts = ["2024-02-26", "2024-02-29", "2025-01-01", "2025-03-31", "2025-12-28"];
    const lengths = [0, 1, 6, 7, 13, 30, 31, 45, 92, 400];
    for (const group of REVENUE_GROUPS)
      for (const from of starts)
        for (const n of lengths) {
          const to = addDays(from, n);
          const expected: string[] = [];
          for (let d = from; d <= to; d = addDays(d, 1)) expected.push(d);
          expect(daysOf(rollupPieces(from, to, group)), `${group} ${from}..${to}`).toEqual(expected);
        }
    expect(rollupPieces("2025-02-02", "2025-02-01", "machine")).toEqual({ days: [], weeks: [], months: [] });
  });
});
