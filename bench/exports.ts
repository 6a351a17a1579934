import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { strToU8, zipSync } from "fflate";
import Papa from "papaparse";
import { sql } from "kysely";
import { writeArchive } from "../server/src/exports/archive.ts";
import { companyExport } from "../server/src/exports/build.ts";
import type { RawDb } from "../server/src/exports/catalog.ts";
import { postgresTarget, type DatabaseTarget } from "./databases.ts";
import { machineInfo, writeResults } from "./results.ts";

// The company export benchmark (issue 20), PostgreSQL: the demo company Rio given 400,000 audit
// entries (JSON before and after, the widest rows a company holds), then exported whole. Measured:
// the export as the server builds it — one read-only snapshot, rows through a cursor 2,000 at a
// time, compressed straight into a file — against, in the same run, the baseline of reading every
// table whole into memory and zipping it at once (how exports were built before). Both report
// seconds and the growth of the process's resident memory while they ran. `npx tsx
// bench/exports.ts` runs it alone; `npm run bench` with BENCH_ONLY including "exports".

const ROWS = 400_000;

/** Runs `work`, sampling resident memory every 20 ms; returns seconds and the peak growth in MB. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds: (performance.now() - t0) / 1000, peakMb: Math.round((peak - before) / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

const cell = (v: unknown) => (v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : String(v));

export async function runExports(target: DatabaseTarget | null, log: (line: string) => void) {
  if (!target) {
    log("Exports benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return null;
  }
  log("");
  log(`Exports benchmark (PostgreSQL): the company Rio with ${ROWS.toLocaleString("en-US")} more audit entries`);
  const bench = await target.open();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-export-bench-"));
  try {
    const { db } = bench.database;
    const raw = db.withoutPlugins() as unknown as RawDb;
    const company = await db.selectFrom("companies").select(["id", "name"]).where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow();
    await sql`insert into audit_log (id, company_id, actor_id, action, entity, entity_id, before, after, at)
      select 'bench' || g, ${company.id}, null, 'update', 'collection', 'c' || (g % 5000),
        jsonb_build_object('status', 'submitted', 'totalCents', g % 100000, 'note', repeat('x', 40)),
        jsonb_build_object('status', 'verified', 'totalCents', g % 100000, 'by', 'manager@demo.test'),
        now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g`.execute(raw);
    await sql`analyze audit_log`.execute(raw);

    const streamed = await measured(() =>
      db
        .withoutPlugins()
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute(async (trx) => {
          const plan = await companyExport(trx as unknown as RawDb, company);
          return writeArchive(trx as unknown as RawDb, path.join(dir, "streamed.zip"), { ...plan, generatedAt: new Date() });
        }),
    );
    const rows = streamed.value.files.reduce((n, f) => n + f.rows, 0);
    log(
      `  streamed: ${streamed.seconds.toFixed(1)} s, ${rows.toLocaleString("en-US")} rows, ${(streamed.value.bytes / 1e6).toFixed(1)} MB zip, memory +${streamed.peakMb} MB`,
    );

    // Baseline: every file's rows read whole, turned into CSV text and zipped in one call.
    const whole = await measured(async () => {
      const plan = await companyExport(raw, company);
      const entries: Record<string, Uint8Array> = {};
      for (const f of plan.files) {
        const { rows: all } = await sql<Record<string, unknown>>`select ${sql.join(f.columns.map((c) => sql`t.${sql.id(c.name)}`))}
          from ${sql.id(f.table)} t where ${f.where}`.execute(raw);
        entries[f.file] = strToU8(Papa.unparse({ fields: f.columns.map((c) => c.name), data: all.map((r) => f.columns.map((c) => cell(r[c.name]))) }));
      }
      const zip = zipSync(entries, { level: 6 });
      fs.writeFileSync(path.join(dir, "whole.zip"), zip);
      return zip.byteLength;
    });
    log(`  baseline (read whole, zip at once): ${whole.seconds.toFixed(1)} s, ${(whole.value / 1e6).toFixed(1)} MB zip, memory +${whole.peakMb} MB`);
    log(`  ratio: time ${(streamed.seconds / whole.seconds).toFixed(2)}×, memory ${(streamed.peakMb / Math.max(1, whole.peakMb)).toFixed(2)}×`);
    const output = {
      machine: machineInfo(),
      rows,
      streamed: { seconds: streamed.seconds, peakMemoryMb: streamed.peakMb, zipBytes: streamed.value.bytes },
      baseline: { what: "every table read whole, CSV in memory, zipSync", seconds: whole.seconds, peakMemoryMb: whole.peakMb, zipBytes: whole.value },
      ratio: { time: streamed.seconds / whole.seconds, memory: streamed.peakMb / Math.max(1, whole.peakMb) },
    };
    log(`  written to ${writeResults("exports", output)}`);
    return output;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await bench.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  await runExports((await postgresTarget()).target, log);
}
