import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB } from "../db/schema.ts";
import type { ExportJobsTable } from "../db/exportsSchema.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";
import { PollingLoop } from "../runtime/pollingWorker.ts";
import { refuseUnlessSystemAdmin } from "../http/systemAdminGate.ts";
import type { Services } from "../runtime/services.ts";
import { writeArchive, type ArchiveProgress } from "./archive.ts";
import { companyExport, userExport, type ExportPlan } from "./build.ts";
import type { RawDb } from "./catalog.ts";

// Exports are jobs in the database (docs/decisions/0062, after 0047): starting one stores a waiting
// row; a worker in every server process claims waiting or abandoned jobs with FOR UPDATE SKIP
// LOCKED and a lease it renews while it works, writes the zip from one read-only snapshot, stores
// progress in the row and the finished file in chunks. So any process answers an export's progress
// (exports:get, told by the shared invalidation bus) and serves its download, and a job whose
// process stopped is taken over when its lease runs out and written again from the start, up to
// MAX_ATTEMPTS times, then shown failed. Finished jobs and their files go after KEEP_MS.

export const EXPORTS_TOPIC = "exports";
/** How long a finished export's file stays downloadable. */
export const KEEP_MS = 60 * 60 * 1000;
export const EXPORT_NOT_FOUND = "There is no such export; it may have expired. Start it again";
export const EXPORT_INTERRUPTED = "The export was interrupted too many times; start it again";
const PROGRESS_EVERY_MS = 250;
const MAX_ATTEMPTS = 3;
/** Stored file pieces: small enough for one round trip each, few enough rows for a large export. */
const CHUNK_BYTES = 1024 * 1024;

export interface ExportJob {
  id: string;
  kind: "company" | "user";
  subjectId: string;
  fileName: string;
  status: "queued" | "running" | "ready" | "failed";
  filesDone: number;
  filesTotal: number;
  rows: number;
  bytes: number | null;
  files: Array<{ file: string; rows: number }>;
  error: string | null;
}

export interface WorkerOptions {
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs?: number;
  /** How often a worker looks for waiting or abandoned jobs and expired ones. */
  pollMs?: number;
}

const isExportId = (id: string) => /^[A-Za-z0-9_-]{8,64}$/.test(id);

type Row = Selectable<ExportJobsTable>;

const COLUMNS = [
  "id",
  "kind",
  "subjectId",
  "fileName",
  "status",
  "filesDone",
  "filesTotal",
  "rows",
  "bytes",
  "files",
  "error",
  "requestedBy",
  "attempts",
] as const;

type Claimed = Pick<Row, (typeof COLUMNS)[number]>;

const jobOf = (row: Pick<Row, (typeof COLUMNS)[number]>): ExportJob => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subjectId,
  fileName: row.fileName,
  status: row.status,
  filesDone: row.filesDone,
  filesTotal: row.filesTotal,
  rows: Number(row.rows),
  bytes: row.bytes === null ? null : Number(row.bytes),
  files: JSON.parse(row.files) as ExportJob["files"],
  error: row.error,
});

let workers = 0;

export class ExportService {
  readonly id = `${os.hostname()}:${process.pid}:export:${++workers}`;
  private readonly leaseMs: number;
  private readonly loop: PollingLoop;

