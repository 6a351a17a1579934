import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  applyPreset,
  comparisonRange,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  daysBetweenInclusive,
  defaultDateRange,
  isIsoDate,
  presetRange,
  setComparisonEnabled,
  setFromDate,
  setIncludeTime,
  setTimes,
  setToDate,
  type DatePreset,
  type DateRange,
} from "./datePresets.ts";

// [fromDate, toDate, compareFromDate, compareToDate]; compare null means no comparison.
type Row = [string, string, string | null, string | null];

const CASES: Record<string, Record<DatePreset, Row>> = {
  // Leap day, first quarter.
  "2024-02-29": {
    today: ["2024-02-29", "2024-02-29", "2024-02-28", "2024-02-28"],
    yesterday: ["2024-02-28", "2024-02-28", "2024-02-27", "2024-02-27"],
    last7Days: ["2024-02-23", "2024-02-29", "2024-02-16", "2024-02-22"],
    last30Days: ["2024-01-31", "2024-02-29", "2024-01-01", "2024-01-30"],
    thisMonth: ["2024-02-01", "2024-02-29", "2024-01-01", "2024-01-31"],
    mtd: ["2024-02-01", "2024-02-29", "2024-01-01", "2024-01-31"],
    lastMonth: ["2024-01-01", "2024-01-31", "2023-12-01", "2023-12-31"],
    last3Months: ["2023-11-30", "2024-02-29", "2023-08-30", "2023-11-29"],
    last6Months: ["2023-08-30", "2024-02-29", "2023-02-27", "2023-08-29"],
    thisYear: ["2024-01-01", "2024-02-29", "2023-01-01", "2023-02-28"],
    ytd: ["2024-01-01", "2024-02-29", "2023-01-01", "2023-02-28"],
    lastYear: ["2023-01-01", "2023-12-31", "2022-01-01", "2022-12-31"],
    thisQuarter: ["2024-01-01", "2024-02-29", "2023-10-01", "2023-11-30"],
    lastQuarter: ["2023-10-01", "2023-12-31", "2023-07-01", "2023-09-30"],
    q1: ["2024-01-01", "2024-02-29", "2023-10-01", "2023-11-30"],
    q2: ["2023-04-01", "2023-06-30", "2023-01-01", "2023-03-31"],
    q3: ["2023-07-01", "2023-09-30", "2023-04-01", "2023-06-30"],
    q4: ["2023-10-01", "2023-12-31", "2023-07-01", "2023-09-30"],
    allTime: ["2020-01-01", "2024-02-29", null, null],
  },
  // Month and quarter end in a leap year.
  "2024-03-31": {
    today: ["2024-03-31", "2024-03-31", "2024-03-30", "2024-03-30"],
    yesterday: ["2024-03-30", "2024-03-30", "2024-03-29", "2024-03-29"],
    last7Days: ["2024-03-25", "2024-03-31", "2024-03-18", "2024-03-24"],
    last30Days: ["2024-03-02", "2024-03-31", "2024-02-01", "2024-03-01"],
    thisMonth: ["2024-03-01", "2024-03-31", "2024-02-01", "2024-02-29"],
    mtd: ["2024-03-01", "2024-03-31", "2024-02-01", "2024-02-29"],
    lastMonth: ["2024-02-01", "2024-02-29", "2024-01-01", "2024-01-31"],
    last3Months: ["2024-01-01", "2024-03-31", "2023-10-02", "2023-12-31"],
    last6Months: ["2023-10-01", "2024-03-31", "2023-04-01", "2023-09-30"],
    thisYear: ["2024-01-01", "2024-03-31", "2023-01-01", "2023-03-31"],
    ytd: ["2024-01-01", "2024-03-31", "2023-01-01", "2023-03-31"],
    lastYear: ["2023-01-01", "2023-12-31", "2022-01-01", "2022-12-31"],
    thisQuarter: ["2024-01-01", "2024-03-31", "2023-10-01", "2023-12-31"],
    lastQuarter: ["2023-10-01", "2023-12-31", "2023-07-01", "2023-09-30"],
    q1: ["2024-01-01", "2024-03-31", "2023-10-01", "2023-12-31"],
    q2: ["2023-04-01", "2023-06-30", "2023-01-01", "2023-03-31"],
    q3: ["2023-07-01", "2023-09-30", "2023-04-01", "2023-06-30"],
    q4: ["2023-10-01", "2023-12-31", "2023-07-01", "2023-09-30"],
    allTime: ["2020-01-01", "2024-03-31", null, null],
  },
  // First day of a year: most presets reach back into the previous one.
  "2025-01-01": {
    today: ["2025-01-01", "2025-01-01", "2024-12-31", "2024-12-31"],
    yesterday: ["2024-12-31", "2024-12-31", "2024-12-30", "2024-12-30"],
    last7Days: ["2024-12-26", "2025-01-01", "2024-12-19", "2024-12-25"],
    last30Days: ["2024-12-03", "2025-01-01", "2024-11-03", "2024-12-02"],
    thisMonth: ["2025-01-01", "2025-01-01", "2024-12-01", "2024-12-01"],
    mtd: ["2025-01-01", "2025-01-01", "2024-12-01", "2024-12-01"],
    lastMonth: ["2024-12-01", "2024-12-31", "2024-11-01", "2024-11-30"],
    last3Months: ["2024-10-02", "2025-01-01", "2024-07-02", "2024-10-01"],
    last6Months: ["2024-07-02", "2025-01-01", "2023-12-31", "2024-07-01"],
    thisYear: ["2025-01-01", "2025-01-01", "2024-01-01", "2024-01-01"],
    ytd: ["2025-01-01", "2025-01-01", "2024-01-01", "2024-01-01"],
    lastYear: ["2024-01-01", "2024-12-31", "2023-01-01", "2023-12-31"],
    thisQuarter: ["2025-01-01", "2025-01-01", "2024-10-01", "2024-10-01"],
    lastQuarter: ["2024-10-01", "2024-12-31", "2024-07-01", "2024-09-30"],
    q1: ["2025-01-01", "2025-01-01", "2024-10-01", "2024-10-01"],
    q2: ["2024-04-01", "2024-06-30", "2024-01-01", "2024-03-31"],
    q3: ["2024-07-01", "2024-09-30", "2024-04-01", "2024-06-30"],
    q4: ["2024-10-01", "2024-12-31", "2024-07-01", "2024-09-30"],
    allTime: ["2020-01-01", "2025-01-01", null, null],
  },
  // Last day of a year: every quarter of the current year is available.
  "2025-12-31": {
    today: ["2025-12-31", "2025-12-31", "2025-12-30", "2025-12-30"],
    yesterday: ["2025-12-30", "2025-12-30", "2025-12-29", "2025-12-29"],
    last7Days: ["2025-12-25", "2025-12-31", "2025-12-18", "2025-12-24"],
    last30Days: ["2025-12-02", "2025-12-31", "2025-11-02", "2025-12-01"],
    thisMonth: ["2025-12-01", "2025-12-31", "2025-11-01", "2025-11-30"],
    mtd: ["2025-12-01", "2025-12-31", "2025-11-01", "2025-11-30"],
    lastMonth: ["2025-11-01", "2025-11-30", "2025-10-01", "2025-10-31"],
    last3Months: ["2025-10-01", "2025-12-31", "2025-07-01", "2025-09-30"],
    last6Months: ["2025-07-01", "2025-12-31", "2024-12-29", "2025-06-30"],
    thisYear: ["2025-01-01", "2025-12-31", "2024-01-01", "2024-12-31"],
    ytd: ["2025-01-01", "2025-12-31", "2024-01-01", "2024-12-31"],
    lastYear: ["2024-01-01", "2024-12-31", "2023-01-01", "2023-12-31"],
    thisQuarter: ["2025-10-01", "2025-12-31", "2025-07-01", "2025-09-30"],
    lastQuarter: ["2025-07-01", "2025-09-30", "2025-04-01", "2025-06-30"],
    q1: ["2025-01-01", "2025-03-31", "2024-10-01", "2024-12-31"],
    q2: ["2025-04-01", "2025-06-30", "2025-01-01", "2025-03-31"],
    q3: ["2025-07-01", "2025-09-30", "2025-04-01", "2025-06-30"],
    q4: ["2025-10-01", "2025-12-31", "2025-07-01", "2025-09-30"],
    allTime: ["2020-01-01", "2025-12-31", null, null],
  },
};

