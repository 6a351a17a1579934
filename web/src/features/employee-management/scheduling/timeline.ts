import { addDays } from "@tumble/domain/datePresets";
import { formatClock } from "@tumble/domain/dateFormat";
import { localParts, zonedInstant } from "@tumble/domain/scheduling";

// The day view's geometry (issue 31): which hours the timeline spans, where its hour ticks fall and
// where a shift's or a time off's bar sits on it, all from instants in the store's zone. The span
// is the store's opening hours (6:00–24:00 when they say nothing readable), widened to the hour for
// a shift that starts earlier or ends later that day; a shift crossing midnight widens it to the
// edge of the day and is clipped there. Positions are percentages of the span, so a DST day's
// missing or doubled hour is as wide as it really is.

const HOUR = 3_600_000;
const DAY_MINUTES = 24 * 60;
export const DEFAULT_HOURS = { from: 6 * 60, to: DAY_MINUTES } as const;

export interface Span {
  startsAt: number;
  endsAt: number;
}

/** Minutes after local midnight: opening and closing (to at most 1440, past from). */
export interface OpeningHours {
  from: number;
  to: number;
}

export interface Tick {
  at: number;
  /** Percent from the timeline's left edge. */
  left: number;
  /** "06:00", in the store's zone. */
  label: string;
}

export interface DayAxis {
  /** The local day, [dayStart, dayEnd) as instants (23 or 25 hours on a DST day). */
  dayStart: number;
  dayEnd: number;
  /** The timeline's span, whole local hours inside the day. */
  from: number;
  to: number;
  /** Its length in hours (what sizes the timeline on a phone). */
  hours: number;
  ticks: Tick[];
  /** The store's opening hours on the timeline (null: not known), to shade the rest, and as instants. */
  open: { left: number; width: number; from: number; to: number } | null;
}

export interface Placement {
  left: number;
  width: number;
  /** The span begins before the timeline (the day before) or ends after it (the next day). */
  clippedStart: boolean;
  clippedEnd: boolean;
}

const CLOCK = String.raw`(\d{1,2})(?:[:.h]([0-5]\d))?\s*(?:([ap])\.?\s*m\b\.?)?`;
const RANGE = new RegExp(String.raw`${CLOCK}\s*(?:-|–|—|to\b|a\b)\s*${CLOCK}`, "i");
const ALL_DAY = /\b24\s*(?:h\b|hrs?\b|hours\b|horas\b)|\b24\s*\/\s*7\b/i;

