import { sql, type Kysely } from "kysely";

// Marketing campaigns and the customers' claims on them (spec sections 3, 4 and 9). Amounts are
// integer cents (docs/decisions/0008-campaign-amounts.md). A claim is unique per phone and per
// e-mail within its campaign; its 6-digit code is kept only as an argon2 hash.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("friendly_id", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("display_name", "text")
    .addColumn("description", "text")
    .addColumn("campaign_type", "text", (c) => c.notNull())
    .addColumn("start_date", "timestamptz", (c) => c.notNull())
    .addColumn("end_date", "timestamptz", (c) => c.notNull())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("offer_amount_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("offer_type", "text", (c) => c.notNull().defaultTo("credit"))
    .addColumn("offer_description", "text")
    .addColumn("delivery_method", "text", (c) => c.notNull().defaultTo("email"))
    .addColumn("budget_cents", "bigint")
    .addColumn("max_participants", "integer")
    .addColumn("template_config", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("campaigns_company_active").on("campaigns").columns(["company_id", "is_active", "created_at"]).execute();

  await db.schema
    .createTable("campaign_claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("campaign_id", "text", (c) => c.notNull().references("campaigns.id"))
    .addColumn("claim_code", "text", (c) => c.notNull().unique())
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("code_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("public"))
    .addColumn("recorded_by", "text")
    .addColumn("verified_at", "timestamptz")
    .addColumn("verified_by", "text")
    .addColumn("used_at", "timestamptz")
    .addColumn("used_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("campaign_claims_company_campaign").on("campaign_claims").columns(["company_id", "campaign_id", "status"]).execute();
  await sql`create unique index campaign_claims_phone on campaign_claims (company_id, campaign_id, phone) where phone is not null`.execute(db);
  await sql`create unique index campaign_claims_email on campaign_claims (company_id, campaign_id, email) where email is not null`.execute(db);
  await db.schema.createIndex("campaign_claims_company_phone").on("campaign_claims").columns(["company_id", "phone"]).execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
