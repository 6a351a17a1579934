import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import { parseCsvStatement } from "@tumble/domain/bankStatement";
import { moveLegs } from "@tumble/domain/cashLedger";
import { expectedClosing, figureOf, FIGURES, type Figure } from "@tumble/domain/reconciliation";
import { ledgerAccountId, storeAccountId } from "../server/src/cash/accounts.ts";
import { createEntry } from "../server/src/cash/ledger.ts";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import type { DB } from "../server/src/db/schema.ts";
import { fingerprints, unmatchedDeposits } from "../server/src/reconciliation/bank.ts";
import type { Identity } from "../server/src/runtime/define.ts";
import { resolveIdentity } from "../server/src/runtime/identity.ts";
import { newId } from "../server/src/runtime/ids.ts";
import { rotate } from "./collections.ts";
import { postgresTarget, type DatabaseTarget } from "./databases.ts";
import { summarize, type MeasureOptions, type Stats } from "./measure.ts";
import { HttpClient } from "./wire.ts";
import { machineInfo, writeResults } from "./results.ts";

// The reconciliation benchmark (issue 14), PostgreSQL only, on the demo database plus a store
// whose safe has three years of history: a verified collection posted every day, a deposit to the
// bank every week and an owner draw every month, written through the ledger's createEntry.
//   statement-import      a 50,000-line CSV statement sent over HTTP as an admin in parts
//                         (bankLines:uploadPart, ≤ 500,000 characters each), then bankLines:import
//                         into a fresh bank account — against the same 50,000 rows inserted into
//                         bank_lines with one insert … select from unnest(…) on the same pool.
//                         Five iterations, each on a fresh account; target under 10 s end to end.
//   period-figures        reconciliation:get of the last full month of that store — against the
//                         hand-written SQL of the same figures (the safe's approved lines summed by
//                         kind in the month, and before it for the opening), checked equal first.
//                         Target: within 1.5× of the SQL and under 50 ms (judged on HTTP).
//   trace-collection      reconciliation:trace of the newest collection deposited in full (about two
//                         weeks old), which reads the store's whole history first in, first out —
//                         against the SQL that reads the safe's collection and deposit lines.
//                         Reported, no target.
// `npx tsx bench/reconciliation.ts` runs it alone; `npm run bench` runs it with BENCH_ONLY including
// "reconciliation". BENCH_RECONCILIATION_ITERATIONS sets the timed iterations of the queries
// (default 200; the trace a quarter of them), BENCH_RECONCILIATION_IMPORTS those of the import
// (default 5, after one warm-up). Writes bench/results/reconciliation-latest.json.

const TARGET_RATIO = 1.5;
const TARGET_MS = 50;
const IMPORT_TARGET_MS = 10_000;
const STATEMENT_LINES = 50_000;
const MAX_PART_CHARS = 500_000;
const HISTORY_DAYS = 3 * 365;
const ADMIN = "admin@demo.test";
const MAPPING = { date: "Date", description: "Description", amount: "Amount", reference: "Reference" };

