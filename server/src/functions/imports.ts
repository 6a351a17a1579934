import { z } from "zod";
import {
  autoMapping,
  IMPORT_KINDS,
  importMappingSchema,
  importStartSchema,
  isXlsxFile,
  missingColumns,
  type ImportKind,
  type ImportMapping,
} from "@tumble/domain/imports";
import { importRefusal } from "@tumble/domain/importRefusals";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { isCutOff, readImportFile, restartReason, startImport, sweepCutOffImports } from "../imports/run.ts";
import { audit } from "../runtime/audit.ts";
import { action, mutation, query, type QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { readUpload, storeUploadPart, uploadIdSchema, uploadPartArgs } from "../uploads/parts.ts";

// Spreadsheet import (issue 19, docs/decisions/0040-imports.md). A manager (canImportData) sends a
// file — in parts when it is long — sees its headers matched to the kind's columns, then starts a
// dry run or an import; imports:start returns at once and the import runs in the server process,
// its progress and result read live through imports:get. imports:list is the company's history.

const id = z.string().max(64);
const MAX_PART_CHARS = 500_000;
const MAX_PARTS = 60;

async function fileContent(ctx: QueryCtx<"canImportData">, args: { content?: string; uploadId?: string; parts?: number }): Promise<string> {
  if (args.content !== undefined) return args.content;
  return readUpload(ctx.db, "importUploads", { companyId: ctx.company.id, userId: ctx.user.id }, { uploadId: args.uploadId!, parts: args.parts! }, "file");
}

async function rememberedMapping(db: Kysely<DB>, companyId: string, kind: ImportKind): Promise<ImportMapping | null> {
  const row = await db.selectFrom("importMappings").select("mapping").where("companyId", "=", companyId).where("kind", "=", kind).executeTakeFirst();
  return (row?.mapping as ImportMapping | undefined) ?? null;
}

/** Stores one part of a long file; imports:preview and imports:start with the upload's id read them all as one (a dry run and then the import read the same upload). */
export const uploadPart = mutation({
  access: "canImportData",
  args: uploadPartArgs(MAX_PARTS, MAX_PART_CHARS),
  handler: async (ctx, args) => ({
    received: await storeUploadPart(
      ctx.db,
      "importUploads",
      { companyId: ctx.company.id, userId: ctx.user.id, now: ctx.now },
      args,
      MAX_PARTS * MAX_PART_CHARS,
    ),
  }),
});

/** The file's headers and line count, and the mapping to start from: the remembered one where its headers are present, else matched by name. */
export const preview = action({
  access: "canImportData",
  args: z
    .object({
      kind: z.enum(IMPORT_KINDS),
      fileName: z.string().trim().min(1).max(200),
      content: z.string().max(MAX_PART_CHARS).optional(),
      uploadId: uploadIdSchema.optional(),
      parts: z.number().int().min(1).max(MAX_PARTS).optional(),
    })
    .refine((a) => (a.content === undefined) !== (a.uploadId === undefined), "Give the file's content or the id of its upload"),
  handler: async (ctx, args) => {
    // Read off the main thread when it is large or a workbook, within a time and a memory limit.
    const file = await readImportFile(args.fileName, await fileContent(ctx, args));
    const remembered = await rememberedMapping(ctx.db, ctx.company.id, args.kind);
    return {
      headers: file.headers.filter((h) => h !== ""),
      rowCount: file.rows.length,
      mapping: autoMapping(args.kind, file.headers, remembered),
      remembered: remembered !== null,
    };
  },
});

/** Starts a dry run or an import of the file; it runs in the background (follow it with imports:get). */
export const start = action({
  access: "canImportData",
  args: importStartSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const mapping = importMappingSchema.parse(Object.fromEntries(Object.entries(args.mapping).filter(([, header]) => header.trim() !== "")));
    const missing = missingColumns(args.kind, mapping);
    if (missing.length) throw refused(importRefusal("mapColumns", { columns: missing.join(", ") }));
    const content = await fileContent(ctx, args);
    if (isXlsxFile(args.fileName) && !/^[A-Za-z0-9+/=\s]*$/.test(content.slice(0, 1000))) throw refused(importRefusal("notBase64"));
    // Imports whose process stopped (no heartbeat for a minute) are marked failed first.
    await sweepCutOffImports(ctx.db, async () => undefined, ctx.now, companyId);
    const importId = newId();
    await ctx.db
      .insertInto("imports")
      .values({
        id: importId,
        companyId,
        kind: args.kind,
        fileName: args.fileName,
        dryRun: args.dryRun,
        allOrNothing: args.allOrNothing,
        mapping: JSON.stringify(mapping),
        content,
        createdBy: ctx.user.id,
      })
      .execute();
    await ctx.db
      .insertInto("importMappings")
      .values({ companyId, kind: args.kind, mapping: JSON.stringify(mapping) })
      .onConflict((oc) => oc.columns(["companyId", "kind"]).doUpdateSet({ mapping: JSON.stringify(mapping), updatedAt: new Date() }))
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: args.dryRun ? "dryRun" : "start",
      entity: "import",
      entityId: importId,
      after: { kind: args.kind, fileName: args.fileName, allOrNothing: args.allOrNothing },
    });
    const { bus, database, log } = ctx.services;
    // Not awaited: the import goes on after this call returns, whatever the browser does.
    void startImport(
      database,
      async (company, everything) => {
        await bus.publish({ tables: everything ? ["*"] : ["imports"], companyId: company, userIds: null });
      },
      importId,
      log,
    );
    return { importId };
  },
});

