import { sql, type Kysely } from "kysely";
import { dailyEstimate, defaultTimeGroup, type BucketChoice, type DailyEstimate } from "@tumble/domain/reportBuckets";
import type { DB } from "../db/schema.ts";

// The revenue report's bucket choice and daily estimate (issue 34), from revenue_days (verified
// lines per store, machine and business date; docs/decisions/0031), changers left out as in the
// revenue sums. A machine counts as collected on a date when it has a verified line on it; a
// roll-up row at zero in both coins and bills is one whose collection was moved or unverified.

/** What counts as revenue: the machines that are not changers (after `from revenue_days d ... where`). */
const revenueMachines = (companyId: string) => sql`
  exists (
    select 1 from machines m join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where m.company_id = ${companyId} and m.id = d.machine_id and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change')
  and (d.coins_cents <> 0 or d.bills_cents <> 0)`;

/** Each store's collection dates in the range, and the bucket the report opens on. */
export async function bucketChoice(
  db: Kysely<DB>,
  companyId: string,
  storeId: string | null,
  from: string,
  to: string,
): Promise<BucketChoice & { stores: number }> {
  const rows = await sql<{ storeId: string; date: string }>`
    select distinct d.store_id as "storeId", to_char(d.business_date, 'YYYY-MM-DD') as date
    from revenue_days d where d.company_id = ${companyId} and ${revenueMachines(companyId)}
      and d.business_date between ${from}::date and ${to}::date ${storeId ? sql`and d.store_id = ${storeId}` : sql``}
    order by 1, 2`.execute(db);
  const byStore = new Map<string, string[]>();
  for (const r of rows.rows) byStore.set(r.storeId, [...(byStore.get(r.storeId) ?? []), r.date]);
  return { ...defaultTimeGroup(from, to, [...byStore.values()]), stores: byStore.size };
}

/** The range's takings by day, each machine's collections spread back to its previous collection. */
export async function estimateByDay(db: Kysely<DB>, companyId: string, storeId: string | null, from: string, to: string): Promise<DailyEstimate> {
  const store = storeId ? sql`and d.store_id = ${storeId}` : sql``;
  const lines = await sql<{ machineId: string; date: string; cents: string }>`
    select d.machine_id as "machineId", to_char(d.business_date, 'YYYY-MM-DD') as date, sum(d.coins_cents + d.bills_cents) as cents
    from revenue_days d where d.company_id = ${companyId} and ${revenueMachines(companyId)} and d.business_date between ${from}::date and ${to}::date ${store}
    group by 1, 2`.execute(db);
  const previous = await sql<{ machineId: string; date: string }>`
    select d.machine_id as "machineId", to_char(max(d.business_date), 'YYYY-MM-DD') as date
    from revenue_days d where d.company_id = ${companyId} and ${revenueMachines(companyId)} and d.business_date < ${from}::date ${store}
    group by 1`.execute(db);
  return dailyEstimate(
    from,
    to,
    lines.rows.map((r) => ({ machineId: r.machineId, date: r.date, cents: Number(r.cents) })),
    new Map(previous.rows.map((r) => [r.machineId, r.date])),
  );
}
