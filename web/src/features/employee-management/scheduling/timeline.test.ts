import { describe, expect, it } from "vitest";
import { shiftInstants, zonedInstant } from "@tumble/domain/scheduling";
import { dayAxis, dayRows, lanes, openingHours, place, touchesDay, wholeDays } from "./timeline";

const ZONE = "America/Chicago";
const DAY = "2026-06-10";
const H = 3_600_000;
const at = (day: string, clock: string) => zonedInstant(day, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)), ZONE);
const shift = (day: string, start: string, end: string) => {
  const [sh, sm] = start.split(":").map(Number);
  const [eh, em] = end.split(":").map(Number);
  return shiftInstants(day, sh! * 60 + sm!, eh! * 60 + em!, ZONE);
};

describe("a store's opening hours from its free text", () => {
  it("reads 24-hour ranges, am/pm and Spanish 'a'", () => {
    expect(openingHours("6:00-22:00 daily")).toEqual({ from: 360, to: 1320 });
    expect(openingHours("07:30 – 21:45")).toEqual({ from: 450, to: 1305 });
    expect(openingHours("Open 7am to 11 p.m.")).toEqual({ from: 420, to: 1380 });
    expect(openingHours("12am-12pm")).toEqual({ from: 0, to: 720 });
    expect(openingHours("de 8 a 20")).toEqual({ from: 480, to: 1200 });
  });

  it("reads a close at midnight or after it as the end of the day, and 24 hours as the whole day", () => {
    expect(openingHours("6:00-24:00")).toEqual({ from: 360, to: 1440 });
    expect(openingHours("6:00-0:00")).toEqual({ from: 360, to: 1440 });
    expect(openingHours("18:00-02:00")).toEqual({ from: 1080, to: 1440 });
    expect(openingHours("Open 24 hours")).toEqual({ from: 0, to: 1440 });
    expect(openingHours("24/7")).toEqual({ from: 0, to: 1440 });
  });

  it("is null when no range is there or it is not a time", () => {
    expect(openingHours(null)).toBeNull();
    expect(openingHours("")).toBeNull();
    expect(openingHours("Call ahead")).toBeNull();
    expect(openingHours("25:00-26:00")).toBeNull();
    expect(openingHours("13pm-2pm")).toBeNull();
  });
});

describe("the day's timeline", () => {
  it("spans the store's hours, whole hours out, with a tick and a 24-hour label per hour", () => {
    const axis = dayAxis(DAY, ZONE, { from: 6 * 60 + 30, to: 21 * 60 + 15 }, []);
    expect(axis.from).toBe(at(DAY, "06:00"));
    expect(axis.to).toBe(at(DAY, "22:00"));
    expect(axis.hours).toBe(16);
    expect(axis.ticks.map((t) => t.label)).toEqual(Array.from({ length: 17 }, (_, i) => `${String(6 + i).padStart(2, "0")}:00`));
    expect(axis.ticks[0]!.left).toBe(0);
    expect(axis.ticks[8]!.left).toBe(50);
    expect(axis.ticks.at(-1)!.left).toBe(100);
    // 06:30–21:15 shaded open on 06:00–22:00.
    expect(axis.open!.left).toBeCloseTo((0.5 / 16) * 100);
    expect(axis.open!.width).toBeCloseTo((14.75 / 16) * 100);
    expect([axis.open!.from, axis.open!.to]).toEqual([at(DAY, "06:30"), at(DAY, "21:15")]);
  });

  it("is 6:00 to midnight when the hours are not known, with nothing shaded", () => {
    const axis = dayAxis(DAY, ZONE, null, []);
    expect(axis.from).toBe(at(DAY, "06:00"));
    expect(axis.to).toBe(at("2026-06-11", "00:00"));
    expect(axis.ticks.at(-1)!.label).toBe("00:00");
    expect(axis.open).toBeNull();
  });

  it("widens to the hour for a shift starting before opening or ending after closing that day", () => {
    const axis = dayAxis(DAY, ZONE, { from: 360, to: 1320 }, [shift(DAY, "04:30", "10:00"), shift(DAY, "15:00", "22:20")]);
    expect(axis.from).toBe(at(DAY, "04:00"));
    expect(axis.to).toBe(at(DAY, "23:00"));
    // Another day's shifts change nothing.
    expect(dayAxis(DAY, ZONE, { from: 360, to: 1320 }, [shift("2026-06-12", "01:00", "05:00")]).from).toBe(at(DAY, "06:00"));
  });

  it("runs to the edge of the day for a shift crossing midnight, either way, and clips its bar there", () => {
    const late = shift(DAY, "20:00", "04:00");
    const early = shift("2026-06-09", "22:00", "03:00");
    const axis = dayAxis(DAY, ZONE, { from: 360, to: 1320 }, [late, early]);
    expect(axis.from).toBe(at(DAY, "00:00"));
    expect(axis.to).toBe(at("2026-06-11", "00:00"));
    expect(axis.hours).toBe(24);
    expect(place(axis, late)).toEqual({ left: expect.closeTo((20 / 24) * 100), width: expect.closeTo((4 / 24) * 100), clippedStart: false, clippedEnd: true });
    expect(place(axis, early)).toEqual({ left: 0, width: expect.closeTo((3 / 24) * 100), clippedStart: true, clippedEnd: false });
  });

  it("places a bar by its instants in the store's zone, whatever the reader's zone", () => {
    const axis = dayAxis(DAY, ZONE, { from: 360, to: 1320 }, []);
    // 09:00–17:00 in Chicago is 14:00–22:00 UTC: a third of the way along 6–22 (16 h), half as wide.
    const s = { startsAt: Date.UTC(2026, 5, 10, 14), endsAt: Date.UTC(2026, 5, 10, 22) };
    expect(place(axis, s)).toEqual({ left: (3 / 16) * 100, width: 50, clippedStart: false, clippedEnd: false });
    expect(place(axis, { startsAt: axis.to, endsAt: axis.to + H })).toBeNull();
    expect(place(axis, { startsAt: axis.from - 2 * H, endsAt: axis.from })).toBeNull();
  });

  it("shows a DST day's missing and repeated hour as the clock did, at their real width", () => {
    const spring = dayAxis("2026-03-08", ZONE, null, [shift("2026-03-08", "00:00", "06:00")]);
    expect(spring.hours).toBe(23);
    expect(spring.ticks.slice(0, 4).map((t) => t.label)).toEqual(["00:00", "01:00", "03:00", "04:00"]);
    const fall = dayAxis("2026-11-01", ZONE, null, [shift("2026-11-01", "00:00", "06:00")]);
    expect(fall.hours).toBe(25);
    expect(fall.ticks.slice(0, 4).map((t) => t.label)).toEqual(["00:00", "01:00", "01:00", "02:00"]);
    // 00:00–06:00 on the long day is 7 hours: 7/25 of the timeline.
    expect(place(fall, shift("2026-11-01", "00:00", "06:00"))!.width).toBeCloseTo((7 / 25) * 100);
  });
});