export interface ReconciliationResult {
  benchmark: string;
  sql: Stats;
  inProcess: Stats | null;
  http: Stats;
  /** In-process median / SQL median. */
  ratioInProcess: number | null;
  /** HTTP median / SQL median. */
  ratioHttp: number;
  target: string;
  /** null: reported only. */
  meetsTarget: boolean | null;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (today: Date, n: number) => isoDate(new Date(today.getTime() - n * 86_400_000));
const ratio = (x: Stats, base: Stats) => Math.round((x.medianMs / base.medianMs) * 100) / 100;

/** A small deterministic generator, so every run seeds and uploads the same data. */
function random(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

function assertSame(label: string, expected: unknown, actual: unknown): void {
  const a = JSON.stringify(expected);
  const b = JSON.stringify(actual);
  if (a !== b) throw new Error(`${label}: the function disagrees with the SQL\n  SQL:      ${a.slice(0, 600)}\n  function: ${b.slice(0, 600)}`);
}

interface History {
  storeId: string;
  safe: string;
  collections: number;
  deposits: number;
  draws: number;
  seconds: number;
}

/** A new store of the company and three years of its safe, posted as verification and approval post them. */
async function seedHistory(db: Kysely<DB>, companyId: string, userId: string, today: Date): Promise<History> {
  const started = performance.now();
  const storeId = newId();
  await db
    .insertInto("stores")
    .values({ id: storeId, companyId, name: "Rio Riverside", address: "5 River Rd, Rio Grande", phone: null, hours: null })
    .execute();
  const safe = await storeAccountId(db, companyId, storeId, "safe");
  const income = await ledgerAccountId(db, companyId, "collections_income");
  const transit = await ledgerAccountId(db, companyId, "deposits_in_transit");
  const draws = await ledgerAccountId(db, companyId, "owner_draws");
  const next = random(14);
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => ({
    id: newId(),
    date: daysAgo(today, HISTORY_DAYS - i),
    // Whole quarters, $400 to $1,200 a day.
    cents: 40_000 + next(3_200) * 25,
  }));
  const now = new Date();
  await db
    .insertInto("collections")
    .values(
      days.map((d) => ({
        id: d.id,
        companyId,
        storeId,
        businessDate: d.date,
        collectorId: userId,
        status: "verified",
        totalCents: d.cents,
        adjustsCollectionId: null,
        rejectionReason: null,
        submittedAt: now,
        verifiedAt: now,
        verifiedBy: userId,
      })),
    )
    .execute();
  let inSafe = 0;
  let deposits = 0;
  let drawCount = 0;
  await db.transaction().execute(async (trx) => {
    for (const [i, d] of days.entries()) {
      const base = { companyId, status: "approved", storeId, businessDate: d.date, requestedBy: userId } as const;
      await createEntry(trx, {
        ...base,
        kind: "collection",
        legs: moveLegs(income, safe, d.cents),
        description: `Collection ${d.date}`,
        collectionId: d.id,
      });
      inSafe += d.cents;
      if (i % 7 === 6) {
        // Whole hundreds go to the bank; the rest stays in the safe as float.
        const cents = Math.floor(inSafe / 10_000) * 10_000;
        deposits++;
        await createEntry(trx, {
          ...base,
          kind: "deposit",
          legs: moveLegs(safe, transit, cents),
          description: "Weekly bank deposit",
          bagNumber: `R-${2000 + deposits}`,
          slipNumber: String(70_000 + deposits),
        });
        inSafe -= cents;
      }
      // A draw takes only money that is there (the ledger refuses the rest).
      if (d.date.endsWith("-15") && inSafe >= 20_000) {
        drawCount++;
        await createEntry(trx, { ...base, kind: "withdrawal", legs: moveLegs(safe, draws, 20_000), description: "Owner draw" });
        inSafe -= 20_000;
      }
    }
  });
  await sql`vacuum analyze cash_transactions`.execute(db);
  await sql`vacuum analyze cash_entries`.execute(db);
  await sql`vacuum analyze collections`.execute(db);
  return {
    storeId,
    safe,
    collections: days.length,
    deposits,
    draws: drawCount,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** A bank's CSV export: deposits, card settlements, debits and fees over the last year, with duplicates. */
function statementCsv(today: Date, avoid: Set<number>): string {
  const next = random(26);
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const money = (cents: number) => {
    const abs = Math.abs(cents);
    const text = `${Math.floor(abs / 100)}.${pad(abs % 100, 2)}`;
    return cents < 0 ? `-${text}` : text;
  };
  const rows = ["Date,Description,Amount,Reference"];
  for (let i = 0; i < STATEMENT_LINES; i++) {
    const date = new Date(today.getTime() - (365 - Math.floor((i * 365) / STATEMENT_LINES)) * 86_400_000);
    const day = `${pad(date.getUTCMonth() + 1, 2)}/${pad(date.getUTCDate(), 2)}/${date.getUTCFullYear()}`;
    const pick = next(100);
    let description: string;
    let cents: number;
    let reference = "";
    if (pick < 55) {
      description = `DEPOSIT BRANCH ${pad(next(900) + 100, 4)}`;
      cents = 5_000 + next(495_000);
      reference = `REF${pad(next(10_000_000), 7)}`;
    } else if (pick < 80) {
      description = `CARD SETTLEMENT BATCH ${pad(next(100_000), 6)}`;
      cents = 1_000 + next(200_000);
    } else if (pick < 95) {
      description = `ACH DEBIT ${["RIO GRANDE UTILITIES", "DETERGENT SUPPLY CO", "LANDLORD PROPERTIES LLC", "INSURANCE PREMIUM"][next(4)]}`;
      cents = -(1_000 + next(300_000));
      reference = `ACH${pad(next(1_000_000), 6)}`;
    } else {
      // The same fee twice a day stays two lines (its rank tells them apart).
      description = "SERVICE FEE";
      cents = -1_500;
    }
    // No credit equals a deposit still in transit (whole dollars, or one of the demo's), so the
    // import's automatic matching finds nothing to match and every iteration does the same work.
    if (cents > 0 && (cents % 100 === 0 || avoid.has(cents))) cents += cents % 100 === 99 ? -1 : 1;
    if (cents > 0 && avoid.has(cents)) cents += 2;
    const amount = cents > 100_000 && next(4) === 0 ? `"$${Number(money(cents)).toLocaleString("en-US", { minimumFractionDigits: 2 })}"` : money(cents);
    rows.push(`${day},${description},${amount},${reference}`);
  }
  return `${rows.join("\r\n")}\r\n`;
}

/** The file in parts of whole rows, each at most MAX_PART_CHARS long, as the import screen sends it. */
function partsOf(content: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < content.length) {
    let end = Math.min(start + MAX_PART_CHARS, content.length);
    if (end < content.length) end = content.lastIndexOf("\n", end - 1) + 1;
    parts.push(content.slice(start, end));
    start = end;
  }
  return parts;
}

export async function runReconciliation(
  target: DatabaseTarget | null,
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<ReconciliationResult[]> {
  if (!target) {
    log("Reconciliation benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return [];
  }
  const iterations = Number(env.BENCH_RECONCILIATION_ITERATIONS || 200);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`Invalid BENCH_RECONCILIATION_ITERATIONS: ${env.BENCH_RECONCILIATION_ITERATIONS}`);
  const imports = Number(env.BENCH_RECONCILIATION_IMPORTS || 5);
  if (!Number.isInteger(imports) || imports < 1) throw new Error(`Invalid BENCH_RECONCILIATION_IMPORTS: ${env.BENCH_RECONCILIATION_IMPORTS}`);
  const options: MeasureOptions = { iterations, warmup: Math.max(5, Math.round(iterations / 10)) };
  const traceOptions: MeasureOptions = { iterations: Math.max(10, Math.round(iterations / 4)), warmup: Math.max(3, Math.round(iterations / 40)) };
  const started = Date.now();
  log("");
  log(`Reconciliation benchmark (PostgreSQL): seeding ${HISTORY_DAYS.toLocaleString("en-US")} days of a store's safe…`);
  const bench = await target.open();
  const results: ReconciliationResult[] = [];
  try {
    const { db } = bench.database;
    const serverLog: string[] = [];
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    try {
      await http.signIn(ADMIN);
      const identity: Identity = await resolveIdentity(db, server.services.tokens, http.token);
      const companyId = identity.company!.id;
      const userId = identity.user!.id;
      const today = new Date();
      const history = await seedHistory(db, companyId, userId, today);
      log(
        `  ${history.collections} collections, ${history.deposits} deposits and ${history.draws} draws in one safe, seeded in ${history.seconds.toFixed(1)} s`,
      );

      const inProcess = async <T>(fn: string, args: unknown): Promise<T> => {
        const result = await server.executor.call(fn, args, identity, "bench", "query");
        if (!result.ok) throw new Error(`${fn}: ${result.errorMessage}`);
        return result.value as T;
      };
      const overHttp = <T>(fn: string, args: unknown) => http.call<T>("query", fn, args);
      const record = async (benchmark: string, baseline: () => Promise<unknown>, fn: string, args: unknown, measure: MeasureOptions, judged: boolean) => {
        const [s, p, h] = await rotate([baseline, () => inProcess(fn, args), () => overHttp(fn, args)], measure);
        const result: ReconciliationResult = {
          benchmark,
          sql: s,
          inProcess: p,
          http: h,
          ratioInProcess: ratio(p, s),
          ratioHttp: ratio(h, s),
          target: judged ? `within ${TARGET_RATIO}x of the SQL and under ${TARGET_MS} ms (HTTP)` : "reported only",
          meetsTarget: judged ? h.medianMs <= s.medianMs * TARGET_RATIO && h.medianMs < TARGET_MS : null,
        };
        results.push(result);
        log(
          `  ${benchmark.padEnd(18)} SQL ${s.medianMs.toFixed(2)} ms, in-process ${p.medianMs.toFixed(2)} ms (x${result.ratioInProcess}), HTTP ${h.medianMs.toFixed(2)} ms (x${result.ratioHttp})`,
        );
      };

      // --- the figures of the last full month: the safe's approved lines by kind, the opening before it ---
      const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
      const from = isoDate(monthStart);
      const to = isoDate(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)));
      const getArgs = { storeId: history.storeId, from, to };
      // n counts the lines, one per entry in the safe (an entry's legs are on different accounts).
      const figuresSql = async () => {
        const { rows } = await sql<{ kind: string; before: boolean; cents: string; n: number }>`
          select t.kind, e.business_date < ${from} as before, sum(e.amount_cents)::bigint as cents, count(*)::int as n
          from cash_entries e join cash_transactions t on t.company_id = e.company_id and t.id = e.transaction_id
          where e.company_id = ${companyId} and e.account_id = ${history.safe} and e.seq is not null and e.business_date <= ${to}
            and (t.count_id is null or not exists (
              select 1 from reconciliations r
              where r.company_id = t.company_id and r.count_id = t.count_id and r.store_id = ${history.storeId} and r.status = 'closed'))
          group by 1, 2`.execute(db);
        const figures = Object.fromEntries(FIGURES.map((f) => [f, { cents: 0, entries: 0 }])) as Record<Figure, { cents: number; entries: number }>;
        const opening = { cents: 0, entries: 0 };
        for (const r of rows) {
          const into = r.before ? opening : figures[figureOf(r.kind)];
          into.cents += Number(r.cents);
          into.entries += r.n;
        }
        return { opening, figures };
      };
      let periodSize: { openingEntryIds: number; periodEntryIds: number; responseBytes: number };
      {
        const expected = await figuresSql();
        type Got = {
          opening: { cents: number; entryIds: string[] };
          figures: Record<Figure, { cents: number; entryIds: string[] }>;
          expectedClosingCents: number;
        };
        const got = await inProcess<Got>("reconciliation:get", getArgs);
        const closing = expectedClosing(
          expected.opening.cents,
          Object.fromEntries(FIGURES.map((f) => [f, expected.figures[f].cents])) as Record<Figure, number>,
        );
        assertSame(
          "period-figures",
          // A first period's opening is the sum of the whole history, not listed entry by entry (decision 0025).
          [{ ...expected, opening: { cents: expected.opening.cents, entries: 0 } }, closing],
          [
            {
              opening: { cents: got.opening.cents, entries: got.opening.entryIds.length },
              figures: Object.fromEntries(FIGURES.map((f) => [f, { cents: got.figures[f].cents, entries: got.figures[f].entryIds.length }])),
            },
            got.expectedClosingCents,
          ],
        );
        if (!expected.figures.collections.cents || !expected.figures.deposits.cents)
          throw new Error("period-figures: the month has no collections or deposits");
        periodSize = {
          openingEntryIds: got.opening.entryIds.length,
          periodEntryIds: FIGURES.reduce((n, f) => n + got.figures[f].entryIds.length, 0),
          responseBytes: JSON.stringify(got).length,
        };
        log(
          `  ${from} to ${to}: opening of ${periodSize.openingEntryIds} entries, ${periodSize.periodEntryIds} in the month; the answer is ${Math.round(periodSize.responseBytes / 1024)} KB`,
        );
        await record("period-figures", figuresSql, "reconciliation:get", getArgs, options, true);
      }

      // --- the trace of a recent collection: the store's collections and deposits, first in, first out ---
      const traceSql = () =>
        sql<{ seq: string; amountCents: string; kind: string; collectionId: string | null; reversesId: string | null }>`
          select e.seq, e.amount_cents, t.kind, t.id, coalesce(c.adjusts_collection_id, c.id) as collection_id, t.reverses_id
          from cash_entries e join cash_transactions t on t.company_id = e.company_id and t.id = e.transaction_id
          left join collections c on c.company_id = t.company_id and c.id = t.collection_id
          where e.company_id = ${companyId} and e.account_id = ${history.safe} and e.seq is not null and t.kind in ('collection', 'deposit')
          order by e.seq`.execute(db);
      let traceArgs: { collectionId: string };
      let traced: { businessDate: string; safeLinesRead: number; deposits: number };
      {
        // First in, first out: deposits carry as much of the collections, in ledger order, as their total.
        // The collection traced is the newest one they carried in full.
        const rows = (await traceSql()).rows;
        const depositedTotal = -rows.filter((r) => r.kind === "deposit").reduce((sum, r) => sum + Number(r.amountCents), 0);
        let before = 0;
        let chosen: { id: string; cents: number } | null = null;
        for (const r of rows) {
          if (r.kind !== "collection") continue;
          const cents = Number(r.amountCents);
          if (before + cents > depositedTotal) break;
          chosen = { id: r.collectionId!, cents };
          before += cents;
        }
        if (!chosen) throw new Error("trace-collection: no collection went to the bank");
        traceArgs = { collectionId: chosen.id };
        const age = (await db.selectFrom("collections").select("businessDate").where("id", "=", chosen.id).executeTakeFirstOrThrow()).businessDate;
        type Traced = { collections: Array<{ collectionId: string; postedCents: number; depositedCents: number }>; deposits: unknown[] };
        const got = await inProcess<Traced>("reconciliation:trace", traceArgs);
        assertSame(
          "trace-collection",
          [chosen.id, chosen.cents, chosen.cents],
          [got.collections[0]?.collectionId, got.collections[0]?.postedCents, got.collections[0]?.depositedCents],
        );
        if (!got.deposits.length) throw new Error("trace-collection: the collection traced went to no deposit");
        traced = { businessDate: age, safeLinesRead: rows.length, deposits: got.deposits.length };
        log(
          `  trace of the collection of ${age}, the newest carried to the bank: ${rows.length} safe lines read, ${got.deposits.length} deposit(s) carried it`,
        );
        await record("trace-collection", traceSql, "reconciliation:trace", traceArgs, traceOptions, false);
      }

      // --- a 50,000-line statement: parts over HTTP and the import, against one insert from arrays ---
      const avoid = new Set((await unmatchedDeposits(db, companyId)).map((d) => Number(d.amountCents)));
      const csv = statementCsv(today, avoid);
      const parts = partsOf(csv);
      const parsed = parseCsvStatement(csv, MAPPING);
      if (parsed.errors.length || parsed.lines.length !== STATEMENT_LINES)
        throw new Error(`statement: ${parsed.lines.length} lines, ${parsed.errors.length} errors`);
      const prints = fingerprints(parsed.lines);
      const statementCents = parsed.lines.reduce((sum, l) => sum + l.amountCents, 0);
      log(`  statement of ${STATEMENT_LINES.toLocaleString("en-US")} lines, ${(csv.length / 1e6).toFixed(1)} MB in ${parts.length} parts`);
      let accounts = 0;
      const newBankAccount = async () =>
        (
          await http.call<{ accountId: string }>("mutation", "cashAccounts:create", {
            name: `Statement bench ${++accounts}`,
            kind: "bank",
            idempotencyKey: `bench-bank-${process.pid}-${accounts}`,
          })
        ).accountId;
      const checkImported = async (accountId: string) => {
        const { rows } = await sql<{ n: number; cents: string }>`
          select count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as cents from bank_lines where company_id = ${companyId} and account_id = ${accountId}`.execute(
          db,
        );
        if (rows[0].n !== STATEMENT_LINES || Number(rows[0].cents) !== statementCents)
          throw new Error(`statement-import: ${rows[0].n} lines of ${rows[0].cents} cents in the account, not ${STATEMENT_LINES} of ${statementCents}`);
      };
      const importOnce = async () => {
        const accountId = await newBankAccount();
        const uploadId = `bench-${newId()}`;
        const t0 = performance.now();
        for (const [part, content] of parts.entries()) await http.call("mutation", "bankLines:uploadPart", { uploadId, part, content });
        const t1 = performance.now();
        const result = await http.call<{ added: number; duplicates: number; matched: number; errors: unknown[] }>("mutation", "bankLines:import", {
          accountId,
          format: "csv",
          uploadId,
          parts: parts.length,
          mapping: MAPPING,
        });
        const t2 = performance.now();
        if (result.added !== STATEMENT_LINES || result.duplicates || result.matched || result.errors.length)
          throw new Error(`statement-import: ${JSON.stringify(result).slice(0, 300)}`);
        await checkImported(accountId);
        return { total: t2 - t0, upload: t1 - t0, importing: t2 - t1 };
      };
      const insertOnce = async () => {
        const accountId = await newBankAccount();
        const ids = parsed.lines.map(() => newId());
        const t0 = performance.now();
        await sql`
          insert into bank_lines (id, company_id, account_id, date, description, amount_cents, reference, fingerprint, source, created_by)
          select l.id, ${companyId}, ${accountId}, l.date, l.description, l.amount_cents, l.reference, l.fingerprint, 'csv', ${userId}
          from unnest(
            ${ids}::text[], ${parsed.lines.map((l) => l.date)}::date[], ${parsed.lines.map((l) => l.description)}::text[],
            ${parsed.lines.map((l) => l.amountCents)}::bigint[], ${parsed.lines.map((l) => l.reference)}::text[], ${prints}::text[]
          ) as l(id, date, description, amount_cents, reference, fingerprint)`.execute(db);
        const ms = performance.now() - t0;
        await checkImported(accountId);
        return ms;
      };
      // One warm-up of each, then the iterations, the two alternating which goes first.
      await importOnce();
      await insertOnce();
      const totals: number[] = [];
      const uploads: number[] = [];
      const importing: number[] = [];
      const inserts: number[] = [];
      for (let i = 0; i < imports; i++) {
        const order = i % 2 === 0 ? [importOnce, insertOnce] : [insertOnce, importOnce];
        for (const run of order) {
          const t = await run();
          if (typeof t === "number") inserts.push(t);
          else {
            totals.push(t.total);
            uploads.push(t.upload);
            importing.push(t.importing);
          }
        }
      }
      const insert = summarize(inserts);
      const endToEnd = summarize(totals);
      const importResult: ReconciliationResult = {
        benchmark: "statement-import",
        sql: insert,
        inProcess: null,
        http: endToEnd,
        ratioInProcess: null,
        ratioHttp: ratio(endToEnd, insert),
        target: `under ${IMPORT_TARGET_MS / 1000} s end to end (HTTP: parts, then the import)`,
        meetsTarget: endToEnd.medianMs < IMPORT_TARGET_MS,
      };
      results.push(importResult);
      const upload = summarize(uploads);
      const importOnly = summarize(importing);
      log(
        `  ${"statement-import".padEnd(18)} SQL ${insert.medianMs.toFixed(0)} ms, HTTP ${endToEnd.medianMs.toFixed(0)} ms (x${importResult.ratioHttp}): parts ${upload.medianMs.toFixed(0)} ms + import ${importOnly.medianMs.toFixed(0)} ms`,
      );

      const errors = serverLog.filter((line) => line.startsWith("[error]"));
      if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);

      log("");
      log(table(results));
      log("");
      const output = {
        benchmark: "reconciliation",
        measuredAt: new Date().toISOString(),
        machine: machineInfo(),
        options: { queries: options, trace: traceOptions, imports: { iterations: imports, warmup: 1 } },
        database: bench.label,
        seed: {
          historyDays: HISTORY_DAYS,
          collections: history.collections,
          deposits: history.deposits,
          draws: history.draws,
          seconds: history.seconds,
        },
        period: { from, to, ...periodSize },
        trace: traced,
        statement: {
          lines: STATEMENT_LINES,
          characters: csv.length,
          parts: parts.length,
          uploadParts: upload,
          importCall: importOnly,
        },
        note: "ratio = median / SQL median. The import is timed from the first part sent to the import's answer; its baseline is the insert statement alone.",
        results,
      };
      writeResults("reconciliation", output);
    } finally {
      http.close();
      await server.close();
    }
  } finally {
    await bench.dispose();
  }
  log(`Wrote bench/results/reconciliation-latest.json; reconciliation benchmark took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

function table(results: ReconciliationResult[]): string {
  const ms = (s: Stats | null) => (s ? s.medianMs.toFixed(2) : "–");
  return [
    "| benchmark | SQL median ms | in-process median ms | HTTP median ms | HTTP p95 ms | ratio in-process | ratio HTTP | target met |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(
      (r) =>
        `| ${r.benchmark} | ${ms(r.sql)} | ${ms(r.inProcess)} | ${ms(r.http)} | ${r.http.p95Ms.toFixed(2)} | ${r.ratioInProcess ?? "–"} | ${r.ratioHttp} | ${r.meetsTarget === null ? "reported" : r.meetsTarget ? "yes" : "no"} |`,
    ),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results = await runReconciliation((await postgresTarget()).target, (line) => process.stdout.write(`${line}\n`));
  if (results.some((r) => r.meetsTarget === false)) process.exitCode = 1;
}
