import type { Kysely } from "kysely";
import { EXPECTED_WINDOW_DAYS, expectedFigure, isLowLine } from "@tumble/domain/collectionStats";
import { addDays, daysBetweenInclusive } from "@tumble/domain/datePresets";
import { DUE_WITHIN_DAYS, flagCollectors, isOverdue, percentOfExpected, predictedFullDate, usualInterval, weekStart } from "@tumble/domain/reports";
import type { DB } from "../db/schema.ts";
import { reportLines, type ReportLine } from "./lines.ts";

// Collector signals and coin-box cadence, computed from the lines in memory with the rules of
// @tumble/domain/reports and the same expected figure verification shows (collectionStats).

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One visit's take per machine: a collection's lines plus its adjusting records' deltas. */
function visits(lines: readonly ReportLine[]) {
  const byVisit = new Map<string, ReportLine & { amountCents: number }>();
  for (const l of lines) {
    const key = `${l.collectionId}|${l.machineId}`;
    const amount = l.coinsCents + l.billsCents;
    const seen = byVisit.get(key);
    if (seen) seen.amountCents += amount;
    else byVisit.set(key, { ...l, amountCents: amount });
  }
  return [...byVisit.values()];
}

export interface CollectorRow {
  collectorId: string;
  name: string;
  collections: number;
  lines: number;
  collectedCents: number;
  /** Sum of the expected figures of the lines that had one, and what those lines brought. */
  expectedCents: number;
  collectedAgainstExpectedCents: number;
  percentOfExpected: number | null;
  lowLines: number;
  rejected: number;
  rejectRatePercent: number | null;
  flagged: boolean;
  weeks: Array<{ week: string; collectedCents: number; expectedCents: number }>;
}

export async function collectorSignals(db: Kysely<DB>, companyId: string, storeId: string | null, from: string, to: string): Promise<CollectorRow[]> {
  const all = visits(await reportLines(db, companyId, { storeId, from: addDays(from, -EXPECTED_WINDOW_DAYS), to, statuses: ["verified"] }));
  const history = new Map<string, Array<{ businessDate: string; amountCents: number }>>();
  for (const v of all) pushTo(history, v.machineId, { businessDate: v.businessDate, amountCents: v.amountCents });
  const rows = new Map<
    string,
    Omit<CollectorRow, "name" | "percentOfExpected" | "rejected" | "rejectRatePercent" | "flagged" | "weeks"> & {
      weeks: Map<string, { collectedCents: number; expectedCents: number }>;
      visits: Set<string>;
    }
  >();
  for (const v of all.filter((x) => x.businessDate >= from)) {
    const windowStart = addDays(v.businessDate, -EXPECTED_WINDOW_DAYS);
    const past = (history.get(v.machineId) ?? []).filter((h) => h.businessDate >= windowStart && h.businessDate < v.businessDate);
    const expected = expectedFigure(past, v.businessDate);
    const row = rows.get(v.collectorId) ?? {
      collectorId: v.collectorId,
      collections: 0,
      lines: 0,
      collectedCents: 0,
      expectedCents: 0,
      collectedAgainstExpectedCents: 0,
      lowLines: 0,
      weeks: new Map(),
      visits: new Set<string>(),
    };
    row.visits.add(v.collectionId);
    row.collectedCents += v.amountCents;
    const week = row.weeks.get(weekStart(v.businessDate)) ?? { collectedCents: 0, expectedCents: 0 };
    week.collectedCents += v.amountCents;
    if (expected !== null) {
      row.lines++;
      row.expectedCents += expected;
      row.collectedAgainstExpectedCents += v.amountCents;
      week.expectedCents += expected;
      if (isLowLine(v.amountCents, expected)) row.lowLines++;
    }
    row.weeks.set(weekStart(v.businessDate), week);
    rows.set(v.collectorId, row);
  }
  // Rejections: visits of the range sent back at least once (the reason stays when they are resubmitted).
  let rejectedQuery = db
    .selectFrom("collections")
    .select((eb) => ["collectorId", eb.fn.countAll<string>().as("submitted"), eb.fn.count<string>("rejectionReason").as("rejected")])
    .where("companyId", "=", companyId)
    .where("adjustsCollectionId", "is", null)
    .where("status", "in", ["submitted", "verified", "rejected"])
    .where("businessDate", ">=", from)
    .where("businessDate", "<=", to)
    .groupBy("collectorId");
  if (storeId) rejectedQuery = rejectedQuery.where("storeId", "=", storeId);
  const rejections = new Map((await rejectedQuery.execute()).map((r) => [r.collectorId, { submitted: Number(r.submitted), rejected: Number(r.rejected) }]));
  const ids = [...new Set([...rows.keys(), ...rejections.keys()])];
  const names = new Map(
    ids.length ? (await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", ids).execute()).map((u) => [u.id, u.name || u.email]) : [],
  );
  const result = ids.map((collectorId) => {
    const row = rows.get(collectorId);
    const r = rejections.get(collectorId) ?? { submitted: 0, rejected: 0 };
    return {
      collectorId,
      name: names.get(collectorId) ?? "",
      collections: row?.visits.size ?? 0,
      lines: row?.lines ?? 0,
      collectedCents: row?.collectedCents ?? 0,
      expectedCents: row?.expectedCents ?? 0,
      collectedAgainstExpectedCents: row?.collectedAgainstExpectedCents ?? 0,
      percentOfExpected: row ? percentOfExpected(row.collectedAgainstExpectedCents, row.expectedCents) : null,
      lowLines: row?.lowLines ?? 0,
      rejected: r.rejected,
      rejectRatePercent: r.submitted ? Math.round((r.rejected / r.submitted) * 1000) / 10 : null,
      flagged: false,
      weeks: row ? [...row.weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, w]) => ({ week, ...w })) : [],
    };
  });
  const flags = flagCollectors(result.map((r) => ({ percent: r.percentOfExpected, lines: r.lines })));
  return result.map((r, i) => ({ ...r, flagged: flags[i] })).sort((a, b) => a.name.localeCompare(b.name));
}

