import { sql, type Kysely } from "kysely";

// Data upgrades (server/src/upgrades, run by db/upgrades.ts; docs/decisions/0070-data-upgrades.md):
// each runs once, after every migration, and is recorded here by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table data_upgrades (name text primary key, ran_at timestamptz not null default now())`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
