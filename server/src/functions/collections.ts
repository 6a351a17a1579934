import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { adjustmentReasonSchema } from "@tumble/domain/collectionAdjustment";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { isLowLine, lineAmountCents } from "@tumble/domain/collectionStats";
import { toCsv } from "@tumble/domain/csv";
import type { DB } from "../db/schema.ts";
import { checkBusinessDate, checkLines, COLLECTION_MESSAGES, MAX_LINE_CENTS, storeForCollection, totalCents } from "../collections/rules.ts";
import { cashSettings } from "../cash/settings.ts";
import { expectedFigures, keepExpectedFigures } from "../collections/expected.ts";
import { postCollection } from "../collections/posting.ts";
import { firstOpenDate } from "../cash/closedPeriods.ts";
import { mutation, query, type MutationCtx, type QueryCtx } from "../runtime/define.ts";
import { AccessError, AppError } from "../runtime/errors.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";

// Collections: one collector's visit to one store on one business date (design/domain.md).
// draft → submitted → verified | rejected (→ corrected → submitted again). Verified ones are
// final: corrections are linked adjusting records.

const id = z.string().max(64);
const isoDate = businessDateSchema;
const cents = z.number().int("Amounts are whole cents").min(0, "Amounts cannot be negative").max(MAX_LINE_CENTS);
const lineSchema = z.object({
  machineId: id,
  coinsCents: cents,
  billsCents: cents,
  meterReading: z.number().int().min(0).max(2_000_000_000).nullable().optional(),
  note: z.string().trim().max(500).nullable().optional(),
});
const STATUSES = ["draft", "submitted", "verified", "rejected"] as const;

