import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pgliteTarget, postgresTarget, type DatabaseTarget } from "./databases.ts";
import { runFoundation, type BenchResult } from "./foundation.ts";
import { runLanding } from "./landing.ts";
import { runSignIn } from "./signin.ts";
import { runCollections } from "./collections.ts";
import { runFanout } from "./fanout.ts";
import { runCash } from "./cash.ts";
import { runReconciliation } from "./reconciliation.ts";
import { runReports } from "./reports.ts";
import type { MeasureOptions } from "./measure.ts";

// `npm run bench`: every benchmark on every available database, one database at a time.
// BENCH_ITERATIONS sets the timed iterations per measurement (default 1000; warm-up is a tenth).
// Prints a markdown table and writes bench/results/foundation-latest.json.
// BENCH_ONLY=foundation,landing,signin,collections,fanout,cash,reconciliation,reports runs only the named benchmarks (default: all).

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");

function iterationsFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid BENCH_ITERATIONS: must be a positive whole number, got "${value}"`);
  return n;
}

const ms = (value: number) => value.toFixed(3);

function table(results: BenchResult[]): string {
  const lines = [
    "| benchmark | database | baseline median ms | Tumble median ms | Tumble p95 ms | ratio (Tumble/baseline) |",
    "|---|---|---:|---:|---:|---:|",
    ...results.map(
      (r) => `| ${r.benchmark} | ${r.database} | ${ms(r.baseline.medianMs)} | ${ms(r.tumble.medianMs)} | ${ms(r.tumble.p95Ms)} | ${r.ratio.toFixed(1)} |`,
    ),
  ];
  return lines.join("\n");
}

const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "foundation,landing,signin,collections,fanout,cash,reconciliation,reports").split(",").map((name) => name.trim()),
);

async function main(): Promise<void> {
  const started = Date.now();
  const iterations = iterationsFromEnv(process.env.BENCH_ITERATIONS, 1000);
  const options: MeasureOptions = { iterations, warmup: Math.max(10, Math.round(iterations / 10)) };
  const log = (line: string) => process.stdout.write(`${line}\n`);

  if (ONLY.has("foundation")) await runFoundationBenchmarks(options, log, started);
  if (ONLY.has("landing")) await runLanding(log);
  if (ONLY.has("signin")) await runSignIn(log);
  if (ONLY.has("collections")) await runCollections((await postgresTarget()).target, log);
  if (ONLY.has("fanout")) await runFanout((await postgresTarget()).target, log);
  if (ONLY.has("cash")) await runCash((await postgresTarget()).target, log);
  if (ONLY.has("reconciliation")) await runReconciliation((await postgresTarget()).target, log);
  if (ONLY.has("reports")) await runReports((await postgresTarget()).target, log);
  if (ONLY.has("imports")) await (await import("./imports.ts")).runImports((await postgresTarget()).target, log);
  if (ONLY.has("exports")) await (await import("./exports.ts")).runExports((await postgresTarget()).target, log);
  if (ONLY.has("economics")) await (await import("./economics.ts")).runEconomics((await postgresTarget()).target, log);
  if (ONLY.has("convexClient")) await (await import("./convexClient.ts")).runConvexClient(log);
  if (ONLY.has("fileSafety")) await (await import("./fileSafety.ts")).runFileSafety(log);
  if (ONLY.has("liveFairness")) await (await import("./liveFairness.ts")).runLiveFairness(log);
}

async function runFoundationBenchmarks(options: MeasureOptions, log: (line: string) => void, started: number): Promise<void> {
  const targets: DatabaseTarget[] = [pgliteTarget()];
  const postgres = await postgresTarget();
  log(`PostgreSQL: ${postgres.note}`);
  if (postgres.target) targets.push(postgres.target);

  const results: BenchResult[] = [];
  const databases: Record<string, string> = {};
  for (const target of targets) {
    const t0 = Date.now();
    const bench = await target.open();
    databases[bench.kind] = bench.label;
    log(`${bench.label}: ready in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${options.iterations} iterations after ${options.warmup} warm-up`);
    try {
      results.push(...(await runFoundation(bench, options, log)));
    } finally {
      await bench.dispose();
    }
  }

  log("");
  log(table(results));
  log("");

  const cpus = os.cpus();
  const output = {
    benchmark: "foundation",
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown" },
    options,
    databases,
    note: "Latency of one call at a time; server and client share one process. ratio = Tumble median / baseline median.",
    results,
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, "foundation-latest.json");
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  log(`Wrote ${path.relative(process.cwd(), file)} in ${((Date.now() - started) / 1000).toFixed(1)} s total`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
