import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { csvLines } from "@tumble/domain/csv";
import { sql, type RawBuilder } from "kysely";
import { ident, isSecretColumn, type Column, type RawDb, type Table } from "./catalog.ts";

// An export is a zip of CSV files, one per table, and a README.txt naming every file's columns
// and their database types (generated from the catalog, so it always matches the files). Rows
// are fetched through a cursor in pieces and compressed as they come, straight into the file, so
// a large company never sits in memory.

/** Rows fetched per round trip. */
const FETCH = 2000;

/** One file of the export: the rows of `table` matching `where` (a SQL condition on alias t). */
export interface ArchiveFile {
  file: string;
  table: string;
  description: string;
  columns: Column[];
  omitted: string[];
  /** Columns the rows are ordered by (the table's key), for the same file from the same rows. */
  key: string[];
  where: RawBuilder<unknown>;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The table's exportable columns (secrets left out) and the names of those left out. */
export function exportable(table: Table): { columns: Column[]; omitted: string[] } {
  return {
    columns: table.columns.filter((c) => !isSecretColumn(table.name, c.name)),
    omitted: table.columns.filter((c) => isSecretColumn(table.name, c.name)).map((c) => c.name),
  };
}

export interface ArchiveProgress {
  filesDone: number;
  filesTotal: number;
  rows: number;
}

export interface WrittenArchive {
  bytes: number;
  readme: string;
  files: Array<{ file: string; rows: number }>;
}

/**
 * Writes the zip to `target` (through `target.part`, renamed when complete). `db` should be one
 * read-only snapshot (the caller's transaction): the cursors live in it.
 */
export async function writeArchive(
  db: RawDb,
  target: string,
  { title, files, generatedAt, onProgress = () => {} }: { title: string; files: ArchiveFile[]; generatedAt: Date; onProgress?: (p: ArchiveProgress) => void },
): Promise<WrittenArchive> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const part = `${target}.part`;
  const out = fs.createWriteStream(part);
  let failure: Error | null = null;
  out.on("error", (error) => (failure = error));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  // fflate compresses synchronously as data is pushed; the file stream is given time to drain.
  const flushed = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, "drain");
  };
  const counts: Array<{ file: string; rows: number }> = [];
  const mtime = generatedAt;
  try {
    for (const f of files) {
      const entry = new ZipDeflate(f.file, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(strToU8(csvLines([f.columns.map((c) => c.name)], "\r\n")));
      const order = tableOrder(f);
      const select = sql`select ${sql.join(f.columns.map((c) => sql`t.${ident(c.name)}`))}
        from ${ident(f.table)} t where ${f.where}
        order by ${sql.join(order.map((k) => sql`t.${ident(k)}`))}`;
      await sql`declare export_rows no scroll cursor for ${select}`.execute(db);
      let rows = 0;
      for (;;) {
        const { rows: batch } = await sql.raw<Record<string, unknown>>(`fetch ${FETCH} from export_rows`).execute(db);
        if (!batch.length) break;
        entry.push(
          strToU8(
            csvLines(
              batch.map((r) => f.columns.map((c) => cell(r[c.name]))),
              "\r\n",
            ),
          ),
        );
        rows += batch.length;
        await flushed();
        onProgress({ filesDone: counts.length, filesTotal: files.length, rows: counts.reduce((n, c) => n + c.rows, 0) + rows });
        if (batch.length < FETCH) break;
      }
      await sql.raw("close export_rows").execute(db);
      entry.push(new Uint8Array(0), true);
      counts.push({ file: f.file, rows });
      onProgress({ filesDone: counts.length, filesTotal: files.length, rows: counts.reduce((n, c) => n + c.rows, 0) });
    }
    const readme = readmeOf(title, files, counts, generatedAt);
    const entry = new ZipDeflate("README.txt", { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(strToU8(readme), true);
    zip.end();
    if (!out.writableFinished) await once(out, "finish");
    if (failure) throw failure;
    fs.renameSync(part, target);
    return { bytes: fs.statSync(target).size, readme, files: counts };
  } catch (error) {
    zip.terminate();
    out.destroy();
    fs.rmSync(part, { force: true });
    throw error;
  }
}

function tableOrder(f: ArchiveFile): string[] {
  return f.key.length ? f.key : f.columns.slice(0, 1).map((c) => c.name);
}

function readmeOf(title: string, files: ArchiveFile[], counts: Array<{ rows: number }>, generatedAt: Date): string {
  const lines = [
    title,
    `Generated ${generatedAt.toISOString()} by Tumble.`,
    "",
    "Each .csv file holds one table: UTF-8, comma-separated, first line the column names. Empty cells are",
    "empty values (NULL); times are ISO 8601 in UTC; money columns ending in _cents are whole cents;",
    "JSON columns hold JSON text. Credential hashes, tokens and message bodies are never exported.",
    "Text starting with = + - @, a tab or a carriage return (except a negative number) is written with a",
    "leading ' so a spreadsheet shows it as text instead of running it as a formula.",
    "",
  ];
  files.forEach((f, i) => {
    const rows = counts[i]!.rows;
    lines.push(`${f.file} (${rows} ${rows === 1 ? "row" : "rows"}): ${f.description}`);
    for (const c of f.columns) lines.push(`  - ${c.name}: ${c.type}`);
    if (f.omitted.length) lines.push(`  (left out: ${f.omitted.join(", ")})`);
    lines.push("");
  });
  return lines.join("\r\n");
}
