import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openPGlite, openPostgres, type Database } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { seedDemoIfEmpty } from "../../src/seed/demo.ts";
import { ROOT, templateKey } from "./templateKey.ts";

// One migrated, seeded template that every test file copies (PGlite directory) or clones
// (PostgreSQL template database). Building it takes seconds, so it is kept between runs under a
// hash of the sources that shape it and rebuilt only when one of them changes.

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const CACHE_DIR = path.join(ROOT, "node_modules/.cache/tumble");
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

async function build(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  await database.close();
}

/** The PGlite template directory for `key`, built (into a temporary name, then renamed) when missing. */
export async function pgliteTemplate(key: string): Promise<string> {
  const target = path.join(CACHE_DIR, `pglite-${key}`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const building = fs.mkdtempSync(path.join(CACHE_DIR, "building-"));
  try {
    await build(await openPGlite(building, { lock: false, durable: false }));
    // A concurrent run may have finished the same template first; either copy is the same.
    fs.renameSync(building, target);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
  // Templates of older sources (and builds that died half-way) are dropped after a day.
  for (const entry of fs.readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, entry);
    if (full !== target && Date.now() - fs.statSync(full).mtimeMs > STALE_AFTER_MS) fs.rmSync(full, { recursive: true, force: true });
  }
  return target;
}

/** The PostgreSQL template database for `key`, built under a temporary name and renamed when missing. */
export async function postgresTemplate(url: string, key: string): Promise<string> {
  const name = `tumble_template_${key}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `tumble_building_${key}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    await build(await openPostgres(target.toString()));
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(`tumble test template ${new Date().toISOString()}`)}`);
    } catch (error) {
      // Another run built the same template meanwhile.
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      const again = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (!again.rowCount) throw error;
    }
    // Templates of older sources are dropped after a day, unless a run is cloning one right now.
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname LIKE 'tumble\\_template\\_%' AND datname <> $1`,
      [name],
    );
    for (const row of rows) {
      const built = Date.parse(row.comment?.replace("tumble test template ", "") ?? "");
      if (!Number.isNaN(built) && Date.now() - built > STALE_AFTER_MS) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => {});
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const key = templateKey();
  if (project.config.env?.TEST_DB_KIND === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    project.provide("postgresTemplate", await postgresTemplate(url, key));
    project.provide("pgliteTemplate", "");
    return async () => {
      // Test databases cloned from the template are dropped by their files; drop leftovers too.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'tumble_t_${process.pid}_%'`);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  project.provide("pgliteTemplate", await pgliteTemplate(key));
  project.provide("postgresTemplate", "");
}
