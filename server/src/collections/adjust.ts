import type { Kysely } from "kysely";
import { firstOpenDate } from "../cash/closedPeriods.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { postCollection } from "./posting.ts";
import { checkLines, collectionOfCompany, totalCents, type LineInput } from "./rules.ts";

/**
 * Corrects a verified collection without touching it: `lines` give the corrected figures for the
 * machines that change; a linked adjusting record holds the differences and posts their sum.
 */
export async function adjustCollection(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  { collectionId, reason, lines }: { collectionId: string; reason: string; lines: LineInput[] },
) {
  const original = await collectionOfCompany(db, companyId, collectionId, true);
  if (original.status !== "verified" || original.adjustsCollectionId) throw refused(collectionRefusal("notAdjustable"));
  const machines = await checkLines(db, companyId, original.storeId, lines);
  // What each machine counts for now: the original line plus earlier adjustments.
  const current = await db
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
  if (!deltas.length) throw refused(collectionRefusal("nothingToAdjust"));
  const delta = totalCents(deltas, machines);
  const adjustmentId = newId();
  await db
    .insertInto("collections")
    .values({
      id: adjustmentId,
      companyId,
      storeId: original.storeId,
      businessDate: original.businessDate,
      collectorId: userId,
      status: "verified",
      totalCents: delta,
      lineCount: deltas.length,
      adjustsCollectionId: collectionId,
      adjustmentReason: reason,
      rejectionReason: null,
      submittedAt: new Date(),
      verifiedAt: new Date(),
      verifiedBy: userId,
    })
    .execute();
  await db
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
  const posting = await firstOpenDate(db, companyId, original.storeId, original.businessDate);
  await postCollection(db, {
    companyId,
    storeId: original.storeId,
    collectionId: adjustmentId,
    businessDate: posting.date,
    actorId: userId,
    description: posting.closed
      ? `Adjustment of collection ${original.businessDate} (closed period ${posting.closed.from} – ${posting.closed.to}): ${reason}`
      : `Adjustment of collection ${original.businessDate}: ${reason}`,
  });
  await audit(db, {
    companyId,
    actorId: userId,
    action: "adjust",
    entity: "collection",
    entityId: collectionId,
    before: { totalCents: Number(original.totalCents) },
    after: { adjustmentId, deltaCents: delta, reason },
  });
  return { adjustmentId, deltaCents: delta, postedOn: posting.date };
}
