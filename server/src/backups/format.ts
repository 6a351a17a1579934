import { createHash } from "node:crypto";
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
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

/** Longer than any row a backup writes; a longer line means the file is not one (and would exhaust memory). */
const MAX_LINE_CHARS = 128 * 1024 * 1024;
/** Longer than any manifest (about a kilobyte per table). */
const MAX_MANIFEST_CHARS = 4 * 1024 * 1024;
/** The compressed bytes listing reads from a file: far more than a manifest compresses to. */
const MANIFEST_HEAD_BYTES = 1024 * 1024;

/**
 * Lines of a gzip file, one at a time; a damaged, truncated or foreign file rejects with
 * BackupFileError, never with an error the server cannot catch. A line longer than any a backup
 * writes (the first, the manifest, longer than any manifest) stops the reading. `maxBytes` reads
 * only the file's first bytes.
 */
export async function* readLines(file: string, limits: { maxBytes?: number } = {}): AsyncGenerator<string> {
  let maxLineChars = MAX_MANIFEST_CHARS;
  const input = fs.createReadStream(file, limits.maxBytes ? { end: limits.maxBytes - 1 } : {});
  const gunzip = zlib.createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  // Errors reach the loop below through the iterator; this keeps a late one from going unheard.
  gunzip.on("error", () => undefined);
  input.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  // The start of a line whose end has not arrived; a newline is looked for in new text only.
  let pending = "";
  const tooLong = () => new BackupFileError("This is not a Tumble backup file (a line is longer than any backup writes)");
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      let start = 0;
      for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
        if (pending.length + newline - start > maxLineChars) throw tooLong();
        yield pending + text.slice(start, newline);
        pending = "";
        start = newline + 1;
        maxLineChars = MAX_LINE_CHARS;
      }
      pending += text.slice(start);
      if (pending.length > maxLineChars) throw tooLong();
    }
    pending += decoder.end();
    if (pending) yield pending;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupFileError("The backup file is missing");
    throw new BackupFileError(
      code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || /unexpected end|incorrect header/i.test((error as Error).message)
        ? "The backup file is damaged or incomplete (its compressed data does not end properly)"
        : `The backup file cannot be read: ${(error as Error).message}`,
    );
  } finally {
    input.destroy();
    gunzip.destroy();
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

/** Reads only the manifest (the first line), for listing: from the file's first megabyte, unpacking at most a few megabytes. */
export async function readManifest(file: string): Promise<Manifest> {
  for await (const line of readLines(file, { maxBytes: MANIFEST_HEAD_BYTES })) return parseManifest(line);
  throw new BackupFileError("The backup file is empty");
}

/** Unpacking more than this many times the file's size means it is no backup (a backup's JSON packs to a tenth or so). */
const MAX_UNPACK_RATIO = 100;

/**
 * Whether the file's compressed data is whole: unpacked to its end and discarded, zlib checking
 * its length and checksum, on zlib's own threads (the main thread only counts bytes). A file cut
 * short, damaged, or unpacking to far more than a backup could, is not.
 */
export function isWholeGzip(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    let limit = Infinity;
    try {
      limit = fs.statSync(file).size * MAX_UNPACK_RATIO + 64 * 1024 * 1024;
    } catch {
      return resolve(false);
    }
    const input = fs.createReadStream(file);
    const gunzip = zlib.createGunzip();
    let unpacked = 0;
    let settled = false;
    const settle = (whole: boolean) => {
      if (settled) return;
      settled = true;
      input.destroy();
      gunzip.destroy();
      resolve(whole);
    };
    input.on("error", () => settle(false));
    gunzip.on("error", () => settle(false));
    gunzip.on("data", (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > limit) settle(false);
    });
    gunzip.on("end", () => settle(true));
    input.pipe(gunzip);
  });
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
