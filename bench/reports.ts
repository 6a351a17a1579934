import { performance } from "node:perf_hooks";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import { EXPECTED_WINDOW_DAYS } from "@tumble/domain/collectionStats";
import { addDays, daysBetweenInclusive } from "@tumble/domain/datePresets";
import { changePercent, isTimeGroup, type RevenueGroup } from "@tumble/domain/reports";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import { openPostgres } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import type { DB } from "../server/src/db/schema.ts";
import type { Identity } from "../server/src/runtime/define.ts";
import { resolveIdentity } from "../server/src/runtime/identity.ts";
import { newId } from "../server/src/runtime/ids.ts";
import { rotate } from "./collections.ts";
import { existingBenchCompany, seedBenchCompany, type BenchCompany } from "./collectionsSeed.ts";
import { runAloneOnPostgres, type DatabaseTarget } from "./databases.ts";
import type { MeasureOptions, Stats } from "./measure.ts";
import { fillExpectedFigures } from "../server/src/collections/expectedFill.ts";
import { HttpClient } from "./wire.ts";
import { machineInfo, writeResults } from "./results.ts";

// The reports benchmark (issue 15), PostgreSQL only, on the large operator of the collections
// benchmark (collectionsSeed.ts: 50 stores × 40 machines × 3 years of daily collections, about
// 2.2 million lines; the roll-ups revenue_days, _weeks, _months and collector_days are filled by
// their triggers during the seed, the expected figures of the seeded lines filled after it, and
// every roll-up checked equal to the verified lines). Each call is timed three ways in
// rotation — the hand-written SQL on the same pool, the function in-process (executor.call, no
// transport), and over HTTP:
//   revenue-<period>-<grouping>-<scope>
//       reports:revenue for the last full month (by day), the quarter ending with it (by week) and
//       the year ending with it (by month), each also by machine and by category, each with the
//       previous period of equal kind as comparison, on one store and on all 50. The SQL is what a
//       person writes straight over collections, collection_lines, machines and equipment_types
//       (verified, changers left out), one statement per period; the totals and every row's
//       figures are checked equal first.
//   machines-month-store   reports:machines of one store for the last month, against the SQL of
//       the same figures over the store's lines (sums, halves, first and last collection, the
//       eight-week median expected figure of each machine).
//   collectors-<period>-<scope>  reports:collectors for the same periods, one store and all,
//       against the same sums straight over the lines (the expected figure kept on each line).
//   cadence-store / cadence-all  reports:cadence {storeId} and {}, against each machine's first
//       and last collected day and what came after the first, straight over eight weeks of lines.
// Target (issue 15): within 1.5× of the SQL and under 200 ms, judged on HTTP.
// Every call runs once for the check; each benchmark then takes as many rounds as fit in about
// 4 s (at least 3, at most BENCH_REPORTS_ITERATIONS, default 30), after a tenth of that as
// warm-up (none when a round takes over a second: the check warmed it).
// `npx tsx bench/reports.ts` runs it alone; `npm run bench` runs it with BENCH_ONLY including
// "reports". Writes bench/results/reports-latest.json. BENCH_REPORTS_REUSE_URL=postgres://…/db measures
// on a database an earlier seed left (the company is found by its code; nothing is dropped).

const TARGET_RATIO = 1.5;
const TARGET_MS = 200;
const ROUND_BUDGET_MS = 4_000;
const MIN_ITERATIONS = 3;
const IDLE_RECONNECT_MS = 4_000;
const ADMIN = "admin@bench.test";

type Operation = () => Promise<unknown>;

