import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import type { DB } from "../server/src/db/schema.ts";
import type { Identity } from "../server/src/runtime/define.ts";
import { resolveIdentity } from "../server/src/runtime/identity.ts";
import { rotate } from "./collections.ts";
import { postgresTarget, type DatabaseTarget } from "./databases.ts";
import type { MeasureOptions, Stats } from "./measure.ts";
import { HttpClient } from "./wire.ts";
import { machineInfo, writeResults } from "./results.ts";

// The cash ledger benchmark (issue 13), PostgreSQL only: the demo database plus 1,000,000
// approved collection entries into Rio Downtown's safe (2,000,000 lines: the safe's and
// collections income's), spread over 1,000 days. Each call is timed three ways in rotation —
// the hand-written SQL on the same pool, the function in-process (executor.call), and over HTTP:
//   balances        cashAccounts:list {storeId}: the store's and the company's accounts with balances
//   ledger-page     cashAccounts:getLedger {accountId}: the latest 50 lines with running balance
//   dashboard       cashDashboard:get: balances, pending, in transit, 30 days of collections
//                   against the 30 before, accepted counts
// Target: within 1.5× of the SQL and under 50 ms. For reference it also times the balance as a
// sum over the million lines, which the running-balance snapshot replaces.
// `npx tsx bench/cash.ts` runs it alone; `npm run bench` runs it with BENCH_ONLY including "cash".
// BENCH_CASH_ITERATIONS sets the timed iterations (default 200). Writes bench/results/cash-latest.json.

const TARGET_RATIO = 1.5;
const TARGET_MS = 50;
const LINES = 1_000_000;
const DAYS = 1_000;
const OWNER = "owner@demo.test";

