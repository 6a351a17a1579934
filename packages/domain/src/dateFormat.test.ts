import { describe, expect, it } from "vitest";
import { formatDisplayDate, formatDisplayRange, formatDisplayTimestamp, formatInstantDate, formatLongDate } from "./dateFormat.ts";

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
