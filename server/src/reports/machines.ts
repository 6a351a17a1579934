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
    select m.id, m.label, sec.name as section_name, t.name as type_name, t.category, m.is_active,
      sum(l.coins_cents) filter (where c.status = 'verified' and c.business_date between ${from}::date and ${to}::date) as coins,
      sum(l.bills_cents) filter (where c.status = 'verified' and c.business_date between ${from}::date and ${to}::date) as bills,
      sum(l.coins_cents + l.bills_cents) filter (where c.status = 'verified' and c.business_date >= ${from}::date and c.business_date < ${secondHalf}::date) as first_half,
      sum(l.coins_cents + l.bills_cents) filter (where c.status = 'verified' and c.business_date >= ${secondHalf}::date and c.business_date <= ${to}::date) as second_half,
      to_char(min(c.business_date), 'YYYY-MM-DD') as first_collected,
      to_char(max(c.business_date) filter (where c.business_date <= ${today}::date), 'YYYY-MM-DD') as last_collected
    from machines m
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    join store_sections sec on sec.company_id = m.company_id and sec.id = m.section_id
    left join collection_lines l on l.company_id = m.company_id and l.machine_id = m.id
    left join collections c on c.company_id = l.company_id and c.id = l.collection_id and c.status in ('submitted', 'verified')
    where m.company_id = ${companyId} and m.store_id = ${storeId}
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    group by m.id, m.label, sec.name, sec.position, t.name, t.category, m.is_active, m.position
    order by sec.position, m.position`.execute(db);
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
