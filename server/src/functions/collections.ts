import { z } from "zod";
import { adjustmentReasonSchema } from "@tumble/domain/collectionAdjustment";
import { rejectionReasonSchema } from "@tumble/domain/collectionReview";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { adjustCollection } from "../collections/adjust.ts";
import { collectionsCsv } from "../collections/csv.ts";
import { collectionDetail } from "../collections/detail.ts";
import { deleteCollectionDraft, saveCollectionDraft, submitCollection } from "../collections/drafts.ts";
import { rejectCollection, verifyCollection } from "../collections/review.ts";
import { MAX_LINE_CENTS } from "../collections/rules.ts";
import {
  COLLECTION_CURSOR,
  listAllUnverified,
  listCollections,
  listCollectionsPage,
  listMyOpen,
  listUserUnverified,
  type CollectionViewer,
} from "../collections/summaries.ts";
import { mutation, query, type QueryCtx } from "../runtime/define.ts";
import { cursorArg, pageSizeArg } from "../runtime/paging.ts";

// Collections: one collector's visit to one store on one business date (design/domain.md).
// draft → submitted → verified | rejected (→ corrected → submitted again). Verified ones are
// final: corrections are linked adjusting records. The logic is in server/src/collections.

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

/** The caller, for the rules on who sees and deletes a draft. */
const viewer = (ctx: QueryCtx<"member">): CollectionViewer => ({ companyId: ctx.company.id, userId: ctx.user.id, isAdmin: ctx.permissions.isAdmin });

/** Creates a draft, or replaces the lines of the caller's own draft or rejected collection. */
export const saveDraft = mutation({
  access: "member",
  args: z.object({ collectionId: id.optional(), storeId: id, businessDate: isoDate, lines: z.array(lineSchema).max(500) }),
  handler: async (ctx, args) => saveCollectionDraft(ctx.db, ctx.company.id, ctx.user.id, ctx.now, args),
});

export const submit = mutation({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => submitCollection(ctx.db, ctx.company.id, ctx.user.id, ctx.now, collectionId),
});

/** Makes the collection final and posts its total to the store's safe. */
export const verify = mutation({
  access: "canVerify",
  args: z.object({
    collectionId: id,
    /** Needed when machines of this collection are in another submitted or verified one of the same day. */
    duplicateReason: z.string().trim().min(1, "Give a reason for verifying a second collection").max(500).optional(),
  }),
  handler: async (ctx, args) => verifyCollection(ctx.db, ctx.company.id, ctx.user.id, args),
});

export const reject = mutation({
  access: "canVerify",
  args: z.object({ collectionId: id, reason: rejectionReasonSchema }),
  handler: async (ctx, args) => rejectCollection(ctx.db, ctx.company.id, ctx.user.id, args),
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
  handler: async (ctx, args) => adjustCollection(ctx.db, ctx.company.id, ctx.user.id, args),
});

/** Drafts may be deleted by their collector or an admin; nothing else is ever deleted. */
export const deleteDraft = mutation({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => deleteCollectionDraft(ctx.db, viewer(ctx), collectionId),
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

/** Collections in a date range, filtered and sorted (laundromat → collections-list). */
export const list = query({
  access: "member",
  args: listArgs,
  handler: async (ctx, args) => listCollections(ctx.db, viewer(ctx), args),
});

/**
 * The list's rows a page at a time (newest business date first, then by id) with the cursor of the
 * next page, null on the last: the collections browser pages through every row instead of stopping at a cap.
 */
export const listPage = query({
  access: "member",
  args: listArgs.omit({ sortBy: true, sortDir: true, limit: true }).extend({ cursor: cursorArg(COLLECTION_CURSOR), pageSize: pageSizeArg }),
  handler: async (ctx, args) => listCollectionsPage(ctx.db, viewer(ctx), args),
});

/** The same rows as CSV, for those who may export reports. */
export const exportCsv = query({
  access: "canExportReports",
  args: listArgs,
  handler: async (ctx, args) => collectionsCsv(ctx.db, viewer(ctx), args),
});

export const listAllUnverifiedCollections = query({
  access: "member",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, { storeId }) => listAllUnverified(ctx.db, ctx.company.id, storeId),
});

export const listUserUnverifiedCollections = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => listUserUnverified(ctx.db, ctx.company.id, ctx.user.id),
});

/** The caller's drafts and rejected collections, to continue or correct. */
export const listMyOpenCollections = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => listMyOpen(ctx.db, ctx.company.id, ctx.user.id),
});

/** One collection with its lines, each beside the machine's expected figure, and its adjustments. */
export const get = query({
  access: "member",
  args: z.object({ collectionId: id }),
  handler: async (ctx, { collectionId }) => collectionDetail(ctx.db, viewer(ctx), collectionId),
});
