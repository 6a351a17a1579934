import { describe, expect, it } from "vitest";
import { addDays, calculationRange, datesOf, daysBetween, periodContaining, periodsBetween, previousPeriod, workweekStartOf } from "./payPeriods.ts";

const settings = (payFrequency: "weekly" | "biweekly" | "semimonthly" | "monthly", payAnchorDate: string | null = null) => ({
  payFrequency,
  payAnchorDate,
  workweekStart: "sunday" as const,
});

describe("pay periods", () => {
  it("weekly periods count from the anchor, before and after it", () => {
    const s = settings("weekly", "2026-03-01");
    expect(periodContaining("2026-03-11", s)).toEqual({ startsOn: "2026-03-08", endsOn: "2026-03-14" });
    expect(periodContaining("2026-03-08", s)).toEqual({ startsOn: "2026-03-08", endsOn: "2026-03-14" });
    expect(periodContaining("2026-02-27", s)).toEqual({ startsOn: "2026-02-22", endsOn: "2026-02-28" });
  });

  it("bi-weekly periods count fourteen days from the anchor", () => {
    // 2026-01-04 + 56 days = 2026-03-01 (28 to Feb 1, 28 more to Mar 1); 2026-03-11 is 66 days after the anchor, 66 mod 14 = 10.
    const s = settings("biweekly", "2026-01-04");
    expect(periodContaining("2026-03-11", s)).toEqual({ startsOn: "2026-03-01", endsOn: "2026-03-14" });
    expect(periodContaining("2026-03-15", s)).toEqual({ startsOn: "2026-03-15", endsOn: "2026-03-28" });
    expect(periodContaining("2026-01-03", s)).toEqual({ startsOn: "2025-12-21", endsOn: "2026-01-03" });
    expect(previousPeriod({ startsOn: "2026-03-01", endsOn: "2026-03-14" }, s)).toEqual({ startsOn: "2026-02-15", endsOn: "2026-02-28" });
  });

  it("without an anchor, weekly periods start on the workweek start day", () => {
    const p = periodContaining("2026-03-11", { ...settings("weekly"), workweekStart: "monday" });
    expect(p).toEqual({ startsOn: "2026-03-09", endsOn: "2026-03-15" });
  });

  it("semi-monthly periods are the 1st–15th and the 16th–end of month, leap years included", () => {
    const s = settings("semimonthly");
    expect(periodContaining("2026-03-15", s)).toEqual({ startsOn: "2026-03-01", endsOn: "2026-03-15" });
    expect(periodContaining("2026-03-16", s)).toEqual({ startsOn: "2026-03-16", endsOn: "2026-03-31" });
    expect(periodContaining("2026-02-20", s)).toEqual({ startsOn: "2026-02-16", endsOn: "2026-02-28" });
    expect(periodContaining("2024-02-20", s)).toEqual({ startsOn: "2024-02-16", endsOn: "2024-02-29" });
    expect(periodsBetween("2026-01-10", "2026-02-01", s).map((p) => p.startsOn)).toEqual(["2026-01-01", "2026-01-16", "2026-02-01"]);
  });

  it("monthly periods are calendar months", () => {
    expect(periodContaining("2026-04-30", settings("monthly"))).toEqual({ startsOn: "2026-04-01", endsOn: "2026-04-30" });
    expect(periodContaining("2026-12-01", settings("monthly"))).toEqual({ startsOn: "2026-12-01", endsOn: "2026-12-31" });
  });

  it("date arithmetic does not move across daylight-saving changes", () => {
    // US clocks change on 2026-03-08 and 2026-11-01; every weekly period still has seven dates.
    const spring = periodsBetween("2026-03-01", "2026-03-21", settings("weekly", "2026-03-01"));
    expect(spring.map((p) => [p.startsOn, p.endsOn])).toEqual([
      ["2026-03-01", "2026-03-07"],
      ["2026-03-08", "2026-03-14"],
      ["2026-03-15", "2026-03-21"],
    ]);
    for (const p of [...spring, ...periodsBetween("2026-10-25", "2026-11-08", settings("weekly", "2026-03-01"))]) {
      expect(new Set(datesOf(p)).size).toBe(7);
    }
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
  });

  it("workweeks start on the company's day and a period's calculation covers its whole workweeks", () => {
    expect(workweekStartOf("2026-03-11", "sunday")).toBe("2026-03-08");
    expect(workweekStartOf("2026-03-11", "thursday")).toBe("2026-03-05");
    expect(workweekStartOf("2026-03-11", "wednesday")).toBe("2026-03-11");
    expect(calculationRange({ startsOn: "2026-03-01", endsOn: "2026-03-15" }, "thursday")).toEqual({ startsOn: "2026-02-26", endsOn: "2026-03-18" });
  });
});
