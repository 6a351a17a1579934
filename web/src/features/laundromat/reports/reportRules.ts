import { formatDisplayDate, formatMonth } from "@tumble/domain/dateFormat";
import { addDays, daysBetweenInclusive, type DateRange } from "@tumble/domain/datePresets";
import { centsToDollarString } from "@tumble/domain/money";
import { collectionsPerWeek } from "@tumble/domain/reportBuckets";
import type { RevenueGroup } from "@tumble/domain/reports";

// The screen's own arithmetic over what the reports functions return: the arguments the
// selection gives, labels of time buckets, top and bottom machines, collectors' range, due lists.

export interface ReportPeriod {
  from: string;
  to: string;
  fromTime?: string;
  toTime?: string;
  compareFrom?: string;
  compareTo?: string;
}

/** The selection's range as report arguments: times only with "Include time", the comparison only when it is on. */
export function periodOf(range: DateRange): ReportPeriod {
  const period: ReportPeriod = { from: range.fromDate, to: range.toDate };
  if (range.includeTime) {
    if (range.fromTime) period.fromTime = range.fromTime.slice(0, 5);
    if (range.toTime) period.toTime = range.toTime.slice(0, 5);
  }
  if (range.enableComparison && range.compareFromDate && range.compareToDate) {
    period.compareFrom = range.compareFromDate;
    period.compareTo = range.compareToDate;
  }
  return period;
}

/** Collector signals cover at most a year (the server refuses more than 400 days): the range's last 365 days. */
export const COLLECTOR_MAX_DAYS = 365;

export function collectorRange(from: string, to: string): { from: string; to: string; clamped: boolean } {
  if (daysBetweenInclusive(from, to) <= COLLECTOR_MAX_DAYS) return { from, to, clamped: false };
  return { from: addDays(to, -(COLLECTOR_MAX_DAYS - 1)), to, clamped: true };
}

/** A time bucket's label: a day or a week's Monday as MM/dd/yyyy, a month as "Oct 2026" in the reader's language. */
export function bucketLabel(key: string, group: RevenueGroup, language: string): string {
  if (group === "month" && /^\d{4}-\d{2}$/.test(key)) {
    return formatMonth(key, language);
  }
  return formatDisplayDate(key);
}

/** The five machines that brought the most and the five that brought the least, never the same machine twice. */
export function topAndBottom<T extends { totalCents: number; label: string }>(rows: readonly T[], n = 5): { top: T[]; bottom: T[] } {
  const sorted = [...rows].sort((a, b) => b.totalCents - a.totalCents || a.label.localeCompare(b.label));
  const topCount = Math.min(n, Math.ceil(sorted.length / 2));
  const bottomCount = Math.min(n, sorted.length - topCount);
  return { top: sorted.slice(0, topCount), bottom: bottomCount ? sorted.slice(-bottomCount) : [] };
}

/** Money for a CSV cell: plain dollars with two decimals ("1234.50"), empty when unknown. */
export function csvMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : centsToDollarString(cents);
}

/** The change from the comparison to now, in cents; null without a comparison. */
export function changeCents(current: number, previous: number | null | undefined): number | null {
  return previous === null || previous === undefined ? null : current - previous;
}

export type Direction = "up" | "down" | "flat";

export function directionOf(value: number): Direction {
  return value > 0 ? "up" : value < 0 ? "down" : "flat";
}

/** Machines due for collection, per store, in predicted-full order; stores with none left out. */
export function dueByStore<
  S extends { storeId: string; storeName: string; machines: Array<{ due: boolean; predictedFullDate: string | null; label: string }> },
>(stores: readonly S[]): Array<{ store: S; machines: S["machines"] }> {
  return stores
    .map((store) => ({
      store,
      machines: store.machines
        .filter((m) => m.due)
        .sort((a, b) => (a.predictedFullDate ?? "").localeCompare(b.predictedFullDate ?? "") || a.label.localeCompare(b.label)),
    }))
    .filter((s) => s.machines.length > 0);
}

/** How often a store is collected, as a translation key and its values: "about twice a week", "about every 10 days". */
export function bucketOften(intervalDays: number): [string, Record<string, number>] {
  const perWeek = collectionsPerWeek(intervalDays);
  if (perWeek === 0) return ["bucket.everyDays", { days: Math.round(intervalDays) }];
  if (perWeek === 1) return ["bucket.onceAWeek", {}];
  if (perWeek === 2) return ["bucket.twiceAWeek", {}];
  return ["bucket.timesAWeek", { count: perWeek }];
}

/** A revenue row with the day's estimated take (days only), from reports:dailyEstimate. */
export type EstimatedRow<R extends { key: string } = RevenueRowLike> = R & { estimatedCents?: number };
interface RevenueRowLike {
  key: string;
  label: string;
  coinsCents: number;
  billsCents: number;
  totalCents: number;
  compareKey?: string;
  compareTotalCents?: number;
  changePercent: number | null;
  noCollection?: true;
  compareNoCollection?: true;
}

/** Day rows with each day's estimated take beside them; unchanged while the estimate loads. */
export function withEstimates<R extends { key: string }>(
  rows: readonly R[],
  estimate: { days: ReadonlyArray<{ date: string; estimatedCents: number }> } | undefined,
): Array<EstimatedRow<R>> {
  if (!estimate) return [...rows];
  const byDate = new Map(estimate.days.map((d) => [d.date, d.estimatedCents]));
  return rows.map((r) => (byDate.has(r.key) ? { ...r, estimatedCents: byDate.get(r.key)! } : r));
}
