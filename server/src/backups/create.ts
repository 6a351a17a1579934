import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql, type Transaction } from "kysely";
import type { DatabaseKind } from "../db/database.ts";
import { PORTABLE_SETTINGS, readCatalog, selectRowsSql, type AnyDb } from "./catalog.ts";
import { BACKUP_FORMAT, BACKUP_VERSION, TableHash, tableHeader, type Manifest } from "./format.ts";

// Writing a backup: every table read in one REPEATABLE READ, read-only transaction (one snapshot:
// rows written meanwhile are in none of the tables or all of them). On PGlite, which runs one
// transaction at a time, the transaction is a snapshot by construction. Rows are fetched through a
// cursor in pieces, so a large table never sits in memory whole.

/** Rows fetched per round trip. */
const FETCH = 2000;

export interface Progress {
  /** "reading" the tables, then "compressing" the file. */
  phase: "reading" | "compressing" | "verifying" | "loading";
  /** 0..1 over the whole job. */
  fraction: number;
}

export interface CreateOptions {
  kind: DatabaseKind;
  /** Fixed in tests, so two backups of the same data are the same bytes. */
  createdAt?: Date;
  onProgress?: (progress: Progress) => void;
}

/** The last migration run, which a restore must match. */
export async function migrationLevel(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? "";
}

/** Writes a complete backup to `file` (through `file.part`, renamed at the end) and returns its manifest. */
export async function writeBackup(db: AnyDb, file: string, options: CreateOptions): Promise<Manifest> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const body = `${file}.body`;
  const part = `${file}.part`;
  const report = options.onProgress ?? (() => {});
  try {
    const manifest = await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => readSnapshot(trx, body, options, report));
    const bodySize = fs.statSync(body).size;
    let written = 0;
    const input = fs.createReadStream(body);
    input.on("data", (chunk) => {
      written += chunk.length;
      report({ phase: "compressing", fraction: 0.8 + 0.2 * (bodySize ? written / bodySize : 1) });
    });
    const output = fs.createWriteStream(part);
    const gzip = zlib.createGzip({ level: 6 });
    gzip.write(`${JSON.stringify(manifest)}\n`);
    await pipeline(input, gzip, output);
    const fd = fs.openSync(part, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(part, file);
    return manifest;
  } finally {
    fs.rmSync(body, { force: true });
    fs.rmSync(part, { force: true });
  }
}

async function readSnapshot(trx: Transaction<unknown>, bodyFile: string, options: CreateOptions, report: (p: Progress) => void): Promise<Manifest> {
  const db = trx as unknown as AnyDb;
  for (const statement of PORTABLE_SETTINGS) await sql.raw(statement).execute(db);
  const tables = await readCatalog(db);
  const migration = await migrationLevel(db);
  // Exact counts in the same snapshot, so progress is a true fraction of the rows to read.
  const counts = new Map<string, number>();
  if (tables.length) {
    const union = tables.map((t, i) => `select ${i} as i, count(*)::int as n from "${t.name.replace(/"/g, '""')}"`).join(" union all ");
    const { rows } = await sql.raw<{ i: number; n: number }>(union).execute(db);
    for (const row of rows) counts.set(tables[row.i].name, row.n);
  }
  const totalRows = [...counts.values()].reduce((a, b) => a + b, 0);
  let doneRows = 0;
  report({ phase: "reading", fraction: 0 });

  const out = fs.createWriteStream(bodyFile);
  // A failed write (disk full, folder gone) fails the backup instead of crashing the process.
  let failure: Error | null = null;
  out.on("error", (error) => (failure = error));
  const write = async (text: string) => {
    if (failure) throw failure;
    if (!out.write(text)) await once(out, "drain");
  };
  const manifestTables: Manifest["tables"] = [];
  try {
    for (const table of tables) {
      await write(`${tableHeader(table.name)}\n`);
      const hash = new TableHash();
      await sql.raw(`declare backup_rows no scroll cursor for ${selectRowsSql(table)}`).execute(db);
      for (;;) {
        const { rows } = await sql.raw<{ line: string }>(`fetch ${FETCH} from backup_rows`).execute(db);
        if (!rows.length) break;
        let chunk = "";
        for (const { line } of rows) {
          hash.add(line);
          chunk += `${line}\n`;
        }
        await write(chunk);
        doneRows += rows.length;
        report({ phase: "reading", fraction: totalRows ? (0.8 * doneRows) / totalRows : 0.8 });
        if (rows.length < FETCH) break;
      }
      await sql.raw("close backup_rows").execute(db);
      manifestTables.push({ name: table.name, columns: table.columns.map((c) => ({ name: c.name, type: c.type })), rows: hash.rows, sha256: hash.digest() });
    }
  } finally {
    if (!failure) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    migration,
    createdAt: (options.createdAt ?? new Date()).toISOString(),
    database: options.kind,
    tables: manifestTables,
  };
}
