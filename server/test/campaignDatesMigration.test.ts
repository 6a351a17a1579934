import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openPGlite, type Database } from "../src/db/database.ts";
import { loadMigrations, migrateToLatest } from "../src/db/migrate.ts";

// @postgres: a migration on the server's PostgreSQL version
// Migration 0014: campaign instants saved by the old editor (the manager's local midnight and
// 23:59:59.999) become the business dates they were meant as, in the company's zone.

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw schema, as migrations see it
const raw = (db: Database) => db.db as unknown as Kysely<any>;

describe("migration 0014", () => {
  it("keeps each campaign's intended calendar dates in its company's zone", async () => {
    database = await openPGlite("memory://", { lock: false });
    const all = await loadMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0014"));
    expect((await new Migrator({ db: raw(database), provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();

    for (const statement of [
      `insert into companies (id, name, company_code) values ('chi', 'Chicago Co', 'CMP000001'), ('nz', 'Auckland Co', 'CMP000002'), ('none', 'No stores', 'CMP000003')`,
      `insert into stores (id, company_id, name, address, time_zone, created_at) values
         ('s1', 'chi', 'Loop', 'a', 'America/Chicago', '2024-01-01'), ('s2', 'chi', 'Coast', 'b', 'America/Los_Angeles', '2025-01-01'),
         ('s3', 'nz', 'Ponsonby', 'c', 'Pacific/Auckland', '2024-01-01')`,
      // Chicago: June 1 00:00 CDT to June 10 23:59:59.999 CDT, as a browser in Chicago saved them.
      `insert into campaigns (id, company_id, friendly_id, name, campaign_type, start_date, end_date)
         values ('k1', 'chi', 'spring-1', 'Spring', 'SEASONAL', '2026-06-01T05:00:00Z', '2026-06-11T04:59:59.999Z')`,
      // Auckland: June 1 00:00 NZST to June 10 23:59:59.999 NZST.
      `insert into campaigns (id, company_id, friendly_id, name, campaign_type, start_date, end_date)
         values ('k2', 'nz', 'winter-1', 'Winter', 'SEASONAL', '2026-05-31T12:00:00Z', '2026-06-10T11:59:59.999Z')`,
      // No store: the stores' default zone, New York (EDT).
      `insert into campaigns (id, company_id, friendly_id, name, campaign_type, start_date, end_date)
         values ('k3', 'none', 'demo-1', 'Demo', 'ACQUISITION', '2026-06-01T04:00:00Z', '2026-06-11T03:59:59.999Z')`,
    ])
      await sql.raw(statement).execute(database.db);

    await migrateToLatest(raw(database));

    const { rows } = await sql<{ id: string; startDate: string; endDate: string; timeZone: string }>`
      select id, start_date, end_date, time_zone from campaigns order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: "k1", startDate: "2026-06-01", endDate: "2026-06-10", timeZone: "America/Chicago" },
      { id: "k2", startDate: "2026-06-01", endDate: "2026-06-10", timeZone: "Pacific/Auckland" },
      { id: "k3", startDate: "2026-06-01", endDate: "2026-06-10", timeZone: "America/New_York" },
    ]);
    await expect(sql`update campaigns set end_date = '2026-05-01' where id = 'k1'`.execute(database.db)).rejects.toThrow(/campaigns_dates_check/);
  });
});