function summaries(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom("collections as c")
    .innerJoin("stores as s", (j) => j.onRef("s.id", "=", "c.storeId").onRef("s.companyId", "=", "c.companyId"))
    .innerJoin("users as u", "u.id", "c.collectorId")
    .select([
      "c.id",
      "c.createdAt",
      "c.storeId",
      "s.name as storeName",
      "c.businessDate",
      "c.collectorId",
      "u.email as collectorEmail",
      "u.name as collectorName",
      "c.status",
      "c.totalCents",
      "c.submittedAt",
      "c.verifiedAt",
      "c.verifiedBy",
      "c.rejectionReason",
      "c.adjustsCollectionId",
      "c.adjustmentReason",
      "c.lineCount",
      "c.duplicateReason",
      sql<string | null>`(select coalesce(a.name, a.email) from users a where a.id = c.duplicate_approved_by)`.as("duplicateApprovedByName"),
    ])
    .where("c.companyId", "=", companyId);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

function toSummary(r: SummaryRow) {
  return {
    _id: r.id,
    _creationTime: new Date(r.createdAt).getTime(),
    storeId: r.storeId,
    storeName: r.storeName,
    businessDate: r.businessDate,
    collectorId: r.collectorId,
    collectorEmail: r.collectorEmail,
    collectorName: r.collectorName,
    status: r.status,
    totalCents: Number(r.totalCents),
    lineCount: Number(r.lineCount ?? 0),
    submittedAt: ms(r.submittedAt),
    verifiedAt: ms(r.verifiedAt),
    verifiedBy: r.verifiedBy,
    rejectionReason: r.rejectionReason,
    adjustsCollectionId: r.adjustsCollectionId,
    adjustmentReason: r.adjustmentReason,
    /** A second collection of its machines that day: the verifier's reason, kept with the record. */
    duplicateReason: r.duplicateReason,
    /** Above the company's amount: who gave the first approval, while a second verifier is awaited. */
    duplicateApprovedByName: r.status === "submitted" ? r.duplicateApprovedByName : null,
  };
}

async function collectionOfCompany(ctx: QueryCtx<"member">, collectionId: string, lock = false) {
  let q = ctx.db.selectFrom("collections").selectAll().where("id", "=", collectionId).where("companyId", "=", ctx.company.id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError("Collection not found");
  return row;
}

/** Other collections of the same store and date that already include any of these machines. */
async function duplicateWarnings(db: Kysely<DB>, companyId: string, storeId: string, businessDate: string, machineIds: string[], exceptId: string) {
  if (!machineIds.length) return [];
  const rows = await db
    .selectFrom("collectionLines as l")
    .innerJoin("collections as c", (j) => j.onRef("c.id", "=", "l.collectionId").onRef("c.companyId", "=", "l.companyId"))
    .innerJoin("machines as m", (j) => j.onRef("m.id", "=", "l.machineId").onRef("m.companyId", "=", "l.companyId"))
    .select(["l.machineId", "m.label", "c.id as collectionId", "c.status"])
    .where("l.companyId", "=", companyId)
    .where("c.companyId", "=", companyId)
    .where("c.storeId", "=", storeId)
    .where("c.businessDate", "=", businessDate)
    .where("c.id", "!=", exceptId)
    .where("c.status", "!=", "rejected")
    .where("c.adjustsCollectionId", "is", null)
    .where("l.machineId", "in", machineIds)
    .execute();
  return rows.map((r) => ({ machineId: r.machineId, label: r.label, otherCollectionId: r.collectionId, otherStatus: r.status }));
}

async function replaceLines(ctx: MutationCtx<"member">, collectionId: string, lines: z.infer<typeof lineSchema>[]) {
  await ctx.db.deleteFrom("collectionLines").where("collectionId", "=", collectionId).where("companyId", "=", ctx.company.id).execute();
  if (!lines.length) return;
  await ctx.db
    .insertInto("collectionLines")
    .values(
      lines.map((l) => ({
        id: newId(),
        companyId: ctx.company.id,
        collectionId,
        machineId: l.machineId,
        coinsCents: l.coinsCents,
        billsCents: l.billsCents,
        meterReading: l.meterReading ?? null,
        note: l.note || null,
      })),
    )
    .execute();
}

/** Creates a draft, or replaces the lines of the caller's own draft or rejected collection. */
export const saveDraft = mutation({
  access: "member",
  args: z.object({ collectionId: id.optional(), storeId: id, businessDate: isoDate, lines: z.array(lineSchema).max(500) }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const store = await storeForCollection(ctx.db, companyId, args.storeId);
    checkBusinessDate(args.businessDate, store.timeZone, new Date(ctx.now));
    const machines = await checkLines(ctx.db, companyId, args.storeId, args.lines);
    const total = totalCents(args.lines, machines);
    let collectionId = args.collectionId;
    if (collectionId) {
      const existing = await collectionOfCompany(ctx, collectionId, true);
      if (existing.collectorId !== ctx.user.id) throw new AccessError("Only the collector can change this collection");
      if (existing.status !== "draft" && existing.status !== "rejected") throw new AppError(`A ${existing.status} collection cannot be changed`);
      await ctx.db
        .updateTable("collections")
        .set({
          storeId: args.storeId,
          businessDate: args.businessDate,
          status: "draft",
          totalCents: total,
          lineCount: args.lines.length,
          updatedAt: new Date(),
        })
        .where("id", "=", collectionId)
        .where("companyId", "=", companyId)
        .execute();
    } else {
      collectionId = newId();
      await ctx.db
        .insertInto("collections")
        .values({
          id: collectionId,
          companyId,
          storeId: args.storeId,
          businessDate: args.businessDate,
          collectorId: ctx.user.id,
          status: "draft",
          totalCents: total,
          lineCount: args.lines.length,
          adjustsCollectionId: null,
          rejectionReason: null,
          submittedAt: null,
          verifiedAt: null,
          verifiedBy: null,
        })
        .execute();
    }
    await replaceLines(ctx, collectionId, args.lines);
    const warnings = await duplicateWarnings(
      ctx.db,
      companyId,
      args.storeId,
      args.businessDate,
      args.lines.map((l) => l.machineId),
      collectionId,
    );
    return { collectionId, totalCents: total, warnings };
  },
});

export const submit = mutation({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => {
    const c = await collectionOfCompany(ctx, collectionId, true);
    if (c.collectorId !== ctx.user.id) throw new AccessError("Only the collector can submit this collection");
    if (c.status !== "draft") throw new AppError(`A ${c.status} collection cannot be submitted`);
    const lines = await ctx.db
      .selectFrom("collectionLines")
      .select("id")
      .where("collectionId", "=", collectionId)
      .where("companyId", "=", ctx.company.id)
      .limit(1)
      .execute();
    if (!lines.length) throw new AppError("Add at least one machine before submitting");
    const store = await storeForCollection(ctx.db, ctx.company.id, c.storeId);
    checkBusinessDate(c.businessDate, store.timeZone, new Date(ctx.now));
    await ctx.db
      .updateTable("collections")
      .set({ status: "submitted", submittedAt: new Date(), updatedAt: new Date() })
      .where("id", "=", collectionId)
      .where("companyId", "=", ctx.company.id)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "submit",
      entity: "collection",
      entityId: collectionId,
      after: { status: "submitted", totalCents: Number(c.totalCents) },
    });
    return null;
  },
});

