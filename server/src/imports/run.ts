import { setImmediate as nextTurn } from "node:timers/promises";
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  importError,
  isXlsxFile,
  missingColumns,
  validateImportRow,
  type ImportKind,
  type ImportRowError,
} from "@tumble/domain/imports";
import { FILE_MESSAGES } from "@tumble/domain/fileLimits";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { readFile } from "../fileReading/reader.ts";
import { audit } from "../runtime/audit.ts";
import { constraintViolation } from "../runtime/constraintErrors.ts";
import { AppError } from "../runtime/errors.ts";
import { planImport, type ValidRow, type Writer } from "./kinds.ts";
import type { ParsedFile } from "../fileReading/importFile.ts";

// An import runs in the server process after imports:start has returned, so closing the browser
// tab does not stop it. Its progress and a heartbeat are stored in the import's row (at most
// every PROGRESS_EVERY_MS, and every HEARTBEAT_MS while a long step runs), so every server process
// shows the same progress, and an import whose process stopped — no heartbeat for STALE_MS — is
// shown failed, and marked so by the next sweep (decision 0062); the outcome is stored in the row
// too. `publish` tells live queries (imports:get) to re-read. The file is read off the main thread
// (server/src/fileReading), and validating and planning give other calls a turn every few
// milliseconds (docs/decisions/0061-files-read-safely.md).
//
// Writing: on PostgreSQL in one transaction, so an import cut off by a restart wrote nothing. On
// PGlite the database is one connection in the server's own thread: a transaction holding it for a
// whole import would leave every other call waiting, so each step (some sixty lines, whole rows)
// commits on its own with the count of rows written so far (the import's processed_rows), and
// other calls run between steps. An import cut off there kept the steps it wrote: running the same
// file again writes the rest, the rows already written being unchanged.

export interface ImportProgress {
  phase: "reading" | "validating" | "writing";
  done: number;
  total: number;
}

export const RESTART_REASON = "The server restarted during the import; nothing was written. Run it again.";

/** Why an import cut off by a restart failed, saying what it had written (only an import on PGlite writes before its end). */
export function restartReason(rowsWritten: number): string {
  return rowsWritten > 0 ? FILE_MESSAGES.importCutOff(rowsWritten) : RESTART_REASON;
}

/** Lines per writing step on PGlite: each statement runs on the server's thread, so a step stays in the tens of milliseconds. */
export const PGLITE_BATCH = 60;
/** Lines per statement on PostgreSQL, all in one transaction. */
const POSTGRES_BATCH = 4000;

