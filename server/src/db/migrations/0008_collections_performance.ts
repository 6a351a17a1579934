import { sql, type Kysely } from "kysely";

// Collections on a large operator (bench/collections.ts: 50 stores × 40 machines × 3 years).
// A collection's adjustments are found by adjusts_collection_id, which had no index, so every
// collections:get scanned all of the company's collections. Only adjusting records carry it,
// so the index is partial and stays small.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("collections_company_adjusts")
    .on("collections")
    .columns(["company_id", "adjusts_collection_id"])
    .where(sql.ref("adjusts_collection_id"), "is not", null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