describe("presets", () => {
  it("has the spec's presets and labels in order", () => {
    expect(DATE_PRESETS.map((p) => DATE_PRESET_LABELS[p])).toEqual([
      "Today",
      "Yesterday",
      "Last 7 Days",
      "Last 30 Days",
      "This Month",
      "MTD",
      "Last Month",
      "Last 3 Months",
      "Last 6 Months",
      "This Year",
      "YTD",
      "Last Year",
      "This Quarter",
      "Last Quarter",
      "Q1",
      "Q2",
      "Q3",
      "Q4",
      "All Time",
    ]);
  });

  for (const [today, rows] of Object.entries(CASES)) {
    describe(`today ${today}`, () => {
      for (const preset of DATE_PRESETS) {
        const [fromDate, toDate, compareFromDate, compareToDate] = rows[preset];
        it(`${preset}: ${fromDate}…${toDate} vs ${compareFromDate}…${compareToDate}`, () => {
          expect(presetRange(preset, today)).toEqual({ fromDate, toDate });
          expect(comparisonRange(preset, fromDate, toDate)).toEqual(compareFromDate === null ? null : { compareFromDate, compareToDate });
        });
      }
    });
  }

  it("never ends a preset after today nor starts it after its end", () => {
    for (const today of ["2023-02-28", "2024-06-15", "2024-11-30", "2025-07-01"]) {
      for (const preset of DATE_PRESETS) {
        const { fromDate, toDate } = presetRange(preset, today);
        expect(toDate <= today, `${preset} ${today}`).toBe(true);
        expect(fromDate <= toDate, `${preset} ${today}`).toBe(true);
      }
    }
  });

  it("keeps rolling comparisons the same length and adjacent", () => {
    for (const preset of ["last7Days", "last30Days", "last3Months", "last6Months"] as const) {
      const { fromDate, toDate } = presetRange(preset, "2024-03-01");
      const cmp = comparisonRange(preset, fromDate, toDate)!;
      expect(daysBetweenInclusive(cmp.compareFromDate, cmp.compareToDate)).toBe(daysBetweenInclusive(fromDate, toDate));
      expect(addDays(cmp.compareToDate, 1)).toBe(fromDate);
    }
  });
});

