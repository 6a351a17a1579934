import { sql, type Kysely } from "kysely";
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
    .innerJoin("collections as c", (j) => j.onRef("c.id", "=", "l.collectionId").onRef("c.companyId", "=", "l.companyId"))
    .innerJoin("machines as m", (j) => j.onRef("m.id", "=", "l.machineId").onRef("m.companyId", "=", "l.companyId"))
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.id", "=", "m.equipmentTypeId").onRef("t.companyId", "=", "m.companyId"))
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

/**
 * Keeps on each line of a collection being verified the expected figure the verifier saw, so the
 * collector report sums figures instead of recomputing eight weeks of history per line (migration
 * 0019). Changers have none: what they take in is change.
 */
export async function keepExpectedFigures(db: Kysely<DB>, companyId: string, collection: { id: string; storeId: string; businessDate: string }): Promise<void> {
  const lines = await db
    .selectFrom("collectionLines as l")
    .innerJoin("machines as m", (j) => j.onRef("m.companyId", "=", "l.companyId").onRef("m.id", "=", "l.machineId"))
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
    .select(["l.id", "l.machineId", "t.category", "t.specialCase"])
    .where("l.companyId", "=", companyId)
    .where("l.collectionId", "=", collection.id)
    .execute();
  const counted = lines.filter((l) => l.specialCase !== "changer" && l.category !== "change");
  const expected = await expectedFigures(
    db,
    companyId,
    counted.map((l) => l.machineId),
    collection.businessDate,
    collection.storeId,
  );
  const figures = counted.map((l) => ({ id: l.id, expected: expected.get(l.machineId) ?? null })).filter((f) => f.expected !== null);
  if (!figures.length) return;
  await sql`update collection_lines l set expected_cents = v.expected
    from unnest(${figures.map((f) => f.id)}::text[], ${figures.map((f) => f.expected)}::bigint[]) as v(id, expected)
    where l.company_id = ${companyId} and l.id = v.id`.execute(db);
}