async function submittedForReview(ctx: MutationCtx<"member">, collectionId: string) {
  const c = await collectionOfCompany(ctx, collectionId, true);
  if (c.status !== "submitted") throw new AppError(`Only a submitted collection can be reviewed; this one is ${c.status}`);
  if (c.collectorId === ctx.user.id) throw new AccessError("You cannot verify your own collection");
  return c;
}

/** Makes the collection final and posts its total to the store's safe. */
export const verify = mutation({
  access: "canVerify",
  args: z.object({
    collectionId: id,
    /** Needed when machines of this collection are in another submitted or verified one of the same day. */
    duplicateReason: z.string().trim().min(1, "Give a reason for verifying a second collection").max(500).optional(),
  }),
  handler: async (ctx, { collectionId, duplicateReason }) => {
    const c = await submittedForReview(ctx, collectionId);
    // The same dollar must not be counted twice: a second collection of a machine on one date
    // goes through only with the verifier's reason, which stays on the record.
    const machineIds = (
      await ctx.db.selectFrom("collectionLines").select("machineId").where("companyId", "=", ctx.company.id).where("collectionId", "=", collectionId).execute()
    ).map((l) => l.machineId);
    const repeated = (await duplicateWarnings(ctx.db, ctx.company.id, c.storeId, c.businessDate, machineIds, collectionId)).filter((w) =>
      ["submitted", "verified"].includes(w.otherStatus),
    );
    let reason = duplicateReason ?? null;
    if (repeated.length) {
      // Above the company's amount a second verifier completes what the first approved with a reason.
      const { duplicateApprovalCents } = await cashSettings(ctx.db, ctx.company.id);
      const needsTwo = duplicateApprovalCents !== null && Math.abs(Number(c.totalCents)) > duplicateApprovalCents;
      if (needsTwo && c.duplicateApprovedBy === ctx.user.id) throw new AccessError(COLLECTION_MESSAGES.secondVerifierNeeded);
      if (needsTwo && c.duplicateApprovedBy) reason = c.duplicateReason;
      else if (!reason)
        throw new AppError(
          `${[...new Set(repeated.map((w) => w.label))].join(", ")} ${repeated.length === 1 ? "was" : "were"} already collected on ${c.businessDate}: give a reason to verify a second collection`,
        );
      else if (needsTwo) {
        await ctx.db
          .updateTable("collections")
          .set({ duplicateReason: reason, duplicateApprovedBy: ctx.user.id, duplicateApprovedAt: new Date(), updatedAt: new Date() })
          .where("id", "=", collectionId)
          .where("companyId", "=", ctx.company.id)
          .execute();
        await audit(ctx.db, {
          companyId: ctx.company.id,
          actorId: ctx.user.id,
          action: "approveDuplicate",
          entity: "collection",
          entityId: collectionId,
          after: { duplicateReason: reason, awaiting: "second verifier", thresholdCents: duplicateApprovalCents },
        });
        return { status: "awaitingSecondVerifier" as const };
      }
    }
    await ctx.db
      .updateTable("collections")
      .set({
        status: "verified",
        verifiedAt: new Date(),
        verifiedBy: ctx.user.id,
        rejectionReason: null,
        duplicateReason: repeated.length ? reason : null,
        updatedAt: new Date(),
      })
      .where("id", "=", collectionId)
      .where("companyId", "=", ctx.company.id)
      .execute();
    await keepExpectedFigures(ctx.db, ctx.company.id, { id: collectionId, storeId: c.storeId, businessDate: c.businessDate });
    await postCollection(ctx.db, {
      companyId: ctx.company.id,
      storeId: c.storeId,
      collectionId,
      businessDate: c.businessDate,
      actorId: ctx.user.id,
      description: `Collection ${c.businessDate}`,
    });
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "verify",
      entity: "collection",
      entityId: collectionId,
      before: { status: "submitted" },
      after: {
        status: "verified",
        totalCents: Number(c.totalCents),
        ...(repeated.length ? { duplicateReason: reason, ...(c.duplicateApprovedBy ? { firstVerifier: c.duplicateApprovedBy } : {}) } : {}),
      },
    });
    return { status: "verified" as const };
  },
});

