import { sql, type Kysely, type RawBuilder } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import { bucketsBetween, isTimeGroup, rollupPieces, type RevenueGroup } from "@tumble/domain/reports";
import type { DB } from "../db/schema.ts";

// Revenue from verified collections (adjusting records included: they carry the corrections),
// changers left out (what a changer takes in is change, not income), read from the roll-ups
// revenue_days, revenue_weeks and revenue_months (docs/decisions/0027, 0031). Business dates are the store's; with times, the first day
// counts from `fromTime` and the last day up to `toTime`, by the local time the visit was
// submitted (an adjusting record goes by its original's): those days are read from their lines.

export interface Period {
  from: string;
  to: string;
  fromTime?: string;
  toTime?: string;
}

export interface Sum {
  key: string;
  label: string;
  coinsCents: number;
  billsCents: number;
  totalCents: number;
}

/** The grouping column and the label column of each grouping. */
function grouping(group: RevenueGroup, allStores: boolean): { key: RawBuilder<string>; label: RawBuilder<string> } {
  const withStore = (name: RawBuilder<string>) => (allStores ? sql<string>`s.name || ' · ' || ${name}` : name);
  switch (group) {
    case "day":
      return { key: sql`to_char(d.business_date, 'YYYY-MM-DD')`, label: sql`to_char(d.business_date, 'YYYY-MM-DD')` };
    case "week":
      return { key: sql`to_char(date_trunc('week', d.business_date), 'YYYY-MM-DD')`, label: sql`to_char(date_trunc('week', d.business_date), 'YYYY-MM-DD')` };
    case "month":
      return { key: sql`to_char(d.business_date, 'YYYY-MM')`, label: sql`to_char(d.business_date, 'YYYY-MM')` };
    case "section":
      return { key: sql`m.section_id`, label: withStore(sql`min(sec.name)`) };
    case "equipmentType":
      return { key: sql`m.equipment_type_id`, label: sql`min(t.name)` };
    case "category":
      return { key: sql`t.category`, label: sql`t.category` };
    case "machine":
      return { key: sql`d.machine_id`, label: withStore(sql`min(m.label)`) };
  }
}

/** Sums of the company's verified, non-changer lines in the period, by the grouping. */
export async function revenueSums(db: Kysely<DB>, companyId: string, storeId: string | null, period: Period, group: RevenueGroup): Promise<Sum[]> {
  const { key, label } = grouping(group, storeId === null);
  const labelGroup = (group === "section" || group === "machine") && storeId === null ? sql`, s.name` : sql``;
  // A first or last day cut by a time comes from its lines; the whole days between from the
  // coarsest roll-ups that fit the grouping (whole months, whole weeks, then days).
  const edges = [...new Set([period.fromTime ? period.from : null, period.toTime ? period.to : null].filter((d): d is string => d !== null))];
  const wholeFrom = period.fromTime ? addDays(period.from, 1) : period.from;
  const wholeTo = period.toTime ? addDays(period.to, -1) : period.to;
  const pieces = rollupPieces(wholeFrom, wholeTo, group);
  const rollupStore = storeId ? sql`and store_id = ${storeId}` : sql``;
  const read = (table: string, column: string, ranges: Array<[string, string]>) =>
    ranges.map(
      ([a, b]) => sql`
        select store_id, ${sql.ref(column)} as business_date, machine_id, coins_cents, bills_cents from ${sql.table(table)}
        where company_id = ${companyId} and ${sql.ref(column)} between ${a}::date and ${b}::date ${rollupStore}`,
    );
  const parts = [
    ...read("revenue_months", "month_start", pieces.months),
    ...read("revenue_weeks", "week_start", pieces.weeks),
    ...read("revenue_days", "business_date", pieces.days),
  ];
  if (edges.length) {
    const localTime = sql`(coalesce(o.submitted_at, c.submitted_at) at time zone es.time_zone)::time`;
    const fromTime = period.fromTime ? sql`and (c.business_date > ${period.from}::date or ${localTime} >= ${period.fromTime}::time)` : sql``;
    const toTime = period.toTime ? sql`and (c.business_date < ${period.to}::date or ${localTime} <= ${period.toTime}::time)` : sql``;
    parts.push(sql`
      select c.store_id, c.business_date, l.machine_id, l.coins_cents, l.bills_cents
      from collections c
      join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      join stores es on es.company_id = c.company_id and es.id = c.store_id
      left join collections o on o.company_id = c.company_id and o.id = c.adjusts_collection_id
      where c.company_id = ${companyId} and c.status = 'verified' and c.business_date = any(${edges}::date[])
        and c.business_date between ${period.from}::date and ${period.to}::date
        ${storeId ? sql`and c.store_id = ${storeId}` : sql``} ${fromTime} ${toTime}`);
  }
  if (!parts.length) return [];
  const rows = await sql<{ key: string; label: string; coins: string; bills: string }>`
    with d as (${sql.join(parts, sql` union all `)})
    select ${key} as key, ${label} as label, sum(d.coins_cents) as coins, sum(d.bills_cents) as bills
    from d
    join machines m on m.company_id = ${companyId} and m.id = d.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    join stores s on s.company_id = m.company_id and s.id = d.store_id
    left join store_sections sec on sec.company_id = m.company_id and sec.id = m.section_id
    where coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    group by 1${labelGroup}
    order by 1`.execute(db);
  return rows.rows.map((r) => {
    const coinsCents = Number(r.coins);
    const billsCents = Number(r.bills);
    return { key: r.key, label: r.label, coinsCents, billsCents, totalCents: coinsCents + billsCents };
  });
}

