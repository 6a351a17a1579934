import { sql, type Kysely } from "kysely";

// Ids are 32-character base32 strings made by the server. Company-owned tables lead every index
// with company_id so the schema can be distributed by company.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("name", "text")
    .addColumn("password_hash", "text")
    .addColumn("username", "text")
    .addColumn("pin_hash", "text")
    .addColumn("global_role", "text")
    .addColumn("language", "text")
    .addColumn("active_company_id", "text")
    .addColumn("is_anonymous", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("refresh_tokens_session").on("refresh_tokens").column("session_id").execute();

  await db.schema
    .createTable("password_reset_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("password_reset_codes_user").on("password_reset_codes").column("user_id").execute();

  await db.schema
    .createTable("companies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("display_name", "text")
    .addColumn("company_code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("industry", "text")
    .addColumn("size", "text")
    .addColumn("email_domain", "text")
    .addColumn("allow_join_requests", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("require_approval", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("default_language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("companies_email_domain").on("companies").column("email_domain").execute();

  await db.schema
    .createTable("memberships")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("joined_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("memberships_company_user", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();

  await db.schema
    .createTable("join_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("requested_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_by", "text")
    .execute();
  await db.schema.createIndex("join_requests_company_status").on("join_requests").columns(["company_id", "status"]).execute();
  await db.schema.createIndex("join_requests_user").on("join_requests").column("user_id").execute();

  await db.schema
    .createTable("stores")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("America/New_York"))
    .addColumn("hours", "text")
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("stores_company").on("stores").columns(["company_id", "is_active"]).execute();

  await db.schema
    .createTable("store_sections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("store_sections_company_store").on("store_sections").columns(["company_id", "store_id", "position"]).execute();

  await db.schema
    .createTable("equipment_types")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("accepts_coins", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("accepts_bills", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("special_case", "text")
    .addColumn("color_hex", "text")
    .addColumn("icon_type", "text")
    .execute();
  await db.schema.createIndex("equipment_types_company").on("equipment_types").column("company_id").execute();

  await db.schema
    .createTable("machines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
    .addColumn("section_id", "text", (c) => c.notNull().references("store_sections.id"))
    .addColumn("equipment_type_id", "text", (c) => c.notNull().references("equipment_types.id"))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("coin_box_capacity_cents", "integer")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex("machines_company_store").on("machines").columns(["company_id", "store_id", "section_id"]).execute();

  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
    .addColumn("business_date", "date", (c) => c.notNull())
    .addColumn("collector_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("adjusts_collection_id", "text", (c) => c.references("collections.id"))
    .addColumn("rejection_reason", "text")
    .addColumn("submitted_at", "timestamptz")
    .addColumn("verified_at", "timestamptz")
    .addColumn("verified_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("collections_company_date").on("collections").columns(["company_id", "business_date"]).execute();
  await db.schema.createIndex("collections_company_store_date").on("collections").columns(["company_id", "store_id", "business_date"]).execute();
  await db.schema
    .createIndex("collections_company_unverified")
    .on("collections")
    .columns(["company_id", "collector_id"])
    .where(sql.ref("status"), "=", "submitted")
    .execute();

  await db.schema
    .createTable("collection_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("machine_id", "text", (c) => c.notNull().references("machines.id"))
    .addColumn("coins_cents", "integer", (c) => c.notNull())
    .addColumn("bills_cents", "integer", (c) => c.notNull())
    .addColumn("meter_reading", "integer")
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("collection_lines_company_collection").on("collection_lines").columns(["company_id", "collection_id"]).execute();
  await db.schema.createIndex("collection_lines_company_machine").on("collection_lines").columns(["company_id", "machine_id"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text")
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("audit_log_company_entity").on("audit_log").columns(["company_id", "entity", "entity_id"]).execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text")
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .execute();
  await db.schema.createIndex("outbox_status").on("outbox").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("The foundation migration cannot be reverted");
}
