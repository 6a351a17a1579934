import { fileURLToPath } from "node:url";
import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { importModuleFiles, listModuleFiles } from "../base/moduleFiles.ts";
import type { DB } from "./schema.ts";
import { runDataUpgrades } from "./upgrades.ts";

// Migrations are the files of server/src/db/migrations, found by reading the folder and imported
// one by one, so a module adds its migration without editing a list. The same code reads `.ts`
// under tsx and Vitest and `.js` once the server is compiled (docs/decisions/0013-module-kit.md).
// Names are `NNNN_words`; the numbers run 0001, 0002, ... without gaps (server/test/migrations.test.ts).

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+$/;

/**
 * Numbers that once had no migration while later ones were applied. Their files are empty, so on
 * a database that already ran later migrations they are recorded as applied instead of run.
 */
export const EMPTY_GAP_MIGRATIONS = ["0005_reserved"] as const;

/** Migration names in the folder ("0001_foundation", ...), sorted. */
export function listMigrationNames(dir = MIGRATIONS_DIR): string[] {
  return listModuleFiles(dir).filter((name) => MIGRATION_NAME.test(name));
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const { name, module } of await importModuleFiles<Partial<Migration>>(dir)) {
    if (!MIGRATION_NAME.test(name)) continue;
    if (typeof module.up !== "function") throw new Error(`Migration ${name} exports no up()`);
    migrations[name] = module as Migration;
  }
  return migrations;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
type AnyDb = Kysely<any>;

async function executedMigrations(db: AnyDb): Promise<Array<{ name: string; timestamp: string }> | null> {
  const exists = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return null;
  return (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(db)).rows;
}

/**
 * A database migrated before a gap was filled has later migrations but not the gap's empty one.
 * Record it as applied with its predecessor's timestamp, so Kysely (which orders applied
 * migrations by timestamp, then name) sees the same history as on a fresh database.
 */
async function recordEmptyGaps(db: AnyDb, names: string[]): Promise<void> {
  const executed = await executedMigrations(db);
  if (!executed?.length) return;
  const applied = new Map(executed.map((row) => [row.name, row.timestamp]));
  for (const gap of EMPTY_GAP_MIGRATIONS) {
    const index = names.indexOf(gap);
    if (index <= 0 || applied.has(gap)) continue;
    if (!names.slice(index + 1).some((n) => applied.has(n))) continue;
    const before = applied.get(names[index - 1]);
    if (!before) continue;
    await sql`insert into kysely_migration (name, timestamp) values (${gap}, ${before}) on conflict (name) do nothing`.execute(db);
  }
}

export async function migrateToLatest(db: AnyDb): Promise<void> {
  const migrations = await loadMigrations();
  await recordEmptyGaps(db, Object.keys(migrations).sort());
  const { error, results } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  await runDataUpgrades(db as Kysely<DB>);
}

/** Start-up runs migrations once (main.ts); the server itself only checks they ran. */
export async function assertMigrated(db: AnyDb): Promise<void> {
  const executed = new Set((await executedMigrations(db))?.map((row) => row.name) ?? []);
  const missing = listMigrationNames().filter((name) => !executed.has(name));
  if (missing.length) throw new Error(`The database is not migrated (missing ${missing.join(", ")}): run migrateToLatest first`);
}
