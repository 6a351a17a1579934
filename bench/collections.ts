import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import { expectedFigures } from "../server/src/collections/expected.ts";
import type { Database } from "../server/src/db/database.ts";
import type { DB } from "../server/src/db/schema.ts";
import type { Identity } from "../server/src/runtime/define.ts";
import { resolveIdentity } from "../server/src/runtime/identity.ts";
import { BENCH_MANAGER, seedBenchCompany, type BenchCompany } from "./collectionsSeed.ts";
import { runAloneOnPostgres, type DatabaseTarget } from "./databases.ts";
import { summarize, type MeasureOptions, type Stats } from "./measure.ts";
import { HttpClient } from "./wire.ts";
import { machineInfo, writeResults } from "./results.ts";

// The collections benchmark (the large-operator issue): on PostgreSQL only, a company of 50 stores
// × 40 machines × 3 years of daily collections (collectionsSeed.ts), then each call timed three
// ways in rotation — the hand-written SQL on the same pool, the function in-process through
// `executor.call` (no transport), and the function over HTTP:
//   list-month-store   collections:list, last full month, one store
//   list-month-all     collections:list, last full month, every store (limit 2000, so all rows)
//   unverified-list    collections:listAllUnverifiedCollections (the verification queue)
//   badge-counts       navigation:getBadgeCounts (unverified counts and the manager's other badges)
//   collection-get     collections:get of a submitted 40-line collection, with expected figures
//   expected-figures   the expected figure of those 40 machines alone (expectedFigures())
// Target: every call within 1.5× of its SQL and under 100 ms.
// `npm run bench` runs it after the foundation benchmark; `npx tsx bench/collections.ts` runs it
// alone. BENCH_ONLY=foundation skips it; BENCH_COLLECTIONS_ITERATIONS sets its timed iterations
// (default 100, warm-up a tenth). Writes bench/results/collections-latest.json.

const TARGET_RATIO = 1.5;
const TARGET_MS = 100;

type Operation = () => Promise<unknown>;

export interface CollectionsResult {
  benchmark: string;
  sql: Stats;
  inProcess: Stats;
  http: Stats | null;
  /** In-process median / SQL median. */
  ratioInProcess: number;
  /** HTTP median / SQL median. */
  ratioHttp: number | null;
  /** The slowest way the call is made (HTTP when measured) is within 1.5× of the SQL and under 100 ms. */
  meetsTarget: boolean;
}

/** Times the operations in rotation (a different one goes first each round), so drift lands on all alike. */
export async function rotate(operations: Operation[], options: MeasureOptions): Promise<Stats[]> {
  for (let i = 0; i < options.warmup; i++) for (const op of operations) await op();
  const samples = operations.map(() => [] as number[]);
  for (let i = 0; i < options.iterations; i++) {
    for (let k = 0; k < operations.length; k++) {
      const j = (i + k) % operations.length;
      const start = performance.now();
      await operations[j]();
      samples[j].push(performance.now() - start);
    }
  }
  return samples.map(summarize);
}

function iterationsFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid BENCH_COLLECTIONS_ITERATIONS: must be a positive whole number, got "${value}"`);
  return n;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The last full calendar month before `today`. */
function lastMonth(today: string): { fromDate: string; toDate: string } {
  const d = new Date(`${today}T00:00:00Z`);
  return {
    fromDate: isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1))),
    toDate: isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0))),
  };
}

function assertSame(label: string, expected: unknown, actual: unknown): void {
  const a = JSON.stringify(expected);
  const b = JSON.stringify(actual);
  if (a !== b) throw new Error(`${label}: the function disagrees with the SQL\n  SQL:      ${a.slice(0, 300)}\n  function: ${b.slice(0, 300)}`);
}

// ---- The hand-written SQL ----

/** Collection summaries as the list screens show them, with each one's line count. */
function summarySql(db: Kysely<DB>, companyId: string, where: ReturnType<typeof sql>, orderAndLimit: ReturnType<typeof sql>) {
  return sql<{ id: string; lineCount: number; totalCents: number }>`
    select c.id, c.created_at, c.store_id, s.name as store_name, c.business_date, c.collector_id, u.email as collector_email, u.name as collector_name,
           c.status, c.total_cents, c.submitted_at, c.verified_at, c.verified_by, c.rejection_reason, c.adjusts_collection_id, c.adjustment_reason,
           c.line_count
    from collections c join stores s on s.id = c.store_id join users u on u.id = c.collector_id
    where c.company_id = ${companyId} and ${where}
    ${orderAndLimit}`.execute(db);
}

/** Each machine's median verified take over the 8 weeks before the date (its store's collections), same weekday when 3+ such visits exist. */
function expectedCte(companyId: string, storeId: string, machines: ReturnType<typeof sql>, businessDate: string) {
  return sql`
    history as (
      select l.machine_id, extract(dow from c.business_date) = extract(dow from ${businessDate}::date) as same_day,
             case when t.special_case = 'changer' or t.category = 'change' then l.bills_cents - l.coins_cents else l.coins_cents + l.bills_cents end as amount
      from collection_lines l
      join collections c on c.id = l.collection_id
      join machines m on m.id = l.machine_id
      join equipment_types t on t.id = m.equipment_type_id
      where l.company_id = ${companyId} and c.company_id = ${companyId} and l.machine_id in (${machines})
        and c.store_id = ${storeId} and c.status = 'verified' and c.adjusts_collection_id is null
        and c.business_date >= ${businessDate}::date - 56 and c.business_date < ${businessDate}::date
    ),
    basis as (
      select h.*, count(*) filter (where same_day) over (partition by machine_id) >= 3 as use_same_day from history h
    ),
    expected as (
      select machine_id, floor(percentile_cont(0.5) within group (order by amount) + 0.5)::int as expected_cents
      from basis where same_day or not use_same_day group by machine_id
    )`;
}

export async function runCollections(
  target: DatabaseTarget | null,
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<CollectionsResult[]> {
  const only = env.BENCH_ONLY?.split(",").map((s) => s.trim());
  if (only && !only.includes("collections")) {
    log(`Collections benchmark: skipped (BENCH_ONLY=${env.BENCH_ONLY})`);
    return [];
  }
  if (!target) {
    log("Collections benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return [];
  }
  const started = Date.now();
  const iterations = iterationsFromEnv(env.BENCH_COLLECTIONS_ITERATIONS, 100);
  const options: MeasureOptions = { iterations, warmup: Math.max(5, Math.round(iterations / 10)) };

  log("");
  log("Collections benchmark (PostgreSQL): seeding the large operator…");
  const bench = await target.open();
  let company: BenchCompany;
  let results: CollectionsResult[];
  try {
    company = await seedBenchCompany(bench.database.db, isoDate(new Date()), log);
    log(
      `  seeded ${company.stores} stores, ${company.machines} machines, ${company.collections} collections, ${company.lines} lines (${company.submitted} submitted) in ${(company.seedMs / 1000).toFixed(1)} s`,
    );
    results = await measureCollections(bench.database, company, options, log);
  } finally {
    await bench.dispose();
  }

  log("");
  log(table(results));
  log("");
  const output = {
    benchmark: "collections",
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    options,
    database: bench.label,
    seed: {
      stores: company.stores,
      machines: company.machines,
      collections: company.collections,
      lines: company.lines,
      submitted: company.submitted,
      seconds: Math.round(company.seedMs / 100) / 10,
    },
    target: `within ${TARGET_RATIO}x of the hand-written SQL and under ${TARGET_MS} ms (judged on HTTP where measured)`,
    note: "One call at a time; server and client share one process. SQL = the hand-written statement(s) on the same pool; in-process = executor.call without transport; HTTP = POST /api/query.",
    results,
  };
  const file = writeResults("collections", output);
  log(`Wrote ${file}; collections benchmark took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

