import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startOfBusinessDay } from "./businessDate.ts";
import type { RateRow } from "./employees.ts";
import { calculatePayPeriod, datedParts, type PayInputEmployee, type PayInputEntry, type PayLine } from "./payroll.ts";
import { workedMinutesOf } from "./timeEntryReview.ts";

// A punched break counts on the date (and in the workweek) it was taken (issue 30; decision 0053,
// "Later: breaks on the date taken"). Every figure is worked out by hand in the comment above its
// assertion. $20.00/h throughout; weeks from Sunday.

const ZONE = "America/Los_Angeles";
const MIN = 60_000;
const at = (date: string, hhmm: string) => startOfBusinessDay(date, ZONE) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * MIN;
let nextId = 0;

/** A verified entry of the store in Los Angeles from `from` to `to` with punched breaks [start, end] (all epoch ms). */
function night(from: number, to: number, breaks: Array<[number, number]>, extra: Partial<PayInputEntry> = {}): PayInputEntry {
  return {
    id: `n${++nextId}`,
    employeeId: "ana",
    storeId: "s-la",
    storeName: "Los Angeles",
    timeZone: ZONE,
    clockInAt: from,
    clockOutAt: to,
    // As the time clock stores it: the whole minutes of the breaks' exact durations.
    breakMinutes: Math.round(breaks.reduce((s, [a, b]) => s + b - a, 0) / MIN),
    breaks: breaks.map(([start, end]) => ({ start, end })),
    status: "approved",
    ...extra,
  };
}
/** The same entry after a correction: only the total of its break is known. */
const corrected = (e: PayInputEntry): PayInputEntry => ({ ...e, breaks: undefined });

const hourly = (rateCents: number): RateRow => ({ effectiveFrom: "2026-01-01", rateCents, payType: "hourly" });
const employees: PayInputEmployee[] = [{ id: "ana", name: "Ana", position: "Attendant", language: "en", active: true, rates: [hourly(2000)] }];
const lineOf = (entries: PayInputEntry[], startsOn: string, endsOn: string): PayLine => {
  const line = calculatePayPeriod({ period: { startsOn, endsOn }, workweekStart: "sunday", overtimePreset: "federal", employees, entries, adjustments: [] })
    .lines[0];
  if (!line) throw new Error("no line");
  return line;
};
const byDate = (e: PayInputEntry) => datedParts(e).map((p) => [p.date, p.minutes, p.breakMinutes]);

