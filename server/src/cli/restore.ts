import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../app.ts";
import { BackupFileError } from "../backups/format.ts";
import { restoreBackup } from "../backups/restore.ts";
import { countsOf } from "../backups/store.ts";
import { ConfigError, loadConfig } from "../base/config.ts";
import { DataDirLockedError } from "../db/lockFile.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { audit } from "../runtime/audit.ts";

// npm run restore -- FILE: replaces every table of the database the server would use
// (DATABASE_URL, or the embedded one in DATA_DIR) with the backup's rows. A new, empty database is
// migrated first, which is how an embedded installation moves to PostgreSQL. The file is checked
// whole before anything is replaced; a bad file changes nothing. The server must be stopped.

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("Usage: npm run restore -- FILE\n");
    return 2;
  }
  if (!fs.existsSync(file)) {
    process.stderr.write(`Restore refused: no file ${file}\n`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const manifest = await restoreBackup(database.db, path.resolve(file));
    await audit(database.db, {
      companyId: null,
      actorId: null,
      action: "restore",
      entity: "backup",
      entityId: path.basename(file),
      after: { createdAt: manifest.createdAt, counts: countsOf(manifest) },
    });
    const counts = countsOf(manifest);
    process.stdout.write(
      `Restored ${counts.rows} rows of ${manifest.tables.length} tables (${counts.companies} companies, ${counts.users} users) from the backup of ${manifest.createdAt} into the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupFileError;
    process.stderr.write(`Restore refused: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
