import type { Kysely } from "kysely";
import { cashSettings } from "../cash/settings.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import { AccessError, refused } from "../runtime/errors.ts";
import { duplicateWarnings } from "./duplicates.ts";
import { keepExpectedFigures } from "./expected.ts";
import { postCollection } from "./posting.ts";
import { collectionOfCompany } from "./rules.ts";

// A submitted collection's review: verified (final, posted to the store's safe) or rejected back
// to its collector. Nobody reviews their own collection.

async function submittedForReview(db: Kysely<DB>, companyId: string, userId: string, collectionId: string) {
  const c = await collectionOfCompany(db, companyId, collectionId, true);
  if (c.status !== "submitted") throw refused(collectionRefusal("notSubmitted", { status: c.status }));
  if (c.collectorId === userId) throw refused(collectionRefusal("ownCollection"), AccessError);
  return c;
}

/** Makes the collection final and posts its total to the store's safe. */
export async function verifyCollection(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  { collectionId, duplicateReason }: { collectionId: string; duplicateReason?: string },
) {
  const c = await submittedForReview(db, companyId, userId, collectionId);
  // The same dollar must not be counted twice: a second collection of a machine on one date
  // goes through only with the verifier's reason, which stays on the record.
  const machineIds = (
    await db.selectFrom("collectionLines").select("machineId").where("companyId", "=", companyId).where("collectionId", "=", collectionId).execute()
  ).map((l) => l.machineId);
  const repeated = (await duplicateWarnings(db, companyId, c.storeId, c.businessDate, machineIds, collectionId)).filter((w) =>
    ["submitted", "verified"].includes(w.otherStatus),
  );
  let reason = duplicateReason ?? null;
  if (repeated.length) {
    // Above the company's amount a second verifier completes what the first approved with a reason.
    const { duplicateApprovalCents } = await cashSettings(db, companyId);
    const needsTwo = duplicateApprovalCents !== null && Math.abs(Number(c.totalCents)) > duplicateApprovalCents;
    if (needsTwo && c.duplicateApprovedBy === userId) throw refused(collectionRefusal("secondVerifierNeeded"), AccessError);
    if (needsTwo && c.duplicateApprovedBy) reason = c.duplicateReason;
    else if (!reason)
      throw refused(
        collectionRefusal("duplicateNeedsReason", {
          labels: [...new Set(repeated.map((w) => w.label))].join(", "),
          count: repeated.length,
          businessDate: c.businessDate,
        }),
      );
    else if (needsTwo) {
      await db
        .updateTable("collections")
        .set({ duplicateReason: reason, duplicateApprovedBy: userId, duplicateApprovedAt: new Date(), updatedAt: new Date() })
        .where("id", "=", collectionId)
        .where("companyId", "=", companyId)
        .execute();
      await audit(db, {
        companyId,
        actorId: userId,
        action: "approveDuplicate",
        entity: "collection",
        entityId: collectionId,
        after: { duplicateReason: reason, awaiting: "second verifier", thresholdCents: duplicateApprovalCents },
      });
      return { status: "awaitingSecondVerifier" as const };
    }
  }
  await db
    .updateTable("collections")
    .set({
      status: "verified",
      verifiedAt: new Date(),
      verifiedBy: userId,
      rejectionReason: null,
      duplicateReason: repeated.length ? reason : null,
      updatedAt: new Date(),
    })
    .where("id", "=", collectionId)
    .where("companyId", "=", companyId)
    .execute();
  await keepExpectedFigures(db, companyId, { id: collectionId, storeId: c.storeId, businessDate: c.businessDate });
  await postCollection(db, {
    companyId,
    storeId: c.storeId,
    collectionId,
    businessDate: c.businessDate,
    actorId: userId,
    description: `Collection ${c.businessDate}`,
  });
  await audit(db, {
    companyId,
    actorId: userId,
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
}

/** Sends a submitted collection back to its collector with the reviewer's reason. */
export async function rejectCollection(db: Kysely<DB>, companyId: string, userId: string, { collectionId, reason }: { collectionId: string; reason: string }) {
  await submittedForReview(db, companyId, userId, collectionId);
  await db
    .updateTable("collections")
    // A first approval of a second collection does not outlive a rejection.
    .set({ status: "rejected", rejectionReason: reason, duplicateReason: null, duplicateApprovedBy: null, duplicateApprovedAt: null, updatedAt: new Date() })
    .where("id", "=", collectionId)
    .where("companyId", "=", companyId)
    .execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "reject",
    entity: "collection",
    entityId: collectionId,
    before: { status: "submitted" },
    after: { status: "rejected", reason },
  });
  return null;
}
