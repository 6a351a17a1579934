import { sql, type Kysely } from "kysely";

// A store's own minimum wage (issue 30): a state or local figure above the company's (federal
// $7.25 by default). An hourly rate under the highest minimum of the stores a person works at is
// refused. Null: the company's figure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stores add column minimum_wage_cents bigint check (minimum_wage_cents between 0 and 1000000)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