describe("comparisonRange", () => {
  it("compares the same days of the previous month, clamped to its end", () => {
    expect(comparisonRange("mtd", "2024-05-01", "2024-05-15")).toEqual({ compareFromDate: "2024-04-01", compareToDate: "2024-04-15" });
    expect(comparisonRange("mtd", "2024-03-01", "2024-03-30")).toEqual({ compareFromDate: "2024-02-01", compareToDate: "2024-02-29" });
    expect(comparisonRange("mtd", "2023-03-01", "2023-03-29")).toEqual({ compareFromDate: "2023-02-01", compareToDate: "2023-02-28" });
    expect(comparisonRange("mtd", "2024-04-01", "2024-04-29")).toEqual({ compareFromDate: "2024-03-01", compareToDate: "2024-03-29" });
  });

  it("compares a whole month with the whole previous month", () => {
    expect(comparisonRange("thisMonth", "2024-04-01", "2024-04-30")).toEqual({ compareFromDate: "2024-03-01", compareToDate: "2024-03-31" });
    expect(comparisonRange("lastMonth", "2023-02-01", "2023-02-28")).toEqual({ compareFromDate: "2023-01-01", compareToDate: "2023-01-31" });
  });

  it("compares a partial quarter with the same span of the previous quarter", () => {
    expect(comparisonRange("thisQuarter", "2024-04-01", "2024-05-30")).toEqual({ compareFromDate: "2024-01-01", compareToDate: "2024-02-29" });
    expect(comparisonRange("thisQuarter", "2024-04-01", "2024-05-15")).toEqual({ compareFromDate: "2024-01-01", compareToDate: "2024-02-15" });
  });

  it("compares the year to date across a leap day", () => {
    expect(comparisonRange("ytd", "2025-01-01", "2025-02-28")).toEqual({ compareFromDate: "2024-01-01", compareToDate: "2024-02-29" });
    expect(comparisonRange("ytd", "2025-01-01", "2025-02-27")).toEqual({ compareFromDate: "2024-01-01", compareToDate: "2024-02-27" });
  });

  it("compares a custom range with the equal-length range just before", () => {
    expect(comparisonRange(null, "2024-03-10", "2024-03-12")).toEqual({ compareFromDate: "2024-03-07", compareToDate: "2024-03-09" });
    expect(comparisonRange(null, "2024-03-01", "2024-03-01")).toEqual({ compareFromDate: "2024-02-29", compareToDate: "2024-02-29" });
  });

  it("has none for All Time, missing or reversed dates", () => {
    expect(comparisonRange("allTime", "2020-01-01", "2024-01-01")).toBe(null);
    expect(comparisonRange(null, "", "2024-01-01")).toBe(null);
    expect(comparisonRange(null, "2024-01-02", "2024-01-01")).toBe(null);
    expect(comparisonRange(null, "2024-02-30", "2024-03-01")).toBe(null);
  });
});

