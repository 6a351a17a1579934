import { describe, expect, it } from "vitest";
import { dayLabel, timeIn } from "./format";

describe("employment times and days", () => {
  it("prints a punch's time of day in the store's zone, 24-hour", () => {
    const instant = Date.UTC(2026, 10, 25, 14, 5); // 14:05 UTC
    expect(timeIn(instant, "America/New_York")).toBe("09:05");
    expect(timeIn(instant, "America/Los_Angeles")).toBe("06:05");
    expect(timeIn(Date.UTC(2026, 10, 25, 4, 30), "America/Chicago")).toBe("22:30");
    expect(timeIn(Date.UTC(2026, 10, 25, 0, 0), "UTC")).toBe("00:00");
  });

  it("labels a business date with its weekday in the reader's language, whatever this machine's zone", () => {
    expect(dayLabel("2026-11-25", "en")).toBe("Wed 11/25/2026");
    expect(dayLabel("2026-11-22", "en")).toBe("Sun 11/22/2026");
    expect(dayLabel("2026-11-25", "es")).toMatch(/^mié\.? 11\/25\/2026$/);
  });
});
