import { sql } from "kysely";
import { companyTables, ident, idents, type RawDb } from "../exports/catalog.ts";

// Deletes everything the given companies own, found from the catalog (server/src/exports/catalog.ts):
// rows of every table with a company_id column, rows of tables without one that hang off those
// (e.g. outbox_attempts of the company's outbox rows), and the company rows. Other companies'
// rows are not touched: every condition names these companies.
//
// One statement of data-modifying CTEs, so foreign keys between the tables (including cycles, such
// as cash transactions ↔ physical counts) are checked once, at its end. The tables' own triggers
// are switched off for this transaction: the report roll-ups would otherwise write rows for the
// departing stores, and punches refuse every delete (they are history — but a deleted company has
// none). ALTER TABLE holds those tables locked until the transaction ends, so other companies'
// writes to them wait the few seconds a reset takes; a rollback switches the triggers back on.

export async function deleteCompanies(db: RawDb, companyIds: string[]): Promise<{ rows: number; tables: number }> {
  if (!companyIds.length) return { rows: 0, tables: 0 };
  const { owned, children } = await companyTables(db);
  const ids = sql`${companyIds}::text[]`;
  const parts = [
    ...children.map(
      (t) => sql`delete from ${ident(t.name)} where (${idents(t.childColumns)}) in
        (select ${idents(t.parentColumns)} from ${ident(t.parent)} where company_id = any(${ids})) returning 1`,
    ),
    ...owned.map((t) => sql`delete from ${ident(t.name)} where company_id = any(${ids}) returning 1`),
    sql`delete from companies where id = any(${ids}) returning 1`,
  ];
  const names = new Set([...owned, ...children].map((t) => t.name));
  const { rows: triggered } = await sql<{ t: string }>`
    select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where not g.tgisinternal order by 1`.execute(db);
  const switched = triggered.map((r) => r.t).filter((t) => names.has(t));
  for (const t of switched) await sql`alter table ${ident(t)} disable trigger user`.execute(db);
  // Accounts whose last active company this was start with none (the column is not a foreign key).
  await sql`update users set active_company_id = null where active_company_id = any(${ids})`.execute(db);
  const cte = parts.map((_, i) => `d${i}`);
  const { rows } = await sql<{ n: number }>`
    with ${sql.join(parts.map((p, i) => sql`${sql.id(cte[i])} as (${p})`))}
    select (${sql.join(
      cte.map((n) => sql`(select count(*) from ${sql.id(n)})`),
      sql` + `,
    )})::int as n`.execute(db);
  for (const t of switched) await sql`alter table ${ident(t)} enable trigger user`.execute(db);
  return { rows: rows[0]?.n ?? 0, tables: parts.length };
}