  constructor(
    private readonly services: Services,
    options: WorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.loop = new PollingLoop(
      async () => {
        await this.expire();
        for (let job = await this.claim(); job && this.loop.active; job = await this.claim()) await this.run(job);
      },
      options.pollMs ?? 5_000,
      // The database may be briefly unreachable; the next poll tries again.
      (error) => this.services.log(`[exports] ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private get db(): Kysely<DB> {
    return this.services.database.db;
  }

  private async announce(): Promise<void> {
    await this.services.bus.publish({ tables: [EXPORTS_TOPIC], companyId: null, userIds: [] });
  }

  /** The export as stored (any process's), or null when there is none or it has expired. */
  async get(id: string, db: Kysely<DB> = this.db): Promise<ExportJob | null> {
    if (!isExportId(id)) return null;
    const row = await db
      .selectFrom("exportJobs")
      .select(COLUMNS)
      .where("id", "=", id)
      .where((eb) => eb.or([eb("finishedAt", "is", null), eb("finishedAt", ">", sql<Date>`now() - make_interval(secs => ${KEEP_MS / 1000})`)]))
      .executeTakeFirst();
    return row ? jobOf(row) : null;
  }

  /** Stores a waiting export (in the caller's transaction) and wakes this process's worker once it commits. */
  async start(db: Kysely<DB>, job: { kind: ExportJob["kind"]; subjectId: string; fileName: string }, by: { userId: string }): Promise<string> {
    const id = newId();
    await db
      .insertInto("exportJobs")
      .values({ id, ...job, requestedBy: by.userId })
      .execute();
    // Any process's worker would claim it within pollMs; this one starts at once.
    setImmediate(() => this.wake());
    return id;
  }

  /** Begins working: now, on every wake(), and every pollMs. */
  startWorker(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Stops looking for jobs and waits for the one in progress (its lease lets another process take it over otherwise). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims the oldest waiting job, or one whose process stopped renewing its lease. */
  async claim(): Promise<Claimed | null> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("exportJobs")
        .select("id")
        .where((eb) => eb.or([eb("status", "=", "queued"), eb.and([eb("status", "=", "running"), eb("lockedUntil", "<", sql<Date>`now()`)])]))
        .orderBy("createdAt")
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return null;
      return trx
        .updateTable("exportJobs")
        .set((eb) => ({
          status: "running",
          claimedBy: this.id,
          lockedUntil: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000}::float8)`,
          attempts: eb("attempts", "+", 1),
          filesDone: 0,
          filesTotal: 0,
          rows: 0,
        }))
        .where("id", "=", due.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    });
    return claimed ?? null;
  }

  /** Records an outcome or progress only while this process still holds the job. */
  private mine(id: string) {
    return this.db.updateTable("exportJobs").where("id", "=", id).where("claimedBy", "=", this.id).where("status", "=", "running");
  }

  private async plan(db: RawDb, job: Claimed): Promise<ExportPlan> {
    if (job.kind === "company") {
      const company = await db.selectFrom("companies").select(["id", "name"]).where("id", "=", job.subjectId).executeTakeFirst();
      if (!company) throw new Error("The company no longer exists");
      return companyExport(db, company as { id: string; name: string });
    }
    const user = await db.selectFrom("users").select(["id", "email"]).where("id", "=", job.subjectId).executeTakeFirst();
    if (!user) throw new Error("The user no longer exists");
    return userExport(db, user as { id: string; email: string | null });
  }

  private async run(job: Claimed): Promise<void> {
    await this.announce().catch(() => undefined);
    if (job.attempts > MAX_ATTEMPTS) {
      await this.mine(job.id)
        .set({ status: "failed", error: EXPORT_INTERRUPTED, finishedAt: sql<Date>`now()`, lockedUntil: null })
        .execute();
      await this.announce().catch(() => undefined);
      return;
    }
    const renew = setInterval(
      () =>
        void this.mine(job.id)
          .set({ lockedUntil: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000}::float8)` })
          .execute()
          .catch(() => undefined),
      this.leaseMs / 3,
    );
    renew.unref();
    const file = path.join(os.tmpdir(), `tumble-export-${job.id}-${process.pid}.zip`);
    let last = 0;
    let progress: Promise<unknown> = Promise.resolve();
    const onProgress = (p: ArchiveProgress) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      progress = progress
        .then(() => this.mine(job.id).set({ filesDone: p.filesDone, filesTotal: p.filesTotal, rows: p.rows }).execute())
        .then(() => this.announce())
        .catch(() => undefined);
    };
    try {
      const written = await this.db
        .withoutPlugins()
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute(async (trx) => {
          const { title, files } = await this.plan(trx as RawDb, job);
          return writeArchive(trx as RawDb, file, { title, files, generatedAt: new Date(), onProgress });
        });
      await progress;
      const stored = await this.db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom("exportJobs")
          .select("id")
          .where("id", "=", job.id)
          .where("claimedBy", "=", this.id)
          .where("status", "=", "running")
          .forUpdate()
          .executeTakeFirst();
        if (!held) return false; // taken over meanwhile: the other process's copy counts
        await trx.deleteFrom("exportJobChunks").where("exportId", "=", job.id).execute();
        const handle = await fs.promises.open(file, "r");
        try {
          const buffer = Buffer.alloc(CHUNK_BYTES);
          for (let seq = 0; ; seq++) {
            const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
            if (bytesRead === 0) break;
            await trx
              .insertInto("exportJobChunks")
              .values({ exportId: job.id, seq, data: Buffer.from(buffer.subarray(0, bytesRead)) })
              .execute();
          }
        } finally {
          await handle.close();
        }
        await trx
          .updateTable("exportJobs")
          .set({
            status: "ready",
            bytes: written.bytes,
            files: JSON.stringify(written.files),
            filesDone: written.files.length,
            filesTotal: written.files.length,
            rows: written.files.reduce((sum, f) => sum + f.rows, 0),
            finishedAt: sql<Date>`now()`,
            lockedUntil: null,
          })
          .where("id", "=", job.id)
          .execute();
        return true;
      });
      if (stored)
        await audit(this.db, {
          companyId: job.kind === "company" ? job.subjectId : null,
          actorId: job.requestedBy,
          action: "export",
          entity: job.kind,
          entityId: job.subjectId,
          after: { files: written.files.length, bytes: written.bytes },
        });
    } catch (error) {
      await progress;
      await this.mine(job.id)
        .set({ status: "failed", error: (error as Error).message, finishedAt: sql<Date>`now()`, lockedUntil: null })
        .execute()
        .catch(() => undefined);
      this.services.log(`[error] export ${job.id}: ${(error as Error).message}`);
    } finally {
      clearInterval(renew);
      await fs.promises.rm(file, { force: true }).catch(() => undefined);
      await fs.promises.rm(`${file}.part`, { force: true }).catch(() => undefined);
      await this.announce().catch(() => undefined);
    }
  }

  /** Removes finished exports older than KEEP_MS, with their files. */
  private async expire(): Promise<void> {
    await this.db
      .deleteFrom("exportJobs")
      .where("finishedAt", "<", sql<Date>`now() - make_interval(secs => ${KEEP_MS / 1000})`)
      .execute();
  }

  /** The stored file of a ready export, piece by piece, or null. */
  async readyFile(id: string): Promise<{ job: ExportJob; stream: ReadableStream<Uint8Array> } | null> {
    const job = await this.get(id);
    if (!job || job.status !== "ready") return null;
    const db = this.db;
    let seq = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = await db.selectFrom("exportJobChunks").select("data").where("exportId", "=", id).where("seq", "=", seq++).executeTakeFirst();
        if (chunk) controller.enqueue(new Uint8Array(chunk.data));
        else controller.close();
      },
    });
    return { job, stream };
  }
}

const instances = new WeakMap<Services, ExportService>();

export function exportsOf(services: Services): ExportService {
  let service = instances.get(services);
  if (!service) instances.set(services, (service = new ExportService(services)));
  return service;
}

/** Mounts GET /export-files/:id (the zip, for a system admin's bearer token) and starts this process's worker. */
export function startExports(app: Hono, services: Services): ExportService {
  const service = exportsOf(services);
  // Files an earlier version kept under DATA_DIR/exports: the jobs that named them are gone.
  fs.rmSync(path.join(services.config.dataDir, "exports"), { recursive: true, force: true });
  app.get("/export-files/:id", async (c) => {
    const refused = await refuseUnlessSystemAdmin(c, services);
    if (refused) return refused;
    const ready = await service.readyFile(c.req.param("id"));
    if (!ready) return c.text(EXPORT_NOT_FOUND, 404);
    return new Response(ready.stream, {
      headers: {
        "content-type": "application/zip",
        "content-length": String(ready.job.bytes ?? 0),
        "content-disposition": `attachment; filename="${ready.job.fileName}"`,
        "cache-control": "no-store",
      },
    });
  });
  return service;
}
