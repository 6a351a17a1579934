import { sql, type Kysely } from "kysely";

// What a company or a person owns, read from the database's own catalog rather than a list kept
// by hand, so a table a later module adds is exported (and deleted by demo:reset) without an edit
// here: every table with a company_id column is company-owned, and a table without one whose
// foreign key points into a company-owned table holds that company's child rows.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalog is read without the typed schema
export type RawDb = Kysely<any>;

export interface Column {
  name: string;
  type: string;
}

export interface Table {
  name: string;
  columns: Column[];
  /** Primary key columns, for a stable row order. */
  key: string[];
}

export interface ChildTable extends Table {
  /** Reached through this foreign key: child columns → parent columns. */
  parent: string;
  childColumns: string[];
  parentColumns: string[];
}

/** Columns never exported: credential hashes, tokens and message bodies (which can carry one-time codes). */
export function isSecretColumn(table: string, column: string): boolean {
  if (/hash|token|secret/.test(column)) return true;
  return table === "outbox" && (column === "body" || column === "html_body");
}

/** Every base table of the public schema with its columns (in their order) and primary key. */
export async function allTables(db: RawDb): Promise<Map<string, Table>> {
  // pg_catalog rather than information_schema: the same answer, many times faster on PGlite.
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as data_type
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'
    order by c.relname, a.attnum`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select cl.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class cl on cl.oid = i.indrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
    join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
    where i.indisprimary
    order by cl.relname, k.ord`.execute(db);
  const tables = new Map<string, Table>();
  for (const r of rows) {
    let t = tables.get(r.table_name);
    if (!t) tables.set(r.table_name, (t = { name: r.table_name, columns: [], key: [] }));
    t.columns.push({ name: r.column_name, type: r.data_type });
  }
  for (const k of keys.rows) tables.get(k.table_name)?.key.push(k.column_name);
  return tables;
}

/** Single- and multi-column foreign keys of the public schema. */
export async function foreignKeys(db: RawDb): Promise<Array<{ child: string; parent: string; childColumns: string[]; parentColumns: string[] }>> {
  const { rows } = await sql<{ child: string; parent: string; child_columns: string[]; parent_columns: string[] }>`
    select ch.relname as child, pa.relname as parent,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, o) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.o) as child_columns,
      array(select a.attname::text from unnest(k.confkey) with ordinality u(n, o) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.o) as parent_columns
    from pg_constraint k
    join pg_class ch on ch.oid = k.conrelid
    join pg_class pa on pa.oid = k.confrelid
    join pg_namespace n on n.oid = ch.relnamespace and n.nspname = 'public'
    where k.contype = 'f'
    order by 1, 2, k.conname`.execute(db);
  return rows.map((r) => ({ child: r.child, parent: r.parent, childColumns: r.child_columns, parentColumns: r.parent_columns }));
}

/** The company-owned tables (a company_id column; companies itself excluded) and their child tables without one. */
export async function companyTables(db: RawDb): Promise<{ owned: Table[]; children: ChildTable[] }> {
  const tables = await allTables(db);
  const owned = [...tables.values()].filter((t) => t.name !== "companies" && t.columns.some((c) => c.name === "company_id"));
  const ownedNames = new Set(owned.map((t) => t.name));
  const children: ChildTable[] = [];
  for (const fk of await foreignKeys(db)) {
    const child = tables.get(fk.child);
    if (!child || ownedNames.has(fk.child) || fk.child === "companies" || !ownedNames.has(fk.parent)) continue;
    if (children.some((c) => c.name === fk.child)) continue;
    children.push({ ...child, parent: fk.parent, childColumns: fk.childColumns, parentColumns: fk.parentColumns });
  }
  return { owned, children };
}

export const ident = (name: string) => sql.id(name);
export const idents = (names: string[]) => sql.join(names.map((n) => sql.id(n)));
