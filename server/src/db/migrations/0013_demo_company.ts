import { sql, type Kysely } from "kysely";

// The public demo page (/marketing-demo) acts only on a company made for it, never a customer's.
// At most one company is the demo company; it is created on demand, inactive, so every place
// customers look for companies (all filter on is_active) leaves it out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("is_demo", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index companies_one_demo on companies (is_demo) where is_demo`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
