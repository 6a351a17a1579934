import fs from "node:fs";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { EVERYTHING } from "../runtime/invalidation.ts";
import { refuseUnlessSystemAdmin } from "../http/systemAdminGate.ts";
import type { Services } from "../runtime/services.ts";
import { writeBackup, type Progress } from "./create.ts";
import { BACKUP_EXTENSION, BackupFileError } from "./format.ts";
import { beginMaintenance, endMaintenance } from "./maintenance.ts";
import { restoreBackup } from "./restore.ts";
import {
  backupFile,
  countsOf,
  isBackupId,
  listBackups,
  newBackupId,
  readNote,
  readSchedule,
  removeBackup,
  writeNote,
  type BackupNote,
  type BackupSource,
} from "./store.ts";

// One per server: runs backups and restores one at a time, reports their progress to live queries
// (a write to the virtual table "backups" on the invalidation bus, which reaches other processes
// on PostgreSQL too), takes scheduled backups and serves the files for download.

/** The name live queries of the backup screen depend on; no such table exists. */
export const BACKUPS_TOPIC = "backups";
/** How often progress is written and announced while a job runs. */
const PROGRESS_EVERY_MS = 200;
/** How often the schedule is looked at. */
const SCHEDULE_TICK_MS = 60_000;

export interface Job {
  kind: "backup" | "restore";
  backupId: string;
  phase: Progress["phase"];
  progress: number;
  startedAt: string;
}

export const BUSY_MESSAGE = "A backup or restore is already running; wait for it to finish";
export const NOT_FOUND_MESSAGE = "There is no such backup";

