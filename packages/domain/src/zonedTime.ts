// Instants ↔ wall-clock times in an IANA zone, fast enough to call per row (issues 35 and 37).
// A zone's offset from UTC is asked of Intl once per zone and UTC day and cached: when the offset
// at the day's start equals the one at its end, no transition happens inside that day and every
// instant of it shares the offset; on the few transition days each instant is asked exactly.
// dayjs' tz plugin built a formatter and parsed its output on every call (tens of µs each), which
// made a year of time entries spend seconds converting dates.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Days cached per zone before its cache starts again (bounds memory; ~55 years of days). */
const MAX_DAYS_PER_ZONE = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for a zone Intl does not know, as dayjs did.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC in ms at `epochMs`, asked of Intl (whole seconds). */
function exactOffset(timeZone: string, epochMs: number): number {
  const at = Math.floor(epochMs / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) if (part.type !== "literal") p[part.type] = Number(part.value);
  const local = new Date(0);
  local.setUTCFullYear(p.year!, p.month! - 1, p.day!);
  local.setUTCHours(p.hour!, p.minute!, p.second!, 0);
  return local.getTime() - at;
}

const offsets = new Map<string, Map<number, number | null>>();

const isoDates = new Map<number, string>();
/** yyyy-MM-dd of a day number (days since 1970-01-01), formatted once per day: per-row callers reuse it. */
export function isoDateOfDay(day: number): string {
  let iso = isoDates.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoDates.size >= MAX_DAYS_PER_ZONE) isoDates.clear();
    isoDates.set(day, iso);
  }
  return iso;
}

/** The zone's offset from UTC in ms at the instant. */
export function zoneOffset(timeZone: string, epochMs: number): number {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Not an instant: ${epochMs}`);
  const day = Math.floor(epochMs / DAY_MS);
  let days = offsets.get(timeZone);
  if (!days) offsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const start = exactOffset(timeZone, day * DAY_MS);
    offset = start === exactOffset(timeZone, (day + 1) * DAY_MS) ? start : null;
    if (days.size >= MAX_DAYS_PER_ZONE) days.clear();
    days.set(day, offset);
  }
  return offset ?? exactOffset(timeZone, epochMs);
}

/** The wall clock in the zone at the instant: its date (yyyy-MM-dd) and minutes after midnight. */
export function wallClock(epochMs: number, timeZone: string): { date: string; minutes: number } {
  const local = epochMs + zoneOffset(timeZone, epochMs);
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  return { date: isoDateOfDay(dayStart / DAY_MS), minutes: Math.floor((local - dayStart) / MINUTE_MS) };
}

/** The date (yyyy-MM-dd) in the zone at the instant. */
export function dateInZone(epochMs: number, timeZone: string): string {
  return isoDateOfDay(Math.floor((epochMs + zoneOffset(timeZone, epochMs)) / DAY_MS));
}

/**
 * The instant the zone's clocks read `date` at `minutes` after midnight. A time skipped by a
 * spring-forward is read with the offset before the change (02:30 in Chicago's gap is 03:30 CDT, as
 * dayjs read it);
 * a time that happens twice at a fall-back is its first (daylight) occurrence.
 */
export function wallTimeToInstant(date: string, minutes: number, timeZone: string): number {
  const asUtc = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + minutes * MINUTE_MS;
  // The offsets a day either side (the instant is within ±14 h of asUtc): equal away from a transition.
  const before = zoneOffset(timeZone, asUtc - DAY_MS);
  const after = zoneOffset(timeZone, asUtc + DAY_MS);
  if (before === after) return asUtc - before;
  const early = asUtc - before;
  const late = asUtc - after;
  // Both readings exist at a fall-back: the earlier instant. In a gap neither does: the offset before.
  const earlyOk = zoneOffset(timeZone, early) === before;
  const lateOk = zoneOffset(timeZone, late) === after;
  if (earlyOk && lateOk) return Math.min(early, late);
  if (earlyOk) return early;
  if (lateOk) return late;
  return early;
}
