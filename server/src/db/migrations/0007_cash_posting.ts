import { sql, type Kysely } from "kysely";

// The ledger a verified collection posts into: cash accounts (a store's safe, change fund,
// petty cash; a company's bank) and their transactions. A balance is always the sum of approved
// transactions, never a stored number.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cash_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("store_id", "text", (c) => c.references("stores.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("cash_accounts_company_store_kind").on("cash_accounts").columns(["company_id", "store_id", "kind"]).unique().execute();

  await db.schema
    .createTable("cash_transactions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("cash_accounts.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("collection_id", "text", (c) => c.references("collections.id"))
    .addColumn("description", "text")
    .addColumn("requested_by", "text")
    .addColumn("approved_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("approved_at", "timestamptz")
    .execute();
  await db.schema.createIndex("cash_transactions_company_account").on("cash_transactions").columns(["company_id", "account_id", "status"]).execute();
  await db.schema.createIndex("cash_transactions_company_status").on("cash_transactions").columns(["company_id", "status"]).execute();

  await db.schema.alterTable("collections").addColumn("adjustment_reason", "text").execute();
  await db.schema.createIndex("collections_company_status_date").on("collections").columns(["company_id", "status", "business_date"]).execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