export interface RevenueRow extends Sum {
  compareKey?: string;
  compareTotalCents?: number;
  /** A time bucket with no verified collection in it (its figures are zero, not a zero take). */
  noCollection?: true;
  /** The comparison's bucket has no verified collection in it. */
  compareNoCollection?: true;
}

/**
 * The rows of the report. Time groupings list every bucket of the range (empty ones at zero,
 * marked noCollection: an empty bucket is one nobody collected in, not one that earned nothing)
 * and pair bucket i with the comparison period's bucket i; other groupings pair by key.
 */
export function pairRows(group: RevenueGroup, period: Period, sums: Sum[], compare: Period | null, compareSums: Sum[] | null): RevenueRow[] {
  const zero = (key: string): Sum => ({ key, label: key, coinsCents: 0, billsCents: 0, totalCents: 0 });
  if (isTimeGroup(group)) {
    const byKey = new Map(sums.map((s) => [s.key, s]));
    const buckets = bucketsBetween(period.from, period.to, group);
    const compareBuckets = compare ? bucketsBetween(compare.from, compare.to, group) : [];
    const compareByKey = new Map((compareSums ?? []).map((s) => [s.key, s]));
    return buckets.map((bucket, i) => {
      const found = byKey.get(bucket);
      const row: RevenueRow = found ?? { ...zero(bucket), noCollection: true };
      if (!compare) return row;
      const other = compareBuckets[i];
      const otherSum = other ? compareByKey.get(other) : undefined;
      return { ...row, compareKey: other, compareTotalCents: otherSum?.totalCents ?? 0, ...(otherSum ? {} : { compareNoCollection: true as const }) };
    });
  }
  if (!compare) return sums;
  const compareByKey = new Map((compareSums ?? []).map((s) => [s.key, s]));
  const keys = new Set(sums.map((s) => s.key));
  // What earned only in the comparison period still shows, at zero now.
  const rows: RevenueRow[] = [...sums, ...(compareSums ?? []).filter((s) => !keys.has(s.key)).map((s) => ({ ...zero(s.key), label: s.label }))];
  return rows
    .map((r) => ({ ...r, compareTotalCents: compareByKey.get(r.key)?.totalCents ?? 0 }))
    .sort((a, b) => b.totalCents - a.totalCents || a.label.localeCompare(b.label));
}
