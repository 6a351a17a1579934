import { sql, type Kysely } from "kysely";

// A collection's number of lines is kept on the collection: the lists show it for every row,
// and counting lines per row cost more than the rest of the list query on a large operator.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("collections")
    .addColumn("line_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update collections c set line_count = (select count(*) from collection_lines l where l.collection_id = c.id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
