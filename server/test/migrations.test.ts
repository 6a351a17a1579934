import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { startServer } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openPGlite, openPostgres, type Database } from "../src/db/database.ts";
import { EMPTY_GAP_MIGRATIONS, MIGRATIONS_DIR, listMigrationNames, loadMigrations, migrateToLatest } from "../src/db/migrate.ts";

// Migrations are found in their folder, numbered without gaps, and bring both a new database and
// one migrated before the gap was filled to the same state.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database of the kind this project tests. */
async function emptyDatabase(): Promise<Database> {
  if (inject("postgresTemplate")) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tumble_t_${process.ppid}_${process.pid}_mig_${Date.now() % 1000000}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    cleanups.push(async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    return database;
  }
  // In memory: nothing to clean up on disk, and faster to create.
  const database = await openPGlite("memory://", { lock: false });
  cleanups.push(() => database.close());
  return database;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw schema, as migrations see it
const raw = (database: Database) => database.db as unknown as Kysely<any>;

async function applied(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(database.db);
  return rows.map((r) => r.name);
}

async function constraintNames(database: Database): Promise<string[]> {
  const { rows } = await sql<{ conname: string }>`select conname from pg_constraint where connamespace = 'public'::regnamespace`.execute(database.db);
  return rows.map((r) => r.conname);
}

describe("migrations", () => {
  it("are every file of the folder, numbered 0001, 0002, ... without gaps", () => {
    const files = fs.readdirSync(MIGRATIONS_DIR);
    const names = listMigrationNames();
    expect(files.map((f) => f.replace(/\.[jt]s$/, "")).sort(), "every file in the folder is a migration named NNNN_words.ts").toEqual(names);
    expect(names.map((n) => Number(n.slice(0, 4)))).toEqual(names.map((_, i) => i + 1));
  });

  it("are found as compiled .js files too, skipping declarations and other files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-compiled-migrations-"));
    try {
      fs.writeFileSync(path.join(dir, "0001_first.js"), "export async function up() {}\n");
      fs.writeFileSync(path.join(dir, "0002_second.js"), "export async function up() {}\n");
      fs.writeFileSync(path.join(dir, "0002_second.d.ts"), "export declare function up(): Promise<void>;\n");
      fs.writeFileSync(path.join(dir, "0002_second.js.map"), "{}");
      const found = await loadMigrations(dir);
      expect(Object.keys(found)).toEqual(["0001_first", "0002_second"]);
      expect(typeof found["0002_second"].up).toBe("function");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("run once, at start-up, and bring a new database to the latest schema, recording each once in order", async () => {
    const database = await emptyDatabase();
    // The server itself does not migrate (main.ts does, once): it refuses a database that was not.
    await expect(startServer(loadConfig({ PORT: "0", SEED: "none" }), database, () => {})).rejects.toThrow(
      /The database is not migrated \(missing 0001_foundation/,
    );
    await migrateToLatest(raw(database));
    await migrateToLatest(raw(database));
    expect(await applied(database)).toEqual(listMigrationNames());
    expect(await constraintNames(database)).toContain("collection_lines_machine_id_company_fk");
  });

  it("bring a database migrated before 0005 existed (0001-0004, 0006-0010) to the same state, making raced duplicates unique", async () => {
    const database = await emptyDatabase();
    const all = await loadMigrations();
    const old = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0011" && !(EMPTY_GAP_MIGRATIONS as readonly string[]).includes(name)));
    expect(Object.keys(old)).toHaveLength(9);
    const result = await new Migrator({ db: raw(database), provider: { getMigrations: async () => old } }).migrateToLatest();
    expect(result.error).toBeUndefined();

    // What the old check-then-insert race could leave behind.
    for (const statement of [
      `insert into companies (id, name, company_code) values ('c1', 'Co', 'CMP000001')`,
      `insert into users (id, email) values ('u1', 'u1@example.com')`,
      `insert into stores (id, company_id, name, address) values ('s1', 'c1', 'Main', 'a'), ('s2', 'c1', 'MAIN', 'b')`,
      `insert into store_sections (id, company_id, store_id, name, position) values ('x1', 'c1', 's1', 'A', 0), ('x2', 'c1', 's1', 'B', 0)`,
      `insert into equipment_types (id, company_id, name, category) values ('t1', 'c1', 'Washer', 'laundry')`,
      `insert into machines (id, company_id, store_id, section_id, equipment_type_id, label) values ('m1', 'c1', 's1', 'x1', 't1', 'W1'), ('m2', 'c1', 's1', 'x1', 't1', 'w1')`,
      `insert into join_requests (id, company_id, user_id, status, requested_at) values ('j1', 'c1', 'u1', 'PENDING', now() - interval '1 minute'), ('j2', 'c1', 'u1', 'PENDING', now())`,
    ]) {
      await sql.raw(statement).execute(database.db);
    }

    await migrateToLatest(raw(database));
    expect(await applied(database)).toEqual(listMigrationNames());
    expect(await constraintNames(database)).toContain("collection_lines_machine_id_company_fk");
    const db = database.db;
    expect((await db.selectFrom("stores").select("name").orderBy("id").execute()).map((r) => r.name)).toEqual(["Main", "MAIN (2)"]);
    expect((await db.selectFrom("storeSections").select("position").orderBy("id").execute()).map((r) => r.position)).toEqual([0, 1]);
    expect((await db.selectFrom("machines").select("label").orderBy("id").execute()).map((r) => r.label)).toEqual(["W1", "w1-2"]);
    expect((await db.selectFrom("joinRequests").select("status").orderBy("id").execute()).map((r) => r.status)).toEqual(["PENDING", "CANCELLED"]);
  });
});