export class BackupService {
  job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly services: Services) {}

  get dir(): string {
    return this.services.config.backupDir;
  }

  private get db(): Kysely<DB> {
    return this.services.database.db;
  }

  async announce(): Promise<void> {
    await this.services.bus.publish({ tables: [BACKUPS_TOPIC], companyId: null, userIds: [] });
  }

  list(): Promise<BackupNote[]> {
    return listBackups(this.dir, this.job?.kind === "backup" ? this.job.backupId : null);
  }

  private startJob(kind: Job["kind"], backupId: string): Job {
    if (this.job) throw new BackupFileError(BUSY_MESSAGE);
    this.job = { kind, backupId, phase: kind === "backup" ? "reading" : "verifying", progress: 0, startedAt: new Date().toISOString() };
    return this.job;
  }

  /** A progress callback that updates the job (and calls `also`) at most every PROGRESS_EVERY_MS. */
  private progressReporter(job: Job, also: () => void = () => {}): (p: Progress) => void {
    let last = 0;
    return (p) => {
      job.phase = p.phase;
      job.progress = Math.min(1, Math.max(0, p.fraction));
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      also();
      void this.announce().catch(() => undefined);
    };
  }

  /** Takes a backup now; resolves when the file is complete. */
  async create(by: { userId: string | null; label: string | null }, source: BackupSource): Promise<BackupNote> {
    const id = newBackupId();
    const job = this.startJob("backup", id);
    const note: BackupNote = {
      id,
      createdAt: job.startedAt,
      createdBy: by.label,
      source,
      status: "running",
      phase: "reading",
      progress: 0,
      error: null,
      size: null,
      database: this.services.database.kind,
      migration: null,
      counts: null,
      updatedAt: job.startedAt,
    };
    try {
      writeNote(this.dir, note);
      await this.announce();
      const file = backupFile(this.dir, id);
      const manifest = await writeBackup(this.db, file, {
        kind: this.services.database.kind,
        createdAt: new Date(job.startedAt),
        onProgress: this.progressReporter(job, () => writeNote(this.dir, { ...note, phase: job.phase, progress: job.progress })),
      });
      const done: BackupNote = {
        ...note,
        status: "ready",
        phase: null,
        progress: 1,
        size: fs.statSync(file).size,
        migration: manifest.migration,
        counts: countsOf(manifest),
      };
      writeNote(this.dir, done);
      await audit(this.db, {
        companyId: null,
        actorId: by.userId,
        action: "create",
        entity: "backup",
        entityId: id,
        after: { source, size: done.size, counts: done.counts },
      });
      return done;
    } catch (error) {
      writeNote(this.dir, { ...note, status: "failed", phase: null, error: (error as Error).message });
      throw error;
    } finally {
      this.job = null;
      await this.announce();
    }
  }

  /**
   * Replaces every table with the backup's rows. Other writes are refused meanwhile; afterwards
   * every live query re-runs (and every cached identity is resolved again) as after any write.
   */
  async restore(backupId: string, by: { userId: string | null }): Promise<BackupNote> {
    const note = readNote(this.dir, backupId);
    const file = isBackupId(backupId) ? backupFile(this.dir, backupId) : null;
    if (!file || !fs.existsSync(file) || (note && note.status !== "ready")) throw new BackupFileError(NOT_FOUND_MESSAGE);
    const job = this.startJob("restore", backupId);
    beginMaintenance(this.services.database);
    try {
      await this.announce();
      const manifest = await restoreBackup(this.db, file, { onProgress: this.progressReporter(job) });
      // The restored audit log is the backup's; the restore itself is recorded after it.
      await audit(this.db, {
        companyId: null,
        actorId: by.userId,
        action: "restore",
        entity: "backup",
        entityId: backupId,
        after: { createdAt: manifest.createdAt, counts: countsOf(manifest) },
      });
      const entry = (await this.list()).find((b) => b.id === backupId);
      return entry!;
    } finally {
      endMaintenance(this.services.database);
      this.job = null;
      await this.services.bus.publish(EVERYTHING);
    }
  }

  async remove(backupId: string): Promise<void> {
    if (this.job?.backupId === backupId) throw new BackupFileError(BUSY_MESSAGE);
    if (!isBackupId(backupId) || !removeBackup(this.dir, backupId)) throw new BackupFileError(NOT_FOUND_MESSAGE);
    await this.announce();
  }

  /**
   * Takes a scheduled backup when one is due (none yet, or the newest scheduled one is older than
   * the interval), then deletes scheduled backups beyond the number to keep. Returns the new one.
   */
  async runSchedule(now = Date.now()): Promise<BackupNote | null> {
    const schedule = readSchedule(this.dir);
    if (schedule.intervalHours <= 0 || this.job) return null;
    const scheduled = (await this.list()).filter((b) => b.source === "scheduled" && b.status === "ready");
    const latest = scheduled[0] ? Date.parse(scheduled[0].createdAt) : 0;
    if (now - latest < schedule.intervalHours * 3_600_000) return null;
    const made = await this.create({ userId: null, label: null }, "scheduled");
    await this.prune(schedule.keep);
    return made;
  }

  private async prune(keep: number): Promise<void> {
    const scheduled = (await this.list()).filter((b) => b.source === "scheduled" && b.status === "ready");
    for (const old of scheduled.slice(Math.max(1, keep))) removeBackup(this.dir, old.id);
    await this.announce();
  }

  start(): void {
    this.timer = setInterval(() => {
      void this.runSchedule().catch((error: Error) => this.services.log(`[error] scheduled backup: ${error.message}`));
    }, SCHEDULE_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const instances = new WeakMap<Services, BackupService>();

export function backupsOf(services: Services): BackupService {
  let service = instances.get(services);
  if (!service) instances.set(services, (service = new BackupService(services)));
  return service;
}

/**
 * Mounts GET /backup-files/:id (the file, for a system admin's bearer token) and starts the
 * schedule. Returns what the server calls on shutdown.
 */
export function startBackups(app: Hono, services: Services): () => void {
  const service = backupsOf(services);
  app.get("/backup-files/:id", async (c) => {
    const id = c.req.param("id");
    const refused = await refuseUnlessSystemAdmin(c, services);
    if (refused) return refused;
    const file = isBackupId(id) ? backupFile(service.dir, id) : null;
    if (!file || !fs.existsSync(file)) return c.text(NOT_FOUND_MESSAGE, 404);
    return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
      headers: {
        "content-type": "application/gzip",
        "content-length": String(fs.statSync(file).size),
        "content-disposition": `attachment; filename="${id}${BACKUP_EXTENSION}"`,
        "cache-control": "no-store",
      },
    });
  });
  service.start();
  return () => service.stop();
}
