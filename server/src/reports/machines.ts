import { sql, type Kysely } from "kysely";
import { addDays, daysBetweenInclusive } from "@tumble/domain/datePresets";
import { changePercent } from "@tumble/domain/reports";
import { expectedFigures } from "../collections/expected.ts";
import type { DB } from "../db/schema.ts";

// Per machine of one store for a range: revenue (verified lines, adjustments included), revenue
// per day in service (from the range's start, or the machine's first collection if later, to the
// range's end or today), share of the store, trend (second half of the range against the first),
// last collected and days since (any submitted or verified visit), and the figure a visit today
// is expected to bring.

export interface MachineRow {
  machineId: string;
  label: string;
  sectionName: string;
  typeName: string;
  category: string;
  isActive: boolean;
  coinsCents: number;
  billsCents: number;
  totalCents: number;
  daysInService: number;
  perDayCents: number | null;
  sharePercent: number | null;
  trendPercent: number | null;
  lastCollected: string | null;
  daysSince: number | null;
  expectedCents: number | null;
}

export async function machineReport(db: Kysely<DB>, companyId: string, storeId: string, from: string, to: string, today: string): Promise<MachineRow[]> {
  const days = daysBetweenInclusive(from, to);
  const secondHalf = addDays(from, Math.floor(days / 2));
  // Verified figures from the daily roll-up; a visit still waiting for verification counts as the last collection too.
  const rows = await sql<{
    id: string;
    label: string;
    sectionName: string;
    typeName: string;
    category: string;
    isActive: boolean;
    coins: string | null;
    bills: string | null;
    firstHalf: string | null;
    secondHalf: string | null;
    firstCollected: string | null;
    lastCollected: string | null;
  }>`
    with r as (
      select machine_id,
        sum(coins_cents) filter (where business_date between ${from}::date and ${to}::date) as coins,
        sum(bills_cents) filter (where business_date between ${from}::date and ${to}::date) as bills,
        sum(coins_cents + bills_cents) filter (where business_date >= ${from}::date and business_date < ${secondHalf}::date) as first_half,
        sum(coins_cents + bills_cents) filter (where business_date >= ${secondHalf}::date and business_date <= ${to}::date) as second_half,
        min(business_date) as first_collected,
        max(business_date) filter (where business_date <= ${today}::date) as last_verified
      from revenue_days where company_id = ${companyId} and store_id = ${storeId}
      group by machine_id
    ), waiting as (
      select l.machine_id, min(c.business_date) as first_waiting, max(c.business_date) filter (where c.business_date <= ${today}::date) as last_waiting
      from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      where c.company_id = ${companyId} and c.store_id = ${storeId} and c.status = 'submitted'
      group by l.machine_id
    )
    select m.id, m.label, sec.name as section_name, t.name as type_name, t.category, m.is_active,
      r.coins, r.bills, r.first_half, r.second_half,
      to_char(least(r.first_collected, w.first_waiting), 'YYYY-MM-DD') as first_collected,
      to_char(greatest(r.last_verified, w.last_waiting), 'YYYY-MM-DD') as last_collected
    from machines m
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    join store_sections sec on sec.company_id = m.company_id and sec.id = m.section_id
    left join r on r.machine_id = m.id
    left join waiting w on w.machine_id = m.id
    where m.company_id = ${companyId} and m.store_id = ${storeId}
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    order by sec.position, m.position, m.label`.execute(db);
  const storeTotal = rows.rows.reduce((sum, r) => sum + Number(r.coins ?? 0) + Number(r.bills ?? 0), 0);
  const expected = await expectedFigures(
    db,
    companyId,
    rows.rows.map((r) => r.id),
    today,
    storeId,
  );
  const lastDay = to < today ? to : today;
  return rows.rows
    .filter((r) => r.isActive || r.coins !== null || r.bills !== null)
    .map((r) => {
      const coinsCents = Number(r.coins ?? 0);
      const billsCents = Number(r.bills ?? 0);
      const totalCents = coinsCents + billsCents;
      const start = r.firstCollected && r.firstCollected > from ? r.firstCollected : from;
      const daysInService = r.firstCollected && start <= lastDay ? daysBetweenInclusive(start, lastDay) : 0;
      return {
        machineId: r.id,
        label: r.label,
        sectionName: r.sectionName,
        typeName: r.typeName,
        category: r.category,
        isActive: r.isActive,
        coinsCents,
        billsCents,
        totalCents,
        daysInService,
        perDayCents: daysInService ? Math.round(totalCents / daysInService) : null,
        sharePercent: storeTotal ? Math.round((totalCents / storeTotal) * 1000) / 10 : null,
        trendPercent: changePercent(Number(r.secondHalf ?? 0), Number(r.firstHalf ?? 0)),
        lastCollected: r.lastCollected,
        daysSince: r.lastCollected ? daysBetweenInclusive(r.lastCollected, today) - 1 : null,
        expectedCents: expected.get(r.id) ?? null,
      };
    });
}
