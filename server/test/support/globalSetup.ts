import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openPGlite, openPostgres } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { seedDemoIfEmpty } from "../../src/seed/demo.ts";

// One migrated, seeded template per run: PGlite as a directory every test file copies, PostgreSQL
// as a template database every test file clones. Creating either from scratch takes seconds.

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `tumble_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString());
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db);
    await database.close();
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", "");
    return async () => {
      // Test databases made from the template are dropped by their files; drop leftovers too.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'tumble_t_${process.pid}_%'`);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-template-"));
  const database = await openPGlite(path.join(dir, "db"), { lock: false });
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  await database.close();
  project.provide("pgliteTemplate", path.join(dir, "db"));
  project.provide("postgresTemplate", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