describe("a punched break counts on the date it was taken", () => {
  it("a 22:00–06:00 night with its break at 02:00–02:30: 2 h on the first date, 5 h 30 min on the second", () => {
    // Wed 2026-06-10 22:00 PDT to Thu 06:00: 480 minutes, 120 before midnight, 360 after.
    // The break is taken at 02:00 on Thursday: Wednesday 120 − 0 = 120 min (2 h); Thursday 360 − 30 = 330 min (5 h 30).
    const e = night(at("2026-06-10", "22:00"), at("2026-06-11", "06:00"), [[at("2026-06-11", "02:00"), at("2026-06-11", "02:30")]]);
    expect(byDate(e)).toEqual([
      ["2026-06-10", 120, 0],
      ["2026-06-11", 330, 30],
    ]);
    // Shared in proportion (a corrected entry: only the total is known): 30 × 120/480 = 7.5 → 8 min on
    // Wednesday (half away from zero), 22 on Thursday: 112 min and 338 min (1 h 52.5 / 5 h 37.5 before rounding).
    expect(byDate(corrected(e))).toEqual([
      ["2026-06-10", 112, 8],
      ["2026-06-11", 338, 22],
    ]);
    // Paid on those dates: Wednesday 2 h × $20 = $40.00 in the week of 06-07; Thursday 5.5 h × $20 = $110.00.
    const wednesday = lineOf([e], "2026-06-10", "2026-06-10");
    const thursday = lineOf([e], "2026-06-11", "2026-06-11");
    expect([wednesday.regularMinutes, wednesday.grossCents, thursday.regularMinutes, thursday.grossCents]).toEqual([120, 4_000, 330, 11_000]);
    expect(thursday.days[0].entries).toEqual([
      { entryId: e.id, clockInAt: at("2026-06-11", "00:00"), clockOutAt: e.clockOutAt, breakMinutes: 30, minutes: 330 },
    ]);
  });

  it("a break across midnight (23:45–00:15) counts 15 minutes on each date", () => {
    // 22:00–06:00 again: Wednesday 120 − 15 = 105 min, Thursday 360 − 15 = 345 min (450 = 480 − 30 together).
    const e = night(at("2026-06-10", "22:00"), at("2026-06-11", "06:00"), [[at("2026-06-10", "23:45"), at("2026-06-11", "00:15")]]);
    expect(byDate(e)).toEqual([
      ["2026-06-10", 105, 15],
      ["2026-06-11", 345, 15],
    ]);
  });

  it("the night the clocks go back: a break in the repeated hour counts on Sunday", () => {
    // Los Angeles leaves daylight time at 02:00 on Sunday 2026-11-01. Sat 10-31 22:00 PDT (05:00Z) to Sun
    // 06:00 PST (14:00Z) is 540 minutes; midnight (07:00Z) is 120 minutes in. The break is taken from
    // 01:40 PDT (08:40Z) to 01:10 PST (09:10Z), 30 minutes inside the repeated hour, on Sunday:
    // Saturday 120 min (2 h, $40.00, week of 10-25); Sunday 420 − 30 = 390 min (6 h 30, $130.00, week of 11-01).
    // (In proportion: 30 × 120/540 = 6.67 → 7 min on Saturday: 113 and 397.)
    const e = night(Date.parse("2026-11-01T05:00:00Z"), Date.parse("2026-11-01T14:00:00Z"), [
      [Date.parse("2026-11-01T08:40:00Z"), Date.parse("2026-11-01T09:10:00Z")],
    ]);
    // 06:00 on the clock is seven hours after midnight that night (the 01:00 hour twice).
    expect(e.clockOutAt! - startOfBusinessDay("2026-11-01", ZONE)).toBe(7 * 60 * MIN);
    expect(byDate(e)).toEqual([
      ["2026-10-31", 120, 0],
      ["2026-11-01", 390, 30],
    ]);
    expect(byDate(corrected(e))).toEqual([
      ["2026-10-31", 113, 7],
      ["2026-11-01", 397, 23],
    ]);
    const saturday = lineOf([e], "2026-10-25", "2026-10-31");
    const sunday = lineOf([e], "2026-11-01", "2026-11-07");
    expect([saturday.regularMinutes, saturday.grossCents, sunday.regularMinutes, sunday.grossCents]).toEqual([120, 4_000, 390, 13_000]);
  });

  describe("the workweek ends at midnight: where the break was taken moves overtime", () => {
    // Week 1 is Sun 2026-06-07 – Sat 06-13. Mon 06-08 – Fri 06-12, 08:00–16:00 without break = 40 h.
    // Then Sat 06-13 22:00 – Sun 06-14 06:00 (480 min: 120 on Saturday, week 1; 360 on Sunday, week 2)
    // with a 30-minute punched break.
    const days = ["08", "09", "10", "11", "12"].map((d) => night(at(`2026-06-${d}`, "08:00"), at(`2026-06-${d}`, "16:00"), []));
    const week1 = (e: PayInputEntry) => lineOf([...days, e], "2026-06-07", "2026-06-13");
    const week2 = (e: PayInputEntry) => lineOf([...days, e], "2026-06-14", "2026-06-20");
    const figures = (l: PayLine) => [l.regularMinutes, l.overtimeMinutes, l.regularCents, l.overtimeCents, l.grossCents];

    it("a break taken on Saturday stays in week 1", () => {
      // Break 23:00–23:30 Saturday: week 1 has 2400 + 90 = 2490 min = 41.5 h, 1.5 h over 40.
      // Straight time 41.5 × $20 = $830.00; regular rate $20; premium 1.5 h × 0.5 × $20 = $15.00; gross $845.00.
      // Week 2: Sunday's 360 min = 6 h × $20 = $120.00, no overtime.
      const e = night(at("2026-06-13", "22:00"), at("2026-06-14", "06:00"), [[at("2026-06-13", "23:00"), at("2026-06-13", "23:30")]]);
      expect(figures(week1(e))).toEqual([2400, 90, 83_000, 1_500, 84_500]);
      expect(figures(week2(e))).toEqual([360, 0, 12_000, 0, 12_000]);
    });

    it("a break taken on Sunday moves its 30 minutes into week 2, and 30 worked minutes into week 1's overtime", () => {
      // Break 02:00–02:30 Sunday: week 1 has 2400 + 120 = 2520 min = 42 h, 2 h over 40.
      // Straight time 42 × $20 = $840.00; premium 2 h × $10 = $20.00 ($5.00 more than above); gross $860.00.
      // Week 2: 360 − 30 = 330 min = 5.5 h × $20 = $110.00.
      const e = night(at("2026-06-13", "22:00"), at("2026-06-14", "06:00"), [[at("2026-06-14", "02:00"), at("2026-06-14", "02:30")]]);
      expect(figures(week1(e))).toEqual([2400, 120, 84_000, 2_000, 86_000]);
      expect(figures(week2(e))).toEqual([330, 0, 11_000, 0, 11_000]);
      // Shared in proportion instead, 8 min of break would fall on Saturday: 112 min of overtime and a premium of
      // 112/60 h × $10 = $18.666… → $18.67, which is neither.
      expect(week1(corrected(e)).overtimeCents).toBe(1_867);
    });
  });

  it("the parts are whole minutes that add up to the entry's worked minutes, whatever the seconds", () => {
    // Random nights (to the millisecond) with up to three punched breaks: every part and every part's break is
    // zero or more, the parts' minutes add up to workedMinutesOf(entry) and their breaks to no more than its
    // break total (at most its span).
    const base = at("2026-06-10", "12:00");
    const arb = fc.record({
      from: fc.integer({ min: 0, max: 16 * 60 * MIN }),
      length: fc.integer({ min: 1, max: 30 * 60 * MIN }),
      breaks: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 90 * MIN })), { maxLength: 3 }),
      zone: fc.constantFrom(ZONE, "America/Chicago", "Australia/Lord_Howe"),
      extra: fc.integer({ min: -2, max: 2 }),
    });
    fc.assert(
      fc.property(arb, ({ from, length, breaks, zone, extra }) => {
        const clockInAt = base + from;
        const clockOutAt = clockInAt + length;
        const punched = breaks.map(([where, long]) => {
          const start = clockInAt + Math.floor(where * length);
          return [start, Math.min(clockOutAt, start + long)] as [number, number];
        });
        const e = { ...night(clockInAt, clockOutAt, punched), timeZone: zone };
        // An inconsistent total (a stale punch) falls back to sharing in proportion; it must add up as well.
        for (const entry of [e, { ...e, breakMinutes: Math.max(0, e.breakMinutes + extra * 10) }]) {
          const parts = datedParts(entry);
          const span = Math.round((clockOutAt - clockInAt) / MIN);
          for (const p of parts) expect(p.minutes >= 0 && p.breakMinutes >= 0).toBe(true);
          expect(parts.reduce((s, p) => s + p.minutes, 0)).toBe(workedMinutesOf(entry));
          // (A date with nothing but break is left out, so its break with it.)
          if (parts.length > 1) expect(parts.reduce((s, p) => s + p.breakMinutes, 0)).toBeLessThanOrEqual(Math.min(entry.breakMinutes, span));
        }
      }),
      { seed: Number(process.env.PROP_SEED ?? 20261127), numRuns: 400 },
    );
  });
});
