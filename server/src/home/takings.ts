import type { Kysely } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import { comparisonRange, presetRange, type DatePreset } from "@tumble/domain/datePresets";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";

// The owner's overview (issue 34): each active store's takings today, over the last 7 days and
// month to date, each in the store's own business calendar (its time zone's today, the Today /
// Last 7 Days / MTD presets of datePresets.ts) beside the preset's comparison period (the previous
// day, the 7 days before, the same days of the previous month), and the company's total of each.
// Submitted and verified collections count, adjustments by their deltas; drafts and rejections do
// not. One statement reads every store's daily sums over the widest span.

export const HOME_PERIODS = ["today", "last7Days", "mtd"] as const satisfies readonly DatePreset[];
export type HomePeriod = (typeof HOME_PERIODS)[number];

export interface Span {
  fromDate: string;
  toDate: string;
}

export interface StoreTakings {
  storeId: string;
  storeName: string;
  range: Span;
  compare: Span;
  totalCents: number;
  compareCents: number;
  /** Collections in the range (adjustments are not collections of their own). */
  collections: number;
  compareCollections: number;
}

export interface PeriodTakings {
  period: HomePeriod;
  stores: StoreTakings[];
  /** The company's total. Its ranges are the stores' when they all share them (one time zone), else null. */
  total: { totalCents: number; compareCents: number; collections: number; compareCollections: number; range: Span | null; compare: Span | null };
}

/** The Today figures of before, kept for existing callers. */
export interface StoreToday {
  storeId: string;
  storeName: string;
  businessDate: string;
  compareDate: string;
  totalCents: number;
  compareCents: number;
  collections: number;
}

export interface HomeSummary {
  stores: StoreToday[];
  periods: PeriodTakings[];
}

interface StoreRanges {
  storeId: string;
  storeName: string;
  ranges: Record<HomePeriod, { range: Span; compare: Span }>;
}

/** Each store's ranges for the three periods, from its own today. */
export function storeRanges(store: { id: string; name: string; timeZone: string }, now: number): StoreRanges {
  const today = todayIn(store.timeZone, now);
  const ranges = Object.fromEntries(
    HOME_PERIODS.map((period) => {
      const range = presetRange(period, today);
      const compare = comparisonRange(period, range.fromDate, range.toDate)!;
      return [period, { range, compare: { fromDate: compare.compareFromDate, toDate: compare.compareToDate } }];
    }),
  ) as StoreRanges["ranges"];
  return { storeId: store.id, storeName: store.name, ranges };
}

const within = (date: string, span: Span) => span.fromDate <= date && date <= span.toDate;
const sameSpan = (a: Span, b: Span) => a.fromDate === b.fromDate && a.toDate === b.toDate;

export async function homeSummary(db: Kysely<DB>, companyId: string, now: number): Promise<HomeSummary> {
  const stores = await db
    .selectFrom("stores")
    .select(["id", "name", "timeZone"])
    .where("companyId", "=", companyId)
    .where("isActive", "=", true)
    .orderBy("name")
    .execute();
  if (stores.length === 0) return { stores: [], periods: HOME_PERIODS.map((period) => emptyPeriod(period)) };
  const plans = stores.map((s) => storeRanges(s, now));
  const spans = plans.flatMap((p) => HOME_PERIODS.flatMap((period) => [p.ranges[period].range, p.ranges[period].compare]));
  const from = spans.reduce((min, s) => (s.fromDate < min ? s.fromDate : min), spans[0].fromDate);
  const to = spans.reduce((max, s) => (s.toDate > max ? s.toDate : max), spans[0].toDate);
  const rows = await db
    .selectFrom("collections")
    .select((eb) => [
      "storeId",
      "businessDate",
      eb.fn.sum<string>("totalCents").as("cents"),
      eb.fn.countAll<string>().as("n"),
      eb.fn.count<string>("adjustsCollectionId").as("adjustments"),
    ])
    .where("companyId", "=", companyId)
    .where("status", "in", ["submitted", "verified"])
    .where("businessDate", ">=", from)
    .where("businessDate", "<=", to)
    .groupBy(["storeId", "businessDate"])
    .execute();
  const days = rows.map((r) => ({
    storeId: r.storeId,
    date: isoDate(r.businessDate),
    cents: Number(r.cents ?? 0),
    collections: Number(r.n) - Number(r.adjustments),
  }));
  const sum = (storeId: string, span: Span) =>
    days
      .filter((d) => d.storeId === storeId && within(d.date, span))
      .reduce((acc, d) => ({ cents: acc.cents + d.cents, collections: acc.collections + d.collections }), { cents: 0, collections: 0 });

  const periods = HOME_PERIODS.map((period): PeriodTakings => {
    const perStore = plans.map((p): StoreTakings => {
      const { range, compare } = p.ranges[period];
      const current = sum(p.storeId, range);
      const before = sum(p.storeId, compare);
      return {
        storeId: p.storeId,
        storeName: p.storeName,
        range,
        compare,
        totalCents: current.cents,
        compareCents: before.cents,
        collections: current.collections,
        compareCollections: before.collections,
      };
    });
    const first = perStore[0];
    const shared = perStore.every((s) => sameSpan(s.range, first.range) && sameSpan(s.compare, first.compare));
    return {
      period,
      stores: perStore,
      total: {
        totalCents: perStore.reduce((n, s) => n + s.totalCents, 0),
        compareCents: perStore.reduce((n, s) => n + s.compareCents, 0),
        collections: perStore.reduce((n, s) => n + s.collections, 0),
        compareCollections: perStore.reduce((n, s) => n + s.compareCollections, 0),
        range: shared ? first.range : null,
        compare: shared ? first.compare : null,
      },
    };
  });
  const today = periods[0].stores.map((s): StoreToday => ({
    storeId: s.storeId,
    storeName: s.storeName,
    businessDate: s.range.toDate,
    compareDate: s.compare.toDate,
    totalCents: s.totalCents,
    compareCents: s.compareCents,
    collections: s.collections,
  }));
  return { stores: today, periods };
}

function emptyPeriod(period: HomePeriod): PeriodTakings {
  return { period, stores: [], total: { totalCents: 0, compareCents: 0, collections: 0, compareCollections: 0, range: null, compare: null } };
}
