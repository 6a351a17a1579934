import { sql, type Kysely } from "kysely";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { assemblePnl, belowMedianFlag, machineFigures, median, payback, type MachineFigures, type PriceRow } from "@tumble/domain/economics";
import { MAX_SPREAD_DAYS } from "@tumble/domain/reportBuckets";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";
import type { StoreRow } from "../labourAnalytics/read.ts";
import { storeMonths } from "./pnl.ts";

// Per machine of one store for a range (issue 35): revenue by source attributed to the days each
// box was filling, estimated cycles and turns per day at each day's price, revenue per cycle and
// per day against the same type's median in the store and in the fleet, turns by weekday, payback
// and return of its purchase price, and the flag for a machine far below its type's median for
// weeks. The store's machines run through the domain's machineFigures (prices change day by day);
// the fleet's revenue per day is summed in SQL with the same whole-cent spreading rule in closed
// form, so the fleet median needs no row per collection in JavaScript.

export interface MachineEconomicsRow extends Omit<MachineFigures, "weeks"> {
  machineId: string;
  label: string;
  sectionName: string;
  equipmentTypeId: string;
  typeName: string;
  capacityLb: number | null;
  purchasePriceCents: number | null;
  installedOn: string | null;
  storeMedianPerDayCents: number | null;
  storeMedianTurns: number | null;
  fleetMedianPerDayCents: number | null;
  /** Revenue per day against the store's median of its type, percent, one decimal. */
  vsStorePercent: number | null;
  vsFleetPercent: number | null;
  netPerDayCents: number | null;
  paybackMonths: number | null;
  roiPercent: number | null;
  flagged: boolean;
  weeksBelow: number;
  /** Its whole weeks of the range, oldest first: its own figure a day against its type's store median (the flag's context). */
  weeks: Array<{ week: string; turns: boolean; own: number; median: number | null }>;
}

export interface MachineEconomics {
  from: string;
  to: string;
  /** The store's expenses as a share of its revenue over the months the range touches (payback's net). */
  expenseShare: number;
  machines: MachineEconomicsRow[];
}

const vs = (own: number | null, med: number | null) => (own === null || !med ? null : Math.round((own / med) * 1000) / 10);