describe("calendar helpers", () => {
  it("validates yyyy-MM-dd dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("2024-1-01")).toBe(false);
    expect(isIsoDate("01/02/2024")).toBe(false);
  });

  it("adds days and months on the civil calendar", () => {
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2024-01-31", 13)).toBe("2025-02-28");
    expect(addMonths("2024-01-15", -13)).toBe("2022-12-15");
    expect(daysBetweenInclusive("2024-01-01", "2024-12-31")).toBe(366);
    expect(() => addDays("nope", 1)).toThrow(RangeError);
  });
});

describe("editing a range", () => {
  const today = "2024-03-15";
  const base = defaultDateRange(today);
  const range = (over: Partial<DateRange>): DateRange => ({ ...base, ...over });

  it("defaults to today, no times, no comparison", () => {
    expect(base).toEqual({
      fromDate: "2024-03-15",
      toDate: "2024-03-15",
      fromTime: "",
      toTime: "",
      compareFromDate: "",
      compareToDate: "",
      compareFromTime: "",
      compareToTime: "",
      enableComparison: false,
      includeTime: false,
    });
  });

  it("moves the to-date with a from-date past it", () => {
    const r = setFromDate(range({ fromDate: "2024-03-01", toDate: "2024-03-05" }), "2024-03-10", today);
    expect([r.fromDate, r.toDate]).toEqual(["2024-03-10", "2024-03-10"]);
  });

  it("keeps the to-date when the from-date stays before it", () => {
    const r = setFromDate(range({ fromDate: "2024-03-01", toDate: "2024-03-05" }), "2024-02-20", today);
    expect([r.fromDate, r.toDate]).toEqual(["2024-02-20", "2024-03-05"]);
  });

  it("moves the from-date with a to-date before it", () => {
    const r = setToDate(range({ fromDate: "2024-03-10", toDate: "2024-03-12" }), "2024-03-02", today);
    expect([r.fromDate, r.toDate]).toEqual(["2024-03-02", "2024-03-02"]);
  });

  it("caps both dates at today", () => {
    expect(setToDate(range({ fromDate: "2024-03-01" }), "2024-04-01", today).toDate).toBe(today);
    const r = setFromDate(range({ fromDate: "2024-03-01", toDate: "2024-03-05" }), "2025-01-01", today);
    expect([r.fromDate, r.toDate]).toEqual([today, today]);
  });

  it("ignores malformed dates and clears on empty input", () => {
    const r = range({ fromDate: "2024-03-01", toDate: "2024-03-05" });
    expect(setFromDate(r, "2024-02-30", today)).toEqual(r);
    expect(setToDate(r, "", today).toDate).toBe("");
  });

  it("recomputes the comparison as the preceding range after a manual edit", () => {
    const on = range({ enableComparison: true, fromDate: "2024-03-01", toDate: "2024-03-31" });
    const r = setToDate(on, "2024-03-10", today);
    expect([r.compareFromDate, r.compareToDate]).toEqual(["2024-02-20", "2024-02-29"]);
    const cleared = setFromDate(on, "", today);
    expect([cleared.compareFromDate, cleared.compareToDate]).toEqual(["", ""]);
  });

  it("applies a preset and its comparison when comparison is on", () => {
    const off = applyPreset(base, "lastMonth", today);
    expect([off.fromDate, off.toDate, off.compareFromDate]).toEqual(["2024-02-01", "2024-02-29", ""]);
    const on = applyPreset(range({ enableComparison: true }), "lastMonth", today);
    expect([on.compareFromDate, on.compareToDate]).toEqual(["2024-01-01", "2024-01-31"]);
  });

  it("turns comparison off for All Time", () => {
    const r = applyPreset(range({ enableComparison: true, compareFromDate: "2024-03-14", compareToDate: "2024-03-14" }), "allTime", today);
    expect(r).toMatchObject({ fromDate: "2020-01-01", toDate: today, enableComparison: false, compareFromDate: "", compareToDate: "" });
  });

  it("computes a period when comparison turns on and clears it when off", () => {
    const on = setComparisonEnabled(range({ fromDate: "2024-03-01", toDate: "2024-03-15" }), true, "mtd");
    expect(on).toMatchObject({ enableComparison: true, compareFromDate: "2024-02-01", compareToDate: "2024-02-15" });
    const custom = setComparisonEnabled(range({ fromDate: "2024-03-01", toDate: "2024-03-15" }), true, null);
    expect(custom).toMatchObject({ compareFromDate: "2024-02-15", compareToDate: "2024-02-29" });
    const timed = { ...on, includeTime: true, fromTime: "08:00:00", toTime: "17:00:00", compareFromTime: "08:00:00", compareToTime: "17:00:00" };
    const off = setComparisonEnabled(timed, false, "mtd");
    expect(off).toMatchObject({ enableComparison: false, compareFromDate: "", compareToDate: "", compareFromTime: "", compareToTime: "" });
    expect(off.fromTime).toBe("08:00:00");
  });

  it("copies the times into the comparison when it turns on", () => {
    const timed = range({ includeTime: true, fromTime: "06:00:00", toTime: "22:00:00" });
    expect(setComparisonEnabled(timed, true, "today")).toMatchObject({
      compareFromDate: "2024-03-14",
      compareFromTime: "06:00:00",
      compareToTime: "22:00:00",
    });
  });

  it("clears the times and compare times when time is turned off", () => {
    const r = range({
      includeTime: true,
      enableComparison: true,
      fromTime: "08:00:00",
      toTime: "09:00:00",
      compareFromTime: "08:00:00",
      compareToTime: "09:00:00",
    });
    expect(setIncludeTime(r, false)).toMatchObject({ includeTime: false, fromTime: "", toTime: "", compareFromTime: "", compareToTime: "" });
    expect(setIncludeTime(base, true).includeTime).toBe(true);
  });

  it("copies edited times to the compare times only when comparison is on", () => {
    const timed = range({ includeTime: true, fromTime: "08:00:00", toTime: "09:00:00" });
    expect(setTimes(timed, { toTime: "18:30:00" })).toMatchObject({ fromTime: "08:00:00", toTime: "18:30:00", compareToTime: "" });
    const compared = { ...timed, enableComparison: true };
    expect(setTimes(compared, { fromTime: "07:15:30" })).toMatchObject({
      fromTime: "07:15:30",
      compareFromTime: "07:15:30",
      compareToTime: "09:00:00",
    });
    expect(setTimes(base, { fromTime: "07:00:00" })).toEqual(base);
  });
});