export interface CashResult {
  benchmark: string;
  sql: Stats;
  inProcess: Stats;
  http: Stats;
  ratioInProcess: number;
  ratioHttp: number;
  meetsTarget: boolean;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function assertSame(label: string, expected: unknown, actual: unknown): void {
  const a = JSON.stringify(expected);
  const b = JSON.stringify(actual);
  if (a !== b) throw new Error(`${label}: the function disagrees with the SQL\n  SQL:      ${a.slice(0, 400)}\n  function: ${b.slice(0, 400)}`);
}

/** A million approved collection entries into the safe, numbered and balanced as posting would have. */
async function seedLines(db: Kysely<DB>, companyId: string, storeId: string, safe: string, income: string, userId: string): Promise<number> {
  const started = performance.now();
  // Literals, not parameters: "current_date - $1" would be read as a date minus a date.
  const days = sql.lit(DAYS);
  const lines = sql.lit(LINES);
  await db.connection().execute(async (conn) => {
    // The rows are built consistent; skipping the foreign-key triggers for the bulk insert saves minutes.
    await sql`set session_replication_role = replica`.execute(conn);
    await insertLines(conn, companyId, storeId, safe, income, userId, days, lines);
    await sql`set session_replication_role = origin`.execute(conn);
  });
  // As autovacuum would leave the table after a bulk load: visibility map set, statistics fresh.
  await sql`vacuum analyze cash_transactions`.execute(db);
  await sql`vacuum analyze cash_entries`.execute(db);
  return performance.now() - started;
}

async function insertLines(
  db: Kysely<DB>,
  companyId: string,
  storeId: string,
  safe: string,
  income: string,
  userId: string,
  days: ReturnType<typeof sql.lit>,
  lines: ReturnType<typeof sql.lit>,
): Promise<void> {
  await sql`
    insert into cash_transactions (id, company_id, kind, amount_cents, status, store_id, business_date, description, requested_by, decided_by, created_at, decided_at)
    select 'bench' || i, ${companyId}, 'collection', 100 + i % 9000, 'approved', ${storeId}, current_date - ${days} + (i * ${days} / ${lines})::int,
           'Bench collection', ${userId}, ${userId}, now() - interval '1 second' * (${lines} - i), now() - interval '1 second' * (${lines} - i)
    from generate_series(1, ${lines}) i`.execute(db);
  for (const [account, sign, suffix] of [
    [safe, 1, "s"],
    [income, -1, "i"],
  ] as const) {
    await sql`
      insert into cash_entries (id, company_id, transaction_id, account_id, amount_cents, store_id, business_date, seq, balance_after_cents, posted_at)
      select 'bench' || ${suffix} || i, ${companyId}, 'bench' || i, ${account}, ${sign} * (100 + i % 9000), ${storeId},
             current_date - ${days} + (i * ${days} / ${lines})::int,
             last.seq + i, last.balance + sum(${sign} * (100 + i % 9000)) over (order by i), clock_timestamp()
      from generate_series(1, ${lines}) i,
           lateral (select coalesce(max(seq), 0) as seq,
                           coalesce((select balance_after_cents from cash_entries where account_id = ${account} and seq is not null order by seq desc limit 1), 0) as balance
                    from cash_entries where account_id = ${account} and seq is not null) last`.execute(db);
  }
}

export async function runCash(
  target: DatabaseTarget | null,
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<CashResult[]> {
  if (!target) {
    log("Cash benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return [];
  }
  const iterations = Number(env.BENCH_CASH_ITERATIONS || 200);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`Invalid BENCH_CASH_ITERATIONS: ${env.BENCH_CASH_ITERATIONS}`);
  const options: MeasureOptions = { iterations, warmup: Math.max(5, Math.round(iterations / 10)) };
  const started = Date.now();
  log("");
  log(`Cash benchmark (PostgreSQL): seeding ${LINES.toLocaleString("en-US")} approved lines into one safe…`);
  const bench = await target.open();
  const results: CashResult[] = [];
  try {
    const { db } = bench.database;
    const serverLog: string[] = [];
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    try {
      await http.signIn(OWNER);
      const identity: Identity = await resolveIdentity(db, server.services.tokens, http.token);
      const companyId = identity.company!.id;
      const store = await db.selectFrom("stores").select("id").where("companyId", "=", companyId).where("name", "=", "Rio Downtown").executeTakeFirstOrThrow();
      const account = (kind: string) =>
        db
          .selectFrom("cashAccounts")
          .select("id")
          .where("companyId", "=", companyId)
          .where("kind", "=", kind)
          .where((eb) => (kind === "safe" ? eb("storeId", "=", store.id) : eb("storeId", "is", null)))
          .executeTakeFirstOrThrow();
      const safe = (await account("safe")).id;
      const income = (await account("collections_income")).id;
      const seedMs = await seedLines(db, companyId, store.id, safe, income, identity.user!.id);
      const approved = await sql<{ n: number }>`select count(*)::int as n from cash_entries where account_id = ${safe} and seq is not null`.execute(db);
      log(`  ${approved.rows[0].n.toLocaleString("en-US")} approved lines in the safe, seeded in ${(seedMs / 1000).toFixed(1)} s`);

      const inProcess = async <T>(fn: string, args: unknown): Promise<T> => {
        const result = await server.executor.call(fn, args, identity, "bench", "query");
        if (!result.ok) throw new Error(`${fn}: ${result.errorMessage}`);
        return result.value as T;
      };
      const overHttp = <T>(fn: string, args: unknown) => http.call<T>("query", fn, args);
      const record = async (benchmark: string, baseline: () => Promise<unknown>, fn: string, args: unknown) => {
        const [s, p, h] = await rotate([baseline, () => inProcess(fn, args), () => overHttp(fn, args)], options);
        const ratio = (x: Stats) => Math.round((x.medianMs / s.medianMs) * 100) / 100;
        const result: CashResult = {
          benchmark,
          sql: s,
          inProcess: p,
          http: h,
          ratioInProcess: ratio(p),
          ratioHttp: ratio(h),
          meetsTarget: h.medianMs <= s.medianMs * TARGET_RATIO && h.medianMs < TARGET_MS,
        };
        results.push(result);
        log(
          `  ${benchmark.padEnd(12)} SQL ${s.medianMs.toFixed(2)} ms, in-process ${p.medianMs.toFixed(2)} ms (x${result.ratioInProcess}), HTTP ${h.medianMs.toFixed(2)} ms (x${result.ratioHttp})`,
        );
      };

      // --- balances: the latest line's balance_after of each account ---
      const latest = (accountRef: ReturnType<typeof sql>) =>
        sql`(select e.balance_after_cents from cash_entries e where e.company_id = ${companyId} and e.account_id = ${accountRef} and e.seq is not null order by e.seq desc limit 1)`;
      const balancesSql = () =>
        sql<{ id: string; balance: number | null }>`
          select a.id, a.name, a.kind, a.store_id, s.name as store_name, a.category, a.archived_at, ${latest(sql`a.id`)} as balance
          from cash_accounts a left join stores s on s.id = a.store_id
          where a.company_id = ${companyId} and (a.store_id = ${store.id} or a.store_id is null) and a.archived_at is null
            and a.kind in ('safe', 'change_fund', 'petty_cash', 'bank', 'other')
          order by s.name nulls last, array_position(array['safe','change_fund','petty_cash','bank','other']::text[], a.kind), a.name`.execute(db);
      {
        const expected = (await balancesSql()).rows.map((r) => [r.id, Number(r.balance ?? 0)]);
        const summed = await sql<{
          n: number;
        }>`select sum(amount_cents)::bigint as n from cash_entries where company_id = ${companyId} and account_id = ${safe} and seq is not null`.execute(db);
        if (Number(expected.find(([id]) => id === safe)![1]) !== Number(summed.rows[0].n))
          throw new Error("balances: the snapshot is not the sum of the lines");
        const got = await inProcess<Array<{ _id: string; balanceCents: number }>>("cashAccounts:list", { storeId: store.id });
        assertSame(
          "balances",
          expected,
          got.map((a) => [a._id, a.balanceCents]),
        );
        await record("balances", balancesSql, "cashAccounts:list", { storeId: store.id });
      }

      // --- the latest ledger page: 50 lines with running balance, their entries' other lines, the balance ---
      const pageSql = async () => {
        const page = await sql<{ seq: number; transactionId: string; balanceAfterCents: number }>`
          select e.seq, e.posted_at, e.business_date, e.amount_cents, e.balance_after_cents, e.transaction_id, t.kind, t.description, t.reverses_id
          from cash_entries e join cash_transactions t on t.company_id = e.company_id and t.id = e.transaction_id
          where e.company_id = ${companyId} and e.account_id = ${safe} and e.seq is not null
          order by e.business_date desc, e.seq desc limit 51`.execute(db);
        const ids = page.rows.slice(0, 50).map((r) => r.transactionId);
        const others = await sql`
          select e.transaction_id, e.account_id, a.name, a.kind, e.amount_cents, e.balance_after_cents
          from cash_entries e join cash_accounts a on a.company_id = e.company_id and a.id = e.account_id
          where e.company_id = ${companyId} and e.transaction_id in (${sql.join(ids)}) order by e.transaction_id, e.amount_cents`.execute(db);
        const account =
          await sql`select id, store_id, kind, name, category, archived_at from cash_accounts where company_id = ${companyId} and id = ${safe}`.execute(db);
        const balance = await sql`${latest(sql`${safe}`)}`.execute(db);
        return { page: page.rows, others: others.rows, account: account.rows, balance: balance.rows };
      };
      {
        const expected = (await pageSql()).page.slice(0, 50).map((r) => [Number(r.seq), Number(r.balanceAfterCents)]);
        const got = await inProcess<{ lines: Array<{ seq: number; balanceAfterCents: number }> }>("cashAccounts:getLedger", { accountId: safe });
        assertSame(
          "ledger-page",
          expected,
          got.lines.map((l) => [l.seq, l.balanceAfterCents]),
        );
        await record("ledger-page", pageSql, "cashAccounts:getLedger", { accountId: safe });
      }

      // --- the cash dashboard for the store and the last 30 days against the 30 before ---
      const today = new Date();
      const day = (n: number) => isoDate(new Date(today.getTime() - n * 86_400_000));
      const args = { storeId: store.id, fromDate: day(29), toDate: day(0), comparison: { fromDate: day(59), toDate: day(30) } };
      const collectedSql = (from: string, to: string) =>
        sql<{ cents: number }>`
          select coalesce(-sum(amount_cents), 0) as cents from cash_entries
          where company_id = ${companyId} and account_id = ${income} and seq is not null and business_date between ${from} and ${to} and store_id = ${store.id}`.execute(
          db,
        );
      const dashboardSql = async () => {
        const ledger =
          await sql`select id, kind from cash_accounts where company_id = ${companyId} and kind in ('collections_income', 'deposits_in_transit')`.execute(db);
        return Promise.all([
          ledger,
          sql`select a.id, a.name, a.kind, a.store_id, ${latest(sql`a.id`)} as balance from cash_accounts a
              where a.company_id = ${companyId} and a.archived_at is null and a.kind in ('safe', 'change_fund', 'petty_cash', 'bank', 'other')
                and (a.store_id = ${store.id} or a.store_id is null) order by a.store_id, a.name`.execute(db),
          sql`select t.*, s.name as store_name, coalesce(r.name, r.email) as requested_by_name, coalesce(d.name, d.email) as decided_by_name, rev.id as reversed_by_id
              from cash_transactions t left join stores s on s.id = t.store_id left join users r on r.id = t.requested_by left join users d on d.id = t.decided_by
              left join cash_transactions rev on rev.company_id = t.company_id and rev.reverses_id = t.id
              where t.company_id = ${companyId} and t.status = 'pending' and t.store_id = ${store.id} order by t.created_at desc, t.id desc limit 100`
            .execute(db)
            .then(async (pending) => {
              const ids = pending.rows.map((r) => (r as { id: string }).id);
              if (ids.length)
                await sql`select e.transaction_id, e.account_id, a.name, a.kind, e.amount_cents, e.balance_after_cents from cash_entries e
                          join cash_accounts a on a.company_id = e.company_id and a.id = e.account_id
                          where e.company_id = ${companyId} and e.transaction_id in (${sql.join(ids)})`.execute(db);
              return pending;
            }),
          sql`${latest(sql`(select id from cash_accounts where company_id = ${companyId} and kind = 'deposits_in_transit')`)}`.execute(db),
          collectedSql(args.fromDate, args.toDate),
          collectedSql(args.comparison.fromDate, args.comparison.toDate),
          sql`select p.id, p.submitted_at, a.store_id, s.name, p.counted_by, coalesce(u.name, u.email), p.variance_cents
              from physical_counts p join cash_accounts a on a.company_id = p.company_id and a.id = p.account_id left join stores s on s.id = a.store_id
              join users u on u.id = p.counted_by
              where p.company_id = ${companyId} and p.status = 'accepted' and p.submitted_at::date between ${args.fromDate}::date and ${args.toDate}::date
                and a.store_id = ${store.id} order by p.submitted_at limit 1000`.execute(db),
        ]);
      };
      {
        const [, , , , current, previous] = await dashboardSql();
        const got = await inProcess<{ collectionsCents: number; comparisonCollectionsCents: number }>("cashDashboard:get", args);
        assertSame("dashboard", [Number(current.rows[0].cents), Number(previous.rows[0].cents)], [got.collectionsCents, got.comparisonCollectionsCents]);
        if (!got.collectionsCents) throw new Error("dashboard: no collections in the last 30 days");
        await record("dashboard", dashboardSql, "cashDashboard:get", args);
      }

      // Reference only: the balance summed over the million lines, as it would be without the snapshot.
      const [summed] = await rotate(
        [() => sql`select sum(amount_cents) from cash_entries where company_id = ${companyId} and account_id = ${safe} and seq is not null`.execute(db)],
        { iterations: Math.min(20, iterations), warmup: 2 },
      );
      log(`  (reference) balance as a sum over every line: SQL ${summed.medianMs.toFixed(2)} ms median`);
      const errors = serverLog.filter((line) => line.startsWith("[error]"));
      if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);
      const output = {
        benchmark: "cash",
        measuredAt: new Date().toISOString(),
        machine: machineInfo(),
        options,
        database: bench.label,
        seed: { approvedLinesInSafe: approved.rows[0].n, days: DAYS, seconds: Math.round(seedMs / 100) / 10 },
        target: `within ${TARGET_RATIO}x of the hand-written SQL and under ${TARGET_MS} ms (judged on HTTP)`,
        referenceSumOverLines: summed,
        results,
      };
      writeResults("cash", output);
    } finally {
      http.close();
      await server.close();
    }
  } finally {
    await bench.dispose();
  }
  log(`Wrote bench/results/cash-latest.json; cash benchmark took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results = await runCash((await postgresTarget()).target, (line) => process.stdout.write(`${line}\n`));
  if (results.some((r) => !r.meetsTarget)) process.exitCode = 1;
}
