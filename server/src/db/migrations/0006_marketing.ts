import type { Kysely } from "kysely";

// Marketing campaigns and claims (filled in by the marketing work).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
