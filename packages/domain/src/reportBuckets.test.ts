import { describe, expect, it } from "vitest";
import { addDays } from "./datePresets.ts";
import { bucketChangePercent, collectionsPerWeek, dailyEstimate, defaultTimeGroup, MAX_SPREAD_DAYS, spreadCollection } from "./reportBuckets.ts";

// Figures worked out by hand in the comments; March 2026 starts on a Sunday, so 03-02 is a Monday.

/** Tuesdays and Fridays from 03-03 to 03-31. */
const twiceWeekly = ["2026-03-03", "2026-03-06", "2026-03-10", "2026-03-13", "2026-03-17", "2026-03-20", "2026-03-24", "2026-03-27", "2026-03-31"];
const everyDay = Array.from({ length: 31 }, (_, i) => addDays("2026-03-01", i));

describe("the bucket a report opens on", () => {
  it("opens a twice-weekly store on weeks: gaps 3, 4, 3, 4… have a median of 3.5 days", () => {
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [twiceWeekly])).toEqual({ group: "week", reason: "sparse", intervalDays: 3.5 });
    expect(collectionsPerWeek(3.5)).toBe(2);
  });

  it("keeps days for a store collected every day, and when there is no collection to go by", () => {
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [everyDay])).toEqual({ group: "day", reason: "daily", intervalDays: 1 });
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [[]])).toEqual({ group: "day", reason: "noCollections", intervalDays: null });
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [])).toEqual({ group: "day", reason: "noCollections", intervalDays: null });
  });

  it("takes the median over the stores, leaving out stores without a collection", () => {
    // Intervals 1, 3.5 and 3.5: median 3.5.
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [everyDay, twiceWeekly, twiceWeekly, []]).group).toBe("week");
    // Intervals 1, 1 and 3.5: median 1.
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [everyDay, everyDay, twiceWeekly]).group).toBe("day");
  });

  it("goes to months for a store collected every two weeks, and for one collection in a month (its gap: the range, 30 days)", () => {
    expect(defaultTimeGroup("2026-03-01", "2026-04-30", [["2026-03-02", "2026-03-16", "2026-03-30", "2026-04-13"]])).toEqual({
      group: "month",
      reason: "sparse",
      intervalDays: 14,
    });
    expect(defaultTimeGroup("2026-03-01", "2026-03-31", [["2026-03-12"]])).toEqual({ group: "month", reason: "sparse", intervalDays: 30 });
  });

  it("never opens finer than the range's length allows", () => {
    // 100 days: weeks by length; a daily store stays on weeks, for the range's sake.
    const long = Array.from({ length: 100 }, (_, i) => addDays("2026-01-01", i));
    expect(defaultTimeGroup("2026-01-01", "2026-04-10", [long])).toEqual({ group: "week", reason: "rangeLength", intervalDays: 1 });
    expect(defaultTimeGroup("2026-01-01", "2026-12-31", [twiceWeekly])).toEqual({ group: "month", reason: "rangeLength", intervalDays: 3.5 });
  });

  it("says an interval as collections a week", () => {
    expect([1, 2, 3.5, 5, 7, 8].map(collectionsPerWeek)).toEqual([7, 4, 2, 1, 1, 0]);
  });
});

describe("spreading a collection over the days since the previous one", () => {
  it("gives each day the same whole cents and the cents left over to the latest days", () => {
    // 1000 over 03-03, 03-04, 03-05: 333 each, one cent left, to 03-05.
    expect(spreadCollection(1000, "2026-03-02", "2026-03-05")).toEqual([
      { date: "2026-03-03", cents: 333 },
      { date: "2026-03-04", cents: 333 },
      { date: "2026-03-05", cents: 334 },
    ]);
    // 1001 over four days (03-02 .. 03-05): 250 each, one cent left, to the last day.
    expect(spreadCollection(1001, "2026-03-01", "2026-03-05").map((d) => d.cents)).toEqual([250, 250, 250, 251]);
    // 1003 over four days: 250 each, three cents left, to the last three days.
    expect(spreadCollection(1003, "2026-03-01", "2026-03-05").map((d) => d.cents)).toEqual([250, 251, 251, 251]);
  });

  it("spreads an amount below zero the same way, so the days still add up", () => {
    // -10 over four days: -2 each (toward zero), -2 left, one each to the last two days.
    expect(spreadCollection(-10, "2026-03-01", "2026-03-05").map((d) => d.cents)).toEqual([-2, -2, -3, -3]);
  });

  it("keeps a machine's first collection on its own day: nothing says how long its box was filling", () => {
    expect(spreadCollection(12_345, null, "2026-03-05")).toEqual([{ date: "2026-03-05", cents: 12_345 }]);
    expect(spreadCollection(700, "2026-03-05", "2026-03-05")).toEqual([{ date: "2026-03-05", cents: 700 }]);
  });

  it("spreads over at most MAX_SPREAD_DAYS days", () => {
    // 01-01 to 03-05 is 63 days; 35 are kept, 01-30 .. 03-05, 3500 / 35 = 100 each.
    const days = spreadCollection(3_500, "2026-01-01", "2026-03-05");
    expect(MAX_SPREAD_DAYS).toBe(35);
    expect(days).toHaveLength(35);
    expect(days[0]).toEqual({ date: "2026-01-30", cents: 100 });
    expect(days.every((d) => d.cents === 100)).toBe(true);
  });

  it("refuses cents that are not whole", () => {
    expect(() => spreadCollection(10.5, null, "2026-03-05")).toThrow(RangeError);
  });
});

