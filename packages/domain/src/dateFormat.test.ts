import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDay,
  formatDayAt,
  formatDisplayDate,
  formatDisplayRange,
  formatDisplayTimestamp,
  formatInstantDate,
  formatLongDate,
  formatMonth,
  formatWhen,
  shiftLabel,
  timeRangeLabel,
  weekdayNames,
} from "./dateFormat.ts";

// Run again with TZ set to America/Chicago and Pacific/Auckland (vitest.config.ts): a business
// date prints the same everywhere.

describe("formatDisplayDate", () => {
  it("prints business dates MM/dd/yyyy", () => {
    expect(formatDisplayDate("2026-12-22")).toBe("12/22/2026");
    expect(formatDisplayRange("2026-01-01", "2026-01-31")).toBe("01/01/2026 - 01/31/2026");
    expect(formatDisplayDate("not a date")).toBe("not a date");
  });
});

describe("formatLongDate", () => {
  it("prints the US long form in the page's language, whatever the machine's zone", () => {
    expect(formatLongDate("2026-12-22")).toBe("December 22, 2026");
    expect(formatLongDate("2026-12-22", "es")).toBe("22 de diciembre de 2026");
    expect(formatLongDate("2026-01-01", "en")).toBe("January 1, 2026");
    expect(formatLongDate("2024-02-29", "es")).toBe("29 de febrero de 2024");
  });

  it("is empty for anything that is not a calendar date", () => {
    expect(formatLongDate("2026-02-30")).toBe("");
    expect(formatLongDate(undefined)).toBe("");
    expect(formatLongDate("12/22/2026")).toBe("");
  });
});

describe("instants", () => {
  it("print in the machine's zone", () => {
    const instant = new Date(2026, 5, 10, 23, 5).getTime();
    expect(formatInstantDate(instant)).toBe("06/10/2026");
    expect(formatDisplayTimestamp(instant)).toBe("06/10/2026 23:05");
    expect(formatInstantDate(Number.NaN)).toBe("");
  });
});

describe("times of day", () => {
  // 2026-11-23 20:05:09 UTC is 14:05 in Chicago.
  const at = Date.UTC(2026, 10, 23, 20, 5, 9);
  it("are 24-hour in the store's zone, the same in both languages", () => {
    expect(formatClock(at, "America/Chicago")).toBe("14:05");
    expect(formatClock(at, "America/Chicago", true)).toBe("14:05:09");
    expect(formatClock(Date.UTC(2026, 10, 23, 6, 0), "America/Chicago")).toBe("00:00");
  });
  it("label a shift and a time-off range with them", () => {
    const shift = { storeName: "Rio Downtown", timeZone: "America/Chicago", startsAt: at, endsAt: at + 4 * 3_600_000 };
    expect(shiftLabel(shift, "en")).toBe("Mon, Nov 23 14:05 – 18:05 · Rio Downtown");
    expect(shiftLabel(shift, "es")).toBe("lun, 23 de nov 14:05 – 18:05 · Rio Downtown");
    expect(timeRangeLabel(Date.UTC(2026, 10, 23, 6), Date.UTC(2026, 10, 25, 6), true, "America/Chicago", "en")).toBe("Mon, Nov 23 – Tue, Nov 24");
    expect(timeRangeLabel(at, at + 3_600_000, false, "America/Chicago", "en")).toBe("Mon, Nov 23 14:05 – Mon, Nov 23 15:05");
  });
});

describe("day and month labels", () => {
  it("print a business date the same in every zone, in the reader's language", () => {
    expect(formatDay("2026-11-16", "en")).toBe("Mon, Nov 16");
    expect(formatDay("2026-11-16", "es")).toBe("lun, 16 de nov");
    expect(formatDay("2026-11-16", "es-US", { weekday: "long" })).toBe("lunes, 16 de nov");
    expect(formatDay("2026-11-16", "en", { weekday: false })).toBe("Nov 16");
    expect(formatDay("2026-11-16", "en", { weekday: false, year: true })).toBe("Nov 16, 2026");
    expect(formatDay("not a date", "en")).toBe("not a date");
    expect(formatMonth("2026-03", "en")).toBe("Mar 2026");
    expect(formatMonth("2026-03", "es")).toBe("mar 2026");
    expect(weekdayNames("en")).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(weekdayNames("es")[0]).toBe("dom");
  });
  it("print an instant's day and time in the zone asked for", () => {
    // 2026-11-24 03:30 UTC is still the 23rd, 21:30, in Chicago.
    const at = Date.UTC(2026, 10, 24, 3, 30);
    expect(formatDayAt(at, "America/Chicago", "en")).toBe("Mon, Nov 23");
    expect(formatDayAt(at, "UTC", "es")).toBe("mar, 24 de nov");
    expect(formatWhen(at, "en", "America/Chicago")).toBe("Nov 23, 2026 21:30");
    expect(formatWhen(at, "es", "America/Chicago")).toBe("23 nov 2026 21:30");
  });
});
