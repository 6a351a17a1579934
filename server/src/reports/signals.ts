import { sql, type Kysely } from "kysely";
import { EXPECTED_WINDOW_DAYS } from "@tumble/domain/collectionStats";
import { addDays, daysBetweenInclusive } from "@tumble/domain/datePresets";
import { DUE_WITHIN_DAYS, flagCollectors, isOverdue, percentOfExpected, predictedFullDate, usualInterval } from "@tumble/domain/reports";
import type { DB } from "../db/schema.ts";

// Collector signals and coin-box cadence: sums from the roll-ups (collector_days, revenue_days;
// docs/decisions/0031) judged by the rules of @tumble/domain/reports.

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
  // Sums per collector and week from collector_days (migration 0019): the expected figure each
  // line was verified against, kept on the line.
  let weeksQuery = db
    .selectFrom("collectorDays")
    .select((eb) => [
      "collectorId",
      sql<string>`to_char(date_trunc('week', business_date), 'YYYY-MM-DD')`.as("week"),
      eb.fn.sum<string>("collectedCents").as("collected"),
      eb.fn.sum<string>("expectedCents").as("expected"),
      eb.fn.sum<string>("againstExpectedCents").as("againstExpected"),
      eb.fn.sum<string>("expectedLines").as("expectedLines"),
      eb.fn.sum<string>("lowLines").as("lowLines"),
    ])
    .where("companyId", "=", companyId)
    .where("businessDate", ">=", from)
    .where("businessDate", "<=", to)
    .groupBy(["collectorId", sql`2`])
    .orderBy(sql`2`);
  if (storeId) weeksQuery = weeksQuery.where("storeId", "=", storeId);
  const rows = new Map<string, Omit<CollectorRow, "name" | "percentOfExpected" | "rejected" | "rejectRatePercent" | "flagged" | "collections">>();
  for (const w of await weeksQuery.execute()) {
    const row = rows.get(w.collectorId) ?? {
      collectorId: w.collectorId,
      lines: 0,
      collectedCents: 0,
      expectedCents: 0,
      collectedAgainstExpectedCents: 0,
      lowLines: 0,
      weeks: [],
    };
    row.lines += Number(w.expectedLines);
    row.collectedCents += Number(w.collected);
    row.expectedCents += Number(w.expected);
    row.collectedAgainstExpectedCents += Number(w.againstExpected);
    row.lowLines += Number(w.lowLines);
    row.weeks.push({ week: w.week, collectedCents: Number(w.collected), expectedCents: Number(w.expected) });
    rows.set(w.collectorId, row);
  }
  // Visits verified, and visits of the range sent back at least once (the reason stays when they are resubmitted).
  let rejectedQuery = db
    .selectFrom("collections")
    .select((eb) => [
      "collectorId",
      eb.fn.countAll<string>().as("submitted"),
      eb.fn.count<string>("rejectionReason").as("rejected"),
      sql<string>`count(*) filter (where status = 'verified')`.as("verified"),
    ])
    .where("companyId", "=", companyId)
    .where("adjustsCollectionId", "is", null)
    .where("status", "in", ["submitted", "verified", "rejected"])
    .where("businessDate", ">=", from)
    .where("businessDate", "<=", to)
    .groupBy("collectorId");
  if (storeId) rejectedQuery = rejectedQuery.where("storeId", "=", storeId);
  const rejections = new Map(
    (await rejectedQuery.execute()).map((r) => [r.collectorId, { submitted: Number(r.submitted), rejected: Number(r.rejected), verified: Number(r.verified) }]),
  );
  const ids = [...new Set([...rows.keys(), ...rejections.keys()])];
  const names = new Map(
    ids.length ? (await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", ids).execute()).map((u) => [u.id, u.name || u.email]) : [],
  );
  const result = ids.map((collectorId) => {
    const row = rows.get(collectorId);
    const r = rejections.get(collectorId) ?? { submitted: 0, rejected: 0, verified: 0 };
    return {
      collectorId,
      name: names.get(collectorId) ?? "",
      collections: r.verified,
      lines: row?.lines ?? 0,
      collectedCents: row?.collectedCents ?? 0,
      expectedCents: row?.expectedCents ?? 0,
      collectedAgainstExpectedCents: row?.collectedAgainstExpectedCents ?? 0,
      percentOfExpected: row ? percentOfExpected(row.collectedAgainstExpectedCents, row.expectedCents) : null,
      lowLines: row?.lowLines ?? 0,
      rejected: r.rejected,
      rejectRatePercent: r.submitted ? Math.round((r.rejected / r.submitted) * 1000) / 10 : null,
      flagged: false,
      weeks: row?.weeks ?? [],
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
 * Per active store: each machine's daily take over the last eight weeks (what it brought after its
 * first collected day in the window, divided by the days since), when its box fills, and whether
 * the store has gone longer than its usual interval without a collection. Two statements for any
 * number of stores, the figures summed in the database.
 */
export async function cadence(db: Kysely<DB>, companyId: string, storeId: string | null, today: (timeZone: string) => string): Promise<CadenceStore[]> {
  let storesQuery = db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).where("isActive", "=", true).orderBy("name");
  if (storeId) storesQuery = storesQuery.where("id", "=", storeId);
  const stores = await storesQuery.execute();
  if (!stores.length) return [];
  const days = new Map(stores.map((s) => [s.id, today(s.timeZone)]));
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
  // Each store's own window (the eight weeks up to its own today), read per business day: verified
  // days from the daily roll-up, submitted visits from their lines. Per machine: its first and
  // last day, what came after the first day (what the first held was taken before it); per store
  // the days it was collected (its submitted and verified visits).
  const windows = stores.map((s) => sql`(${s.id}, ${addDays(days.get(s.id)!, -EXPECTED_WINDOW_DAYS)}::date, ${days.get(s.id)!}::date)`);
  const perDay = await sql<{ storeId: string; machineId: string | null; firstDay: string; lastDay: string; afterFirstCents: string; dates: string[] | null }>`
    with w (store_id, from_date, to_date) as (values ${sql.join(windows)}),
    day_rows as (
      select r.store_id, r.machine_id, r.business_date, r.coins_cents + r.bills_cents as amount
      from revenue_days r join w on w.store_id = r.store_id and r.business_date between w.from_date and w.to_date
      where r.company_id = ${companyId}
      union all
      select c.store_id, l.machine_id, c.business_date, l.coins_cents + l.bills_cents
      from collections c
      join w on w.store_id = c.store_id and c.business_date between w.from_date and w.to_date
      join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      where c.company_id = ${companyId} and c.status = 'submitted'
    ),
    -- Totals per machine first (a few thousand groups), then the first day's take joined back:
    -- grouping every machine's day first spilled to disk on a large company.
    per_machine as (
      select store_id, machine_id, min(business_date) as first_day, max(business_date) as last_day, sum(amount) as total
      from day_rows group by 1, 2
    )
    select p.store_id, p.machine_id, to_char(p.first_day, 'YYYY-MM-DD') as first_day, to_char(p.last_day, 'YYYY-MM-DD') as last_day,
      p.total - sum(x.amount) as after_first_cents, null as dates
    from per_machine p join day_rows x on x.machine_id = p.machine_id and x.business_date = p.first_day
    group by p.store_id, p.machine_id, p.first_day, p.last_day, p.total
    union all
    select c.store_id, null, '', '', '0', array_agg(distinct to_char(c.business_date, 'YYYY-MM-DD'))
    from collections c join w on w.store_id = c.store_id and c.business_date between w.from_date and w.to_date
    where c.company_id = ${companyId} and c.status in ('submitted', 'verified') and c.adjusts_collection_id is null
    group by 1`.execute(db);
  const byMachine = new Map(perDay.rows.filter((r) => r.machineId !== null).map((r) => [r.machineId!, r]));
  const storeDates = new Map(perDay.rows.filter((r) => r.machineId === null).map((r) => [r.storeId, r.dates ?? []]));
  return stores.map((store) => {
    const day = days.get(store.id)!;
    const dates = storeDates.get(store.id) ?? [];
    const last = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
    const interval = usualInterval(dates);
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
          const seen = byMachine.get(m.id);
          const lastVisit = seen?.lastDay ?? null;
          const span = seen ? daysBetweenInclusive(seen.firstDay, seen.lastDay) - 1 : 0;
          const daily = span > 0 ? Math.round(Number(seen!.afterFirstCents) / span) : null;
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