describe("the daily estimate of a range", () => {
  it("matches the figures worked out by hand, and adds up to what was collected", () => {
    // The week 03-02 (Mon) .. 03-08 (Sun).
    // Machine A, last collected before the range on Fri 02-27:
    //   Tue 03-03  1000 over 02-28, 03-01, 03-02, 03-03 = 250 each; 02-28 and 03-01 (500) fall before the range.
    //   Fri 03-06   701 over 03-04, 03-05, 03-06 = 233 each, 2 cents left: 233, 234, 234.
    // Machine B, never collected before:
    //   Tue 03-03   500 its first collection: all on 03-03.
    //   Fri 03-06   250 over 03-04, 03-05, 03-06 = 83 each, 1 cent left: 83, 83, 84.
    // Days: 03-02 250; 03-03 250 + 500 = 750; 03-04 233 + 83 = 316; 03-05 234 + 83 = 317;
    //       03-06 234 + 84 = 318; 03-07 and 03-08 nothing. In the range 1951, before it 500:
    //       2451 = 1000 + 701 + 500 + 250.
    const estimate = dailyEstimate(
      "2026-03-02",
      "2026-03-08",
      [
        { machineId: "B", date: "2026-03-06", cents: 250 },
        { machineId: "A", date: "2026-03-03", cents: 1000 },
        { machineId: "A", date: "2026-03-06", cents: 701 },
        { machineId: "B", date: "2026-03-03", cents: 500 },
        // After the range: not spread into it.
        { machineId: "A", date: "2026-03-10", cents: 9_999 },
      ],
      new Map([["A", "2026-02-27"]]),
    );
    expect(estimate.days.map((d) => [d.date.slice(5), d.estimatedCents, d.collectedCents, d.collected])).toEqual([
      ["03-02", 250, 0, false],
      ["03-03", 750, 1500, true],
      ["03-04", 316, 0, false],
      ["03-05", 317, 0, false],
      ["03-06", 318, 951, true],
      ["03-07", 0, 0, false],
      ["03-08", 0, 0, false],
    ]);
    expect(estimate.beforeRangeCents).toBe(500);
    const inRange = estimate.days.reduce((sum, d) => sum + d.estimatedCents, 0);
    expect(inRange).toBe(1951);
    expect(inRange + estimate.beforeRangeCents).toBe(estimate.days.reduce((sum, d) => sum + d.collectedCents, 0));
  });
});

describe("changes between buckets", () => {
  it("compares only buckets that both hold collections", () => {
    // 150 against 100: +50.0%.
    expect(bucketChangePercent({ totalCents: 150, collected: true }, { totalCents: 100, collected: true })).toBe(50);
    // A day without a collection is not a 100% drop, nor an infinite rise.
    expect(bucketChangePercent({ totalCents: 0, collected: false }, { totalCents: 100, collected: true })).toBeNull();
    expect(bucketChangePercent({ totalCents: 100, collected: true }, { totalCents: 0, collected: false })).toBeNull();
    expect(bucketChangePercent({ totalCents: 100, collected: true }, null)).toBeNull();
    // Both collected, the money really fell: that is a change.
    expect(bucketChangePercent({ totalCents: 0, collected: true }, { totalCents: 100, collected: true })).toBe(-100);
  });
});