describe("time off", () => {
  it("is whole days when it runs midnight to midnight in the store's zone", () => {
    expect(wholeDays({ startsAt: at(DAY, "00:00"), endsAt: at("2026-06-12", "00:00") }, ZONE)).toBe(true);
    expect(wholeDays({ startsAt: at(DAY, "12:00"), endsAt: at(DAY, "15:00") }, ZONE)).toBe(false);
    // Midnight in UTC is 19:00 in Chicago.
    expect(wholeDays({ startsAt: Date.UTC(2026, 5, 10), endsAt: Date.UTC(2026, 5, 11) }, ZONE)).toBe(false);
  });
});

describe("rows and lanes", () => {
  it("stacks overlapping spans in lanes and lets back-to-back ones share one", () => {
    const a = shift(DAY, "10:00", "16:00");
    const b = shift(DAY, "12:00", "14:00");
    const c = shift(DAY, "16:00", "20:00");
    const d = shift(DAY, "13:00", "18:00");
    expect(lanes([c, a, b, d])).toEqual([0, 0, 1, 2]);
    expect(lanes([])).toEqual([]);
  });

  it("has the open shifts and one row per person with a shift touching the day, in the people's order", () => {
    const people = [{ _id: "ana" }, { _id: "ben" }, { _id: "cy" }];
    const shifts = [
      { ...shift(DAY, "14:00", "22:00"), employeeId: "cy" },
      { ...shift(DAY, "07:00", "15:00"), employeeId: "ana" },
      { ...shift("2026-06-11", "07:00", "15:00"), employeeId: "ben" },
      { ...shift("2026-06-09", "22:00", "02:00"), employeeId: "ana" },
      { ...shift(DAY, "10:00", "16:00"), employeeId: null },
    ];
    const rows = dayRows(DAY, ZONE, shifts, people);
    expect(rows.open).toEqual([shifts[4]]);
    expect(rows.people.map((r) => r.person._id)).toEqual(["ana", "cy"]);
    expect(rows.people[0]!.shifts).toEqual([shifts[3], shifts[1]]);
    expect(touchesDay(shifts[2]!, DAY, ZONE)).toBe(false);
    expect(touchesDay(shift("2026-06-09", "20:00", "00:00"), DAY, ZONE)).toBe(false);
  });
});
