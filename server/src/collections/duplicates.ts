import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Other collections of the same store and date that already include any of these machines. */
export async function duplicateWarnings(db: Kysely<DB>, companyId: string, storeId: string, businessDate: string, machineIds: string[], exceptId: string) {
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
