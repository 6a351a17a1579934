import { sql, type Kysely } from "kysely";

// The theme editor (issue 20, docs/decisions/0044-theme-editor.md): a theme is known by its name
// (built-in themes by theirs), so no two themes may share one, whatever its case. Saves check
// first for a clear message; this index settles two saves racing to one name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index themes_name_unique on themes (lower(name))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
