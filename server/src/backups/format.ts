import { createHash } from "node:crypto";
import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import { AppError } from "../runtime/errors.ts";

// The backup file (docs/decisions/0042-backup-and-restore.md): one gzip of JSON lines.
//   line 1          the manifest: format and version, the migration level, when, from which kind of
//                   database, and per table its columns, row count and the SHA-256 of its lines;
//   then per table  {"table":"<name>"} followed by one JSON array per row, in primary-key order.
// The manifest comes first so a reader knows what to expect before it reads a row; a writer
// therefore writes the rows to a plain temporary file first and compresses both at the end.

export const BACKUP_FORMAT = "tumble-backup";
export const BACKUP_VERSION = 1;
export const BACKUP_EXTENSION = ".tumble-backup.jsonl.gz";

export interface ManifestTable {
  name: string;
  columns: Array<{ name: string; type: string }>;
  rows: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The last migration the database had run. */
  migration: string;
  createdAt: string;
  database: "pglite" | "postgres";
  tables: ManifestTable[];
}

/** Why a file cannot be restored; the message is shown to whoever asked. */
export class BackupFileError extends AppError {}

/** SHA-256 of a table's row lines, each followed by "\n". */
export class TableHash {
  private readonly hash = createHash("sha256");
  rows = 0;
  add(line: string): void {
    this.hash.update(line);
    this.hash.update("\n");
    this.rows++;
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

export function tableHeader(name: string): string {
  return JSON.stringify({ table: name });
}

/** Lines of a gzip file, one at a time; a damaged or truncated file rejects with BackupFileError. */
export async function* readLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const lines = readline.createInterface({ input: gunzip, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupFileError("The backup file is missing");
    throw new BackupFileError(
      code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || /unexpected end/i.test((error as Error).message)
        ? "The backup file is damaged or incomplete (its compressed data does not end properly)"
        : `The backup file cannot be read: ${(error as Error).message}`,
    );
  } finally {
    lines.close();
    input.destroy();
  }
}

export function parseManifest(line: string | undefined): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(line ?? "");
  } catch {
    throw new BackupFileError("This is not a Tumble backup file (its first line is no manifest)");
  }
  const m = value as Partial<Manifest>;
  if (m?.format !== BACKUP_FORMAT) throw new BackupFileError("This is not a Tumble backup file (its first line is no manifest)");
  if (m.version !== BACKUP_VERSION)
    throw new BackupFileError(`This backup is format version ${String(m.version)}; this server reads version ${BACKUP_VERSION}`);
  const tableOk = (t: Partial<ManifestTable>) =>
    typeof t?.name === "string" && Array.isArray(t.columns) && Number.isInteger(t.rows) && typeof t.sha256 === "string";
  if (typeof m.migration !== "string" || typeof m.createdAt !== "string" || !Array.isArray(m.tables) || !m.tables.every(tableOk)) {
    throw new BackupFileError("The backup's manifest is incomplete");
  }
  return m as Manifest;
}

/** Reads only the manifest (the first line), for listing. */
export async function readManifest(file: string): Promise<Manifest> {
  for await (const line of readLines(file)) return parseManifest(line);
  throw new BackupFileError("The backup file is empty");
}

/**
 * Reads the whole file and checks it against its manifest: every table present in order, each
 * with as many rows as announced and the same SHA-256, and nothing after the last table. Meant to
 * run before anything is replaced. Calls `onRows` with the running row count, for progress.
 */
export async function verifyFile(file: string, onRows?: (rows: number) => void): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let tableIndex = -1;
  let hash: TableHash | null = null;
  let total = 0;
  const finish = () => {
    if (!manifest || !hash) return;
    const expected = manifest.tables[tableIndex];
    if (hash.rows !== expected.rows)
      throw new BackupFileError(`The backup is incomplete: table ${expected.name} has ${hash.rows} of its ${expected.rows} rows`);
    if (hash.digest() !== expected.sha256) throw new BackupFileError(`The backup is damaged: table ${expected.name} does not match its checksum`);
  };
  for await (const line of readLines(file)) {
    if (!manifest) {
      manifest = parseManifest(line);
      continue;
    }
    if (line.startsWith("{")) {
      finish();
      tableIndex++;
      const expected = manifest.tables[tableIndex];
      if (!expected || line !== tableHeader(expected.name)) throw new BackupFileError("The backup is damaged: its tables are not the ones its manifest lists");
      hash = new TableHash();
      continue;
    }
    if (!hash) throw new BackupFileError("The backup is damaged: rows before the first table");
    hash.add(line);
    if (++total % 1000 === 0) onRows?.(total);
  }
  if (!manifest) throw new BackupFileError("The backup file is empty");
  finish();
  if (tableIndex !== manifest.tables.length - 1) {
    throw new BackupFileError(`The backup is incomplete: it ends after ${tableIndex + 1} of its ${manifest.tables.length} tables`);
  }
  onRows?.(total);
  return manifest;
}