interface Shown {
  id: string;
  kind: string;
  fileName: string;
  status: string;
  dryRun: boolean;
  allOrNothing: boolean;
  totalRows: number;
  createdCount: number;
  updatedCount: number;
  unchangedCount: number;
  failedCount: number;
  processedRows: number;
  failureReason: string | null;
  progressPhase: "reading" | "validating" | "writing" | null;
  progressDone: number;
  progressTotal: number;
  heartbeatAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

/** What a reader sees: an import whose process stopped as failed, and the stored progress of one running (on any process). */
function shown(row: Shown, now: number) {
  const orphaned = isCutOff(row, now);
  const running = !orphaned && row.status === "running" && row.progressPhase !== null;
  const progress = running ? { phase: row.progressPhase!, done: row.progressDone, total: row.progressTotal } : null;
  return {
    _id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    status: (orphaned ? "failed" : row.status) as "queued" | "running" | "completed" | "failed",
    dryRun: row.dryRun,
    allOrNothing: row.allOrNothing,
    totalRows: row.totalRows,
    progress,
    counts: { created: row.createdCount, updated: row.updatedCount, unchanged: row.unchangedCount, failed: row.failedCount },
    failureReason: orphaned ? restartReason(row.processedRows) : row.failureReason,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
    createdBy: row.createdByName ?? row.createdByEmail ?? "",
  };
}

const SHOWN = [
  "i.id",
  "i.kind",
  "i.fileName",
  "i.status",
  "i.dryRun",
  "i.allOrNothing",
  "i.totalRows",
  "i.createdCount",
  "i.updatedCount",
  "i.unchangedCount",
  "i.failedCount",
  "i.processedRows",
  "i.failureReason",
  "i.progressPhase",
  "i.progressDone",
  "i.progressTotal",
  "i.heartbeatAt",
  "i.createdAt",
  "i.finishedAt",
  "u.name as createdByName",
  "u.email as createdByEmail",
] as const;

/** One import: status, live progress, counts and every row's errors (row number, column, reason). */
export const get = query({
  access: "canImportData",
  liveScope: "company",
  args: z.object({ importId: id }),
  handler: async (ctx, { importId }) => {
    const row = await ctx.db
      .selectFrom("imports as i")
      .innerJoin("users as u", "u.id", "i.createdBy")
      .select([...SHOWN, "i.errors"])
      .where("i.companyId", "=", ctx.company.id)
      .where("i.id", "=", importId)
      .executeTakeFirst();
    if (!row) throw refused(importRefusal("importNotFound"));
    return { ...shown(row, ctx.now), errors: row.errors };
  },
});

/** The company's imports, newest first: who, when, kind, file, counts. */
export const list = query({
  access: "canImportData",
  liveScope: "company",
  args: z.object({ limit: z.number().int().min(1).max(500).optional() }),
  handler: async (ctx, args) => {
    const rows = await ctx.db
      .selectFrom("imports as i")
      .innerJoin("users as u", "u.id", "i.createdBy")
      .select(SHOWN)
      .where("i.companyId", "=", ctx.company.id)
      .orderBy("i.createdAt", "desc")
      .orderBy("i.id", "desc")
      .limit(args.limit ?? 100)
      .execute();
    return rows.map((row) => shown(row, ctx.now));
  },
});
