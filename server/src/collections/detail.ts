import type { Kysely } from "kysely";
import { isLowLine, lineAmountCents } from "@tumble/domain/collectionStats";
import type { DB } from "../db/schema.ts";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import { refused } from "../runtime/errors.ts";
import { duplicateWarnings } from "./duplicates.ts";
import { expectedFigures } from "./expected.ts";
import { summaries, toSummary, type CollectionViewer } from "./summaries.ts";

/** One collection with its lines, each beside the machine's expected figure, and its adjustments. */
export async function collectionDetail(db: Kysely<DB>, viewer: CollectionViewer, collectionId: string) {
  const { companyId } = viewer;
  const row = await summaries(db, companyId).where("c.id", "=", collectionId).executeTakeFirst();
  if (!row || (row.status === "draft" && row.collectorId !== viewer.userId && !viewer.isAdmin)) throw refused(collectionRefusal("collectionNotFound"));
  const lines = await db
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
        db,
        companyId,
        lines.map((l) => l.machineId),
        row.businessDate,
        row.storeId,
      );
  const adjustments = await summaries(db, companyId).where("c.adjustsCollectionId", "=", collectionId).orderBy("c.createdAt").execute();
  // Kept on a verified record too: a second collection of the day stays flagged, with its reason.
  const warnings = row.adjustsCollectionId
    ? []
    : await duplicateWarnings(
        db,
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
}
