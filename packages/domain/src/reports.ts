import { addDays, addMonths, daysBetweenInclusive } from "./datePresets.ts";

// The reports' arithmetic, shared by the server (which computes them) and the screens (which
// label and chart them): time buckets and how a comparison period lines up with them, change
// against the comparison, and the coin-box cadence (when a box fills, when a store is overdue).
// Dates are business dates (yyyy-MM-dd) in the store's zone; money is integer cents.

export const REVENUE_GROUPS = ["day", "week", "month", "section", "equipmentType", "category", "machine"] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];
export const TIME_GROUPS = ["day", "week", "month"] as const satisfies readonly RevenueGroup[];
export type TimeGroup = (typeof TIME_GROUPS)[number];

export function isTimeGroup(group: string): group is TimeGroup {
  return (TIME_GROUPS as readonly string[]).includes(group);
}

/** The Monday of the ISO week holding `date`. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The bucket a business date falls in: the date, its week's Monday, or yyyy-MM. */
export function bucketOf(date: string, group: TimeGroup): string {
  if (group === "day") return date;
  if (group === "week") return weekStart(date);
  return date.slice(0, 7);
}

/** Every bucket from `from` to `to` in order, empty ones included, so a chart's axis has no gaps. */
export function bucketsBetween(from: string, to: string, group: TimeGroup): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, group);
    if (buckets[buckets.length - 1] !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/** The grouping that keeps a chart readable: days up to two months, weeks up to about half a year, then months. */
export function suggestedTimeGroup(from: string, to: string): TimeGroup {
  const days = daysBetweenInclusive(from, to);
  return days <= 62 ? "day" : days <= 190 ? "week" : "month";
}

/** The change from `previous` to `current` in percent, one decimal; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

// ---- Coin-box cadence ----

/** A store is overdue when it has gone this many times its usual interval without a collection. */
export const OVERDUE_FACTOR = 1.5;
/** A machine is due when its box is predicted full within this many days. */
export const DUE_WITHIN_DAYS = 2;

/**
 * The date the box fills: the last collection plus capacity ÷ daily take, rounded down (full
 * during that day). Null without a capacity or a take.
 */
export function predictedFullDate(lastCollected: string, capacityCents: number | null, dailyTakeCents: number): string | null {
  if (!capacityCents || capacityCents <= 0 || dailyTakeCents <= 0) return null;
  return addDays(lastCollected, Math.floor(capacityCents / dailyTakeCents));
}

/** The usual number of days between collections: the median gap between distinct collection dates; null with fewer than two. */
export function usualInterval(dates: readonly string[]): number | null {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length < 2) return null;
  const gaps = sorted.slice(1).map((d, i) => daysBetweenInclusive(sorted[i], d) - 1);
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  return gaps.length % 2 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2;
}

/** Whether a store last collected on `last` is overdue today, given its usual interval. */
export function isOverdue(last: string, today: string, interval: number | null): boolean {
  if (interval === null) return false;
  return daysBetweenInclusive(last, today) - 1 > interval * OVERDUE_FACTOR;
}

// ---- Collectors ----

/** A collector stands out when their collected ÷ expected is this many points below the median collector's. */
export const COLLECTOR_FLAG_POINTS = 10;
/** …over at least this many lines with an expected figure. */
export const COLLECTOR_MIN_LINES = 5;

/** Collected as a percent of expected, one decimal; null without an expected figure. */
export function percentOfExpected(collectedCents: number, expectedCents: number): number | null {
  if (expectedCents <= 0) return null;
  return Math.round((collectedCents / expectedCents) * 1000) / 10;
}

/** Which collectors stand out: well below the median collector's percent of expected, over enough lines. */
export function flagCollectors(rows: ReadonlyArray<{ percent: number | null; lines: number }>): boolean[] {
  const percents = rows.filter((r) => r.percent !== null && r.lines >= COLLECTOR_MIN_LINES).map((r) => r.percent!);
  if (percents.length < 2) return rows.map(() => false);
  percents.sort((a, b) => a - b);
  const mid = percents.length >> 1;
  const median = percents.length % 2 ? percents[mid] : (percents[mid - 1] + percents[mid]) / 2;
  return rows.map((r) => r.percent !== null && r.lines >= COLLECTOR_MIN_LINES && r.percent <= median - COLLECTOR_FLAG_POINTS);
}

/** Inclusive ranges of bucket start dates to read from each roll-up (revenue_days, _weeks, _months). */
export interface RollupPieces {
  days: Array<[string, string]>;
  weeks: Array<[string, string]>;
  months: Array<[string, string]>;
}

function lastDayOfMonth(date: string): string {
  return addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
}

/**
 * How to read the days from `from` to `to` (inclusive) from the coarsest roll-ups that fit
 * (docs/decisions/0031): whole calendar months from the monthly one and whole Monday weeks from
 * the weekly one, where the grouping can use them — a day grouping needs days, a week grouping
 * cannot take months (they cut weeks), a month grouping cannot take weeks (they cut months) —
 * and the rest day by day. Every day of the range is in exactly one piece.
 */
export function rollupPieces(from: string, to: string, group: RevenueGroup): RollupPieces {
  const pieces: RollupPieces = { days: [], weeks: [], months: [] };
  if (from > to) return pieces;
  const useMonths = group !== "day" && group !== "week";
  const useWeeks = group !== "day" && group !== "month";
  const weeksThenDays = (a: string, b: string) => {
    if (a > b) return;
    const firstMonday = weekStart(a) === a ? a : addDays(weekStart(a), 7);
    const lastSunday = addDays(weekStart(addDays(b, 1)), -1);
    if (!useWeeks || firstMonday > lastSunday) {
      pieces.days.push([a, b]);
      return;
    }
    if (a < firstMonday) pieces.days.push([a, addDays(firstMonday, -1)]);
    pieces.weeks.push([firstMonday, weekStart(lastSunday)]);
    if (lastSunday < b) pieces.days.push([addDays(lastSunday, 1), b]);
  };
  const firstMonth = from.slice(8) === "01" ? from : addMonths(`${from.slice(0, 7)}-01`, 1);
  const lastMonthEnd = lastDayOfMonth(to) === to ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (!useMonths || firstMonth > lastMonthEnd) {
    weeksThenDays(from, to);
    return pieces;
  }
  weeksThenDays(from, addDays(firstMonth, -1));
  pieces.months.push([firstMonth, `${lastMonthEnd.slice(0, 7)}-01`]);
  weeksThenDays(addDays(lastMonthEnd, 1), to);
  return pieces;
}
