import type { Kysely } from "kysely";

// The reason a manager gives when denying a join request, shown to the person who asked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("join_requests").addColumn("decision_reason", "text").execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