/** Times every call on a database that holds the benchmark company. */
export async function measureCollections(
  database: Database,
  company: BenchCompany,
  options: MeasureOptions,
  log: (line: string) => void,
): Promise<CollectionsResult[]> {
  const { db } = database;
  const serverLog: string[] = [];
  const results: CollectionsResult[] = [];
  log(`  ${options.iterations} iterations after ${options.warmup} warm-up, SQL / in-process / HTTP in rotation`);
  {
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    try {
      await http.signIn(BENCH_MANAGER);
      const identity: Identity = await resolveIdentity(db, server.services.tokens, http.token);
      const companyId = company.companyId;
      if (identity.company?.id !== companyId) throw new Error(`${BENCH_MANAGER} is not active in the benchmark company`);
      const userId = identity.user!.id;
      const inProcess = async <T>(fn: string, args: unknown): Promise<T> => {
        const result = await server.executor.call(fn, args, identity, "bench", "query");
        if (!result.ok) throw new Error(`${fn}: ${result.errorMessage}`);
        return result.value as T;
      };
      const overHttp = <T>(fn: string, args: unknown) => http.call<T>("query", fn, args);

      const record = async (benchmark: string, baseline: Operation, local: Operation, remote: Operation | null) => {
        const stats = await rotate(remote ? [baseline, local, remote] : [baseline, local], options);
        const [s, p, h] = stats;
        const ratio = (x: Stats) => Math.round((x.medianMs / s.medianMs) * 100) / 100;
        const worst = h ?? p;
        const result: CollectionsResult = {
          benchmark,
          sql: s,
          inProcess: p,
          http: h ?? null,
          ratioInProcess: ratio(p),
          ratioHttp: h ? ratio(h) : null,
          meetsTarget: worst.medianMs <= s.medianMs * TARGET_RATIO && worst.medianMs < TARGET_MS,
        };
        results.push(result);
        log(
          `  ${benchmark.padEnd(17)} SQL ${s.medianMs.toFixed(2)} ms, in-process ${p.medianMs.toFixed(2)} ms (x${result.ratioInProcess})${h ? `, HTTP ${h.medianMs.toFixed(2)} ms (x${result.ratioHttp})` : ""}`,
        );
      };

      // --- the list for a month ---
      const month = lastMonth(company.today);
      const { id: storeId } = await db.selectFrom("stores").select("id").where("companyId", "=", companyId).orderBy("name").executeTakeFirstOrThrow();
      const listSql = (store: string | null) => () =>
        summarySql(
          db,
          companyId,
          sql`c.business_date >= ${month.fromDate} and c.business_date <= ${month.toDate} ${store ? sql`and c.store_id = ${store}` : sql``}
              and c.adjusts_collection_id is null and (c.status <> 'draft' or c.collector_id = ${userId})`,
          sql`order by c.business_date desc, c.id limit 2000`,
        );
      type Summary = { _id: string; lineCount: number; totalCents: number };
      const brief = (rows: Array<{ id?: string; _id?: string; lineCount: number; totalCents: number }>) =>
        rows.map((r) => [r.id ?? r._id, r.lineCount, Number(r.totalCents)]);
      for (const [benchmark, store] of [
        ["list-month-store", storeId],
        ["list-month-all", null],
      ] as const) {
        const args = { ...month, ...(store ? { storeId: store } : {}), limit: 2000 };
        const baseline = listSql(store);
        const expected = brief((await baseline()).rows);
        assertSame(benchmark, expected, brief(await inProcess<Summary[]>("collections:list", args)));
        assertSame(benchmark, expected, brief(await overHttp<Summary[]>("collections:list", args)));
        await record(
          benchmark,
          baseline,
          () => inProcess("collections:list", args),
          () => overHttp("collections:list", args),
        );
      }

      // --- the verification queue ---
      const unverifiedSql = () => summarySql(db, companyId, sql`c.status = 'submitted'`, sql`order by c.submitted_at limit 500`);
      {
        const expected = brief((await unverifiedSql()).rows).sort();
        assertSame("unverified-list", expected, brief(await inProcess<Summary[]>("collections:listAllUnverifiedCollections", {})).sort());
        await record(
          "unverified-list",
          unverifiedSql,
          () => inProcess("collections:listAllUnverifiedCollections", {}),
          () => overHttp("collections:listAllUnverifiedCollections", {}),
        );
      }

      // --- the badge counts: the same counts, for what the manager may see, in one statement ---
      const p = identity.permissions;
      const zero = sql`0`;
      const badgeSql = () =>
        sql<Record<string, number>>`
          select (select count(*) from join_requests where user_id = ${userId} and status = 'PENDING')::int as "myRequests",
                 u.own::int as "ownUnverifiedCollections",
                 ${p.canVerify ? sql`u.all` : zero}::int as "allUnverifiedCollections",
                 ${p.canExportReports || p.canApproveDraws ? sql`(select count(*) from cash_transactions where company_id = ${companyId} and status = 'pending')` : zero}::int as "pendingCashTransactions",
                 ${p.canManageJoinRequests ? sql`(select count(*) from join_requests where company_id = ${companyId} and status = 'PENDING')` : zero}::int as "joinRequests",
                 ${p.canManageStores ? sql`(select count(*) from stores where company_id = ${companyId} and is_active = false)` : zero}::int as "inactiveStores"
          from (select count(*) as all, count(*) filter (where collector_id = ${userId}) as own from collections where company_id = ${companyId} and status = 'submitted') u`.execute(
          db,
        );
      {
        const expected = (await badgeSql()).rows[0];
        if (expected.allUnverifiedCollections !== company.submitted)
          throw new Error(`badge-counts: ${expected.allUnverifiedCollections} unverified, seeded ${company.submitted}`);
        // Badges come from every module's file in server/src/badges, in no set order: compare by name.
        const byName = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
        // The SQL counts the collection, cash, join and store badges; the workforce and announcement
        // badges added since count nothing in this company (no employees), so they must be 0.
        const counts = (await inProcess<{ counts: Record<string, number> }>("navigation:getBadgeCounts", {})).counts;
        const same = Object.fromEntries(Object.keys(expected).map((k) => [k, counts[k]]));
        assertSame("badge-counts", byName(expected), byName(same));
        assertSame("badge-counts (others)", {}, Object.fromEntries(Object.entries(counts).filter(([k, v]) => !(k in expected) && v !== 0)));
        await record(
          "badge-counts",
          badgeSql,
          () => inProcess("navigation:getBadgeCounts", {}),
          () => overHttp("navigation:getBadgeCounts", {}),
        );
      }

      // --- one submitted collection with its machines' expected figures ---
      const target = await db
        .selectFrom("collections")
        .select(["id", "businessDate", "storeId"])
        .where("companyId", "=", companyId)
        .where("storeId", "=", storeId)
        .where("status", "=", "submitted")
        .orderBy("businessDate", "desc")
        .executeTakeFirstOrThrow();
      const collectionId = target.id;
      const machinesOf = sql`select machine_id from collection_lines where company_id = ${companyId} and collection_id = ${collectionId}`;
      // What collections:get returns: the summary, the lines beside their expected figure, adjustments, duplicate warnings.
      const getSql = async () => {
        const header = await summarySql(db, companyId, sql`c.id = ${collectionId}`, sql``);
        const lines = await sql<{ machineId: string; expectedCents: number | null }>`
          with ${expectedCte(companyId, target.storeId, machinesOf, target.businessDate)}
          select l.id, l.machine_id, l.coins_cents, l.bills_cents, l.meter_reading, l.note, m.label, s.id as section_id, s.name as section_name,
                 t.name as type_name, t.category, t.special_case, e.expected_cents
          from collection_lines l
          join machines m on m.id = l.machine_id
          join store_sections s on s.id = m.section_id
          join equipment_types t on t.id = m.equipment_type_id
          left join expected e on e.machine_id = l.machine_id
          where l.company_id = ${companyId} and l.collection_id = ${collectionId}
          order by s.position, m.position`.execute(db);
        const adjustments = await summarySql(db, companyId, sql`c.adjusts_collection_id = ${collectionId}`, sql`order by c.created_at`);
        const warnings = await sql`
          select l.machine_id, m.label, c.id as collection_id
          from collection_lines l join collections c on c.id = l.collection_id join machines m on m.id = l.machine_id
          where l.company_id = ${companyId} and c.company_id = ${companyId} and c.store_id = ${target.storeId} and c.business_date = ${target.businessDate}
            and c.id <> ${collectionId} and c.status <> 'rejected' and c.adjusts_collection_id is null and l.machine_id in (${machinesOf})`.execute(db);
        return { header: header.rows[0], lines: lines.rows, adjustments: adjustments.rows, warnings: warnings.rows };
      };
      {
        const expected = await getSql();
        const figures = expected.lines.map((l) => [l.machineId, l.expectedCents]);
        if (figures.length !== 40 || figures.some(([, e]) => e === null)) throw new Error("collection-get: expected 40 lines, each with an expected figure");
        type Detail = { lines: Array<{ machineId: string; expectedCents: number | null }>; adjustments: unknown[]; warnings: unknown[] };
        for (const value of [await inProcess<Detail>("collections:get", { collectionId }), await overHttp<Detail>("collections:get", { collectionId })]) {
          assertSame(
            "collection-get",
            figures,
            value.lines.map((l) => [l.machineId, l.expectedCents]),
          );
          assertSame("collection-get", [expected.adjustments.length, expected.warnings.length], [value.adjustments.length, value.warnings.length]);
        }
        await record(
          "collection-get",
          getSql,
          () => inProcess("collections:get", { collectionId }),
          () => overHttp("collections:get", { collectionId }),
        );

        // The expected figures alone: the server's expectedFigures() against the percentile SQL.
        const machineIds = figures.map(([id]) => id as string);
        const expectedSql = () =>
          sql<{
            machineId: string;
            expectedCents: number;
          }>`with ${expectedCte(companyId, target.storeId, sql.join(machineIds), target.businessDate)} select machine_id, expected_cents from expected`.execute(
            db,
          );
        const bySql = new Map((await expectedSql()).rows.map((r) => [r.machineId, r.expectedCents]));
        const byServer = await expectedFigures(db, companyId, machineIds, target.businessDate, target.storeId);
        assertSame(
          "expected-figures",
          machineIds.map((id) => bySql.get(id)),
          machineIds.map((id) => byServer.get(id)),
        );
        await record("expected-figures", expectedSql, () => expectedFigures(db, companyId, machineIds, target.businessDate, target.storeId), null);
      }
    } finally {
      http.close();
      await server.close();
    }
  }
  const errors = serverLog.filter((line) => line.startsWith("[error]") || line.startsWith("[sync]"));
  if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);
  return results;
}

function table(results: CollectionsResult[]): string {
  const ms = (s: Stats | null) => (s ? `${s.medianMs.toFixed(2)} / ${s.p95Ms.toFixed(2)}` : "—");
  return [
    "| benchmark | SQL median / p95 ms | in-process median / p95 ms | HTTP median / p95 ms | in-process ÷ SQL | HTTP ÷ SQL | within 1.5× and < 100 ms |",
    "|---|---:|---:|---:|---:|---:|:---:|",
    ...results.map(
      (r) =>
        `| ${r.benchmark} | ${ms(r.sql)} | ${ms(r.inProcess)} | ${ms(r.http)} | ${r.ratioInProcess.toFixed(2)} | ${r.ratioHttp === null ? "—" : r.ratioHttp.toFixed(2)} | ${r.meetsTarget ? "yes" : "no"} |`,
    ),
  ].join("\n");
}

// `npx tsx bench/collections.ts`: this benchmark alone.
runAloneOnPostgres(import.meta.url, runCollections);