export interface ReportsResult {
  benchmark: string;
  /** What the SQL baseline is: the same figures, or only the lines the function reads. */
  baseline: "same figures";
  /** Rows the function returns. */
  rows: number;
  iterations: number;
  warmup: number;
  sql: Stats;
  inProcess: Stats;
  http: Stats;
  /** In-process median / SQL median. */
  ratioInProcess: number;
  /** HTTP median / SQL median. */
  ratioHttp: number;
  /** HTTP median under 200 ms. */
  underTargetMs: boolean;
  /** HTTP within 1.5× of the SQL and under 200 ms. */
  meetsTarget: boolean;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the month `months` after the one holding `date` (negative: before). */
function monthStart(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  return isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

interface Range {
  from: string;
  to: string;
}

/** The `months` months ending with last month (before `today`), and the `months` before them. */
function periodEndingLastMonth(today: string, months: number): { period: Range; compare: Range } {
  const end = addDays(monthStart(today, 0), -1);
  const from = monthStart(today, -months);
  return { period: { from, to: end }, compare: { from: monthStart(today, -2 * months), to: addDays(from, -1) } };
}

function assertSame(label: string, expected: unknown, actual: unknown): void {
  const a = JSON.stringify(expected);
  const b = JSON.stringify(actual);
  if (a !== b) throw new Error(`${label}: the function disagrees with the SQL\n  SQL:      ${a.slice(0, 400)}\n  function: ${b.slice(0, 400)}`);
}

function iterationsFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid BENCH_REPORTS_ITERATIONS: must be a positive whole number, got "${value}"`);
  return n;
}

// ---- The hand-written SQL ----

const NOT_CHANGER = sql`coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'`;

/** Revenue of one period by the grouping, straight over the lines. */
function revenueSql(db: Kysely<DB>, companyId: string, storeId: string | null, range: Range, group: RevenueGroup) {
  const keys: Partial<Record<RevenueGroup, [RawBuilder<unknown>, RawBuilder<unknown>]>> = {
    day: [sql`to_char(c.business_date, 'YYYY-MM-DD')`, sql`to_char(c.business_date, 'YYYY-MM-DD')`],
    week: [sql`to_char(date_trunc('week', c.business_date), 'YYYY-MM-DD')`, sql`to_char(date_trunc('week', c.business_date), 'YYYY-MM-DD')`],
    month: [sql`to_char(c.business_date, 'YYYY-MM')`, sql`to_char(c.business_date, 'YYYY-MM')`],
    machine: [sql`l.machine_id`, storeId ? sql`m.label` : sql`s.name || ' · ' || m.label`],
    category: [sql`t.category`, sql`t.category`],
  };
  const [key, label] = keys[group]!;
  return sql<{ key: string; label: string; coins: string; bills: string }>`
    select ${key} as key, ${label} as label, sum(l.coins_cents) as coins, sum(l.bills_cents) as bills
    from collections c
    join collection_lines l on l.collection_id = c.id
    join machines m on m.id = l.machine_id
    join equipment_types t on t.id = m.equipment_type_id
    ${group === "machine" && !storeId ? sql`join stores s on s.id = c.store_id` : sql``}
    where c.company_id = ${companyId} and l.company_id = ${companyId} and c.status = 'verified'
      and c.business_date between ${range.from}::date and ${range.to}::date ${storeId ? sql`and c.store_id = ${storeId}` : sql``}
      and ${NOT_CHANGER}
    group by 1, 2
    order by 1`.execute(db);
}

/** Each machine of the store: the range's sums and halves, first and last collection, the median expected figure for today. */
function machinesSql(db: Kysely<DB>, companyId: string, storeId: string, range: Range, today: string) {
  const secondHalf = addDays(range.from, Math.floor(daysBetweenInclusive(range.from, range.to) / 2));
  const verifiedIn = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) => sql`status = 'verified' and business_date >= ${from} and business_date ${to}`;
  const inRange = verifiedIn(sql`${range.from}::date`, sql`<= ${range.to}::date`);
  return sql<{
    id: string;
    coins: string | null;
    bills: string | null;
    firstHalf: string | null;
    secondHalf: string | null;
    lastCollected: string | null;
    expectedCents: number | null;
  }>`
    with lines as (
      select l.machine_id, c.business_date, c.status, c.adjusts_collection_id is null as original, l.coins_cents, l.bills_cents
      from collections c join collection_lines l on l.collection_id = c.id
      where c.company_id = ${companyId} and l.company_id = ${companyId} and c.store_id = ${storeId} and c.status in ('verified', 'submitted')
    ), r as (
      select machine_id,
        sum(coins_cents) filter (where ${inRange}) as coins,
        sum(bills_cents) filter (where ${inRange}) as bills,
        sum(coins_cents + bills_cents) filter (where ${verifiedIn(sql`${range.from}::date`, sql`< ${secondHalf}::date`)}) as first_half,
        sum(coins_cents + bills_cents) filter (where ${verifiedIn(sql`${secondHalf}::date`, sql`<= ${range.to}::date`)}) as second_half,
        to_char(min(business_date), 'YYYY-MM-DD') as first_collected,
        to_char(max(business_date) filter (where business_date <= ${today}::date), 'YYYY-MM-DD') as last_collected
      from lines group by machine_id
    ), history as (
      select machine_id, extract(dow from business_date) = extract(dow from ${today}::date) as same_day, coins_cents + bills_cents as amount
      from lines where status = 'verified' and original and business_date >= ${today}::date - ${sql.lit(EXPECTED_WINDOW_DAYS)} and business_date < ${today}::date
    ), basis as (
      select h.*, count(*) filter (where same_day) over (partition by machine_id) >= 3 as use_same_day from history h
    ), expected as (
      select machine_id, floor(percentile_cont(0.5) within group (order by amount) + 0.5)::int as expected_cents
      from basis where same_day or not use_same_day group by machine_id
    )
    select m.id, m.label, sec.name as section_name, t.name as type_name, t.category, m.is_active,
      r.coins, r.bills, r.first_half, r.second_half, r.first_collected, r.last_collected, e.expected_cents
    from machines m
    join equipment_types t on t.id = m.equipment_type_id
    join store_sections sec on sec.id = m.section_id
    left join r on r.machine_id = m.id
    left join expected e on e.machine_id = m.id
    where m.company_id = ${companyId} and m.store_id = ${storeId} and ${NOT_CHANGER}
    order by sec.position, m.position`.execute(db);
}

/** Each collector's verified lines of the range against the expected figure kept on each, straight over the lines. */
function collectorsSql(db: Kysely<DB>, companyId: string, storeId: string | null, range: Range) {
  return sql<{ collectorId: string; collected: string; expected: string | null; lines: string; low: string }>`
    select coalesce(o.collector_id, c.collector_id) as collector_id, sum(l.coins_cents + l.bills_cents) as collected, sum(l.expected_cents) as expected,
      count(l.expected_cents) as lines, count(*) filter (where l.expected_cents > 0 and (l.coins_cents + l.bills_cents) * 2 < l.expected_cents) as low
    from collections c
    join collection_lines l on l.collection_id = c.id
    join machines m on m.id = l.machine_id
    join equipment_types t on t.id = m.equipment_type_id
    left join collections o on o.id = c.adjusts_collection_id
    where c.company_id = ${companyId} and l.company_id = ${companyId} and c.status = 'verified'
      and c.business_date between ${range.from}::date and ${range.to}::date ${storeId ? sql`and c.store_id = ${storeId}` : sql``}
      and ${NOT_CHANGER}
    group by 1`.execute(db);
}

/** Per machine of the active stores, over the eight weeks to today: first and last collected day and what came after the first, straight over the lines. */
function cadenceSql(db: Kysely<DB>, companyId: string, storeId: string | null, today: string) {
  return sql<{ storeId: string; machineId: string; lastDay: string; afterFirst: string }>`
    with days as (
      select c.store_id, l.machine_id, c.business_date, sum(l.coins_cents + l.bills_cents) as amount
      from collections c
      join collection_lines l on l.collection_id = c.id
      join machines m on m.id = l.machine_id
      join equipment_types t on t.id = m.equipment_type_id
      join stores s on s.id = c.store_id
      where c.company_id = ${companyId} and l.company_id = ${companyId} and c.status in ('submitted', 'verified') and s.is_active and m.is_active
        and c.business_date between ${addDays(today, -EXPECTED_WINDOW_DAYS)}::date and ${today}::date ${storeId ? sql`and c.store_id = ${storeId}` : sql``}
        and ${NOT_CHANGER}
      group by 1, 2, 3
    )
    select store_id, machine_id, to_char(max(business_date), 'YYYY-MM-DD') as last_day, sum(amount) - (array_agg(amount order by business_date))[1] as after_first
    from days group by 1, 2`.execute(db);
}

// ---- The run ----

export async function runReports(
  target: DatabaseTarget | null,
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<ReportsResult[]> {
  if (!target) {
    log("Reports benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return [];
  }
  const started = Date.now();
  const maxIterations = iterationsFromEnv(env.BENCH_REPORTS_ITERATIONS, 30);
  log("");
  log("Reports benchmark (PostgreSQL): seeding the large operator…");
  // BENCH_REPORTS_REUSE_URL: a database an earlier run seeded and kept (seeding takes minutes).
  const bench = env.BENCH_REPORTS_REUSE_URL ? await reuse(env.BENCH_REPORTS_REUSE_URL) : await target.open();
  const results: ReportsResult[] = [];
  try {
    const { db } = bench.database;
    const reused = env.BENCH_REPORTS_REUSE_URL ? await existingBenchCompany(db) : null;
    if (env.BENCH_REPORTS_REUSE_URL && !reused) throw new Error("BENCH_REPORTS_REUSE_URL holds no benchmark company");
    const company = reused ?? (await seedBenchCompany(db, isoDate(new Date()), log));
    log(
      `  ${reused ? "reused" : "seeded"} ${company.stores} stores, ${company.machines} machines, ${company.lines} lines in ${(company.seedMs / 1000).toFixed(1)} s`,
    );
    const rollup = await checkRollup(db, company, log);
    const serverLog: string[] = [];
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    const clients = [http];
    try {
      await addAdmin(db, company.companyId);
      await http.signIn(ADMIN);
      const identity: Identity = await resolveIdentity(db, server.services.tokens, http.token);
      if (identity.company?.id !== company.companyId || !identity.permissions.isAdmin)
        throw new Error(`${ADMIN} is not an administrator of the benchmark company`);
      await measure(db, company, server, clients, identity, maxIterations, results, log);
    } finally {
      for (const client of clients) client.close();
      await server.close();
    }
    const errors = serverLog.filter((line) => line.startsWith("[error]") || line.startsWith("[sync]"));
    if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);

    log("");
    log(table(results));
    log("");
    const output = {
      benchmark: "reports",
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      options: { roundBudgetMs: ROUND_BUDGET_MS, minIterations: MIN_ITERATIONS, maxIterations },
      database: bench.label,
      seed: {
        stores: company.stores,
        machines: company.machines,
        collections: company.collections,
        lines: company.lines,
        submitted: company.submitted,
        seconds: Math.round(company.seedMs / 100) / 10,
      },
      rollup,
      target: `within ${TARGET_RATIO}x of the hand-written SQL and under ${TARGET_MS} ms, judged on HTTP`,
      note:
        "One call at a time; server and client share one process. SQL = the hand-written statement(s) on the same pool; in-process = executor.call without transport; HTTP = POST /api/query. " +
        "Revenue: one statement per period over collections, collection_lines, machines and equipment_types (verified, changers left out), period and comparison in turn; totals and rows checked equal. " +
        "Machines: the same figures in one statement over the store's lines, the expected figure as the eight-week median (same weekday with 3+ visits). " +
        "Collectors: per collector over the verified lines of the range, the expected figure kept on each line at verification (filled for the seeded lines after the seed, as the demo seed does). " +
        "Cadence: per machine of the active stores over the eight weeks to today, first and last collected day and what came after the first. " +
        "The roll-ups were vacuumed and analysed after the seed, as autovacuum leaves a table after a bulk insert.",
      results,
    };
    writeResults("reports", output);
  } finally {
    await bench.dispose();
  }
  log(`Wrote bench/results/reports-latest.json; reports benchmark took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

/** A kept database, migrated to the latest schema; closed, not dropped, afterwards. */
async function reuse(url: string) {
  const database = await openPostgres(url);
  await migrateToLatest(database.db);
  return { label: `PostgreSQL (kept: ${new URL(url).pathname.slice(1)})`, database, dispose: () => database.close() };
}

/**
 * The expected figures of the seeded lines (verification keeps them; the bulk seed bypasses it),
 * then each roll-up against the verified lines grouped the same way, one statement each; then
 * every roll-up vacuumed and analysed.
 */
async function checkRollup(db: Kysely<DB>, company: BenchCompany, log: (line: string) => void) {
  const t0 = performance.now();
  const filled = await fillExpectedFigures(db, company.companyId);
  const fillMs = performance.now() - t0;
  log(`  expected figures kept on ${filled.toLocaleString("en-US")} lines in ${(fillMs / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  const lines = sql`
    from collections c join collection_lines l on l.collection_id = c.id join machines m on m.id = l.machine_id join equipment_types t on t.id = m.equipment_type_id
    left join collections o on o.id = c.adjusts_collection_id
    where c.company_id = ${company.companyId} and l.company_id = ${company.companyId} and c.status = 'verified'`;
  const differing = async (rollup: RawBuilder<unknown>, fromLines: RawBuilder<unknown>) =>
    (
      await sql<{ n: number; rows: number }>`
        with r as (${rollup}), x as (${fromLines})
        select (select count(*) from ((select * from r except select * from x) union all (select * from x except select * from r)) d)::int as n, (select count(*) from r)::int as rows`.execute(
        db,
      )
    ).rows[0];
  const revenue = (table: string, period: string, bucket: string) =>
    differing(
      sql`select ${sql.ref(period)}, store_id, machine_id, coins_cents, bills_cents from ${sql.table(table)} where company_id = ${company.companyId}`,
      sql`select ${sql.raw(bucket)}, c.store_id, l.machine_id, sum(l.coins_cents), sum(l.bills_cents) ${lines} group by 1, 2, 3`,
    );
  const checks = {
    revenue_days: await revenue("revenue_days", "business_date", "c.business_date"),
    revenue_weeks: await revenue("revenue_weeks", "week_start", "date_trunc('week', c.business_date)::date"),
    revenue_months: await revenue("revenue_months", "month_start", "date_trunc('month', c.business_date)::date"),
    collector_days: await differing(
      sql`select business_date, store_id, collector_id, collected_cents, expected_cents, expected_lines::bigint, low_lines::bigint from collector_days where company_id = ${company.companyId}`,
      sql`select c.business_date, c.store_id, coalesce(o.collector_id, c.collector_id), sum(l.coins_cents + l.bills_cents), coalesce(sum(l.expected_cents), 0), count(l.expected_cents),
        count(*) filter (where l.expected_cents > 0 and (l.coins_cents + l.bills_cents) * 2 < l.expected_cents) ${lines} and ${NOT_CHANGER} group by 1, 2, 3`,
    ),
  };
  const checkMs = performance.now() - t1;
  for (const [table, check] of Object.entries(checks)) if (check.n !== 0) throw new Error(`${table} differs from the verified lines in ${check.n} rows`);
  const t2 = performance.now();
  for (const table of Object.keys(checks)) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const vacuumMs = performance.now() - t2;
  log(
    `  roll-ups equal the verified lines (${Object.entries(checks)
      .map(([table, check]) => `${table} ${check.rows.toLocaleString("en-US")} rows`)
      .join(", ")}), checked in ${(checkMs / 1000).toFixed(1)} s; vacuum analyze ${(vacuumMs / 1000).toFixed(1)} s`,
  );
  return {
    rows: Object.fromEntries(Object.entries(checks).map(([table, check]) => [table, check.rows])),
    equalsLines: true,
    expectedFilled: filled,
    fillSeconds: Math.round(fillMs / 100) / 10,
    checkSeconds: Math.round(checkMs / 100) / 10,
    vacuumSeconds: Math.round(vacuumMs / 100) / 10,
  };
}

/** An administrator of the benchmark company (collector signals are for administrators), signing in with the demo password. */
async function addAdmin(db: Kysely<DB>, companyId: string): Promise<void> {
  if (await db.selectFrom("users").select("id").where("email", "=", ADMIN).executeTakeFirst()) return;
  const { passwordHash } = await db.selectFrom("users").select("passwordHash").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  const userId = newId();
  await db.insertInto("users").values({ id: userId, email: ADMIN, name: "Bench Admin", passwordHash, activeCompanyId: companyId }).execute();
  await db.insertInto("memberships").values({ id: newId(), companyId, userId, role: "ADMIN" }).execute();
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function measure(
  db: Kysely<DB>,
  company: BenchCompany,
  server: Server,
  /** The signed-in client first; fresh connections are added, to be closed by the caller. */
  clients: HttpClient[],
  identity: Identity,
  maxIterations: number,
  results: ReportsResult[],
  log: (line: string) => void,
): Promise<void> {
  const companyId = company.companyId;
  const inProcess = async <T>(fn: string, args: unknown): Promise<T> => {
    const result = await server.executor.call(fn, args, identity, "bench", "query");
    if (!result.ok) throw new Error(`${fn}: ${result.errorMessage}`);
    return result.value as T;
  };
  // The server closes a kept-alive connection idle for 5 s; after a long gap (the year's SQL and
  // in-process calls) a fresh connection goes first, as a browser's would, instead of racing the close.
  const [http] = clients;
  let client = http;
  let lastHttp = performance.now();
  const overHttp = async <T>(fn: string, args: unknown): Promise<T> => {
    if (performance.now() - lastHttp > IDLE_RECONNECT_MS) {
      client.close();
      client = new HttpClient(server.url);
      client.token = http.token;
      clients.push(client);
    }
    try {
      return await client.call<T>("query", fn, args);
    } finally {
      lastHttp = performance.now();
    }
  };
  const timed = async <T>(op: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const value = await op();
    return [value, performance.now() - t0];
  };

  /**
   * Runs each way once (checked by `check`, and timed to size the rounds), then times them in rotation.
   * `check` receives the SQL's value and the function's, once in-process and once over HTTP.
   */
  const record = async <S, F>(
    benchmark: string,
    baseline: ReportsResult["baseline"],
    sqlOp: () => Promise<S>,
    fn: string,
    args: unknown,
    check: (expected: S, got: F) => number,
  ) => {
    const [expected, sqlMs] = await timed(sqlOp);
    const [local, localMs] = await timed(() => inProcess<F>(fn, args));
    const [remote, remoteMs] = await timed(() => overHttp<F>(fn, args));
    const rows = check(expected, local);
    check(expected, remote);
    const roundMs = sqlMs + localMs + remoteMs;
    const iterations = Math.min(maxIterations, Math.max(MIN_ITERATIONS, Math.round(ROUND_BUDGET_MS / roundMs)));
    const options: MeasureOptions = { iterations, warmup: roundMs > 1000 ? 0 : Math.max(1, Math.round(iterations / 10)) };
    const ops: Operation[] = [sqlOp, () => inProcess(fn, args), () => overHttp(fn, args)];
    const [s, p, h] = await rotate(ops, options);
    const ratio = (x: Stats) => Math.round((x.medianMs / s.medianMs) * 100) / 100;
    const under = h.medianMs < TARGET_MS;
    const result: ReportsResult = {
      benchmark,
      baseline,
      rows,
      iterations,
      warmup: options.warmup,
      sql: s,
      inProcess: p,
      http: h,
      ratioInProcess: ratio(p),
      ratioHttp: ratio(h),
      underTargetMs: under,
      meetsTarget: under && h.medianMs <= s.medianMs * TARGET_RATIO,
    };
    results.push(result);
    log(
      `  ${benchmark.padEnd(30)} ×${String(iterations).padStart(2)}  SQL ${s.medianMs.toFixed(1)} ms, in-process ${p.medianMs.toFixed(1)} ms (x${result.ratioInProcess}), HTTP ${h.medianMs.toFixed(1)} ms (x${result.ratioHttp})`,
    );
  };

  const stores = await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).orderBy("name").execute();
  const storeId = stores[0].id;
  const zones = new Set(stores.map((s) => s.timeZone));
  if (zones.size !== 1) throw new Error("The benchmark stores are expected to share one time zone");
  // The stores' today, as the functions take it.
  const today = todayIn(stores[0].timeZone, new Date());
  const periods = [
    { name: "month", months: 1, time: "day" },
    { name: "quarter", months: 3, time: "week" },
    { name: "year", months: 12, time: "month" },
  ] as const;
  log(`  rounds of SQL / in-process / HTTP in rotation, as many as fit in ${ROUND_BUDGET_MS / 1000} s (${MIN_ITERATIONS}–${maxIterations})`);

  // --- revenue ---
  type Revenue = {
    rows: Array<{ key: string; totalCents: number; compareKey?: string; compareTotalCents?: number }>;
    totals: { totalCents: number; compareTotalCents?: number };
  };
  for (const { name, months, time } of periods) {
    const { period, compare } = periodEndingLastMonth(company.today, months);
    for (const groupBy of [time, "machine", "category"] as const) {
      for (const scope of [storeId, null]) {
        const benchmark = `revenue-${name}-${groupBy}-${scope ? "store" : "all"}`;
        const baseline = async () => [
          (await revenueSql(db, companyId, scope, period, groupBy)).rows,
          (await revenueSql(db, companyId, scope, compare, groupBy)).rows,
        ];
        const args = { ...(scope ? { storeId: scope } : {}), ...period, compareFrom: compare.from, compareTo: compare.to, groupBy };
        const check = ([current, previous]: Awaited<ReturnType<typeof baseline>>, got: Revenue) => {
          const totals = (rows: typeof current) => new Map(rows.map((r) => [r.key, Number(r.coins) + Number(r.bills)]));
          const now = totals(current);
          const before = totals(previous);
          const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
          if (!sum(now) || !sum(before)) throw new Error(`${benchmark}: no revenue in the period or its comparison`);
          assertSame(`${benchmark} totals`, [sum(now), sum(before)], [got.totals.totalCents, got.totals.compareTotalCents]);
          const sorted = (entries: Array<[string, number]>) => entries.sort(([a], [b]) => a.localeCompare(b));
          assertSame(`${benchmark} rows`, sorted([...now]), sorted(got.rows.filter((r) => r.totalCents !== 0).map((r) => [r.key, r.totalCents])));
          const compared = got.rows.map((r) => [isTimeGroup(groupBy) ? r.compareKey : r.key, r.compareTotalCents]);
          assertSame(
            `${benchmark} comparison rows`,
            compared.map(([key]) => (key === undefined ? 0 : (before.get(key as string) ?? 0))),
            compared.map(([, cents]) => cents),
          );
          return got.rows.length;
        };
        await record(benchmark, "same figures", baseline, "reports:revenue", args, check);
      }
    }
  }

  // --- machines of one store for the month ---
  const { period: month } = periodEndingLastMonth(company.today, 1);
  {
    type MachineRow = { machineId: string; totalCents: number; trendPercent: number | null; lastCollected: string | null; expectedCents: number | null };
    await record(
      "machines-month-store",
      "same figures",
      async () => (await machinesSql(db, companyId, storeId, month, today)).rows,
      "reports:machines",
      { storeId, ...month },
      (expected, got: MachineRow[]) => {
        assertSame(
          "machines-month-store",
          expected.map((r) => [
            r.id,
            Number(r.coins ?? 0) + Number(r.bills ?? 0),
            changePercent(Number(r.secondHalf ?? 0), Number(r.firstHalf ?? 0)),
            r.lastCollected,
            r.expectedCents,
          ]),
          got.map((r) => [r.machineId, r.totalCents, r.trendPercent, r.lastCollected, r.expectedCents]),
        );
        if (got.some((r) => r.expectedCents === null || !r.totalCents))
          throw new Error("machines-month-store: every machine should have revenue and an expected figure");
        return got.length;
      },
    );
  }

  // --- collector signals for the month, quarter and year, one store and all: the same sums over the lines ---
  for (const { name, months } of periods) {
    const { period } = periodEndingLastMonth(company.today, months);
    for (const scope of [storeId, null]) {
      const benchmark = `collectors-${name}-${scope ? "store" : "all"}`;
      type CollectorRow = { collectorId: string; collectedCents: number; expectedCents: number; lines: number; lowLines: number };
      await record(
        benchmark,
        "same figures",
        async () => (await collectorsSql(db, companyId, scope, period)).rows,
        "reports:collectors",
        { ...(scope ? { storeId: scope } : {}), ...period },
        (expected, got: CollectorRow[]) => {
          const sorted = <T extends { collectorId: string }>(rows: T[]) => [...rows].sort((x, y) => x.collectorId.localeCompare(y.collectorId));
          assertSame(
            benchmark,
            sorted(expected).map((r) => [r.collectorId, Number(r.collected), Number(r.expected ?? 0), Number(r.lines), Number(r.low)]),
            sorted(got.filter((r) => r.collectedCents !== 0)).map((r) => [r.collectorId, r.collectedCents, r.expectedCents, r.lines, r.lowLines]),
          );
          if (!got.some((r) => r.lines > 0)) throw new Error(`${benchmark}: no line had an expected figure`);
          return got.length;
        },
      );
    }
  }

  // --- coin-box cadence of one store and of every store: the same per-machine figures over the lines ---
  for (const scope of [storeId, null]) {
    type CadenceStore = { storeId: string; machines: Array<{ machineId: string; lastCollected: string | null; dailyTakeCents: number | null }> };
    const benchmark = `cadence-${scope ? "store" : "all"}`;
    await record(
      benchmark,
      "same figures",
      async () => (await cadenceSql(db, companyId, scope, today)).rows,
      "reports:cadence",
      scope ? { storeId: scope } : {},
      (expected, got: CadenceStore[]) => {
        const machines = got.flatMap((s) => s.machines);
        const byMachine = new Map(expected.map((r) => [r.machineId, r]));
        assertSame(
          benchmark,
          machines.map((m) => [m.machineId, byMachine.get(m.machineId)?.lastDay ?? null]),
          machines.map((m) => [m.machineId, m.lastCollected]),
        );
        if (machines.some((m) => m.dailyTakeCents === null)) throw new Error(`${benchmark}: every machine should have a daily take`);
        return got.length;
      },
    );
  }
}

function table(results: ReportsResult[]): string {
  const ms = (s: Stats) => `${s.medianMs.toFixed(1)} / ${s.p95Ms.toFixed(1)}`;
  const verdict = (r: ReportsResult) => (r.meetsTarget ? "yes" : "no");
  return [
    "| benchmark | rows | n | SQL median / p95 ms | in-process median / p95 ms | HTTP median / p95 ms | in-process ÷ SQL | HTTP ÷ SQL | within 1.5× and < 200 ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ...results.map(
      (r) =>
        `| ${r.benchmark} | ${r.rows} | ${r.iterations} | ${ms(r.sql)} | ${ms(r.inProcess)} | ${ms(r.http)} | ${r.ratioInProcess.toFixed(2)} | ${r.ratioHttp.toFixed(2)} | ${verdict(r)} |`,
    ),
  ].join("\n");
}

// `npx tsx bench/reports.ts`: this benchmark alone.
runAloneOnPostgres(import.meta.url, runReports);
