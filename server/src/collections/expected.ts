import type { Kysely } from "kysely";
import { expectedFigure, expectedWindow, lineAmountCents } from "@tumble/domain/collectionStats";
import type { DB } from "../db/schema.ts";

/**
 * Expected take per machine for a business date, from each machine's own verified lines in the
 * eight weeks before it (see packages/domain/src/collectionStats.ts). One query for all machines.
 * Given the machines' store (a machine never changes store), the query starts from that store's
 * few collections in the window instead of each machine's whole history.
 */
export async function expectedFigures(
  db: Kysely<DB>,
  companyId: string,
  machineIds: string[],
  businessDate: string,
  storeId?: string,
): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>(machineIds.map((id) => [id, null]));
  if (!machineIds.length) return result;
  const { fromDate, toDate } = expectedWindow(businessDate);
  let q = db
    .selectFrom("collectionLines as l")
    .innerJoin("collections as c", "c.id", "l.collectionId")
    .innerJoin("machines as m", "m.id", "l.machineId")
    .innerJoin("equipmentTypes as t", "t.id", "m.equipmentTypeId")
    .select(["l.machineId", "l.coinsCents", "l.billsCents", "c.businessDate", "t.category", "t.specialCase"])
    .where("l.companyId", "=", companyId)
    .where("c.companyId", "=", companyId)
    .where("l.machineId", "in", machineIds)
    .where("c.status", "=", "verified")
    .where("c.adjustsCollectionId", "is", null)
    .where("c.businessDate", ">=", fromDate)
    .where("c.businessDate", "<", toDate);
  if (storeId) q = q.where("c.storeId", "=", storeId);
  const rows = await q.execute();
  const history = new Map<string, Array<{ businessDate: string; amountCents: number }>>();
  for (const r of rows) {
    const list = history.get(r.machineId) ?? [];
    list.push({ businessDate: r.businessDate, amountCents: lineAmountCents(r, r.specialCase === "changer" || r.category === "change") });
    history.set(r.machineId, list);
  }
  for (const [machineId, list] of history) result.set(machineId, expectedFigure(list, businessDate));
  return result;
}