function minutesOf(hour: string, minute: string | undefined, meridiem: string | undefined): number | null {
  let h = Number(hour);
  const m = minute ? Number(minute) : 0;
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
  }
  if (h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/**
 * A store's free-text hours as minutes: "6:00-22:00 daily", "7am – 11pm", "open 24 hours".
 * A close at or before the opening (midnight, or past it) is read as the end of the day. Null
 * when the text names no range.
 */
export function openingHours(text: string | null | undefined): OpeningHours | null {
  if (!text) return null;
  if (ALL_DAY.test(text)) return { from: 0, to: DAY_MINUTES };
  const m = RANGE.exec(text);
  if (!m) return null;
  const from = minutesOf(m[1]!, m[2], m[3]);
  const to = minutesOf(m[4]!, m[5], m[6]);
  if (from === null || to === null || from >= DAY_MINUTES) return null;
  return { from, to: to <= from ? DAY_MINUTES : to };
}

const percent = (at: number, from: number, to: number) => ((at - from) / (to - from)) * 100;

/** Local minutes after midnight of `day` for an instant inside the day (the day's end is 1440). */
function minutesInto(at: number, day: string, dayEnd: number, timeZone: string): number {
  if (at >= dayEnd) return DAY_MINUTES;
  const parts = localParts(at, timeZone);
  return parts.date === day ? parts.minutes : 0;
}

/** Whether a span runs from a local midnight to a local midnight (time off taken in whole days). */
export function wholeDays(span: Span, timeZone: string): boolean {
  return localParts(span.startsAt, timeZone).minutes === 0 && localParts(span.endsAt, timeZone).minutes === 0 && span.endsAt > span.startsAt;
}

/** Whether a span touches the store-local `day`. */
export function touchesDay(span: Span, day: string, timeZone: string): boolean {
  const dayStart = zonedInstant(day, 0, timeZone);
  const dayEnd = zonedInstant(addDays(day, 1), 0, timeZone);
  return span.startsAt < dayEnd && span.endsAt > dayStart;
}

/** The timeline of `day` at a store: its span, hour ticks and opening hours, fitted to the day's shifts. */
export function dayAxis(day: string, timeZone: string, hours: OpeningHours | null, shifts: readonly Span[]): DayAxis {
  const dayStart = zonedInstant(day, 0, timeZone);
  const dayEnd = zonedInstant(addDays(day, 1), 0, timeZone);
  const base = hours ?? DEFAULT_HOURS;
  let fromMinutes = Math.floor(base.from / 60) * 60;
  let toMinutes = Math.ceil(base.to / 60) * 60;
  for (const s of shifts) {
    if (s.endsAt <= dayStart || s.startsAt >= dayEnd) continue;
    // Widened to whole hours; to the edge of the day for a shift that crosses it.
    fromMinutes = Math.min(fromMinutes, s.startsAt <= dayStart ? 0 : Math.floor(minutesInto(s.startsAt, day, dayEnd, timeZone) / 60) * 60);
    toMinutes = Math.max(toMinutes, s.endsAt >= dayEnd ? DAY_MINUTES : Math.ceil(minutesInto(s.endsAt, day, dayEnd, timeZone) / 60) * 60);
  }
  const at = (minutes: number) => (minutes <= 0 ? dayStart : minutes >= DAY_MINUTES ? dayEnd : zonedInstant(day, minutes, timeZone));
  const from = at(fromMinutes);
  const to = Math.max(at(toMinutes), from + HOUR);
  const ticks: Tick[] = [];
  // Hour by hour in instants: a DST day shows its skipped or repeated hour as the clock did.
  for (let t = from; t <= to; t += HOUR) ticks.push({ at: t, left: percent(t, from, to), label: formatClock(t, timeZone) });
  let open: DayAxis["open"] = null;
  if (hours) {
    const left = Math.max(from, at(hours.from));
    const right = Math.min(to, at(hours.to));
    if (right > left)
      open = { left: percent(left, from, to), width: percent(right, from, to) - percent(left, from, to), from: at(hours.from), to: at(hours.to) };
  }
  return { dayStart, dayEnd, from, to, hours: (to - from) / HOUR, ticks, open };
}

/** Where a span sits on the timeline, clipped to it; null when it is wholly outside. */
export function place(axis: Pick<DayAxis, "from" | "to">, span: Span): Placement | null {
  const start = Math.max(span.startsAt, axis.from);
  const end = Math.min(span.endsAt, axis.to);
  if (end <= start) return null;
  const left = percent(start, axis.from, axis.to);
  return {
    left,
    width: percent(end, axis.from, axis.to) - left,
    clippedStart: span.startsAt < axis.from,
    clippedEnd: span.endsAt > axis.to,
  };
}

/**
 * A lane per span so that overlapping spans of one row sit one above the other: the first lane
 * free at its start, taking spans by start time. Returned in the order given.
 */
export function lanes(spans: readonly Span[]): number[] {
  const order = spans.map((s, i) => ({ s, i })).sort((a, b) => a.s.startsAt - b.s.startsAt || a.s.endsAt - b.s.endsAt || a.i - b.i);
  const laneEnds: number[] = [];
  const result = new Array<number>(spans.length).fill(0);
  for (const { s, i } of order) {
    let lane = laneEnds.findIndex((end) => end <= s.startsAt);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = s.endsAt;
    result[i] = lane;
  }
  return result;
}

/**
 * The day's rows: the open shifts first (always, to add one), then each person with a shift
 * touching the day, in the order people are given (by name); each row's shifts by start.
 */
export function dayRows<S extends Span & { employeeId: string | null }, P extends { _id: string }>(
  day: string,
  timeZone: string,
  shifts: readonly S[],
  people: readonly P[],
): { open: S[]; people: Array<{ person: P; shifts: S[] }> } {
  const onDay = shifts.filter((s) => touchesDay(s, day, timeZone)).sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
  return {
    open: onDay.filter((s) => s.employeeId === null),
    people: people.map((person) => ({ person, shifts: onDay.filter((s) => s.employeeId === person._id) })).filter((r) => r.shifts.length > 0),
  };
}
