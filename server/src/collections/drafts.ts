import type { Kysely } from "kysely";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { duplicateWarnings } from "./duplicates.ts";
import { checkBusinessDate, checkLines, collectionOfCompany, storeForCollection, totalCents, type LineInput } from "./rules.ts";
import type { CollectionViewer } from "./summaries.ts";

// A collector's own collection before review: saved as a draft (again after a rejection),
// submitted for review, or deleted while still a draft.

async function replaceLines(db: Kysely<DB>, companyId: string, collectionId: string, lines: LineInput[]) {
  await db.deleteFrom("collectionLines").where("collectionId", "=", collectionId).where("companyId", "=", companyId).execute();
  if (!lines.length) return;
  await db
    .insertInto("collectionLines")
    .values(
      lines.map((l) => ({
        id: newId(),
        companyId,
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
export async function saveCollectionDraft(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  now: number,
  args: { collectionId?: string; storeId: string; businessDate: string; lines: LineInput[] },
) {
  const store = await storeForCollection(db, companyId, args.storeId);
  checkBusinessDate(args.businessDate, store.timeZone, new Date(now));
  const machines = await checkLines(db, companyId, args.storeId, args.lines);
  const total = totalCents(args.lines, machines);
  let collectionId = args.collectionId;
  if (collectionId) {
    const existing = await collectionOfCompany(db, companyId, collectionId, true);
    if (existing.collectorId !== userId) throw refused(collectionRefusal("onlyCollectorChanges"), AccessError);
    if (existing.status !== "draft" && existing.status !== "rejected") throw refused(collectionRefusal("cannotChange", { status: existing.status }));
    await db
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
    await db
      .insertInto("collections")
      .values({
        id: collectionId,
        companyId,
        storeId: args.storeId,
        businessDate: args.businessDate,
        collectorId: userId,
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
  await replaceLines(db, companyId, collectionId, args.lines);
  const warnings = await duplicateWarnings(
    db,
    companyId,
    args.storeId,
    args.businessDate,
    args.lines.map((l) => l.machineId),
    collectionId,
  );
  return { collectionId, totalCents: total, warnings };
}

/** Sends the caller's draft for review. */
export async function submitCollection(db: Kysely<DB>, companyId: string, userId: string, now: number, collectionId: string) {
  const c = await collectionOfCompany(db, companyId, collectionId, true);
  if (c.collectorId !== userId) throw refused(collectionRefusal("onlyCollectorSubmits"), AccessError);
  if (c.status !== "draft") throw refused(collectionRefusal("cannotSubmit", { status: c.status }));
  const lines = await db
    .selectFrom("collectionLines")
    .select("id")
    .where("collectionId", "=", collectionId)
    .where("companyId", "=", companyId)
    .limit(1)
    .execute();
  if (!lines.length) throw refused(collectionRefusal("noLines"));
  const store = await storeForCollection(db, companyId, c.storeId);
  checkBusinessDate(c.businessDate, store.timeZone, new Date(now));
  await db
    .updateTable("collections")
    .set({ status: "submitted", submittedAt: new Date(), updatedAt: new Date() })
    .where("id", "=", collectionId)
    .where("companyId", "=", companyId)
    .execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "submit",
    entity: "collection",
    entityId: collectionId,
    after: { status: "submitted", totalCents: Number(c.totalCents) },
  });
  return null;
}

/** Drafts may be deleted by their collector or an admin; nothing else is ever deleted. */
export async function deleteCollectionDraft(db: Kysely<DB>, viewer: CollectionViewer, collectionId: string) {
  const { companyId, userId } = viewer;
  const c = await collectionOfCompany(db, companyId, collectionId, true);
  if (c.collectorId !== userId && !viewer.isAdmin) throw refused(collectionRefusal("onlyCollectorOrAdminDeletes"), AccessError);
  if (c.status !== "draft") throw refused(collectionRefusal("onlyDraftsDeleted"));
  await db.deleteFrom("collectionLines").where("collectionId", "=", collectionId).where("companyId", "=", companyId).execute();
  await db.deleteFrom("collections").where("id", "=", collectionId).where("companyId", "=", companyId).execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "deleteDraft",
    entity: "collection",
    entityId: collectionId,
    before: { storeId: c.storeId, businessDate: c.businessDate, totalCents: Number(c.totalCents) },
  });
  return null;
}
