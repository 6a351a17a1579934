import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import { toCsv } from "@tumble/domain/csv";
import { addDays } from "@tumble/domain/datePresets";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import type { DB } from "../server/src/db/schema.ts";
import { newId } from "../server/src/runtime/ids.ts";
import { postgresTarget, type DatabaseTarget } from "./databases.ts";
import { machineInfo, writeResults } from "./results.ts";
import { HttpClient } from "./wire.ts";

// The import benchmark (issue 19), PostgreSQL only: a 100,000-line collections history CSV
// (50 stores × 20 machines × 100 visit days) imported through imports:start over HTTP — sent in
// parts, parsed with Papa Parse, every row validated, checked against the company's machines and
// existing visits, written in one transaction whose roll-up triggers fill revenue_days, then the
// expected figures filled — timed from the first part sent until imports:get says completed.
// Baseline, in the same run: the same lines for a twin set of stores written straight with
// multi-row INSERTs of the visits and their lines (no parsing, no validation, no expected
// figures). Target: under 60 s. `npx tsx bench/imports.ts` runs it alone; `npm run bench` with
// BENCH_ONLY including "imports". Writes bench/results/imports-latest.json.

const STORES = 50;
const MACHINES = 20;
const DAYS = 100;
const FIRST_DAY = "2019-01-07";
const TARGET_SECONDS = 60;
const PART_CHARS = 450_000;

interface Layout {
  stores: Array<{ id: string; name: string; machines: Array<{ id: string; label: string }> }>;
}

async function makeStores(db: Kysely<DB>, companyId: string, prefix: string, typeId: string): Promise<Layout> {
  const layout: Layout = { stores: [] };
  for (let s = 0; s < STORES; s++) {
    const storeId = newId();
    const sectionId = newId();
    const name = `${prefix} ${String(s + 1).padStart(2, "0")}`;
    await db
      .insertInto("stores")
      .values({ id: storeId, companyId, name, address: `${s + 1} Bench St` })
      .execute();
    await db.insertInto("storeSections").values({ id: sectionId, companyId, storeId, name: "Floor", position: 0 }).execute();
    const machines = Array.from({ length: MACHINES }, (_, m) => ({ id: newId(), label: `W${m + 1}` }));
    await db
      .insertInto("machines")
      .values(machines.map((m, position) => ({ ...m, companyId, storeId, sectionId, equipmentTypeId: typeId, position })))
      .execute();
    layout.stores.push({ id: storeId, name, machines });
  }
  return layout;
}

/** Coins and bills of one line, varied but fixed. */
const amounts = (s: number, m: number, d: number) => ({ coins: 2_000 + ((s * 31 + m * 17 + d * 7) % 40) * 25, bills: ((s + m + d) % 3) * 500 });

