import { sql, type Kysely } from "kysely";
import type { Leg } from "@tumble/domain/cashLedger";
import { createEntry } from "../cash/ledger.ts";
import type { DB } from "../db/schema.ts";
import { firstOpenDate, isoDate } from "../cash/closedPeriods.ts";
import { collectionLegs } from "./posting.ts";

// Collections verified before decision 0052 booked a changer's bills less coins as collections
// income. This brings every verified record's postings to what its lines post today with a dated
// correcting entry (posted lines are never edited): on the collection's business date, or the
// first open day after it when that date is in a closed period, named in the description. What
// is already right posts nothing, so running it twice changes nothing. A collection never posted
// (history brought in by a collections import, which the ledger does not hold) booked nothing to
// correct, and is left alone.

export async function correctChangerPostings(db: Kysely<DB>): Promise<number> {
  const records = await db
    .selectFrom("collections as c")
    .select(["c.id", "c.companyId", "c.storeId", "c.businessDate", "c.verifiedBy", "c.adjustsCollectionId"])
    .where("c.status", "=", "verified")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("cashTransactions as t")
          .select(sql`1`.as("one"))
          .whereRef("t.companyId", "=", "c.companyId")
          .whereRef("t.collectionId", "=", "c.id")
          .where("t.kind", "=", "collection"),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("collectionLines as l")
          .innerJoin("machines as m", (j) => j.onRef("m.companyId", "=", "l.companyId").onRef("m.id", "=", "l.machineId"))
          .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
          .select(sql`1`.as("one"))
          .whereRef("l.collectionId", "=", "c.id")
          .where(sql<boolean>`(t.special_case = 'changer' or t.category = 'change') and l.bills_cents <> l.coins_cents`),
      ),
    )
    .orderBy("c.businessDate")
    .orderBy("c.id")
    .execute();
  let corrected = 0;
  for (const c of records) {
    const posted = await db
      .selectFrom("cashEntries as e")
      .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
      .select(["e.accountId", sql<string>`sum(e.amount_cents)`.as("cents")])
      .where("t.companyId", "=", c.companyId)
      .where("t.collectionId", "=", c.id)
      .where("t.kind", "in", ["collection", "collection_correction"])
      .where("e.seq", "is not", null)
      .groupBy("e.accountId")
      .execute();
    const due = new Map<string, number>();
    for (const leg of await collectionLegs(db, c.companyId, c.storeId, c.id)) due.set(leg.accountId, leg.amountCents);
    for (const p of posted) due.set(p.accountId, (due.get(p.accountId) ?? 0) - Number(p.cents));
    const legs: Leg[] = [...due].filter(([, cents]) => cents !== 0).map(([accountId, amountCents]) => ({ accountId, amountCents }));
    if (legs.length < 2) continue;
    const date = isoDate(c.businessDate);
    const posting = await firstOpenDate(db, c.companyId, c.storeId, date);
    await createEntry(db, {
      companyId: c.companyId,
      kind: "collection_correction",
      status: "approved",
      storeId: c.storeId,
      businessDate: posting.date,
      legs,
      description:
        `Correction of collection ${date}: a changer's bills less coins paid out are change, not income` +
        (posting.closed ? ` (closed period ${posting.closed.from} – ${posting.closed.to})` : ""),
      requestedBy: c.verifiedBy,
      collectionId: c.id,
    });
    corrected++;
  }
  return corrected;
}
