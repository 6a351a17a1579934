import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { describe, expect, it } from "vitest";
import { dateInZone, wallClock, wallTimeToInstant, zoneOffset } from "./zonedTime.ts";

// The cached zone arithmetic against dayjs' tz plugin (the reference it replaced), over zones with
// whole-hour, half-hour and 45-minute offsets, half-hour daylight saving (Lord Howe), southern
// hemisphere rules and none, densely around each transition of 2026.

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONES = [
  "America/Chicago",
  "America/New_York",
  "America/St_Johns",
  "America/Santiago",
  "Europe/London",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "UTC",
];
const HOUR = 3_600_000;
const from = Date.UTC(2025, 0, 1);
const to = Date.UTC(2027, 0, 1);

/** Instants every 5 minutes for 6 hours either side of each offset change, and every 23h17m the rest of the time. */
function instants(zone: string): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += 23 * HOUR + 17 * 60_000) out.push(t);
  for (let t = from; t < to; t += HOUR) {
    if (zoneOffset(zone, t) === zoneOffset(zone, t + HOUR)) continue;
    for (let u = t - 6 * HOUR; u < t + 7 * HOUR; u += 5 * 60_000) out.push(u);
  }
  return out;
}

describe("zoned time", () => {
  it.each(ZONES)("reads the same date and clock as dayjs in %s", (zone) => {
    const list = instants(zone);
    expect(list.length).toBeGreaterThan(700);
    for (const t of list) {
      const ref = dayjs(t).tz(zone);
      const clock = wallClock(t, zone);
      expect([t, dateInZone(t, zone), clock.date, clock.minutes]).toEqual([
        t,
        ref.format("YYYY-MM-DD"),
        ref.format("YYYY-MM-DD"),
        ref.hour() * 60 + ref.minute(),
      ]);
    }
  });

  it.each(ZONES)("turns every wall time that happens once into the instant dayjs gives in %s", (zone) => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 24 * HOUR) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const minutes of [0, 30, 90, 150, 165, 600, 1439]) {
        const at = wallTimeToInstant(date, minutes, zone);
        const clock = wallClock(at, zone);
        // A wall time read back as itself happened (at least once); then dayjs agrees unless it happened twice.
        if (clock.date !== date || clock.minutes !== minutes) continue;
        const twice = wallClock(at + HOUR, zone).minutes === minutes || wallClock(at + HOUR / 2, zone).minutes === minutes;
        if (twice) continue;
        const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
        const mm = String(minutes % 60).padStart(2, "0");
        expect([date, minutes, at]).toEqual([date, minutes, dayjs.tz(`${date}T${hh}:${mm}:00`, zone).valueOf()]);
      }
    }
  });

  it("reads a skipped time with the offset before the change and a repeated one as its first occurrence", () => {
    // Chicago springs forward 2026-03-08 at 02:00 CST (08:00Z): 02:30 does not exist and reads as 03:30 CDT.
    expect(new Date(wallTimeToInstant("2026-03-08", 150, "America/Chicago")).toISOString()).toBe("2026-03-08T08:30:00.000Z");
    // Chicago falls back 2026-11-01 at 02:00 CDT (07:00Z): 01:30 happens at 06:30Z (CDT) and 07:30Z (CST).
    expect(new Date(wallTimeToInstant("2026-11-01", 90, "America/Chicago")).toISOString()).toBe("2026-11-01T06:30:00.000Z");
    // Midnight on either day is unambiguous.
    expect(new Date(wallTimeToInstant("2026-03-08", 0, "America/Chicago")).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(new Date(wallTimeToInstant("2026-11-02", 0, "America/Chicago")).toISOString()).toBe("2026-11-02T06:00:00.000Z");
    // Lord Howe moves by half an hour: 2026-10-04 02:00 +10:30 becomes 02:30 +11 (15:30Z the day before).
    expect(new Date(wallTimeToInstant("2026-10-04", 135, "Australia/Lord_Howe")).toISOString()).toBe("2026-10-03T15:45:00.000Z");
    expect(wallClock(Date.UTC(2026, 9, 3, 15, 29), "Australia/Lord_Howe")).toEqual({ date: "2026-10-04", minutes: 119 });
    expect(wallClock(Date.UTC(2026, 9, 3, 15, 30), "Australia/Lord_Howe")).toEqual({ date: "2026-10-04", minutes: 150 });
  });

  it("refuses a zone it does not know and a time that is not one", () => {
    expect(() => dateInZone(0, "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => dateInZone(Number.NaN, "UTC")).toThrow(RangeError);
  });
});