export interface CadenceMachine {
  machineId: string;
  label: string;
  capacityCents: number | null;
  lastCollected: string | null;
  dailyTakeCents: number | null;
  accumulatedCents: number | null;
  predictedFullDate: string | null;
  due: boolean;
}

export interface CadenceStore {
  storeId: string;
  storeName: string;
  today: string;
  lastCollected: string | null;
  usualIntervalDays: number | null;
  daysSinceLast: number | null;
  overdue: boolean;
  machines: CadenceMachine[];
}

/**
 * Per active store: each machine's daily take over the last eight weeks (what it brought since its
 * first visit in the window, divided by the days since), when its box fills, and whether the store
 * has gone longer than its usual interval without a collection.
 */
export async function cadence(db: Kysely<DB>, companyId: string, storeId: string | null, today: (timeZone: string) => string): Promise<CadenceStore[]> {
  let storesQuery = db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).where("isActive", "=", true).orderBy("name");
  if (storeId) storesQuery = storesQuery.where("id", "=", storeId);
  const stores = await storesQuery.execute();
  if (!stores.length) return [];
  const days = new Map(stores.map((s) => [s.id, today(s.timeZone)]));
  const sorted = [...days.values()].sort();
  // Three statements for any number of stores: their machines, and every visit of the window.
  let machinesQuery = db
    .selectFrom("machines as m")
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
    .innerJoin("storeSections as sec", (j) => j.onRef("sec.companyId", "=", "m.companyId").onRef("sec.id", "=", "m.sectionId"))
    .select(["m.id", "m.storeId", "m.label", "m.coinBoxCapacityCents"])
    .where("m.companyId", "=", companyId)
    .where("m.isActive", "=", true)
    .where((eb) => eb.and([eb(eb.fn.coalesce("t.specialCase", eb.val("")), "<>", "changer"), eb("t.category", "<>", "change")]))
    // In the order a collector walks them: section by section (positions count within a section).
    .orderBy("sec.position")
    .orderBy("m.position")
    .orderBy("m.label");
  if (storeId) machinesQuery = machinesQuery.where("m.storeId", "=", storeId);
  const machines = await machinesQuery.execute();
  const lines = visits(
    await reportLines(db, companyId, {
      storeId,
      from: addDays(sorted[0], -EXPECTED_WINDOW_DAYS),
      to: sorted[sorted.length - 1],
      statuses: ["submitted", "verified"],
    }),
  );
  const byStore = new Map<string, typeof lines>();
  const byMachine = new Map<string, typeof lines>();
  for (const l of lines) {
    const day = days.get(l.storeId);
    // Each store's own window: the eight weeks up to its own today.
    if (!day || l.businessDate > day || l.businessDate < addDays(day, -EXPECTED_WINDOW_DAYS)) continue;
    pushTo(byStore, l.storeId, l);
    pushTo(byMachine, l.machineId, l);
  }
  return stores.map((store) => {
    const day = days.get(store.id)!;
    const storeDates = (byStore.get(store.id) ?? []).map((l) => l.businessDate);
    const last = storeDates.length ? storeDates.reduce((a, b) => (a > b ? a : b)) : null;
    const interval = usualInterval(storeDates);
    return {
      storeId: store.id,
      storeName: store.name,
      today: day,
      lastCollected: last,
      usualIntervalDays: interval,
      daysSinceLast: last ? daysBetweenInclusive(last, day) - 1 : null,
      overdue: last ? isOverdue(last, day, interval) : false,
      machines: machines
        .filter((m) => m.storeId === store.id)
        .map((m) => {
          const mine = (byMachine.get(m.id) ?? []).sort((a, b) => a.businessDate.localeCompare(b.businessDate));
          const lastVisit = mine.length ? mine[mine.length - 1].businessDate : null;
          // The first visit in the window only marks the start: what it held was taken before it.
          const span = mine.length >= 2 ? daysBetweenInclusive(mine[0].businessDate, lastVisit!) - 1 : 0;
          const taken = mine.slice(1).reduce((sum, l) => sum + l.amountCents, 0);
          const daily = span > 0 ? Math.round(taken / span) : null;
          const full = lastVisit && daily ? predictedFullDate(lastVisit, m.coinBoxCapacityCents, daily) : null;
          return {
            machineId: m.id,
            label: m.label,
            capacityCents: m.coinBoxCapacityCents,
            lastCollected: lastVisit,
            dailyTakeCents: daily,
            accumulatedCents: lastVisit && daily ? daily * (daysBetweenInclusive(lastVisit, day) - 1) : null,
            predictedFullDate: full,
            due: full !== null && full <= addDays(day, DUE_WITHIN_DAYS),
          };
        }),
    };
  });
}