export const reject = mutation({
  access: "canVerify",
  args: z.object({ collectionId: id, reason: z.string().trim().min(1, "Give a reason for the rejection").max(500) }),
  handler: async (ctx, { collectionId, reason }) => {
    await submittedForReview(ctx, collectionId);
    await ctx.db
      .updateTable("collections")
      // A first approval of a second collection does not outlive a rejection.
      .set({ status: "rejected", rejectionReason: reason, duplicateReason: null, duplicateApprovedBy: null, duplicateApprovedAt: null, updatedAt: new Date() })
      .where("id", "=", collectionId)
      .where("companyId", "=", ctx.company.id)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "reject",
      entity: "collection",
      entityId: collectionId,
      before: { status: "submitted" },
      after: { status: "rejected", reason },
    });
    return null;
  },
});

/**
 * Corrects a verified collection without touching it: `lines` give the corrected figures for the
 * machines that change; a linked adjusting record holds the differences and posts their sum.
 */
export const adjust = mutation({
  access: "isAdmin",
  args: z.object({
    collectionId: id,
    reason: adjustmentReasonSchema,
    lines: z.array(lineSchema).min(1).max(500),
  }),
  handler: async (ctx, { collectionId, reason, lines }) => {
    const companyId = ctx.company.id;
    const original = await collectionOfCompany(ctx, collectionId, true);
    if (original.status !== "verified" || original.adjustsCollectionId) throw new AppError("Only a verified collection can be adjusted");
    const machines = await checkLines(ctx.db, companyId, original.storeId, lines);
    // What each machine counts for now: the original line plus earlier adjustments.
    const current = await ctx.db
      .selectFrom("collectionLines as l")
      .innerJoin("collections as c", (j) => j.onRef("c.id", "=", "l.collectionId").onRef("c.companyId", "=", "l.companyId"))
      .select(["l.machineId", (eb) => eb.fn.sum<number>("l.coinsCents").as("coins"), (eb) => eb.fn.sum<number>("l.billsCents").as("bills")])
      .where("l.companyId", "=", companyId)
      .where((eb) => eb.or([eb("c.id", "=", collectionId), eb("c.adjustsCollectionId", "=", collectionId)]))
      .groupBy("l.machineId")
      .execute();
    const now = new Map(current.map((r) => [r.machineId, { coins: Number(r.coins), bills: Number(r.bills) }]));
    const deltas = lines
      .map((l) => ({ ...l, coinsCents: l.coinsCents - (now.get(l.machineId)?.coins ?? 0), billsCents: l.billsCents - (now.get(l.machineId)?.bills ?? 0) }))
      .filter((d) => d.coinsCents !== 0 || d.billsCents !== 0);
    if (!deltas.length) throw new AppError("These figures are what the collection already records");
    const delta = totalCents(deltas, machines);
    const adjustmentId = newId();
    await ctx.db
      .insertInto("collections")
      .values({
        id: adjustmentId,
        companyId,
        storeId: original.storeId,
        businessDate: original.businessDate,
        collectorId: ctx.user.id,
        status: "verified",
        totalCents: delta,
        lineCount: deltas.length,
        adjustsCollectionId: collectionId,
        adjustmentReason: reason,
        rejectionReason: null,
        submittedAt: new Date(),
        verifiedAt: new Date(),
        verifiedBy: ctx.user.id,
      })
      .execute();
    await ctx.db
      .insertInto("collectionLines")
      .values(
        deltas.map((d) => ({
          id: newId(),
          companyId,
          collectionId: adjustmentId,
          machineId: d.machineId,
          coinsCents: d.coinsCents,
          billsCents: d.billsCents,
          meterReading: d.meterReading ?? null,
          note: d.note || null,
        })),
      )
      .execute();
    // A collection in a closed period is corrected in the next open one: the closed figures never move,
    // and the adjusting entry names the collection and the period it corrects.
    const posting = await firstOpenDate(ctx.db, companyId, original.storeId, original.businessDate);
    await postCollection(ctx.db, {
      companyId,
      storeId: original.storeId,
      collectionId: adjustmentId,
      businessDate: posting.date,
      actorId: ctx.user.id,
      description: posting.closed
        ? `Adjustment of collection ${original.businessDate} (closed period ${posting.closed.from} – ${posting.closed.to}): ${reason}`
        : `Adjustment of collection ${original.businessDate}: ${reason}`,
    });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "adjust",
      entity: "collection",
      entityId: collectionId,
      before: { totalCents: Number(original.totalCents) },
      after: { adjustmentId, deltaCents: delta, reason },
    });
    return { adjustmentId, deltaCents: delta, postedOn: posting.date };
  },
});

