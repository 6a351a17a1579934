import { sql } from "kysely";
import { ident, insertRows, PORTABLE_SETTINGS, readCatalog, type AnyDb, type TableInfo } from "./catalog.ts";
import { migrationLevel, type Progress } from "./create.ts";
import { BackupFileError, readLines, verifyFile, type Manifest } from "./format.ts";

// Restoring: the whole file is checked first (gzip integrity, manifest, every table's row count
// and checksum, the migration level and the tables and columns of this database); only then, in
// one transaction, every table is emptied and loaded. Triggers and foreign-key checks are off for
// the load (session_replication_role = replica), so tables load in any order and the report
// roll-ups are restored as the data they were, not recomputed. Any failure rolls everything back.

/** Rows per INSERT statement. */
const BATCH = 1000;

export const REPLICA_ROLE_REFUSED =
  "Restoring needs permission to set session_replication_role (a PostgreSQL superuser, or on PostgreSQL 15 and later: GRANT SET ON PARAMETER session_replication_role TO the server's user)";

/** Refuses a backup whose schema is not this database's: same migration, same tables and columns. */
export function checkCompatible(manifest: Manifest, level: string, tables: TableInfo[]): void {
  if (manifest.migration !== level) {
    throw new BackupFileError(
      `This backup was taken at migration ${manifest.migration || "(none)"} but this server is at ${level || "(none)"}: restore it with the version of Tumble that took it`,
    );
  }
  const here = new Map(tables.map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const target = here.get(table.name);
    if (!target) throw new BackupFileError(`The backup has a table ${table.name} that this database does not have`);
    const same =
      target.columns.length === table.columns.length && target.columns.every((c, i) => c.name === table.columns[i].name && c.type === table.columns[i].type);
    if (!same) throw new BackupFileError(`The backup's table ${table.name} does not have this database's columns`);
  }
  const missing = tables.find((t) => !manifest.tables.some((m) => m.name === t.name));
  if (missing) throw new BackupFileError(`This database has a table ${missing.name} that the backup does not have`);
}

export interface RestoreOptions {
  onProgress?: (progress: Progress) => void;
}

/** Verifies `file`, then replaces every table's rows with the backup's. Returns the manifest. */
export async function restoreBackup(db: AnyDb, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const report = options.onProgress ?? (() => {});
  report({ phase: "verifying", fraction: 0 });
  let expected = 0;
  const manifest = await verifyFile(file, (rows) => report({ phase: "verifying", fraction: expected ? (0.3 * rows) / expected : 0 }));
  expected = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const totalRows = expected;
  checkCompatible(manifest, await migrationLevel(db), await readCatalog(db));

  await db.transaction().execute(async (trx) => {
    for (const statement of PORTABLE_SETTINGS) await sql.raw(statement).execute(trx);
    try {
      // A savepoint keeps the transaction usable when the role is refused, to say why clearly.
      await sql.raw("savepoint replica_role").execute(trx);
      await sql.raw("set local session_replication_role = replica").execute(trx);
    } catch {
      await sql.raw("rollback to savepoint replica_role").execute(trx);
      throw new BackupFileError(REPLICA_ROLE_REFUSED);
    }
    // Re-read inside the transaction: the tables it empties are the ones it checked.
    const tables = await readCatalog(trx);
    checkCompatible(manifest, await migrationLevel(trx), tables);
    const byName = new Map(tables.map((t) => [t.name, t]));
    if (tables.length) await sql.raw(`truncate ${tables.map((t) => ident(t.name)).join(", ")}`).execute(trx);

    let table: TableInfo | null = null;
    let batch: string[] = [];
    let loaded = 0;
    const flush = async () => {
      if (!table || !batch.length) return;
      await insertRows(table, `[${batch.join(",")}]`).execute(trx);
      loaded += batch.length;
      batch = [];
      report({ phase: "loading", fraction: 0.3 + (totalRows ? (0.7 * loaded) / totalRows : 0.7) });
    };
    let first = true;
    for await (const line of readLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith("{")) {
        await flush();
        const name = (JSON.parse(line) as { table: string }).table;
        table = byName.get(name) ?? null;
        if (!table) throw new BackupFileError(`The backup has a table ${name} that this database does not have`);
        continue;
      }
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    await resetSequences(trx);
  });
  report({ phase: "loading", fraction: 1 });
  return manifest;
}

/** Sequences owned by a column (serial and identity) continue after the restored rows' largest value. */
async function resetSequences(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ seq: string; tbl: string; col: string }>`
    select s.oid::regclass::text as seq, c.relname as tbl, a.attname as col
    from pg_class s
    join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class c on c.oid = d.refobjid
    join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and c.relnamespace = 'public'::regnamespace`.execute(db);
  for (const row of rows) {
    await sql
      .raw(`select setval('${row.seq.replace(/'/g, "''")}', coalesce((select max(${ident(row.col)}) from ${ident(row.tbl)}), 0) + 1, false)`)
      .execute(db);
  }
}