export async function runImports(target: DatabaseTarget | null, log: (line: string) => void) {
  if (!target) {
    log("Imports benchmark: skipped — it runs on PostgreSQL only and none answers (set BENCH_DATABASE_URL)");
    return null;
  }
  log("");
  log("Imports benchmark (PostgreSQL): 100,000 lines of collections history");
  const bench = await target.open();
  try {
    const { db } = bench.database;
    const company = await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow();
    const manager = await db.selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow();
    const typeId = newId();
    await db.insertInto("equipmentTypes").values({ id: typeId, companyId: company.id, name: "Bench washer", category: "laundry" }).execute();
    const imported = await makeStores(db, company.id, "Import bench", typeId);
    const twin = await makeStores(db, company.id, "Insert bench", typeId);
    const dates = Array.from({ length: DAYS }, (_, d) => addDays(FIRST_DAY, d * 3));

    const rows: Array<Array<string | number>> = [];
    imported.stores.forEach((store, s) =>
      dates.forEach((date, d) =>
        store.machines.forEach((machine, m) => {
          const { coins, bills } = amounts(s, m, d);
          rows.push([store.name, date, machine.label, (coins / 100).toFixed(2), (bills / 100).toFixed(2)]);
        }),
      ),
    );
    const csv = toCsv(["Store", "Date", "Machine", "Coins", "Bills"], rows);
    log(`  file: ${rows.length} lines, ${(csv.length / 1e6).toFixed(1)} MB`);

    // Baseline: the same lines for the twin stores, as multi-row INSERTs of visits and lines.
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      const visits: Array<Parameters<ReturnType<typeof trx.insertInto<"collections">>["values"]>[0]> = [];
      const lines: Array<{
        id: string;
        companyId: string;
        collectionId: string;
        machineId: string;
        coinsCents: number;
        billsCents: number;
        meterReading: null;
        note: null;
      }> = [];
      twin.stores.forEach((store, s) =>
        dates.forEach((date, d) => {
          const id = newId();
          let total = 0;
          store.machines.forEach((machine, m) => {
            const { coins, bills } = amounts(s, m, d);
            total += coins + bills;
            lines.push({
              id: newId(),
              companyId: company.id,
              collectionId: id,
              machineId: machine.id,
              coinsCents: coins,
              billsCents: bills,
              meterReading: null,
              note: null,
            });
          });
          visits.push({
            id,
            companyId: company.id,
            storeId: store.id,
            businessDate: date,
            collectorId: manager.id,
            status: "verified",
            totalCents: total,
            lineCount: MACHINES,
            submittedAt: new Date(),
            verifiedAt: new Date(),
            verifiedBy: manager.id,
          });
        }),
      );
      // As the import does: fresh planner statistics before the roll-up triggers run.
      await sql`analyze collections, collection_lines, machines, equipment_types, revenue_days, collector_days`.execute(trx);
      for (let i = 0; i < visits.length; i += 2000)
        await trx
          .insertInto("collections")
          .values(visits.slice(i, i + 2000) as never)
          .execute();
      for (let i = 0; i < lines.length; i += 4000)
        await trx
          .insertInto("collectionLines")
          .values(lines.slice(i, i + 4000))
          .execute();
    });
    const baselineSeconds = (performance.now() - t0) / 1000;
    log(`  baseline (multi-row INSERT of the same lines): ${baselineSeconds.toFixed(1)} s, ${Math.round(rows.length / baselineSeconds)} rows/s`);

    const serverLog: string[] = [];
    const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, (line) => serverLog.push(line));
    const http = new HttpClient(server.url);
    try {
      const signIn = await http.call<{ tokens: { token: string } }>("action", "auth:signIn", {
        provider: "password",
        params: { email: "manager@demo.test", password: "demo-password", flow: "signIn" },
      });
      http.token = signIn.tokens.token;
      const t1 = performance.now();
      const uploadId = `bench-${Date.now()}`;
      let parts = 0;
      for (let i = 0; i < csv.length; i += PART_CHARS)
        await http.call("mutation", "imports:uploadPart", { uploadId, part: parts++, content: csv.slice(i, i + PART_CHARS) });
      const { importId } = await http.call<{ importId: string }>("action", "imports:start", {
        kind: "collections",
        fileName: "history.csv",
        uploadId,
        parts,
        mapping: { store: "Store", date: "Date", machine: "Machine", coins: "Coins", bills: "Bills" },
        dryRun: false,
        allOrNothing: true,
      });
      const startedSeconds = (performance.now() - t1) / 1000;
      let result: { status: string; counts: { created: number; failed: number }; failureReason: string | null };
      for (;;) {
        result = await http.call("query", "imports:get", { importId });
        if (result.status === "completed" || result.status === "failed") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - t1) / 1000;
      if (result.status !== "completed" || result.counts.created !== rows.length)
        throw new Error(`import ended ${result.status}: ${result.failureReason ?? JSON.stringify(result.counts)}`);
      const revenue = await db
        .selectFrom("revenueDays")
        .select((eb) => eb.fn.sum<string>(eb("coinsCents", "+", eb.ref("billsCents"))).as("cents"))
        .where("companyId", "=", company.id)
        .where(
          "storeId",
          "in",
          imported.stores.map((s) => s.id),
        )
        .executeTakeFirstOrThrow();
      const expected = rows.reduce((sum, r) => sum + Math.round(Number(r[3]) * 100) + Math.round(Number(r[4]) * 100), 0);
      if (Number(revenue.cents) !== expected) throw new Error(`revenue_days holds ${revenue.cents}, the file ${expected}`);
      log(
        `  imports:start (upload of ${parts} parts and start: ${startedSeconds.toFixed(1)} s) until completed: ${seconds.toFixed(1)} s, ${Math.round(rows.length / seconds)} rows/s; ratio ${(seconds / baselineSeconds).toFixed(1)}× the baseline; target under ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? "met" : "MISSED"}`,
      );
      const output = {
        benchmark: "imports",
        measuredAt: new Date().toISOString(),
        machine: machineInfo(),
        lines: rows.length,
        bytes: csv.length,
        baseline: {
          what: "multi-row INSERT of the same visits and lines in one transaction",
          seconds: baselineSeconds,
          rowsPerSecond: rows.length / baselineSeconds,
        },
        tumble: { what: "imports:uploadPart ×" + parts + ", imports:start, imports:get until completed", seconds, rowsPerSecond: rows.length / seconds },
        ratio: seconds / baselineSeconds,
        targetSeconds: TARGET_SECONDS,
        met: seconds < TARGET_SECONDS,
      };
      log(`  wrote ${writeResults("imports", output)}`);
      return output;
    } finally {
      await server.close();
    }
  } finally {
    await bench.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { target } = await postgresTarget();
  await runImports(target, (line) => process.stdout.write(`${line}\n`));
}