/** Each machine type's median revenue per day in service over the company's stores, from SQL. */
async function fleetPerDay(db: Kysely<DB>, companyId: string, typeIds: string[], from: string, to: string, today: string): Promise<Map<string, number>> {
  if (!typeIds.length) return new Map();
  const lastDay = to < today ? to : today;
  // Per machine: its collections from `from` through MAX_SPREAD_DAYS after the range with the previous one
  // (the latest before `from`, or the day before its install), each spread over min(gap, 35) days, every day
  // trunc(cents / gap) and the left-over cents one each on the latest days (spreadCollection); what falls on the
  // days in service [greatest(from, installed), least(to, today, last collection)] is its revenue.
  const rows = await sql<{ typeId: string; perDay: string }>`
    with m as materialized (
      select m.id, m.store_id, m.equipment_type_id, m.installed_on as inst, m.is_active,
        greatest(${from}::date, coalesce(m.installed_on, ${from}::date)) as s
      from machines m where m.company_id = ${companyId} and m.equipment_type_id in (${sql.join(typeIds)})
    ), c as materialized (
      select d.machine_id, d.business_date as d, sum(d.coins_cents + d.bills_cents)::bigint as cents
      from revenue_days d join m on m.id = d.machine_id and m.store_id = d.store_id
      where d.company_id = ${companyId} and d.business_date between ${addDays(from, -(MAX_SPREAD_DAYS + 1))}::date and ${addDays(to, MAX_SPREAD_DAYS)}::date
        and (d.coins_cents <> 0 or d.bills_cents <> 0)
      group by 1, 2
    ), g as materialized (
      -- The previous collection: the one before in c, else (none in the 36 days before the range) a date far enough back
      -- that the gap is capped, when the machine was ever collected earlier; else the day before its install.
      select c.machine_id, c.d, c.cents, mm.s,
        coalesce(lag(c.d) over (partition by c.machine_id order by c.d),
          case when exists (select 1 from revenue_days x where x.company_id = ${companyId} and x.store_id = mm.store_id
              and x.business_date < ${addDays(from, -(MAX_SPREAD_DAYS + 1))}::date and x.machine_id = c.machine_id and (x.coins_cents <> 0 or x.bills_cents <> 0))
            then ${addDays(from, -(MAX_SPREAD_DAYS + 1))}::date end,
          case when mm.inst <= c.d then mm.inst - 1 end) as p
      from c join m mm on mm.id = c.machine_id
    ), y as (
      select machine_id, d, s, cents, case when p is null or p >= d then 1 else least(d - p, ${MAX_SPREAD_DAYS}) end as gap from g
    ), z as materialized (
      select machine_id,
        sum(case when least(d, ${lastDay}::date) >= greatest(d - gap + 1, s)
          then (cents / gap) * (least(d, ${lastDay}::date) - greatest(d - gap + 1, s) + 1)
            + sign(cents - (cents / gap) * gap)
              * greatest(0, least(d, ${lastDay}::date) - greatest(greatest(d - gap + 1, s), d - abs(cents - (cents / gap) * gap)::int + 1) + 1)
          else 0 end) as coins,
        max(d) filter (where d >= ${from}::date) as covered
      from y group by 1
    ), days as materialized (
      select m.id, m.equipment_type_id, m.is_active, m.s,
        case when z.covered is not null and z.covered >= m.s and z.covered < ${lastDay}::date then z.covered else ${lastDay}::date end as e,
        coalesce(z.coins, 0) as coins
      from m left join z on z.machine_id = m.id
    ), other as materialized (
      select o.machine_id, o.business_date, o.amount_cents from other_revenue o join m on m.id = o.machine_id and m.store_id = o.store_id
      where o.company_id = ${companyId} and o.source in ('card', 'app') and o.business_date between ${from}::date and ${lastDay}::date
    ), r as (
      select days.equipment_type_id, days.is_active, days.e - days.s + 1 as n,
        days.coins + coalesce(sum(other.amount_cents), 0) as cents
      from days left join other on other.machine_id = days.id and other.business_date between days.s and days.e
      where days.e >= days.s
      group by days.id, days.equipment_type_id, days.is_active, days.s, days.e, days.coins
    )
    select r.equipment_type_id as "typeId", percentile_cont(0.5) within group (order by r.cents::numeric / r.n) as "perDay"
    from r where r.is_active or r.cents <> 0
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [r.typeId, Math.round(Number(r.perDay))]));
}

export async function machineEconomics(
  db: Kysely<DB>,
  companyId: string,
  store: StoreRow,
  from: string,
  to: string,
  today: string,
  settings: WorkforceSettings,
): Promise<MachineEconomics> {
  const machines = await sql<{
    id: string;
    label: string;
    sectionName: string;
    equipmentTypeId: string;
    typeName: string;
    isActive: boolean;
    capacityLb: number | null;
    purchasePriceCents: number | null;
    installedOn: string | null;
  }>`
    select m.id, m.label, sec.name as "sectionName", m.equipment_type_id as "equipmentTypeId", t.name as "typeName", m.is_active as "isActive",
      m.capacity_lb as "capacityLb", m.purchase_price_cents as "purchasePriceCents", to_char(m.installed_on, 'YYYY-MM-DD') as "installedOn"
    from machines m
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    join store_sections sec on sec.company_id = m.company_id and sec.id = m.section_id
    where m.company_id = ${companyId} and m.store_id = ${store.id}
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    order by sec.position, m.position, m.label`.execute(db);
  const ids = machines.rows.map((m) => m.id);
  const typeIds = [...new Set(machines.rows.map((m) => m.equipmentTypeId))];
  if (!ids.length) return { from, to, expenseShare: 0, machines: [] };

  const collections = await sql<{ machineId: string; date: string; cents: string }>`
    select d.machine_id as "machineId", to_char(d.business_date, 'YYYY-MM-DD') as date, sum(d.coins_cents + d.bills_cents) as cents
    from revenue_days d
    where d.company_id = ${companyId} and d.store_id = ${store.id} and d.business_date between ${from}::date and ${addDays(to, MAX_SPREAD_DAYS)}::date
      and (d.coins_cents <> 0 or d.bills_cents <> 0)
    group by 1, 2 order by 1, 2`.execute(db);
  const previous = await sql<{ machineId: string; date: string }>`
    select d.machine_id as "machineId", to_char(max(d.business_date), 'YYYY-MM-DD') as date
    from revenue_days d
    where d.company_id = ${companyId} and d.store_id = ${store.id} and d.business_date < ${from}::date and (d.coins_cents <> 0 or d.bills_cents <> 0)
    group by 1`.execute(db);
  const other = await sql<{ machineId: string; date: string; source: "card" | "app"; cents: string }>`
    select o.machine_id as "machineId", to_char(o.business_date, 'YYYY-MM-DD') as date, o.source, sum(o.amount_cents) as cents
    from other_revenue o
    where o.company_id = ${companyId} and o.store_id = ${store.id} and o.machine_id is not null and o.source in ('card', 'app')
      and o.business_date between ${from}::date and ${to}::date
    group by 1, 2, 3`.execute(db);
  // Cycle-counter readings on verified collections, from a year before the range (a previous collection's reading).
  const meters = await sql<{ machineId: string; date: string; reading: number }>`
    select l.machine_id as "machineId", to_char(c.business_date, 'YYYY-MM-DD') as date, max(l.meter_reading) as reading
    from collection_lines l
    join collections c on c.company_id = l.company_id and c.id = l.collection_id
    where l.company_id = ${companyId} and c.store_id = ${store.id} and c.status = 'verified' and l.meter_reading is not null
      and c.business_date between ${addDays(from, -366)}::date and ${addDays(to, MAX_SPREAD_DAYS)}::date
    group by 1, 2`.execute(db);
  const prices = await db
    .selectFrom("machinePrices")
    .select(["equipmentTypeId", "machineId", "effectiveFrom", "priceCents", "perMinutes", "typicalCycleMinutes"])
    .where("companyId", "=", companyId)
    .where("effectiveFrom", "<=", to)
    .where((eb) => eb.or([eb("machineId", "in", ids), eb("equipmentTypeId", "in", typeIds)]))
    .execute();
  const priceRows: PriceRow[] = prices.map((p) => ({ ...p, effectiveFrom: isoDate(p.effectiveFrom) }));

  const byMachine = new Map<string, Array<{ date: string; cents: number }>>();
  for (const c of collections.rows) byMachine.set(c.machineId, [...(byMachine.get(c.machineId) ?? []), { date: c.date, cents: Number(c.cents) }]);
  const previousOf = new Map(previous.rows.map((p) => [p.machineId, p.date]));
  const metersOf = new Map<string, Map<string, number>>();
  for (const r of meters.rows) {
    if (!metersOf.has(r.machineId)) metersOf.set(r.machineId, new Map());
    metersOf.get(r.machineId)!.set(r.date, Number(r.reading));
  }
  const card = new Map<string, Map<string, number>>();
  const app = new Map<string, Map<string, number>>();
  for (const o of other.rows) {
    const target = o.source === "card" ? card : app;
    if (!target.has(o.machineId)) target.set(o.machineId, new Map());
    target.get(o.machineId)!.set(o.date, Number(o.cents));
  }

  const figures = machines.rows.map((m) => {
    // Collections in the range and the first one after it (it covers the range's last days); later ones cover none.
    const all = byMachine.get(m.id) ?? [];
    const firstAfter = all.findIndex((c) => c.date > to);
    const own = firstAfter === -1 ? all : all.slice(0, firstAfter + 1);
    const f = machineFigures(
      {
        machineId: m.id,
        equipmentTypeId: m.equipmentTypeId,
        installedOn: m.installedOn,
        collections: own,
        previous: previousOf.get(m.id) ?? null,
        card: card.get(m.id) ?? new Map(),
        app: app.get(m.id) ?? new Map(),
        prices: priceRows,
        meters: metersOf.get(m.id),
      },
      from,
      to,
      today,
    );
    return { m, f };
  });
  // A machine out of service with nothing earned in the range is left out, as the reports leave it.
  const shown = figures.filter(({ m, f }) => m.isActive || f.revenueCents !== 0);

  // The store's expenses over the months the range touches, as a share of its revenue.
  const pnl = assemblePnl(await storeMonths(db, companyId, [store], false, { from: `${from.slice(0, 7)}-01`, to }, settings, today));
  const expenseShare = pnl.revenueCents > 0 ? pnl.expenseCents / pnl.revenueCents : 0;
  const fleet = await fleetPerDay(db, companyId, typeIds, from, to, today);

  const perDay = (f: MachineFigures) => (f.daysInService ? f.revenueCents / f.daysInService : null);
  const typeMedian = new Map<string, { perDay: number | null; turns: number | null }>();
  for (const type of typeIds) {
    const peers = shown.filter(({ m }) => m.equipmentTypeId === type).map(({ f }) => f);
    typeMedian.set(type, {
      perDay: median(peers.map(perDay).filter((v): v is number => v !== null)),
      turns: median(peers.map((f) => f.turnsPerDay).filter((v): v is number => v !== null)),
    });
  }
  // Weekly medians of each type in the store, for the flag (at least three machines of the type to compare with): turns
  // per day when every machine's week is priced, else revenue per day; only whole weeks in service count.
  type Week = MachineFigures["weeks"][number];
  const weekMetric = new Map<string, { turns: boolean; median: number | null }>();
  for (const type of typeIds) {
    const peers = shown.filter(({ m }) => m.equipmentTypeId === type);
    if (peers.length < 3) continue;
    for (const week of new Set(peers.flatMap(({ f }) => f.weeks.map((w) => w.week)))) {
      const weeks = peers.map(({ f }) => f.weeks.find((w) => w.week === week)).filter((w): w is Week => w !== undefined && w.days === 7);
      const turns = weeks.every((w) => w.pricedDays === 7);
      const values = weeks.map((w) => (turns ? w.cycles : w.cents) / w.days);
      weekMetric.set(`${type}|${week}`, { turns, median: values.length >= 3 ? median(values) : null });
    }
  }
  const ownWeeks = (type: string, weeks: Week[]) =>
    weeks
      .filter((w) => w.days === 7)
      .map((w) => {
        const metric = weekMetric.get(`${type}|${w.week}`);
        const turns = metric?.turns ?? w.pricedDays === 7;
        return { week: w.week, turns, own: (turns ? w.cycles : w.cents) / w.days, median: metric?.median ?? null };
      });

  return {
    from,
    to,
    expenseShare: Math.round(expenseShare * 1000) / 1000,
    machines: shown.map(({ m, f }) => {
      const medians = typeMedian.get(m.equipmentTypeId)!;
      const fleetMedian = fleet.get(m.equipmentTypeId) ?? null;
      const weeks = ownWeeks(m.equipmentTypeId, f.weeks);
      const flag = belowMedianFlag(weeks);
      const { weeks: _weeks, ...rest } = f;
      void _weeks;
      return {
        ...rest,
        machineId: m.id,
        label: m.label,
        sectionName: m.sectionName,
        equipmentTypeId: m.equipmentTypeId,
        typeName: m.typeName,
        capacityLb: m.capacityLb,
        purchasePriceCents: m.purchasePriceCents,
        installedOn: m.installedOn,
        storeMedianPerDayCents: medians.perDay === null ? null : Math.round(medians.perDay),
        storeMedianTurns: medians.turns,
        fleetMedianPerDayCents: fleetMedian,
        vsStorePercent: vs(f.revenuePerDayCents, medians.perDay),
        vsFleetPercent: vs(f.revenuePerDayCents, fleetMedian),
        ...payback({ purchasePriceCents: m.purchasePriceCents, revenueCents: f.revenueCents, daysInService: f.daysInService, expenseShare }),
        flagged: flag.flagged,
        weeksBelow: flag.weeksBelow,
        weeks: weeks.map((w) => ({ ...w, own: Math.round(w.own * 100) / 100, median: w.median === null ? null : Math.round(w.median * 100) / 100 })),
      };
    }),
  };
}
