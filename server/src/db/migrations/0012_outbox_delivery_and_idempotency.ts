import { sql, type Kysely } from "kysely";

// The outbox becomes a queue that several server processes drain together: a message is due at
// next_attempt_at, claimed by one process until locked_until, and every delivery attempt is kept.
// idempotency_keys holds a mutation's result under the key its client sent, so a retry is
// answered from it instead of running the mutation again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    // Which worker holds or last held the row (host:pid:n), for diagnosis.
    .addColumn("claimed_by", "text")
    .execute();
  // Before, "failed" meant "try again later"; now it means "gave up".
  await db.updateTable("outbox").set({ status: "pending" }).where("status", "=", "failed").where("attempts", "<", 5).execute();
  await db.schema.dropIndex("outbox_status").execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await sql`alter table outbox add constraint outbox_status_check check (status in ('pending', 'sending', 'sent', 'failed'))`.execute(db);
  await sql`alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms'))`.execute(db);

  await db.schema
    .createTable("outbox_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("outbox_id", "text", (c) => c.notNull().references("outbox.id").onDelete("cascade"))
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('sent', 'failed')`))
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("outbox_attempts_message").on("outbox_attempts").columns(["outbox_id", "attempt"]).execute();

  await db.schema
    .createTable("idempotency_keys")
    // The caller's user id, or "anonymous": one caller's key never answers another's call.
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("args_hash", "text", (c) => c.notNull())
    // JSON text, not jsonb: a replay answers byte for byte what the first call answered.
    .addColumn("result", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_expiry").on("idempotency_keys").column("expires_at").execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
