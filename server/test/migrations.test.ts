import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { startServer } from "../src/app.ts";
import { loadConfig } from "../src/base/config.ts";
import { openPGlite, openPostgres, type Database } from "../src/db/database.ts";
import { EMPTY_GAP_MIGRATIONS, MIGRATIONS_DIR, listMigrationNames, loadMigrations, migrateToLatest } from "../src/db/migrate.ts";
import { listModuleFiles } from "../src/base/moduleFiles.ts";
import { UPGRADES_DIR, runDataUpgrades } from "../src/db/upgrades.ts";

// @postgres: every migration on the server's PostgreSQL version
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
    // Then every data upgrade, once each, recorded by name. On a new database they find nothing:
    // migration 0035 no longer posts its correction itself, the upgrade does.
    const upgrades = (await database.db.selectFrom("dataUpgrades").select("name").orderBy("name").execute()).map((r) => r.name);
    expect(upgrades).toEqual(listModuleFiles(UPGRADES_DIR));
    expect(upgrades).toContain("0035_changer_correction");
    expect(await database.db.selectFrom("cashTransactions").select("id").where("kind", "=", "collection_correction").execute()).toEqual([]);
  }, 90_000);

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

describe("data upgrades (server/src/upgrades)", () => {
  /** A folder of upgrades written as plain modules: each adds its name to a table, the second fails when told to. */
  function upgradesFolder(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-upgrades-"));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const body = (name: string) => `export async function upgrade(db) {
  await db.insertInto("upgradeLog").values({ name: "${name}" }).execute();
  if (process.env.TUMBLE_TEST_FAIL_UPGRADE === "${name}") throw new Error("${name} failed");
}
`;
    fs.writeFileSync(path.join(dir, "0001_first.mjs"), body("0001_first"));
    fs.writeFileSync(path.join(dir, "0002_second.mjs"), body("0002_second"));
    return dir;
  }

  /** A database holding only the record of upgrades (migration 0049): the runner needs nothing else. */
  async function recordOnly(): Promise<Database> {
    const database = await emptyDatabase();
    await (await loadMigrations())["0049_data_upgrades"].up(raw(database));
    return database;
  }

  it("run once when two processes start at the same moment, and a failed one changes nothing and runs again next time", async () => {
    const database = await recordOnly();
    await sql`create table upgrade_log (name text not null)`.execute(database.db);
    const dir = upgradesFolder();
    const log = async () => (await sql<{ name: string }>`select name from upgrade_log order by name`.execute(database.db)).rows.map((r) => r.name);

    process.env.TUMBLE_TEST_FAIL_UPGRADE = "0002_second";
    try {
      await expect(runDataUpgrades(database.db, dir)).rejects.toThrow("0002_second failed");
    } finally {
      delete process.env.TUMBLE_TEST_FAIL_UPGRADE;
    }
    expect(await log()).toEqual(["0001_first"]);

    const [a, b] = await Promise.all([runDataUpgrades(database.db, dir), runDataUpgrades(database.db, dir)]);
    expect([...a, ...b]).toEqual(["0002_second"]);
    expect(await log()).toEqual(["0001_first", "0002_second"]);
    expect(await runDataUpgrades(database.db, dir)).toEqual([]);
  });

  it("refuse a file not named NNNN_words or exporting no upgrade()", async () => {
    const database = await recordOnly();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-upgrades-"));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, "0001_empty.mjs"), "export const nothing = 1;\n");
    await expect(runDataUpgrades(database.db, dir)).rejects.toThrow("Data upgrade 0001_empty exports no upgrade()");
    fs.rmSync(path.join(dir, "0001_empty.mjs"));
    fs.writeFileSync(path.join(dir, "fixThings.mjs"), "export async function upgrade() {}\n");
    await expect(runDataUpgrades(database.db, dir)).rejects.toThrow("Data upgrade fixThings: name it NNNN_words");
  });
});

describe("migration 0015 (the double-entry cash ledger)", () => {
  it("moves every existing posting onto entries of two lines, keeping each account's balance", async () => {
    const database = await emptyDatabase();
    const all = await loadMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0015"));
    const result = await new Migrator({ db: raw(database), provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(result.error).toBeUndefined();

    // Postings as collection verification wrote them before: one row per collection on the safe.
    // Downtown: 10000 + 2500 − 300 (an adjustment) = 12200 approved, 999 pending; Eastside: 4000.
    for (const statement of [
      `insert into companies (id, name, company_code) values ('c1', 'Co', 'CMP000001')`,
      `insert into users (id, email) values ('u1', 'u1@example.com')`,
      `insert into stores (id, company_id, name, address, time_zone) values ('s1', 'c1', 'Downtown', 'a', 'America/Chicago'), ('s2', 'c1', 'Eastside', 'b', 'America/Chicago')`,
      `insert into collections (id, company_id, store_id, business_date, collector_id, status) values
         ('k1', 'c1', 's1', '2025-03-01', 'u1', 'verified'), ('k2', 'c1', 's1', '2025-03-02', 'u1', 'verified'),
         ('k3', 'c1', 's1', '2025-03-02', 'u1', 'verified'), ('k4', 'c1', 's2', '2025-03-03', 'u1', 'verified')`,
      `insert into cash_accounts (id, company_id, store_id, kind, name) values ('a1', 'c1', 's1', 'safe', 'Safe'), ('a2', 'c1', 's2', 'safe', 'Safe')`,
      `insert into cash_transactions (id, company_id, account_id, kind, amount_cents, status, collection_id, requested_by, approved_by, created_at, approved_at) values
         ('t1', 'c1', 'a1', 'collection', 10000, 'approved', 'k1', 'u1', 'u1', '2025-03-01T20:00:00Z', '2025-03-01T20:00:00Z'),
         ('t2', 'c1', 'a1', 'collection', 2500, 'approved', 'k2', 'u1', 'u1', '2025-03-02T20:00:00Z', '2025-03-02T20:00:00Z'),
         ('t3', 'c1', 'a1', 'collection', -300, 'approved', 'k3', 'u1', 'u1', '2025-03-03T20:00:00Z', '2025-03-03T20:00:00Z'),
         ('t4', 'c1', 'a2', 'collection', 4000, 'approved', 'k4', 'u1', 'u1', '2025-03-03T21:00:00Z', '2025-03-03T21:00:00Z'),
         ('t5', 'c1', 'a1', 'collection', 999, 'pending', null, 'u1', null, '2025-03-04T20:00:00Z', null)`,
    ]) {
      await sql.raw(statement).execute(database.db);
    }

    await migrateToLatest(raw(database));
    const db = database.db;
    const lines = await db
      .selectFrom("cashEntries as e")
      .innerJoin("cashAccounts as a", "a.id", "e.accountId")
      .select(["e.transactionId", "a.id as accountId", "a.kind", "e.amountCents", "e.seq", "e.balanceAfterCents", "e.businessDate"])
      .orderBy("e.transactionId")
      .orderBy("a.kind", "desc")
      .execute();
    expect(
      lines.map((l) => [l.transactionId, l.kind, Number(l.amountCents), l.seq === null ? null : Number(l.seq), l.balanceAfterCents, l.businessDate]),
    ).toEqual([
      ["t1", "safe", 10000, 1, 10000, "2025-03-01"],
      ["t1", "collections_income", -10000, 1, -10000, "2025-03-01"],
      ["t2", "safe", 2500, 2, 12500, "2025-03-02"],
      ["t2", "collections_income", -2500, 2, -12500, "2025-03-02"],
      ["t3", "safe", -300, 3, 12200, "2025-03-02"],
      ["t3", "collections_income", 300, 3, -12200, "2025-03-02"],
      ["t4", "safe", 4000, 1, 4000, "2025-03-03"],
      ["t4", "collections_income", -4000, 4, -16200, "2025-03-03"],
      // A posting still pending keeps its lines, outside every balance; its date is its day in the store's zone.
      ["t5", "safe", 999, null, null, "2025-03-04"],
      ["t5", "collections_income", -999, null, null, "2025-03-04"],
    ]);
    const entries = await db.selectFrom("cashTransactions").select(["id", "amountCents", "status", "storeId", "decidedBy"]).orderBy("id").execute();
    expect(entries.map((e) => [e.id, Number(e.amountCents), e.status, e.storeId, e.decidedBy])).toEqual([
      ["t1", 10000, "approved", "s1", "u1"],
      ["t2", 2500, "approved", "s1", "u1"],
      ["t3", 300, "approved", "s1", "u1"],
      ["t4", 4000, "approved", "s2", "u1"],
      ["t5", 999, "pending", "s1", null],
    ]);
    // Every store got its change fund and petty cash; the company its counterpart accounts.
    const accounts = await db.selectFrom("cashAccounts").select(["kind", "storeId"]).execute();
    expect(
      accounts
        .filter((a) => a.storeId === "s2")
        .map((a) => a.kind)
        .sort(),
    ).toEqual(["change_fund", "petty_cash", "safe"]);
    expect(accounts.filter((a) => a.storeId === null).map((a) => a.kind)).toEqual(
      expect.arrayContaining(["collections_income", "owner_draws", "expense", "cash_over_short", "deposits_in_transit", "opening_balance"]),
    );
  });
});
