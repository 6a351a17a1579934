import type { Kysely } from "kysely";

// Kiosk usernames are unique within a company, compared without case.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("company_usernames")
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("username_lower", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("company_usernames_pk", ["company_id", "username_lower"])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
