import { performance } from "node:perf_hooks";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import { withDefaults } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { periodRange } from "@tumble/domain/economics";
import { MAX_SPREAD_DAYS } from "@tumble/domain/reportBuckets";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import type { DB } from "../server/src/db/schema.ts";
import { costLines } from "../server/src/labourAnalytics/cost.ts";
import { storesOf } from "../server/src/labourAnalytics/read.ts";
import type { Identity } from "../server/src/runtime/define.ts";
import { resolveIdentity } from "../server/src/runtime/identity.ts";
import { newId } from "../server/src/runtime/ids.ts";
import { rotate } from "./collections.ts";
import { equipmentTypesInsert } from "./collectionsSeed.ts";
import { runAloneOnPostgres, type DatabaseTarget } from "./databases.ts";
import type { MeasureOptions, Stats } from "./measure.ts";
import { machineInfo, writeResults } from "./results.ts";
import { HttpClient } from "./wire.ts";

// The store economics benchmark (issue 35), PostgreSQL only. Seeds, set-based inside PostgreSQL
// (INSERT … SELECT … FROM generate_series), an operator of 50 stores × 40 machines over three
// years: a collection with a line per machine every Monday and Thursday (verified but for the last
// week), a card line a day for each store's first six washers and a wash-dry-fold line a week,
// three utility bills a month, rent and insurance as recurring expenses, vend prices (washers
// $5.50 then $6.00, dryers 25¢ per 3 minutes of a 48-minute cycle, one 80 lb washer a store at
// $12.50 of its own) and labour: two hourly attendants a store, four hours a day every day, each
// entry approved — payroll's labour cost (labour analytics' costLines) reads time entries, their
// reviews, the employees and their rates, so those are what is seeded; no pay periods are locked.
// Measured three ways in rotation — hand-written SQL on the same pool, the function in-process
// (executor.call), and over HTTP — after checking that they give the same totals:
//   pnl-year-company   economicsReports:storePnl, the whole company, last calendar year beside the one before;
//   pnl-month-store    economicsReports:storePnl, one store, last month beside the month before;
//   machines-quarter   economicsReports:machines, one store, the last whole quarter.
// The SQL computes the same figures: revenue by source (coins straight from the verified lines,
// changers left out), bills prorated into the period day by day with the same whole-cent rule,
// recurring expenses by month, labour as approved minutes × rate; per machine, each collection
// spread over the days since the one before (35 at most) with the same cent rule, each day's
// cycles at that day's price, the days in service, and the type's fleet median per day.
// Target (issue 35): within 1.5× of the SQL and under 200 ms, judged on HTTP. Then costLines is
// timed alone for each call's range, to show how much of the function's time it takes.
// `npx tsx bench/economics.ts` runs it alone; `BENCH_ONLY=economics npm run bench` with the others.
// Writes bench/results/economics-latest.json.

const TARGET_RATIO = 1.5;
const TARGET_MS = 200;
const ROUND_BUDGET_MS = 6_000;
const MIN_ITERATIONS = 3;
const MAX_ITERATIONS = 20;
const ADMIN = "admin@economics.bench.test";
const COMPANY_CODE = "CMP900035";
const STORES = 50;
const YEARS = 3;
const ZONE = "America/Chicago";

const LAYOUT: Array<[number, string, string, number]> = [
  [0, "washer", "W", 18],
  [0, "changer", "C", 2],
  [1, "dryer", "D", 16],
  [2, "vending", "V", 2],
  [2, "arcade", "G", 2],
];

function benchId(name: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`translate(md5('econ:' || ${name}), '0189', 'wxyz')`;
}

interface Range {
  from: string;
  to: string;
}

export interface EconomicsResult {
  benchmark: string;
  iterations: number;
  sql: Stats;
  inProcess: Stats;
  http: Stats;
  ratioInProcess: number;
  ratioHttp: number;
  underTargetMs: boolean;
  meetsTarget: boolean;
  /** Labour analytics' costLines alone over the call's range(s), median ms. */
  costLinesMs: number;
}

// ---- The seed ----