/** Drafts may be deleted by their collector or an admin; nothing else is ever deleted. */
export const deleteDraft = mutation({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => {
    const c = await collectionOfCompany(ctx, collectionId, true);
    if (c.collectorId !== ctx.user.id && !ctx.permissions.isAdmin) throw new AccessError("Only the collector or an administrator can delete this draft");
    if (c.status !== "draft") throw new AppError("Only drafts can be deleted");
    await ctx.db.deleteFrom("collectionLines").where("collectionId", "=", collectionId).where("companyId", "=", ctx.company.id).execute();
    await ctx.db.deleteFrom("collections").where("id", "=", collectionId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "deleteDraft",
      entity: "collection",
      entityId: collectionId,
      before: { storeId: c.storeId, businessDate: c.businessDate, totalCents: Number(c.totalCents) },
    });
    return null;
  },
});

const listArgs = z.object({
  /** Without both dates, every date (the unverified badge's list). */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  storeId: id.optional(),
  collectorId: id.optional(),
  status: z.enum(STATUSES).optional(),
  includeAdjustments: z.boolean().optional(),
  sortBy: z.enum(["businessDate", "storeName", "totalCents", "status", "collectorEmail"]).optional(),
  sortDir: z.enum(["asc", "desc"]).optional(),
  limit: z.number().int().min(1).max(2000).optional(),
});

function listQuery(ctx: QueryCtx<"member">, args: z.infer<typeof listArgs>) {
  if (args.fromDate && args.toDate && args.fromDate > args.toDate) throw new AppError("The from date is after the to date");
  let q = summaries(ctx.db, ctx.company.id);
  if (args.fromDate) q = q.where("c.businessDate", ">=", args.fromDate);
  if (args.toDate) q = q.where("c.businessDate", "<=", args.toDate);
  if (args.storeId) q = q.where("c.storeId", "=", args.storeId);
  if (args.collectorId) q = q.where("c.collectorId", "=", args.collectorId);
  if (args.status) q = q.where("c.status", "=", args.status);
  if (!args.includeAdjustments) q = q.where("c.adjustsCollectionId", "is", null);
  // Someone else's draft is private to its collector (and admins, who may delete it).
  if (!ctx.permissions.isAdmin) q = q.where((eb) => eb.or([eb("c.status", "!=", "draft"), eb("c.collectorId", "=", ctx.user.id)]));
  const column = { businessDate: "c.businessDate", storeName: "s.name", totalCents: "c.totalCents", status: "c.status", collectorEmail: "u.email" } as const;
  return q
    .orderBy(column[args.sortBy ?? "businessDate"], args.sortDir ?? "desc")
    .orderBy("c.id")
    .limit(args.limit ?? 1000);
}

/** Collections in a date range, filtered and sorted (laundromat → collections-list). */
export const list = query({
  access: "member",
  args: listArgs,
  handler: async (ctx, args) => (await listQuery(ctx, args).execute()).map(toSummary),
});

/** The same rows as CSV, for those who may export reports. */
export const exportCsv = query({
  access: "canExportReports",
  args: listArgs,
  handler: async (ctx, args) => {
    const rows = (await listQuery(ctx, { ...args, limit: args.limit ?? 2000 }).execute()).map(toSummary);
    const header = [
      "Business date",
      "Store",
      "Collector",
      "Status",
      "Total (USD)",
      "Machines",
      "Submitted at",
      "Verified at",
      "Second collection of the day: reason",
    ];
    return toCsv(
      header,
      rows.map((r) => [
        r.businessDate,
        r.storeName,
        r.collectorEmail,
        r.status,
        (r.totalCents / 100).toFixed(2),
        r.lineCount,
        r.submittedAt ? new Date(r.submittedAt).toISOString() : "",
        r.verifiedAt ? new Date(r.verifiedAt).toISOString() : "",
        r.duplicateReason ?? "",
      ]),
    );
  },
});