/** A pause that gives other calls a turn once `budgetMs` of work has gone by since the last one. */
export function turns(budgetMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** An import file (CSV text, or XLSX as base64) as header and lines, read as server/src/fileReading reads files. */
export function readImportFile(fileName: string, content: string): Promise<ParsedFile> {
  return readFile({ kind: "importFile", content, xlsx: isXlsxFile(fileName), maxRows: MAX_IMPORT_ROWS });
}

/** How often a running import's progress is stored; a heartbeat is stored at least every HEARTBEAT_MS. */
const PROGRESS_EVERY_MS = 500;
const HEARTBEAT_MS = 10_000;
/** An import with no heartbeat for this long was cut off (its process stopped). */
export const STALE_MS = 60_000;

/** Whether an import that says queued or running was cut off: no heartbeat for STALE_MS. */
export function isCutOff(row: { status: string; heartbeatAt: Date | null; createdAt: Date }, now: number): boolean {
  return (row.status === "queued" || row.status === "running") && now - (row.heartbeatAt ?? row.createdAt).getTime() > STALE_MS;
}

/** Marks imports that were cut off as failed (one company's, or every company's), saying what they had written; returns how many. */
export async function sweepCutOffImports(db: Kysely<DB>, publish: Publish, now = Date.now(), companyId?: string): Promise<number> {
  const cutOff = await db
    .selectFrom("imports")
    .select(["id", "companyId", "processedRows"])
    .$if(companyId !== undefined, (q) => q.where("companyId", "=", companyId!))
    .where("status", "in", ["queued", "running"])
    .where((eb) => eb(eb.fn.coalesce("heartbeatAt", "createdAt"), "<", new Date(now - STALE_MS)))
    .execute();
  for (const row of cutOff) {
    await db
      .updateTable("imports")
      .set({ status: "failed", failureReason: restartReason(row.processedRows), content: null, finishedAt: new Date(now), progressPhase: null })
      .where("companyId", "=", row.companyId)
      .where("id", "=", row.id)
      .where("status", "in", ["queued", "running"])
      .execute();
    await publish(row.companyId);
  }
  return cutOff.length;
}

export type Publish = (companyId: string, everything?: boolean) => Promise<void>;

/** Starts the import in the background; the promise it returns settles when the import has finished. */
export function startImport(database: Database, publish: Publish, importId: string, log: (line: string) => void = () => undefined): Promise<void> {
  return executeImport(database, publish, importId).catch((error: unknown) =>
    log(`Import ${importId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  );
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return `${constraintViolation(error)?.message ?? "The import could not be written"}; nothing was changed`;
}

async function executeImport(database: Database, publish: Publish, importId: string): Promise<void> {
  const { db } = database;
  const record = await db.selectFrom("imports").selectAll().where("id", "=", importId).executeTakeFirstOrThrow();
  const { companyId } = record;
  const kind = record.kind as ImportKind;
  const progress: ImportProgress = { phase: "reading", done: 0, total: 0 };
  let stored = 0;
  /** Stores the progress (at most every PROGRESS_EVERY_MS unless `now`) and tells the readers. */
  const report = async (now = false) => {
    if (!now && performance.now() - stored < PROGRESS_EVERY_MS) return;
    stored = performance.now();
    await db
      .updateTable("imports")
      .set({ progressPhase: progress.phase, progressDone: progress.done, progressTotal: progress.total, heartbeatAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", importId)
      .execute();
    await publish(companyId);
  };
  const heartbeat = setInterval(
    () =>
      void db
        .updateTable("imports")
        .set({ heartbeatAt: new Date() })
        .where("companyId", "=", companyId)
        .where("id", "=", importId)
        .execute()
        .catch(() => undefined),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  try {
    await run();
  } finally {
    clearInterval(heartbeat);
  }

  async function run(): Promise<void> {
    /** Rows written so far: on PGlite, steps already committed. */
    let written = 0;
    const finish = async (values: {
      status: "completed" | "failed";
      failureReason?: string | null;
      counts?: { created: number; updated: number; unchanged: number; failed: number };
      errors?: ImportRowError[];
      processed?: number;
    }) => {
      await db
        .updateTable("imports")
        .set({
          status: values.status,
          failureReason: values.failureReason ?? null,
          createdCount: values.counts?.created ?? 0,
          updatedCount: values.counts?.updated ?? 0,
          unchangedCount: values.counts?.unchanged ?? 0,
          failedCount: values.counts?.failed ?? 0,
          errors: JSON.stringify((values.errors ?? []).slice(0, MAX_IMPORT_ERRORS)),
          processedRows: values.processed ?? 0,
          content: null,
          finishedAt: new Date(),
          progressPhase: null,
        })
        .where("id", "=", importId)
        .execute();
      await publish(companyId, (values.status === "completed" && !record.dryRun) || written > 0);
    };

    await db.updateTable("imports").set({ status: "running" }).where("id", "=", importId).execute();
    await report(true);
    let parsed;
    try {
      parsed = await readImportFile(record.fileName, record.content ?? "");
    } catch (error) {
      return finish({ status: "failed", failureReason: reasonOf(error) });
    }
    const mapping = record.mapping;
    const missing = missingColumns(kind, mapping);
    const headerIndex = new Map(parsed.headers.map((h, i) => [h, i]));
    const unknown = Object.values(mapping).filter((h) => !headerIndex.has(h));
    if (missing.length || unknown.length)
      return finish({
        status: "failed",
        failureReason: missing.length
          ? `Map a column of the file to: ${missing.join(", ")}`
          : `The file has no column named ${unknown.map((h) => `"${h}"`).join(", ")}`,
        errors: missing.map((column) => importError(1, column, "missingColumn")),
      });
    const total = parsed.rows.length;
    Object.assign(progress, { phase: "validating", done: 0, total });
    await db.updateTable("imports").set({ totalRows: total }).where("id", "=", importId).execute();
    await report(true);

    const columns = IMPORT_COLUMNS[kind].filter((c) => mapping[c.key]).map((c) => [c.key, headerIndex.get(mapping[c.key])!] as const);
    const errors: ImportRowError[] = [];
    const valid: ValidRow<ImportKind>[] = [];
    const pause = turns();
    for (const { line, cells } of parsed.rows) {
      await pause();
      const byKey: Record<string, string> = {};
      for (const [key, index] of columns) byKey[key] = cells[index] ?? "";
      const result = validateImportRow(kind, line, byKey);
      if (result.ok) valid.push({ row: line, value: result.value });
      else errors.push(...result.errors);
    }
    const plan = await planImport(kind, db, { companyId, userId: record.createdBy, now: Date.now(), mapped: new Set(Object.keys(mapping)), pause }, valid);
    errors.push(...plan.errors);
    errors.sort((a, b) => a.row - b.row);
    const failed = new Set(errors.map((e) => e.row)).size;
    const counts = { created: 0, updated: 0, unchanged: 0, failed };
    for (const o of plan.outcomes) counts[o.outcome]++;
    progress.done = total;
    await report(true);

    if (record.dryRun) return finish({ status: "completed", counts, errors, processed: total });
    if (record.allOrNothing && failed > 0)
      return finish({
        status: "failed",
        failureReason: `Nothing was written: ${failed} ${failed === 1 ? "row has" : "rows have"} errors`,
        counts: { created: 0, updated: 0, unchanged: 0, failed },
        errors,
        processed: total,
      });

    const toWrite = counts.created + counts.updated;
    Object.assign(progress, { phase: "writing", done: 0, total: toWrite });
    await report(true);
    const auditEntry = {
      companyId,
      actorId: record.createdBy,
      action: "import",
      entity: "import",
      entityId: importId,
      after: { kind, fileName: record.fileName, ...counts },
    };
    const wrote = async (rows: number) => {
      written += rows;
      progress.done = Math.min(written, toWrite);
      await report();
    };
    if (database.kind === "postgres") {
      try {
        await db.transaction().execute(async (trx) => {
          const writer: Writer = {
            batch: POSTGRES_BATCH,
            db: trx,
            step: async (rows, work) => {
              await work(trx);
              await wrote(rows);
            },
          };
          await plan.write(writer);
          await audit(trx, auditEntry);
        });
      } catch (error) {
        written = 0; // rolled back
        return finish({ status: "failed", failureReason: reasonOf(error), counts: { created: 0, updated: 0, unchanged: 0, failed }, errors, processed: total });
      }
      return finish({ status: "completed", counts, errors, processed: total });
    }
    // PGlite: a short transaction per step, the rows written stored after each, a turn for other calls between.
    const writer: Writer = {
      batch: PGLITE_BATCH,
      db,
      step: async (rows, work) => {
        // The count is stored with the rows it counts: a restart between steps finds them agreeing.
        await db.transaction().execute(async (trx) => {
          await work(trx);
          if (rows > 0)
            await trx
              .updateTable("imports")
              .set({ processedRows: written + rows })
              .where("id", "=", importId)
              .execute();
        });
        await wrote(rows);
        await nextTurn();
      },
    };
    try {
      await plan.write(writer);
      await audit(db, auditEntry);
    } catch (error) {
      const reason = reasonOf(error);
      return finish({
        status: "failed",
        failureReason: written ? FILE_MESSAGES.importStopped(written, toWrite, reason.replace(/; nothing was changed$/, "")) : reason,
        counts: { created: 0, updated: 0, unchanged: 0, failed },
        errors,
        processed: written,
      });
    }
    return finish({ status: "completed", counts, errors, processed: total });
  }
}
