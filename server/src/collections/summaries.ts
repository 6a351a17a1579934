import { sql, type Kysely } from "kysely";
import { isoDate } from "../db/isoDate.ts";
import type { DB } from "../db/schema.ts";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import { refused } from "../runtime/errors.ts";
import { PAGE_SIZE_DEFAULT, pageOf } from "../runtime/paging.ts";

// A collection as every list shows it: its store, collector, status, total and review marks.

/** Who reads: someone else's draft is private to its collector (and admins, who may delete it). */
export interface CollectionViewer {
  companyId: string;
  userId: string;
  isAdmin: boolean;
}

/** The filters and order of the collections list (collections:list and its CSV). */
export interface CollectionListFilters {
  /** Without both dates, every date (the unverified badge's list). */
  fromDate?: string;
  toDate?: string;
  storeId?: string;
  collectorId?: string;
  status?: "draft" | "submitted" | "verified" | "rejected";
  includeAdjustments?: boolean;
  sortBy?: "businessDate" | "storeName" | "totalCents" | "status" | "collectorEmail";
  sortDir?: "asc" | "desc";
  limit?: number;
}

export function summaries(db: Kysely<DB>, companyId: string) {
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

export function toSummary(r: SummaryRow) {
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

function filtered(db: Kysely<DB>, viewer: CollectionViewer, args: CollectionListFilters) {
  if (args.fromDate && args.toDate && args.fromDate > args.toDate) throw refused(collectionRefusal("fromAfterTo"));
  let q = summaries(db, viewer.companyId);
  if (args.fromDate) q = q.where("c.businessDate", ">=", args.fromDate);
  if (args.toDate) q = q.where("c.businessDate", "<=", args.toDate);
  if (args.storeId) q = q.where("c.storeId", "=", args.storeId);
  if (args.collectorId) q = q.where("c.collectorId", "=", args.collectorId);
  if (args.status) q = q.where("c.status", "=", args.status);
  if (!args.includeAdjustments) q = q.where("c.adjustsCollectionId", "is", null);
  // Someone else's draft is private to its collector (and admins, who may delete it).
  if (!viewer.isAdmin) q = q.where((eb) => eb.or([eb("c.status", "!=", "draft"), eb("c.collectorId", "=", viewer.userId)]));
  return q;
}

function listQuery(db: Kysely<DB>, viewer: CollectionViewer, args: CollectionListFilters) {
  const q = filtered(db, viewer, args);
  const column = { businessDate: "c.businessDate", storeName: "s.name", totalCents: "c.totalCents", status: "c.status", collectorEmail: "u.email" } as const;
  return q
    .orderBy(column[args.sortBy ?? "businessDate"], args.sortDir ?? "desc")
    .orderBy("c.id")
    .limit(args.limit ?? 1000);
}

/** Collections in a date range, filtered and sorted (laundromat → collections-list). */
export async function listCollections(db: Kysely<DB>, viewer: CollectionViewer, args: CollectionListFilters) {
  return (await listQuery(db, viewer, args).execute()).map(toSummary);
}

/** "business date:id" of the last row of a page. */
export const COLLECTION_CURSOR = /^\d{4}-\d{2}-\d{2}:[a-z2-7]{32}$/;

/** The list's rows a page at a time, newest business date first, then by id; the next page starts after the cursor. */
export async function listCollectionsPage(
  db: Kysely<DB>,
  viewer: CollectionViewer,
  args: Omit<CollectionListFilters, "sortBy" | "sortDir" | "limit"> & { cursor?: string; pageSize?: number },
) {
  const pageSize = args.pageSize ?? PAGE_SIZE_DEFAULT;
  let q = filtered(db, viewer, args);
  if (args.cursor) {
    const at = args.cursor.indexOf(":");
    q = q.where(sql<boolean>`(c.business_date, c.id) < (${args.cursor.slice(0, at)}::date, ${args.cursor.slice(at + 1)})`);
  }
  const rows = await q
    .orderBy("c.businessDate", "desc")
    .orderBy("c.id", "desc")
    .limit(pageSize + 1)
    .execute();
  return pageOf(rows, pageSize, (r) => `${isoDate(r.businessDate)}:${r.id}`, toSummary);
}

/** Every submitted collection awaiting review, oldest first; of one store when given. */
export async function listAllUnverified(db: Kysely<DB>, companyId: string, storeId: string | undefined) {
  let q = summaries(db, companyId).where("c.status", "=", "submitted");
  if (storeId) q = q.where("c.storeId", "=", storeId);
  return (await q.orderBy("c.submittedAt").limit(500).execute()).map(toSummary);
}

/** The collector's own submitted collections awaiting review, oldest first. */
export async function listUserUnverified(db: Kysely<DB>, companyId: string, userId: string) {
  const rows = await summaries(db, companyId)
    .where("c.status", "=", "submitted")
    .where("c.collectorId", "=", userId)
    .orderBy("c.submittedAt")
    .limit(500)
    .execute();
  return rows.map(toSummary);
}

/** The caller's drafts and rejected collections, to continue or correct. */
export async function listMyOpen(db: Kysely<DB>, companyId: string, userId: string) {
  const rows = await summaries(db, companyId)
    .where("c.collectorId", "=", userId)
    .where("c.status", "in", ["draft", "rejected"])
    .orderBy("c.businessDate", "desc")
    .limit(100)
    .execute();
  return rows.map(toSummary);
}