export async function seed(
  db: Kysely<DB>,
  today: string,
  log: (line: string) => void,
): Promise<{ companyId: string; seconds: number; counts: Record<string, number> }> {
  const started = Date.now();
  const step = async (label: string, statement: RawBuilder<unknown>) => {
    const t0 = Date.now();
    const result = await statement.execute(db);
    log(`    ${label}: ${result.numAffectedRows ?? "done"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const companyId = await sql<{ id: string }>`select ${benchId(sql.lit("company"))} as id`.execute(db).then((r) => r.rows[0].id);
  const start = addDays(today, -YEARS * 365);
  await sql`
    insert into companies (id, name, display_name, company_code, email_domain, industry, size, description, created_at)
    values (${companyId}, 'Economics Laundries', 'Economics Laundries', ${COMPANY_CODE}, 'economics.bench.test', 'laundromat', 'LARGE',
      'Fifty stores for the store economics benchmark.', ${`${today}T00:00:00Z`}::timestamptz - interval '4 years')`.execute(db);
  await step("equipment types", equipmentTypesInsert(companyId, benchId));
  await step(
    "stores",
    sql`insert into stores (id, company_id, name, address, phone, time_zone, hours, is_active)
      select ${benchId(sql`'store:' || s`)}, ${companyId}, 'Economics Store ' || lpad(s::text, 2, '0'), s || ' Ledger Ave, Testville', '(555)010-0100', ${ZONE}, '6:00-22:00 daily', true
      from generate_series(1, ${STORES}) s`,
  );
  await step(
    "sections",
    sql`insert into store_sections (id, company_id, store_id, name, position)
      select ${benchId(sql`'section:' || s || ':' || p`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, name, p
      from generate_series(1, ${STORES}) s cross join (values (0, 'Front washers'), (1, 'Back dryers'), (2, 'Vending corner')) as v(p, name)`,
  );
  const layout = sql.join(LAYOUT.map(([section, key, prefix, count]) => sql`(${sql.lit(section)}, ${sql.lit(key)}, ${sql.lit(prefix)}, ${sql.lit(count)})`));
  // Every washer 40 lb bought five years ago for $8,200, but W18, an 80 lb washer installed 500 days ago for $16,000; dryers 30 lb for $4,200.
  await step(
    "machines",
    sql`insert into machines (id, company_id, store_id, section_id, equipment_type_id, label, coin_box_capacity_cents, position, capacity_lb, purchase_price_cents, installed_on)
      select ${benchId(sql`'machine:' || s || ':' || n`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, ${benchId(sql`'section:' || s || ':' || section`)},
             ${benchId(sql`'type:' || key`)}, prefix || n, case when key = 'changer' then null else 40000 end, position,
             case key when 'washer' then case when n = 18 then 80 else 40 end when 'dryer' then 30 end,
             case key when 'washer' then case when n = 18 then 1600000 else 820000 end when 'dryer' then 420000 end,
             case when key in ('washer', 'dryer') then case when n = 18 then ${today}::date - 500 else ${today}::date - 5 * 365 end end
      from generate_series(1, ${STORES}) s
      cross join (
        select section, key, prefix, (row_number() over (order by section, ord, i))::int as n, (row_number() over (partition by section order by ord, i))::int - 1 as position
        from (select *, row_number() over () as ord from (values ${layout}) as l(section, key, prefix, cnt)) l, generate_series(1, cnt) i
      ) m`,
  );
  await step(
    "prices",
    sql`insert into machine_prices (id, company_id, equipment_type_id, machine_id, effective_from, price_cents, per_minutes, typical_cycle_minutes)
      select ${benchId(sql`'price:washer:1'`)}, ${companyId}, ${benchId(sql`'type:washer'`)}, null::text, ${start}::date - 365, 550, null::int, null::int
      union all select ${benchId(sql`'price:washer:2'`)}, ${companyId}, ${benchId(sql`'type:washer'`)}, null::text, ${today}::date - 400, 600, null::int, null::int
      union all select ${benchId(sql`'price:dryer'`)}, ${companyId}, ${benchId(sql`'type:dryer'`)}, null::text, ${start}::date - 365, 25, 3, 48
      union all select ${benchId(sql`'price:w18:' || s`)}, ${companyId}, null::text, ${benchId(sql`'machine:' || s || ':18'`)}, ${today}::date - 500, 1250, null, null
        from generate_series(1, ${STORES}) s`,
  );
  const users = sql`(values ('collector@economics.bench.test', 'STAFF'), ('supervisor@economics.bench.test', 'SUPERVISOR')) as p(email, role)`;
  const { passwordHash } = await db.selectFrom("users").select("passwordHash").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  await step(
    "users",
    sql`insert into users (id, email, name, password_hash, active_company_id)
      select ${benchId(sql`'user:' || email`)}, email, initcap(split_part(email, '@', 1)), ${passwordHash}, ${companyId} from (select * from ${users}) u`,
  );
  await step(
    "memberships",
    sql`insert into memberships (id, company_id, user_id, role)
      select ${benchId(sql`'membership:' || email`)}, ${companyId}, ${benchId(sql`'user:' || email`)}, role from (select * from ${users}) u`,
  );
  await step(
    "collections (Mondays and Thursdays)",
    sql`insert into collections (id, company_id, store_id, business_date, collector_id, status, total_cents, line_count, submitted_at, verified_at, verified_by, created_at, updated_at)
      select ${benchId(sql`'collection:' || s || ':' || d`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, day,
             ${benchId(sql`'user:collector@economics.bench.test'`)}, case when d <= 7 then 'submitted' else 'verified' end, 0, 40,
             at, case when d > 7 then at + interval '15 hours' end, case when d > 7 then ${benchId(sql`'user:supervisor@economics.bench.test'`)} end, at, at
      from generate_series(1, ${YEARS * 365}) d cross join generate_series(1, ${STORES}) s,
           lateral (select ${today}::date - d as day) x, lateral (select (x.day + time '18:00') at time zone 'UTC' as at) y
      where extract(isodow from x.day) in (1, 4)
      order by d desc, s`,
  );
  // The roll-up triggers join the inserted lines to the collections: give the planner their statistics first.
  await sql`analyze collections`.execute(db);
  await sql`analyze machines`.execute(db);
  await sql`analyze equipment_types`.execute(db);
  // A visit's take: a washer about $90, a dryer $60, ±25 % from a hash (the demo's typical figures).
  await step(
    "collection lines",
    sql`insert into collection_lines (id, company_id, collection_id, machine_id, coins_cents, bills_cents)
      select translate(h, '0189', 'wxyz'), ${companyId}, c.id, m.id, (round(t.coins * f / 25) * 25)::int, (round(t.bills * f / 100) * 100)::int
      from collections c
      join machines m on m.store_id = c.store_id and m.company_id = c.company_id
      join equipment_types e on e.id = m.equipment_type_id
      join (values ('Front-load washer', 9000, 0), ('Stack dryer', 6000, 0), ('Bill changer', 0, 45000), ('Soap vending', 1500, 2500), ('Claw machine', 2500, 0)) as t(name, coins, bills) on t.name = e.name,
      lateral (select md5('econ:line:' || c.id || m.id) as h) hh,
      lateral (select 0.75 + 0.5 * (('x' || substr(h, 1, 8))::bit(32)::bigint / 4294967296.0) as f) ff
      where c.company_id = ${companyId}
      order by c.business_date, c.store_id, m.position`,
  );
  await step(
    "collection totals",
    sql`update collections c set total_cents = x.total
      from (select l.collection_id, sum(case when e.special_case = 'changer' then l.bills_cents - l.coins_cents else l.coins_cents + l.bills_cents end) as total
            from collection_lines l join machines m on m.id = l.machine_id join equipment_types e on e.id = m.equipment_type_id
            where l.company_id = ${companyId} group by l.collection_id) x
      where c.id = x.collection_id`,
  );
  await step(
    "card lines (W1–W6 every day) and wash-dry-fold (Saturdays)",
    sql`insert into other_revenue (id, company_id, store_id, machine_id, business_date, source, amount_cents)
      select ${benchId(sql`'card:' || s || ':' || w || ':' || d`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, ${benchId(sql`'machine:' || s || ':' || w`)},
             ${today}::date - d, 'card', (case when ${today}::date - d >= ${today}::date - 400 then 600 else 550 end) * (1 + (abs(hashtext(s || ':' || w || ':' || d)) % 2))
      from generate_series(1, ${YEARS * 365}) d cross join generate_series(1, ${STORES}) s cross join generate_series(1, 6) w
      union all
      select ${benchId(sql`'wdf:' || s || ':' || d`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, null, ${today}::date - d, 'wash_dry_fold', 15000 + (abs(hashtext(s || ':' || d)) % 100) * 100
      from generate_series(1, ${YEARS * 365}) d cross join generate_series(1, ${STORES}) s
      where extract(isodow from ${today}::date - d) = 6`,
  );
  await step(
    "utility bills (three a month)",
    sql`insert into utility_bills (id, company_id, store_id, utility, period_start, period_end, amount_cents, usage, unit)
      select ${benchId(sql`'bill:' || s || ':' || u || ':' || m`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, u, m::date, (m + interval '1 month' - interval '1 day')::date,
             cents, cents / rate, unit
      from generate_series(1, ${STORES}) s
      cross join generate_series(date_trunc('month', ${start}::date), date_trunc('month', ${today}::date) - interval '1 month', interval '1 month') m
      cross join (values ('electricity', 'kWh', 16), ('gas', 'therms', 130), ('water_sewer', 'gallons', 1)) as v(u, unit, rate),
      lateral (select (case u when 'electricity' then 84000 when 'gas' then 75000 else 50000 end) * (93 + abs(hashtext(s || u || m)) % 14) / 100 as cents) a`,
  );
  await step(
    "recurring rent and insurance",
    sql`insert into recurring_expenses (id, company_id, store_id, category, description, amount_cents, from_month, to_month)
      select ${benchId(sql`'recurring:' || s || ':' || category`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, category, description, cents, ${start.slice(0, 7)}, null
      from generate_series(1, ${STORES}) s cross join (values ('rent', 'Lease', 200000), ('insurance', 'Insurance', 32000)) as v(category, description, cents)`,
  );
  await step(
    "employees (two hourly attendants a store)",
    sql`insert into employees (id, company_id, name, pay_type, status, hire_date, username, username_lower, pin_hash)
      select ${benchId(sql`'employee:' || s || ':' || k`)}, ${companyId}, 'Attendant ' || s || '-' || k, 'hourly', 'active', ${start}::date - 30,
             'att' || s || 'x' || k, 'att' || s || 'x' || k, 'x'
      from generate_series(1, ${STORES}) s cross join generate_series(1, 2) k`,
  );
  await step(
    "employee stores and rates",
    sql`with a as (insert into employee_stores (company_id, employee_id, store_id)
        select ${companyId}, ${benchId(sql`'employee:' || s || ':' || k`)}, ${benchId(sql`'store:' || s`)} from generate_series(1, ${STORES}) s cross join generate_series(1, 2) k returning 1)
      insert into employee_rates (id, company_id, employee_id, pay_type, rate_cents, effective_from)
      select ${benchId(sql`'rate:' || s || ':' || k`)}, ${companyId}, ${benchId(sql`'employee:' || s || ':' || k`)}, 'hourly', 1500 + 100 * k, ${start}::date - 30
      from generate_series(1, ${STORES}) s cross join generate_series(1, 2) k`,
  );
  // 07:00–11:00 and 16:00–20:00 every day: 28 hours a week, no overtime, each entry approved as worked.
  await step(
    "time entries (four hours a day each)",
    sql`insert into time_entries (id, company_id, employee_id, store_id, business_date, clock_in_at, clock_out_at, breaks, status, flags)
      select ${benchId(sql`'entry:' || s || ':' || k || ':' || d`)}, ${companyId}, ${benchId(sql`'employee:' || s || ':' || k`)}, ${benchId(sql`'store:' || s`)},
             day, at, at + interval '4 hours', '[]', 'closed', '[]'
      from generate_series(1, ${YEARS * 365}) d cross join generate_series(1, ${STORES}) s cross join generate_series(1, 2) k,
           lateral (select ${today}::date - d as day) x,
           lateral (select (x.day + case k when 1 then time '07:00' else time '16:00' end) at time zone ${ZONE} as at) y`,
  );
  await step(
    "time entry reviews (approved)",
    sql`insert into time_entry_reviews (company_id, entry_id, employee_id, status, clock_in_at, clock_out_at, break_minutes)
      select company_id, id, employee_id, 'approved', clock_in_at, clock_out_at, 0 from time_entries where company_id = ${companyId}`,
  );
  const t0 = Date.now();
  for (const table of [
    "collections",
    "collection_lines",
    "revenue_days",
    "revenue_months",
    "other_revenue",
    "utility_bills",
    "time_entries",
    "time_entry_reviews",
    "machines",
    "machine_prices",
  ])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  log(`    vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const counts = await sql<Record<string, number>>`
    select (select count(*) from collections where company_id = ${companyId})::int as collections,
      (select count(*) from collection_lines where company_id = ${companyId})::int as lines,
      (select count(*) from other_revenue where company_id = ${companyId})::int as "otherRevenue",
      (select count(*) from utility_bills where company_id = ${companyId})::int as bills,
      (select count(*) from time_entries where company_id = ${companyId})::int as "timeEntries"`.execute(db);
  return { companyId, seconds: Math.round((Date.now() - started) / 100) / 10, counts: counts.rows[0] };
}

// ---- The hand-written SQL ----

interface Totals {
  coins: number;
  card: number;
  washDryFold: number;
  electricity: number;
  gas: number;
  water: number;
  rent: number;
  insurance: number;
  labour: number;
}

/** The P&L's figures of one period for one store or all, straight over the records. */
async function pnlSql(db: Kysely<DB>, companyId: string, storeId: string | null, range: Range): Promise<Totals> {
  const store = (column: string) => (storeId ? sql`and ${sql.ref(column)} = ${storeId}` : sql``);
  const r = await sql<Record<keyof Totals, string | null>>`
    with coins as (
      select sum(l.coins_cents + l.bills_cents) as cents
      from collections c join collection_lines l on l.collection_id = c.id
      join machines m on m.id = l.machine_id join equipment_types t on t.id = m.equipment_type_id
      where c.company_id = ${companyId} and l.company_id = ${companyId} and c.status = 'verified' ${store("c.store_id")}
        and c.business_date between ${range.from}::date and ${range.to}::date and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    ), other as (
      select sum(amount_cents) filter (where source = 'card') as card, sum(amount_cents) filter (where source = 'wash_dry_fold') as wdf
      from other_revenue o where o.company_id = ${companyId} ${store("o.store_id")} and o.business_date between ${range.from}::date and ${range.to}::date
    ), bills as (
      -- Every day of a bill's period gets amount ÷ days in whole cents, the left-over cents one each on the latest days.
      select b.utility, sum(b.amount_cents / n + case when i >= n - b.amount_cents % n then 1 else 0 end) as cents
      from utility_bills b, lateral (select (b.period_end - b.period_start + 1) as n) nn, generate_series(0, n - 1) i
      where b.company_id = ${companyId} ${store("b.store_id")} and b.period_end >= ${range.from}::date and b.period_start <= ${range.to}::date
        and b.period_start + i between ${range.from}::date and ${range.to}::date
      group by 1
    ), recurring as (
      select x.category, sum(x.amount_cents) as cents
      from recurring_expenses x join generate_series(${range.from}::date, ${range.to}::date, interval '1 month') m(month)
        on to_char(m.month, 'YYYY-MM') between x.from_month and coalesce(x.to_month, '9999-12')
      where x.company_id = ${companyId} ${store("x.store_id")}
      group by 1
    ), labour as (
      select sum(extract(epoch from (t.clock_out_at - t.clock_in_at)) / 60 * r.rate_cents / 60) as cents
      from time_entries t
      join time_entry_reviews v on v.company_id = t.company_id and v.entry_id = t.id and v.status = 'approved'
        and v.clock_in_at = t.clock_in_at and v.clock_out_at = t.clock_out_at
      join lateral (select rate_cents from employee_rates er where er.company_id = t.company_id and er.employee_id = t.employee_id
        and er.effective_from <= t.business_date order by er.effective_from desc limit 1) r on true
      where t.company_id = ${companyId} ${store("t.store_id")} and t.status = 'closed' and t.business_date between ${range.from}::date and ${range.to}::date
    )
    select (select cents from coins) as coins, (select card from other) as card, (select wdf from other) as "washDryFold",
      (select cents from bills where utility = 'electricity') as electricity, (select cents from bills where utility = 'gas') as gas,
      (select cents from bills where utility = 'water_sewer') as water,
      (select cents from recurring where category = 'rent') as rent, (select cents from recurring where category = 'insurance') as insurance,
      (select cents from labour) as labour`.execute(db);
  const row = r.rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Math.round(Number(v ?? 0))])) as unknown as Totals;
}

interface MachineSqlRow {
  id: string;
  revenue: string;
  cycles: string;
  days: number;
}

/** Per machine of the store: revenue on its days in service (collections spread back, card on its day) and cycles at each day's price. */
async function machinesSql(db: Kysely<DB>, companyId: string, storeId: string, range: Range, today: string) {
  const lastDay = range.to < today ? range.to : today;
  return sql<MachineSqlRow>`
    with m as (
      select m.id, m.equipment_type_id, greatest(${range.from}::date, coalesce(m.installed_on, ${range.from}::date)) as s
      from machines m join equipment_types t on t.id = m.equipment_type_id
      where m.company_id = ${companyId} and m.store_id = ${storeId} and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    ), c as (
      select l.machine_id, c.business_date as d, sum(l.coins_cents + l.bills_cents)::bigint as cents
      from collections c join collection_lines l on l.collection_id = c.id join m on m.id = l.machine_id
      where c.company_id = ${companyId} and l.company_id = ${companyId} and c.store_id = ${storeId} and c.status = 'verified'
        and c.business_date between ${addDays(range.from, -(MAX_SPREAD_DAYS + 1))}::date and ${addDays(range.to, MAX_SPREAD_DAYS)}::date
      group by 1, 2 having sum(l.coins_cents + l.bills_cents) <> 0
    ), g as (
      select machine_id, d, cents, least(d - lag(d) over (partition by machine_id order by d), ${MAX_SPREAD_DAYS}) as gap,
        min(d) filter (where d > ${range.to}::date) over (partition by machine_id) as first_after
      from c
    ), spread as (
      select g.machine_id, g.d - g.gap + 1 + i as day, g.cents / g.gap + case when i >= g.gap - g.cents % g.gap then 1 else 0 end as cents
      from g, generate_series(0, g.gap - 1) i
      where g.d >= ${range.from}::date and g.gap is not null and (g.d <= ${range.to}::date or g.d = g.first_after)
    ), covered as (
      select machine_id, max(d) filter (where d >= ${range.from}::date and (d <= ${range.to}::date or d = first_after)) as last from g group by 1
    ), days as (
      select m.id, m.equipment_type_id, m.s, least(${lastDay}::date, coalesce(cv.last, ${lastDay}::date)) as e
      from m left join covered cv on cv.machine_id = m.id
    ), money as (
      select sp.machine_id, sp.day, sp.cents from spread sp join days on days.id = sp.machine_id and sp.day between days.s and days.e
      union all
      select o.machine_id, o.business_date, o.amount_cents from other_revenue o join days on days.id = o.machine_id
      where o.company_id = ${companyId} and o.store_id = ${storeId} and o.source in ('card', 'app') and o.business_date between days.s and days.e
    ), priced as (
      select mo.machine_id, mo.cents,
        (select p.price_cents::numeric * coalesce(p.typical_cycle_minutes::numeric / p.per_minutes, 1) from machine_prices p
         where p.company_id = ${companyId} and p.effective_from <= mo.day
           and (p.machine_id = mo.machine_id or (p.machine_id is null and p.equipment_type_id = days.equipment_type_id))
         order by p.machine_id is null, p.effective_from desc limit 1) as cycle_cents
      from money mo join days on days.id = mo.machine_id
    )
    select days.id, coalesce(sum(priced.cents), 0) as revenue, coalesce(sum(priced.cents / priced.cycle_cents), 0) as cycles, (days.e - days.s + 1)::int as days
    from days left join priced on priced.machine_id = days.id
    group by days.id, days.s, days.e`.execute(db);
}

/** Each type's median revenue per day in service over the fleet, the same spreading straight over the lines. */
async function fleetSql(db: Kysely<DB>, companyId: string, range: Range, today: string) {
  const lastDay = range.to < today ? range.to : today;
  return sql<{ typeId: string; perDay: string }>`
    with m as (
      select m.id, m.equipment_type_id, greatest(${range.from}::date, coalesce(m.installed_on, ${range.from}::date)) as s
      from machines m join equipment_types t on t.id = m.equipment_type_id
      where m.company_id = ${companyId} and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    ), c as (
      select l.machine_id, c.business_date as d, sum(l.coins_cents + l.bills_cents)::bigint as cents
      from collections c join collection_lines l on l.collection_id = c.id
      where c.company_id = ${companyId} and l.company_id = ${companyId} and c.status = 'verified'
        and c.business_date between ${addDays(range.from, -(MAX_SPREAD_DAYS + 1))}::date and ${addDays(range.to, MAX_SPREAD_DAYS)}::date
      group by 1, 2 having sum(l.coins_cents + l.bills_cents) <> 0
    ), g as (
      select machine_id, d, cents, least(d - lag(d) over (partition by machine_id order by d), ${MAX_SPREAD_DAYS}) as gap,
        min(d) filter (where d > ${range.to}::date) over (partition by machine_id) as first_after
      from c
    ), sel as (
      select * from g where d >= ${range.from}::date and gap is not null and (d <= ${range.to}::date or d = first_after)
    ), days as (
      select m.id, m.equipment_type_id, m.s, least(${lastDay}::date, coalesce(max(sel.d), ${lastDay}::date)) as e
      from m left join sel on sel.machine_id = m.id group by 1, 2, 3
    ), coins as (
      select sel.machine_id, sum(sel.cents / sel.gap + case when i >= sel.gap - sel.cents % sel.gap then 1 else 0 end) as cents
      from sel join days on days.id = sel.machine_id, generate_series(0, sel.gap - 1) i
      where sel.d - sel.gap + 1 + i between days.s and days.e
      group by 1
    ), card as (
      select o.machine_id, sum(o.amount_cents) as cents from other_revenue o join days on days.id = o.machine_id
      where o.company_id = ${companyId} and o.source in ('card', 'app') and o.business_date between days.s and days.e group by 1
    )
    select days.equipment_type_id as "typeId",
      percentile_cont(0.5) within group (order by (coalesce(coins.cents, 0) + coalesce(card.cents, 0))::numeric / (days.e - days.s + 1)) as "perDay"
    from days left join coins on coins.machine_id = days.id left join card on card.machine_id = days.id
    where days.e >= days.s group by 1`.execute(db);
}

// ---- The run ----

interface PnlFigures {
  revenue: Array<{ line: string; cents: number }>;
  expenses: Array<{ line: string; cents: number }>;
  labourCents: number;
}
interface PnlAnswer {
  current: PnlFigures;
  previous: PnlFigures;
}

function sameTotals(label: string, expected: Totals, got: PnlFigures): void {
  const line = (list: Array<{ line: string; cents: number }>, name: string) => list.find((l) => l.line === name)?.cents ?? 0;
  const pairs: Array<[string, number, number]> = [
    ["coins", expected.coins, line(got.revenue, "coins")],
    ["card", expected.card, line(got.revenue, "card")],
    ["wash_dry_fold", expected.washDryFold, line(got.revenue, "wash_dry_fold")],
    ["electricity", expected.electricity, line(got.expenses, "electricity")],
    ["gas", expected.gas, line(got.expenses, "gas")],
    ["water_sewer", expected.water, line(got.expenses, "water_sewer")],
    ["rent", expected.rent, line(got.expenses, "rent")],
    ["insurance", expected.insurance, line(got.expenses, "insurance")],
    ["labour", expected.labour, got.labourCents],
  ];
  const wrong = pairs.filter(([, a, b]) => a !== b);
  if (wrong.length) throw new Error(`${label}: the function disagrees with the SQL: ${wrong.map(([n, a, b]) => `${n} SQL ${a} function ${b}`).join("; ")}`);
  if (!expected.coins || !expected.labour || !expected.electricity) throw new Error(`${label}: the period holds no revenue, labour or bills`);
}

export async function runEconomics(target: DatabaseTarget | null, log: (line: string) => void): Promise<EconomicsResult[]> {
  if (!target) {
    log("Economics benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return [];
  }
  log("");
  log("Store economics benchmark (PostgreSQL): seeding 50 stores × 3 years…");
  const bench = await target.open();
  const results: EconomicsResult[] = [];
  try {
    const { db } = bench.database;
    const today = todayIn(ZONE, new Date());
    const seeded = await seed(db, today, log);
    const { companyId } = seeded;
    log(`  seeded in ${seeded.seconds} s: ${JSON.stringify(seeded.counts)}`);
    const userId = newId();
    await db.insertInto("users").values({ id: userId, email: ADMIN, name: "Bench Admin", passwordHash: "", activeCompanyId: companyId }).execute();
    const { passwordHash } = await db.selectFrom("users").select("passwordHash").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
    await db.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute();
    await db.insertInto("memberships").values({ id: newId(), companyId, userId, role: "ADMIN" }).execute();

    const serverLog: string[] = [];
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    try {
      await http.signIn(ADMIN);
      const identity: Identity = await resolveIdentity(db, server.services.tokens, http.token);
      if (identity.company?.id !== companyId) throw new Error(`${ADMIN} is not in the benchmark company`);
      const inProcess = async <T>(fn: string, args: unknown): Promise<T> => {
        const result = await server.executor.call(fn, args, identity, "bench", "query");
        if (!result.ok) throw new Error(`${fn}: ${result.errorMessage}`);
        return result.value as T;
      };
      const overHttp = <T>(fn: string, args: unknown) => http.call<T>("query", fn, args);
      const stores = await db.selectFrom("stores").select("id").where("companyId", "=", companyId).orderBy("name").execute();
      const storeId = stores[0].id;
      const storeRows = await storesOf(db, companyId, null);
      const settings = withDefaults("workforce", null);

      const thisYear = Number(today.slice(0, 4));
      const yearAnchor = `${thisYear - 1}-06-01`;
      const lastMonthAnchor = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7) + "-01";
      const quarterStart = periodRange("quarter", today).from;
      const quarter = periodRange("quarter", addDays(quarterStart, -1));

      const record = async <S, F>(
        benchmark: string,
        sqlOp: () => Promise<S>,
        fn: string,
        args: unknown,
        check: (s: S, f: F) => void,
        costRanges: Range[],
        costStores: typeof storeRows,
      ) => {
        const timed = async <T>(op: () => Promise<T>): Promise<[T, number]> => {
          const t0 = performance.now();
          const v = await op();
          return [v, performance.now() - t0];
        };
        const [expected, sqlMs] = await timed(sqlOp);
        const [local, localMs] = await timed(() => inProcess<F>(fn, args));
        const [remote, remoteMs] = await timed(() => overHttp<F>(fn, args));
        check(expected, local);
        check(expected, remote);
        const roundMs = sqlMs + localMs + remoteMs;
        const iterations = Math.min(MAX_ITERATIONS, Math.max(MIN_ITERATIONS, Math.round(ROUND_BUDGET_MS / roundMs)));
        const options: MeasureOptions = { iterations, warmup: 1 };
        const [s, p, h] = await rotate([sqlOp, () => inProcess(fn, args), () => overHttp(fn, args)], options);
        // Labour analytics' costLines alone, as the function calls it for the range(s).
        const costSamples: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          for (const range of costRanges) await costLines(db, companyId, costStores, range, settings);
          costSamples.push(performance.now() - t0);
        }
        costSamples.sort((a, b) => a - b);
        const ratio = (x: Stats) => Math.round((x.medianMs / s.medianMs) * 100) / 100;
        const under = h.medianMs < TARGET_MS;
        const result: EconomicsResult = {
          benchmark,
          iterations,
          sql: s,
          inProcess: p,
          http: h,
          ratioInProcess: ratio(p),
          ratioHttp: ratio(h),
          underTargetMs: under,
          meetsTarget: under && h.medianMs <= s.medianMs * TARGET_RATIO,
          costLinesMs: Math.round(costSamples[1] * 10) / 10,
        };
        results.push(result);
        log(
          `  ${benchmark.padEnd(18)} ×${String(iterations).padStart(2)}  SQL ${s.medianMs.toFixed(1)} ms, in-process ${p.medianMs.toFixed(1)} ms (x${result.ratioInProcess}), HTTP ${h.medianMs.toFixed(1)} ms (x${result.ratioHttp}); costLines alone ${result.costLinesMs} ms; ${result.meetsTarget ? "meets" : "misses"} the target`,
        );
      };

      // --- the company's P&L for last year beside the year before ---
      {
        const period = periodRange("year", yearAnchor);
        const compare = periodRange("year", `${thisYear - 2}-06-01`);
        await record(
          "pnl-year-company",
          async () => [await pnlSql(db, companyId, null, period), await pnlSql(db, companyId, null, compare)] as const,
          "economicsReports:storePnl",
          { period: "year", anchor: yearAnchor },
          ([now, before], got: PnlAnswer) => {
            sameTotals("pnl-year-company", now, got.current);
            sameTotals("pnl-year-company (comparison)", before, got.previous);
          },
          [period, compare],
          storeRows,
        );
      }
      // --- one store's P&L for last month beside the month before ---
      {
        const period = periodRange("month", lastMonthAnchor);
        const compare = periodRange("month", addDays(period.from, -1));
        await record(
          "pnl-month-store",
          async () => [await pnlSql(db, companyId, storeId, period), await pnlSql(db, companyId, storeId, compare)] as const,
          "economicsReports:storePnl",
          { storeId, period: "month", anchor: lastMonthAnchor },
          ([now, before], got: PnlAnswer) => {
            sameTotals("pnl-month-store", now, got.current);
            sameTotals("pnl-month-store (comparison)", before, got.previous);
          },
          [period, compare],
          storeRows.filter((s) => s.id === storeId),
        );
      }
      // --- one store's machines for the last whole quarter ---
      {
        type Row = {
          machineId: string;
          revenueCents: number;
          cycles: number | null;
          daysInService: number;
          fleetMedianPerDayCents: number | null;
          equipmentTypeId: string;
        };
        await record(
          "machines-quarter",
          async () => ({
            machines: (await machinesSql(db, companyId, storeId, quarter, today)).rows,
            fleet: (await fleetSql(db, companyId, quarter, today)).rows,
            pnl: await pnlSql(db, companyId, storeId, quarter),
          }),
          "economicsReports:machines",
          { storeId, ...quarter },
          (expected, got: { machines: Row[] }) => {
            const byId = new Map(expected.machines.map((r) => [r.id, r]));
            const fleet = new Map(expected.fleet.map((r) => [r.typeId, Math.round(Number(r.perDay))]));
            for (const m of got.machines) {
              const e = byId.get(m.machineId);
              if (!e) throw new Error(`machines-quarter: ${m.machineId} missing from the SQL`);
              if (Number(e.revenue) !== m.revenueCents || e.days !== m.daysInService)
                throw new Error(
                  `machines-quarter: ${m.machineId} revenue SQL ${e.revenue} function ${m.revenueCents}, days SQL ${e.days} function ${m.daysInService}`,
                );
              if (m.cycles !== null && Math.abs(Number(e.cycles) - m.cycles) > 0.1)
                throw new Error(`machines-quarter: ${m.machineId} cycles SQL ${Number(e.cycles).toFixed(2)} function ${m.cycles}`);
              if (m.fleetMedianPerDayCents !== null && Math.abs((fleet.get(m.equipmentTypeId) ?? 0) - m.fleetMedianPerDayCents) > 1)
                throw new Error(
                  `machines-quarter: fleet median of ${m.equipmentTypeId} SQL ${fleet.get(m.equipmentTypeId)} function ${m.fleetMedianPerDayCents}`,
                );
            }
          },
          [{ from: quarter.from, to: quarter.to }],
          storeRows.filter((s) => s.id === storeId),
        );
      }
    } finally {
      http.close();
      await server.close();
    }
    const errors = serverLog.filter((line) => line.startsWith("[error]"));
    if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);
    log("");
    log(table(results));
    log("");
    const file = writeResults("economics", {
      benchmark: "economics",
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      database: bench.label,
      seed: { seconds: seeded.seconds, ...seeded.counts },
      target: `within ${TARGET_RATIO}x of the hand-written SQL and under ${TARGET_MS} ms, judged on HTTP`,
      results,
    });
    log(`  written to ${file}`);
  } finally {
    await bench.dispose();
  }
  return results;
}

function table(results: EconomicsResult[]): string {
  const ms = (s: Stats) => `${s.medianMs.toFixed(1)} / ${s.p95Ms.toFixed(1)}`;
  return [
    "| benchmark | n | SQL median / p95 ms | in-process median / p95 ms | HTTP median / p95 ms | in-process ÷ SQL | HTTP ÷ SQL | costLines alone ms | within 1.5× and < 200 ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ...results.map(
      (r) =>
        `| ${r.benchmark} | ${r.iterations} | ${ms(r.sql)} | ${ms(r.inProcess)} | ${ms(r.http)} | ${r.ratioInProcess.toFixed(2)} | ${r.ratioHttp.toFixed(2)} | ${r.costLinesMs} | ${r.meetsTarget ? "yes" : "no"} |`,
    ),
  ].join("\n");
}

// `npx tsx bench/economics.ts`: this benchmark alone.
runAloneOnPostgres(import.meta.url, runEconomics);
