import { strToU8, zipSync } from "fflate";
import Papa from "papaparse";
import { sql, type RawBuilder } from "kysely";
import { ident, isSecretColumn, type Column, type RawDb, type Table } from "./catalog.ts";

// An export is a zip of CSV files, one per table, and a README.txt naming every file's columns
// and their database types (generated from the catalog, so it always matches the files).

export interface ArchiveFile {
  file: string;
  table: string;
  description: string;
  columns: Column[];
  omitted: string[];
  rows: Record<string, unknown>[];
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function toCsv(columns: Column[], rows: Record<string, unknown>[]): string {
  return Papa.unparse({ fields: columns.map((c) => c.name), data: rows.map((r) => columns.map((c) => cell(r[c.name]))) }, { newline: "\r\n" });
}

/** The table's exportable columns (secrets left out) and the names of those left out. */
export function exportable(table: Table): { columns: Column[]; omitted: string[] } {
  return {
    columns: table.columns.filter((c) => !isSecretColumn(table.name, c.name)),
    omitted: table.columns.filter((c) => isSecretColumn(table.name, c.name)).map((c) => c.name),
  };
}

/** Rows of `table` matching `where` (a SQL condition on alias t), exportable columns only, in key order. */
export async function readRows(db: RawDb, table: Table, where: RawBuilder<unknown>): Promise<ArchiveFile["rows"]> {
  const { columns } = exportable(table);
  const order = table.key.length ? table.key : columns.slice(0, 1).map((c) => c.name);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(columns.map((c) => sql`t.${ident(c.name)}`))}
    from ${ident(table.name)} t where ${where}
    order by ${sql.join(order.map((k) => sql`t.${ident(k)}`))}`.execute(db);
  return rows;
}

export function buildZip(title: string, files: ArchiveFile[], generatedAt: Date): { zip: Uint8Array; readme: string } {
  const lines = [
    title,
    `Generated ${generatedAt.toISOString()} by Tumble.`,
    "",
    "Each .csv file holds one table: UTF-8, comma-separated, first line the column names. Empty cells are",
    "empty values (NULL); times are ISO 8601 in UTC; money columns ending in _cents are whole cents;",
    "JSON columns hold JSON text. Credential hashes, tokens and message bodies are never exported.",
    "",
  ];
  for (const f of files) {
    lines.push(`${f.file} (${f.rows.length} ${f.rows.length === 1 ? "row" : "rows"}): ${f.description}`);
    for (const c of f.columns) lines.push(`  - ${c.name}: ${c.type}`);
    if (f.omitted.length) lines.push(`  (left out: ${f.omitted.join(", ")})`);
    lines.push("");
  }
  const readme = lines.join("\r\n");
  const entries: Record<string, Uint8Array> = { "README.txt": strToU8(readme) };
  for (const f of files) entries[f.file] = strToU8(toCsv(f.columns, f.rows));
  const mtime = generatedAt;
  return { zip: zipSync(entries, { level: 6, mtime }), readme };
}
