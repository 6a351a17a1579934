import { sql, type Kysely } from "kysely";

// A kiosk's registration expires (issue 31): a counter tablet forgotten in a drawer does not keep
// a working credential for ever. Kiosks registered before this last a year from their registration;
// a manager extends one from the kiosk list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table kiosks add column expires_at timestamptz`.execute(db);
  await sql`update kiosks set expires_at = created_at + interval '365 days'`.execute(db);
  await sql`alter table kiosks alter column expires_at set not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
