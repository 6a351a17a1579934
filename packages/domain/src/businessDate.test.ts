import { describe, expect, it } from "vitest";
import { businessDateOf, campaignPhase, campaignStatus, isTimeZone, startOfBusinessDay, todayIn } from "./businessDate.ts";

// These rules must not depend on the machine's zone: the domain-tz-chicago and domain-tz-auckland
// projects (vitest.config.ts) run this file again with TZ set to each.

describe("the machine's zone", () => {
  it("is the one the project asked for", () => {
    const asked = process.env.TZ;
    if (asked) expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(asked);
  });
});

describe("todayIn", () => {
  it("gives the calendar date of the zone, not of UTC or the machine", () => {
    // 04:30 UTC on March 15 is still the evening of March 14 in Chicago (CDT, UTC−5).
    expect(todayIn("America/Chicago", Date.UTC(2026, 2, 15, 4, 30))).toBe("2026-03-14");
    // Noon UTC on March 14 is already March 15 in Auckland (NZDT, UTC+13).
    expect(todayIn("Pacific/Auckland", Date.UTC(2026, 2, 14, 12))).toBe("2026-03-15");
    expect(todayIn("UTC", Date.UTC(2026, 2, 14, 12))).toBe("2026-03-14");
  });

  it("reads stored instants back as the date they were meant as", () => {
    // A Chicago manager's end of day, 23:59:59.999 CDT, is that date in Chicago.
    expect(businessDateOf(Date.UTC(2026, 5, 11, 4, 59, 59, 999), "America/Chicago")).toBe("2026-06-10");
  });
});

describe("startOfBusinessDay", () => {
  it("is local midnight in the zone, across daylight-saving changes", () => {
    expect(startOfBusinessDay("2026-06-10", "America/Chicago")).toBe(Date.UTC(2026, 5, 10, 5));
    // The day clocks spring forward still begins at midnight standard time.
    expect(startOfBusinessDay("2026-03-08", "America/Chicago")).toBe(Date.UTC(2026, 2, 8, 6));
    expect(startOfBusinessDay("2026-06-10", "Pacific/Auckland")).toBe(Date.UTC(2026, 5, 9, 12));
  });

  it("refuses what is not a business date", () => {
    expect(() => startOfBusinessDay("2026-02-30", "America/Chicago")).toThrow(RangeError);
  });
});

describe("campaignPhase", () => {
  const campaign = { startDate: "2026-06-01", endDate: "2026-06-10" };
  const phaseAt = (zone: string, instant: number) => campaignPhase(campaign, todayIn(zone, instant));

  it("keeps a campaign ending today open until the zone's midnight", () => {
    // 11 pm in Chicago on the end date is 04:00 UTC the next day: still open.
    expect(phaseAt("America/Chicago", Date.UTC(2026, 5, 11, 4))).toBe("open");
    expect(phaseAt("America/Chicago", Date.UTC(2026, 5, 11, 4, 59, 59, 999))).toBe("open");
    expect(phaseAt("America/Chicago", Date.UTC(2026, 5, 11, 5))).toBe("expired");
    // Auckland (NZST, UTC+12) closes 12 hours before UTC midnight.
    expect(phaseAt("Pacific/Auckland", Date.UTC(2026, 5, 10, 11, 59))).toBe("open");
    expect(phaseAt("Pacific/Auckland", Date.UTC(2026, 5, 10, 12))).toBe("expired");
  });

  it("opens at the zone's midnight of the start date, not hours early", () => {
    const midnight = startOfBusinessDay("2026-06-01", "America/Chicago");
    expect(phaseAt("America/Chicago", midnight - 1)).toBe("comingSoon");
    expect(phaseAt("America/Chicago", midnight)).toBe("open");
    // 7 pm in Chicago the evening before is already June 1 in UTC: still coming soon.
    expect(phaseAt("America/Chicago", Date.UTC(2026, 5, 1, 0))).toBe("comingSoon");
    const aucklandMidnight = startOfBusinessDay("2026-06-01", "Pacific/Auckland");
    expect(phaseAt("Pacific/Auckland", aucklandMidnight - 1)).toBe("comingSoon");
    expect(phaseAt("Pacific/Auckland", aucklandMidnight)).toBe("open");
  });

  it("allows a one-day campaign", () => {
    expect(campaignPhase({ startDate: "2026-06-01", endDate: "2026-06-01" }, "2026-06-01")).toBe("open");
  });
});

describe("isTimeZone", () => {
  it("knows IANA zones and nothing else", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Pacific/Auckland")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("campaignStatus", () => {
  // 04:30 UTC on Nov 30 2026 is still 23:30 on Nov 29 in New York.
  const instant = Date.UTC(2026, 10, 30, 4, 30);
  const campaign = { isActive: true, startsOn: "2026-11-01", endsOn: "2026-11-29", timeZone: "America/New_York" };
  it("is live through the last day in the campaign's zone, expired after it", () => {
    expect(campaignStatus(campaign, instant)).toBe("live");
    expect(campaignStatus({ ...campaign, timeZone: "UTC" }, instant)).toBe("expired");
  });
  it("says expired even when the campaign is still switched on, and off only before that", () => {
    expect(campaignStatus({ ...campaign, endsOn: "2026-11-28" }, instant)).toBe("expired");
    expect(campaignStatus({ ...campaign, endsOn: "2026-11-28", isActive: false }, instant)).toBe("expired");
    expect(campaignStatus({ ...campaign, isActive: false }, instant)).toBe("off");
  });
  it("is scheduled before its start date", () => {
    expect(campaignStatus({ ...campaign, startsOn: "2026-11-30", endsOn: "2026-12-31" }, instant)).toBe("scheduled");
  });
});
