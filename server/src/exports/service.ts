import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";
import { refuseUnlessSystemAdmin } from "../http/systemAdminGate.ts";
import type { Services } from "../runtime/services.ts";
import { writeArchive, type ArchiveProgress } from "./archive.ts";
import type { ExportPlan } from "./build.ts";
import type { RawDb } from "./catalog.ts";

// Exports run in the server process after the request that starts them (docs/decisions/0047):
// read in one read-only snapshot, written as a zip file under DATA_DIR/exports, their progress
// announced to live queries (a write to the virtual table "exports"), the file served to system
// admins for an hour. Jobs are kept in memory: a restart forgets them; their files go after the hour.

export const EXPORTS_TOPIC = "exports";
/** How long a finished export's file stays downloadable. */
export const KEEP_MS = 60 * 60 * 1000;
const PROGRESS_EVERY_MS = 200;
export const EXPORT_NOT_FOUND = "There is no such export; it may have expired. Start it again";

export interface ExportJob {
  id: string;
  kind: "company" | "user";
  subjectId: string;
  fileName: string;
  status: "running" | "ready" | "failed";
  filesDone: number;
  filesTotal: number;
  rows: number;
  bytes: number | null;
  files: Array<{ file: string; rows: number }>;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
}

const isExportId = (id: string) => /^[A-Za-z0-9_-]{8,64}$/.test(id);

export class ExportService {
  private readonly jobs = new Map<string, ExportJob>();

  constructor(private readonly services: Services) {}

  get dir(): string {
    return path.join(this.services.config.dataDir, "exports");
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.zip`);
  }

  private async announce(): Promise<void> {
    await this.services.bus.publish({ tables: [EXPORTS_TOPIC], companyId: null, userIds: [] });
  }

  get(id: string): ExportJob | null {
    this.expire();
    const job = this.jobs.get(id);
    return job ? { ...job, files: [...job.files] } : null;
  }

  /** Starts building the export in the background; its progress and result are read with `get`. */
  start(
    job: Pick<ExportJob, "kind" | "subjectId" | "fileName">,
    plan: (db: RawDb) => Promise<ExportPlan>,
    by: { userId: string; companyId: string | null },
  ): ExportJob {
    this.expire();
    const running: ExportJob = {
      ...job,
      id: newId(),
      status: "running",
      filesDone: 0,
      filesTotal: 0,
      rows: 0,
      bytes: null,
      files: [],
      error: null,
      startedAt: Date.now(),
      finishedAt: null,
    };
    this.jobs.set(running.id, running);
    void this.run(running, plan, by);
    return { ...running };
  }

  private async run(job: ExportJob, plan: (db: RawDb) => Promise<ExportPlan>, by: { userId: string; companyId: string | null }) {
    const db = this.services.database.db;
    let last = 0;
    const onProgress = (p: ArchiveProgress) => {
      Object.assign(job, p);
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      void this.announce().catch(() => undefined);
    };
    try {
      const written = await db
        .withoutPlugins()
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute(async (trx) => {
          const { title, files } = await plan(trx as RawDb);
          job.filesTotal = files.length;
          return writeArchive(trx as RawDb, this.fileOf(job.id), { title, files, generatedAt: new Date(job.startedAt), onProgress });
        });
      Object.assign(job, { status: "ready", bytes: written.bytes, files: written.files, filesDone: written.files.length, finishedAt: Date.now() });
      await audit(db, {
        companyId: by.companyId,
        actorId: by.userId,
        action: "export",
        entity: job.kind,
        entityId: job.subjectId,
        after: { files: written.files.length, bytes: written.bytes },
      });
    } catch (error) {
      Object.assign(job, { status: "failed", error: (error as Error).message, finishedAt: Date.now() });
      this.services.log(`[error] export ${job.id}: ${(error as Error).message}`);
    } finally {
      await this.announce().catch(() => undefined);
    }
  }

  /** Forgets finished exports older than KEEP_MS and removes their files. */
  private expire(now = Date.now()): void {
    for (const [id, job] of this.jobs)
      if (job.finishedAt !== null && now - job.finishedAt > KEEP_MS) {
        this.jobs.delete(id);
        fs.rmSync(this.fileOf(id), { force: true });
      }
  }

  /** The finished file of a ready export, or null. */
  readyFile(id: string): { file: string; job: ExportJob } | null {
    const job = isExportId(id) ? this.get(id) : null;
    if (!job || job.status !== "ready") return null;
    const file = this.fileOf(id);
    return fs.existsSync(file) ? { file, job } : null;
  }

  /**
   * Removes files an earlier run of the server left (their jobs are gone with it) once they are as
   * old as a finished export may be kept; another process sharing the folder may be writing newer ones.
   */
  clearLeftovers(now = Date.now()): void {
    if (!fs.existsSync(this.dir)) return;
    for (const name of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, name);
      // Another process may remove it first.
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && now - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
    }
  }
}

const instances = new WeakMap<Services, ExportService>();

export function exportsOf(services: Services): ExportService {
  let service = instances.get(services);
  if (!service) instances.set(services, (service = new ExportService(services)));
  return service;
}

/** Mounts GET /export-files/:id (the zip, for a system admin's bearer token). */
export function startExports(app: Hono, services: Services): void {
  const service = exportsOf(services);
  service.clearLeftovers();
  app.get("/export-files/:id", async (c) => {
    const refused = await refuseUnlessSystemAdmin(c, services);
    if (refused) return refused;
    const ready = service.readyFile(c.req.param("id"));
    if (!ready) return c.text(EXPORT_NOT_FOUND, 404);
    return new Response(Readable.toWeb(fs.createReadStream(ready.file)) as ReadableStream, {
      headers: {
        "content-type": "application/zip",
        "content-length": String(fs.statSync(ready.file).size),
        "content-disposition": `attachment; filename="${ready.job.fileName}"`,
        "cache-control": "no-store",
      },
    });
  });
}
