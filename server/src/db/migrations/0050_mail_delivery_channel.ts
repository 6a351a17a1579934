import { sql, type Kysely } from "kysely";

// How each delivered message left (issue 34): 'smtp' through the SMTP server, 'gateway' through the
// SMS gateway, 'log' only printed to the server log because none is configured, so the e-mail
// dashboard no longer calls a logged message sent. Messages delivered before stay null: nothing
// recorded how they went, and the dashboard shows them as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox add column delivery_channel text`.execute(db);
  await sql`alter table outbox add constraint outbox_delivery_channel_check check (delivery_channel in ('smtp', 'gateway', 'log'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
