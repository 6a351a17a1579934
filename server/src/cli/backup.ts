import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../app.ts";
import { writeBackup } from "../backups/create.ts";
import { backupFile, countsOf, newBackupId, writeNote } from "../backups/store.ts";
import { ConfigError, loadConfig } from "../base/config.ts";
import { DataDirLockedError } from "../db/lockFile.ts";
import { audit } from "../runtime/audit.ts";

// npm run backup [-- FILE]: a backup of the database the server would use (DATABASE_URL, or the
// embedded one in DATA_DIR), written into BACKUP_DIR (listed on the backup screen) or to FILE.
// Prints the file's path. The embedded database has one owner: stop the server first, or use the
// screen. See docs/decisions/0042-backup-and-restore.md.

async function main(): Promise<void> {
  const config = loadConfig();
  const target = process.argv[2];
  const database = await openDatabase(config);
  try {
    const id = newBackupId();
    const file = target ? path.resolve(target) : backupFile(config.backupDir, id);
    const createdAt = new Date();
    const manifest = await writeBackup(database.db, file, { kind: database.kind, createdAt });
    if (!target) {
      writeNote(config.backupDir, {
        id,
        createdAt: createdAt.toISOString(),
        createdBy: null,
        source: "command",
        status: "ready",
        phase: null,
        progress: 1,
        error: null,
        size: fs.statSync(file).size,
        database: database.kind,
        migration: manifest.migration,
        counts: countsOf(manifest),
        updatedAt: createdAt.toISOString(),
      });
    }
    await audit(database.db, { companyId: null, actorId: null, action: "create", entity: "backup", entityId: id, after: { source: "command", file } });
    const counts = countsOf(manifest);
    process.stderr.write(
      `Backed up ${counts.rows} rows of ${manifest.tables.length} tables (${counts.companies} companies, ${counts.users} users) at migration ${manifest.migration}.\n`,
    );
    process.stdout.write(`${file}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`Backup failed: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
