import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// The collection lines the machine, collector and cadence reports read: each non-changer line of
// a collection in the given statuses, with its machine, store, collector and business date. An
// adjusting record's lines count with its original (same collector and date).

export interface ReportLine {
  collectionId: string;
  storeId: string;
  machineId: string;
  collectorId: string;
  businessDate: string;
  status: string;
  coinsCents: number;
  billsCents: number;
  adjusting: boolean;
}

export async function reportLines(
  db: Kysely<DB>,
  companyId: string,
  filter: { storeId?: string | null; from?: string; to: string; statuses: readonly string[]; machineIds?: readonly string[] },
): Promise<ReportLine[]> {
  const store = filter.storeId ? sql`and c.store_id = ${filter.storeId}` : sql``;
  const from = filter.from ? sql`and c.business_date >= ${filter.from}::date` : sql``;
  const machines = filter.machineIds ? sql`and l.machine_id = any(${[...filter.machineIds]}::text[])` : sql``;
  const rows = await sql<{
    collectionId: string;
    storeId: string;
    machineId: string;
    collectorId: string;
    businessDate: string;
    status: string;
    coinsCents: number;
    billsCents: number;
    adjusting: boolean;
  }>`
    select coalesce(c.adjusts_collection_id, c.id) as collection_id, c.store_id, l.machine_id, coalesce(o.collector_id, c.collector_id) as collector_id,
      to_char(c.business_date, 'YYYY-MM-DD') as business_date, c.status, l.coins_cents, l.bills_cents, c.adjusts_collection_id is not null as adjusting
    from collections c
    join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
    join machines m on m.company_id = l.company_id and m.id = l.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    left join collections o on o.company_id = c.company_id and o.id = c.adjusts_collection_id
    where c.company_id = ${companyId}
      and c.status = any(${[...filter.statuses]}::text[])
      and c.business_date <= ${filter.to}::date
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
      ${store} ${from} ${machines}
    order by c.business_date, c.id, l.machine_id`.execute(db);
  return rows.rows.map((r) => ({
    collectionId: r.collectionId,
    storeId: r.storeId,
    machineId: r.machineId,
    collectorId: r.collectorId,
    businessDate: r.businessDate,
    status: r.status,
    coinsCents: Number(r.coinsCents),
    billsCents: Number(r.billsCents),
    adjusting: r.adjusting,
  }));
}
