import { sql, type Kysely, type RawBuilder } from "kysely";

// What a backup holds is read from the database catalog, not listed by hand, so a table another
// module adds is in every backup from the migration that creates it on.
// Values are encoded by PostgreSQL itself, in SQL, so the JavaScript side never parses a value (no
// bigint or timestamp precision lost) and PGlite and PostgreSQL write the same text for the same
// data: bigint and numeric as strings, bytea base64, timestamps ISO 8601 in UTC, jsonb as its
// canonical text, integers and booleans as JSON numbers and booleans, anything else as its
// PostgreSQL text form (which the type's input function reads back).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, as the catalog shows it
export type AnyDb = Kysely<any>;

/**
 * Kysely's own bookkeeping (restore requires the same migrations, so the target already holds the
 * same names), and export jobs: an hour's copies of data the backup holds anyway (migration 0048).
 */
export const SKIPPED_TABLES: ReadonlySet<string> = new Set(["kysely_migration", "kysely_migration_lock", "export_jobs", "export_job_chunks"]);

export interface ColumnInfo {
  name: string;
  /** format_type(): e.g. "bigint", "timestamp with time zone", "character varying(40)". */
  type: string;
  /** Kept in the primary key's order, for the deterministic row order. */
  collatable: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary key column names in key order; every column when the table has none. */
  orderBy: string[];
}

/** Every ordinary table of the public schema but the skipped ones, by name (byte order). */
export async function readCatalog(db: AnyDb): Promise<TableInfo[]> {
  const { rows } = await sql<{ table: string; column: string; type: string; collatable: boolean; pkPosition: number | null }>`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
      (t.typcollation <> 0) as "collatable",
      (select array_position(i.indkey::int2[], a.attnum) from pg_index i where i.indrelid = c.oid and i.indisprimary) as "pkPosition"
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    join pg_type t on t.oid = a.atttypid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname collate "C", a.attnum`.execute(db);
  const tables = new Map<string, TableInfo & { pk: Array<[number, string]> }>();
  for (const row of rows) {
    if (SKIPPED_TABLES.has(row.table)) continue;
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [], orderBy: [], pk: [] }));
    table.columns.push({ name: row.column, type: row.type, collatable: row.collatable });
    if (row.pkPosition !== null) table.pk.push([row.pkPosition, row.column]);
  }
  return [...tables.values()].map(({ pk, ...table }) => ({
    ...table,
    orderBy: pk.length ? pk.sort((a, b) => a[0] - b[0]).map(([, name]) => name) : table.columns.map((c) => c.name),
  }));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQL expression encoding one column as a JSON value. */
function encodeColumn(column: ColumnInfo): string {
  const c = ident(column.name);
  switch (column.type) {
    case "smallint":
    case "integer":
    case "boolean":
      return `to_jsonb(${c})`;
    case "bytea":
      return `encode(${c}, 'base64')`;
    case "timestamp with time zone":
      return `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    case "timestamp without time zone":
      return `to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    default:
      // jsonb's text is canonical (keys sorted, one spacing); bigint and numeric keep every digit.
      return `${c}::text`;
  }
}

/** The SQL expression decoding element `index` of the JSON array `v` into the column's type. */
function decodeColumn(column: ColumnInfo, index: number): string {
  const text = `(v ->> ${index})`;
  if (column.type === "bytea") return `decode(${text}, 'base64')`;
  return `${text}::${column.type}`;
}

/**
 * One statement reading a table in primary-key order (text compared bytewise, so every database
 * sorts alike), each row as the text of a JSON array in the columns' order.
 */
export function selectRowsSql(table: TableInfo): string {
  const byName = new Map(table.columns.map((c) => [c.name, c]));
  // jsonb_build_array takes at most 100 arguments: wide tables are built in pieces and joined.
  const pieces: string[] = [];
  for (let i = 0; i < table.columns.length; i += 50) {
    pieces.push(
      `jsonb_build_array(${table.columns
        .slice(i, i + 50)
        .map(encodeColumn)
        .join(", ")})`,
    );
  }
  const order = table.orderBy.map((name) => `${ident(name)}${byName.get(name)?.collatable ? ' collate "C"' : ""}`).join(", ");
  return `select (${pieces.join(" || ")})::text as line from ${ident(table.name)} order by ${order}`;
}

/** One statement inserting `rows`, the text of a JSON array of row arrays, into the table. */
export function insertRows(table: TableInfo, rows: string): RawBuilder<unknown> {
  const columns = table.columns.map((c) => ident(c.name)).join(", ");
  const values = table.columns.map(decodeColumn).join(", ");
  const head = `insert into ${ident(table.name)} (${columns}) overriding system value select ${values} from jsonb_array_elements(`;
  return sql`${sql.raw(head)}${rows}::jsonb) as rows(v)`;
}

/** Session settings both directions use, so text forms do not depend on the server's defaults. */
export const PORTABLE_SETTINGS = [
  "set local TimeZone = 'UTC'",
  "set local DateStyle = 'ISO, YMD'",
  "set local IntervalStyle = 'iso_8601'",
  "set local extra_float_digits = 1",
];

export { ident };