export const listAllUnverifiedCollections = query({
  access: "member",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, { storeId }) => {
    let q = summaries(ctx.db, ctx.company.id).where("c.status", "=", "submitted");
    if (storeId) q = q.where("c.storeId", "=", storeId);
    return (await q.orderBy("c.submittedAt").limit(500).execute()).map(toSummary);
  },
});

export const listUserUnverifiedCollections = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await summaries(ctx.db, ctx.company.id)
      .where("c.status", "=", "submitted")
      .where("c.collectorId", "=", ctx.user.id)
      .orderBy("c.submittedAt")
      .limit(500)
      .execute();
    return rows.map(toSummary);
  },
});

/** The caller's drafts and rejected collections, to continue or correct. */
export const listMyOpenCollections = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await summaries(ctx.db, ctx.company.id)
      .where("c.collectorId", "=", ctx.user.id)
      .where("c.status", "in", ["draft", "rejected"])
      .orderBy("c.businessDate", "desc")
      .limit(100)
      .execute();
    return rows.map(toSummary);
  },
});

/** One collection with its lines, each beside the machine's expected figure, and its adjustments. */
export const get = query({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => {
    const companyId = ctx.company.id;
    const row = await summaries(ctx.db, companyId).where("c.id", "=", collectionId).executeTakeFirst();
    if (!row || (row.status === "draft" && row.collectorId !== ctx.user.id && !ctx.permissions.isAdmin)) throw new AppError("Collection not found");
    const lines = await ctx.db
      .selectFrom("collectionLines as l")
      .innerJoin("machines as m", (j) => j.onRef("m.id", "=", "l.machineId").onRef("m.companyId", "=", "l.companyId"))
      .innerJoin("storeSections as s", (j) => j.onRef("s.id", "=", "m.sectionId").onRef("s.companyId", "=", "m.companyId"))
      .innerJoin("equipmentTypes as t", (j) => j.onRef("t.id", "=", "m.equipmentTypeId").onRef("t.companyId", "=", "m.companyId"))
      .select([
        "l.id",
        "l.machineId",
        "l.coinsCents",
        "l.billsCents",
        "l.meterReading",
        "l.note",
        "m.label",
        "s.id as sectionId",
        "s.name as sectionName",
        "s.position as sectionPosition",
        "m.position",
        "t.name as typeName",
        "t.category",
        "t.specialCase",
      ])
      .where("l.companyId", "=", companyId)
      .where("l.collectionId", "=", collectionId)
      .orderBy("s.position")
      .orderBy("m.position")
      .execute();
    const expected = row.adjustsCollectionId
      ? new Map<string, number | null>()
      : await expectedFigures(
          ctx.db,
          companyId,
          lines.map((l) => l.machineId),
          row.businessDate,
          row.storeId,
        );
    const adjustments = await summaries(ctx.db, companyId).where("c.adjustsCollectionId", "=", collectionId).orderBy("c.createdAt").execute();
    // Kept on a verified record too: a second collection of the day stays flagged, with its reason.
    const warnings = row.adjustsCollectionId
      ? []
      : await duplicateWarnings(
          ctx.db,
          companyId,
          row.storeId,
          row.businessDate,
          lines.map((l) => l.machineId),
          collectionId,
        );
    return {
      ...toSummary(row),
      lines: lines.map((l) => {
        const isChanger = l.specialCase === "changer" || l.category === "change";
        const amountCents = lineAmountCents(l, isChanger);
        const expectedCents = expected.get(l.machineId) ?? null;
        return {
          _id: l.id,
          machineId: l.machineId,
          label: l.label,
          sectionId: l.sectionId,
          sectionName: l.sectionName,
          typeName: l.typeName,
          isChanger,
          coinsCents: l.coinsCents,
          billsCents: l.billsCents,
          meterReading: l.meterReading,
          note: l.note,
          amountCents,
          expectedCents,
          isLow: isLowLine(amountCents, expectedCents),
        };
      }),
      adjustments: adjustments.map(toSummary),
      warnings,
    };
  },
});
