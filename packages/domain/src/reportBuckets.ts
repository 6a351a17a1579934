import { addDays, daysBetweenInclusive } from "./datePresets.ts";
import { suggestedTimeGroup, usualInterval, type TimeGroup } from "./reports.ts";

// Revenue buckets that fit how often coin stores are collected (issue 34). Money only becomes
// known when a box is emptied, about twice a week in most stores, so a day without a collection
// is not a day without revenue: a daily table of collected money is a saw-tooth of collection
// days and empty days. Two answers live here: which bucket a report opens on (weekly when the
// stores are collected less often than daily), and an estimate of each day's takings, spreading
// what a machine's box held over the days since that machine's previous collection.
// Dates are business dates (yyyy-MM-dd) in the store's zone; money is integer cents. Weeks stay
// Monday weeks: the revenue roll-ups are kept by Monday week (docs/decisions/0031).

/** Why a report opens on the bucket it does. */
export type BucketReason =
  /** Collected less often than daily: daily buckets would mostly be empty. */
  | "sparse"
  /** Collected about every day: days are fine. */
  | "daily"
  /** The range is too long for days (or weeks) to be readable. */
  | "rangeLength"
  /** No collection in the range to go by: the range's length decides. */
  | "noCollections";

export interface BucketChoice {
  group: TimeGroup;
  reason: BucketReason;
  /** The usual days between collections (median over the stores); null when unknown. */
  intervalDays: number | null;
}

/** Collected less often than every this many days: weeks are too fine as well, months fit. */
export const MONTHLY_FROM_INTERVAL_DAYS = 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The bucket a revenue report opens on, from each store's collection dates in the range
 * (`datesByStore`: one list per store). A store's interval is the median gap between its
 * collection dates; a store collected once in a range of several days counts the whole range as
 * its gap; stores without a collection are left out. The stores' median interval decides: over
 * a day, weeks; over MONTHLY_FROM_INTERVAL_DAYS, months. Never finer than the range's length
 * allows (suggestedTimeGroup).
 */
export function defaultTimeGroup(from: string, to: string, datesByStore: ReadonlyArray<readonly string[]>): BucketChoice {
  const byLength = suggestedTimeGroup(from, to);
  const rangeDays = daysBetweenInclusive(from, to);
  const intervals = datesByStore
    .map((dates) => new Set(dates))
    .filter((dates) => dates.size > 0)
    .map((dates) => usualInterval([...dates]) ?? (rangeDays > 1 ? rangeDays - 1 : null))
    .filter((v): v is number => v !== null);
  if (intervals.length === 0) return { group: byLength, reason: "noCollections", intervalDays: null };
  const intervalDays = median(intervals);
  const byCadence: TimeGroup = intervalDays > MONTHLY_FROM_INTERVAL_DAYS ? "month" : intervalDays > 1 ? "week" : "day";
  const order: TimeGroup[] = ["day", "week", "month"];
  if (order.indexOf(byLength) >= order.indexOf(byCadence)) {
    return { group: byLength, reason: byLength === "day" ? "daily" : "rangeLength", intervalDays };
  }
  return { group: byCadence, reason: "sparse", intervalDays };
}

/** "About twice a week": the whole number of collections a week an interval means; 0 when under once a week. */
export function collectionsPerWeek(intervalDays: number): number {
  return intervalDays <= 0 ? 7 : intervalDays > 7 ? 0 : Math.max(1, Math.round(7 / intervalDays));
}

// ---- The daily estimate ----

/**
 * A machine not collected for longer than this is more likely out of service than slow: its
 * collection is spread over the last this-many days only.
 */
export const MAX_SPREAD_DAYS = 35;

export interface SpreadDay {
  date: string;
  cents: number;
}

/**
 * A collection of `amountCents` on `date` spread over the days since the machine's previous
 * collection on `previous`: the days after `previous` up to and including `date` (at most
 * MAX_SPREAD_DAYS). Each day gets the same whole cents, rounded toward zero; the cents left over
 * go one each to the latest days, nearest the collection, so the days always add up to the
 * amount exactly (an adjustment below zero spreads the same way with negative cents). Without a
 * previous collection (the machine's first) nothing says how long the box was filling: the whole
 * amount stays on its own day.
 */
export function spreadCollection(amountCents: number, previous: string | null, date: string): SpreadDay[] {
  if (!Number.isInteger(amountCents)) throw new RangeError(`Not whole cents: ${amountCents}`);
  const gap = previous === null || previous >= date ? 1 : Math.min(daysBetweenInclusive(previous, date) - 1, MAX_SPREAD_DAYS);
  const each = Math.trunc(amountCents / gap);
  const left = amountCents - each * gap; // same sign as the amount, fewer cents than days
  const sign = Math.sign(left);
  const first = addDays(date, -(gap - 1));
  return Array.from({ length: gap }, (_, i) => ({ date: addDays(first, i), cents: each + (i >= gap - Math.abs(left) ? sign : 0) }));
}

export interface MachineCollection {
  machineId: string;
  date: string;
  cents: number;
}

export interface DailyEstimate {
  /** Every day of the range in order, with its estimated takings and what was collected on it. */
  days: Array<{ date: string; estimatedCents: number; collectedCents: number; collected: boolean }>;
  /** What the range's collections spread onto days before the range. */
  beforeRangeCents: number;
}

/**
 * The range's daily estimate from the machines' collections in the range (`collections`) and
 * each machine's last collection before the range (`previousByMachine`). Every collection in
 * the range is spread back to its machine's previous collection; what falls before `from` is
 * kept apart (beforeRangeCents), so the days plus that add up to the range's collections
 * exactly. Collections after the range are not spread into it: the range holds what was
 * collected in it.
 */
export function dailyEstimate(
  from: string,
  to: string,
  collections: readonly MachineCollection[],
  previousByMachine: ReadonlyMap<string, string>,
): DailyEstimate {
  const estimated = new Map<string, number>();
  const collected = new Map<string, number>();
  let beforeRangeCents = 0;
  const sorted = [...collections].sort((a, b) => a.machineId.localeCompare(b.machineId) || a.date.localeCompare(b.date));
  let machine: string | null = null;
  let previous: string | null = null;
  for (const c of sorted) {
    if (c.date < from || c.date > to) continue;
    if (c.machineId !== machine) {
      machine = c.machineId;
      previous = previousByMachine.get(c.machineId) ?? null;
    }
    collected.set(c.date, (collected.get(c.date) ?? 0) + c.cents);
    for (const day of spreadCollection(c.cents, previous, c.date)) {
      if (day.date < from) beforeRangeCents += day.cents;
      else estimated.set(day.date, (estimated.get(day.date) ?? 0) + day.cents);
    }
    previous = c.date;
  }
  const days: DailyEstimate["days"] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.push({ date, estimatedCents: estimated.get(date) ?? 0, collectedCents: collected.get(date) ?? 0, collected: collected.has(date) });
  }
  return { days, beforeRangeCents };
}

/**
 * The change between two time buckets in percent, only when both hold collections: a bucket
 * without a collection is not a bucket without revenue, so against it there is nothing to say.
 */
export function bucketChangePercent(
  current: { totalCents: number; collected: boolean },
  previous: { totalCents: number; collected: boolean } | null,
): number | null {
  if (!previous || !current.collected || !previous.collected || previous.totalCents === 0) return null;
  return Math.round(((current.totalCents - previous.totalCents) / Math.abs(previous.totalCents)) * 1000) / 10;
}
