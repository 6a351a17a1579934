import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { openPGlite, openPostgres, type Database, type DatabaseKind } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import { seedDemoIfEmpty } from "../server/src/seed/demo.ts";

// The databases a benchmark runs on: always a fresh PGlite directory, and a throwaway database
// on PostgreSQL when one is configured or answers on the default local address. Each is
// migrated and seeded with the demo data, and removed again afterwards.

const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  kind: DatabaseKind;
  /** Where it lives, without credentials. */
  label: string;
  database: Database;
  /** PostgreSQL only: the throwaway database's URL, for benchmarks that start server processes on it. */
  url?: string;
  dispose(): Promise<void>;
}

export interface DatabaseTarget {
  kind: DatabaseKind;
  open(): Promise<BenchDatabase>;
}

async function prepare(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
}

export function pgliteTarget(): DatabaseTarget {
  return {
    kind: "pglite",
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-bench-"));
      const remove = () => fs.rmSync(dir, { recursive: true, force: true });
      let database: Database;
      try {
        database = await openPGlite(path.join(dir, "db"));
      } catch (error) {
        remove();
        throw error;
      }
      const dispose = async () => {
        try {
          await database.close();
        } finally {
          remove();
        }
      };
      try {
        await prepare(database);
      } catch (error) {
        await dispose();
        throw error;
      }
      return { kind: "pglite", label: "PGlite (temp dir)", database, dispose };
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function hostOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}`;
}

/** PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, else the default local server if it answers. */
export async function postgresTarget(env: Record<string, string | undefined> = process.env): Promise<{ target: DatabaseTarget | null; note: string }> {
  const configured = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  const base = configured || DEFAULT_POSTGRES;
  if (!(await answers(base))) {
    const note = configured
      ? `PostgreSQL at ${hostOf(base)} (configured) does not answer`
      : `no PostgreSQL at ${hostOf(base)}; set BENCH_DATABASE_URL to include it`;
    if (configured) throw new Error(note);
    return { target: null, note };
  }
  const target: DatabaseTarget = {
    kind: "postgres",
    async open() {
      const name = `tumble_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      admin.on("error", () => {});
      await admin.connect();
      const drop = async () => {
        try {
          // pg's Pool.end() resolves before its sockets have closed; let the backends go first,
          // so FORCE has nobody left to terminate (a terminated pooled client logs an error).
          for (let i = 0; i < 40; i++) {
            const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
            if (rows[0].n === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.end().catch(() => {});
        }
      };
      let database: Database;
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        database = await openPostgres(url.toString());
      } catch (error) {
        await drop();
        throw error;
      }
      const dispose = async () => {
        try {
          await database.close();
        } finally {
          await drop();
        }
      };
      try {
        await prepare(database);
      } catch (error) {
        await dispose();
        throw error;
      }
      return { kind: "postgres", label: `PostgreSQL ${hostOf(base)}`, database, url: url.toString(), dispose };
    },
  };
  return { target, note: `PostgreSQL at ${hostOf(base)}${configured ? "" : " (default local address)"}` };
}

/**
 * `npx tsx bench/<name>.ts`: runs that benchmark alone on PostgreSQL when the file is the script
 * started (`moduleUrl` is its import.meta.url), reporting a failure as the run's exit code.
 */
export function runAloneOnPostgres(moduleUrl: string, run: (target: DatabaseTarget | null, log: (line: string) => void) => Promise<unknown>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  postgresTarget()
    .then(({ target, note }) => {
      log(`PostgreSQL: ${note}`);
      return run(target, log);
    })
    .catch((error: unknown) => {
      process.stderr.write(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
