import type { Kysely } from "kysely";
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_ERRORS,
  importError,
  missingColumns,
  validateImportRow,
  type ImportKind,
  type ImportRowError,
} from "@tumble/domain/imports";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { constraintViolation } from "../runtime/constraintErrors.ts";
import { AppError } from "../runtime/errors.ts";
import { planImport, type ValidRow } from "./kinds.ts";
import { parseImportFile } from "./parse.ts";

// An import runs in the server process after imports:start has returned, so closing the browser
// tab does not stop it. Progress lives in memory while it runs (a PGlite database has one
// connection, which the writing transaction holds) and the outcome in the import's row;
// `publish` tells live queries (imports:get) to re-read. An import this process is not running
// but whose row still says queued or running was cut off by a restart: it is reported as failed,
// and as its writes were in one transaction that never committed, nothing of it was written.

export interface ImportProgress {
  phase: "reading" | "validating" | "writing";
  done: number;
  total: number;
}

const live = new Map<string, ImportProgress>();

export const RESTART_REASON = "The server restarted during the import; nothing was written. Run it again.";

export function progressOf(importId: string): ImportProgress | null {
  return live.get(importId) ?? null;
}

export function isRunningHere(importId: string): boolean {
  return live.has(importId);
}

export type Publish = (companyId: string, everything?: boolean) => Promise<void>;

/** Starts the import in the background; the promise it returns settles when the import has finished. */
export function startImport(db: Kysely<DB>, publish: Publish, importId: string, log: (line: string) => void = () => undefined): Promise<void> {
  live.set(importId, { phase: "reading", done: 0, total: 0 });
  return executeImport(db, publish, importId)
    .catch((error: unknown) => log(`Import ${importId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
    .finally(() => live.delete(importId));
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return `${constraintViolation(error)?.message ?? "The import could not be written"}; nothing was changed`;
}

async function executeImport(db: Kysely<DB>, publish: Publish, importId: string): Promise<void> {
  const record = await db.selectFrom("imports").selectAll().where("id", "=", importId).executeTakeFirstOrThrow();
  const { companyId } = record;
  const kind = record.kind as ImportKind;
  const progress = live.get(importId)!;
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
      })
      .where("id", "=", importId)
      .execute();
    live.delete(importId);
    await publish(companyId, values.status === "completed" && !record.dryRun);
  };

  await db.updateTable("imports").set({ status: "running" }).where("id", "=", importId).execute();
  await publish(companyId);
  let parsed;
  try {
    parsed = await parseImportFile(record.fileName, record.content ?? "");
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
  await publish(companyId);

  const columns = IMPORT_COLUMNS[kind].filter((c) => mapping[c.key]).map((c) => [c.key, headerIndex.get(mapping[c.key])!] as const);
  const errors: ImportRowError[] = [];
  const valid: ValidRow<ImportKind>[] = [];
  for (const { line, cells } of parsed.rows) {
    const byKey: Record<string, string> = {};
    for (const [key, index] of columns) byKey[key] = cells[index] ?? "";
    const result = validateImportRow(kind, line, byKey);
    if (result.ok) valid.push({ row: line, value: result.value });
    else errors.push(...result.errors);
  }
  const plan = await planImport(kind, db, { companyId, userId: record.createdBy, now: Date.now(), mapped: new Set(Object.keys(mapping)) }, valid);
  errors.push(...plan.errors);
  errors.sort((a, b) => a.row - b.row);
  const failed = new Set(errors.map((e) => e.row)).size;
  const counts = { created: 0, updated: 0, unchanged: 0, failed };
  for (const o of plan.outcomes) counts[o.outcome]++;
  progress.done = total;
  await publish(companyId);

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
  await publish(companyId);
  try {
    await db.transaction().execute(async (trx) => {
      await plan.write(trx, async (written) => {
        progress.done = Math.min(written, toWrite);
        await publish(companyId);
      });
      await audit(trx, {
        companyId,
        actorId: record.createdBy,
        action: "import",
        entity: "import",
        entityId: importId,
        after: { kind, fileName: record.fileName, ...counts },
      });
    });
  } catch (error) {
    return finish({ status: "failed", failureReason: reasonOf(error), counts: { created: 0, updated: 0, unchanged: 0, failed }, errors, processed: total });
  }
  return finish({ status: "completed", counts, errors, processed: total });
}
