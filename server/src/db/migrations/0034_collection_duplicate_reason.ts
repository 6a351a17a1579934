import { sql, type Kysely } from "kysely";

// A second collection of a machine on the same business date (a retried submit, a visit entered
// twice) is verified only with the verifier's reason, kept on the record so the flag and its
// explanation stay with it in the app and in exports (issue 29).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table collections add column duplicate_reason text`.execute(db);
  await sql`alter table collections add constraint collections_duplicate_reason_check check (duplicate_reason is null or length(duplicate_reason) between 1 and 500)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
