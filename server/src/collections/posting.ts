import type { Kysely } from "kysely";
import { moveLegs } from "@tumble/domain/cashLedger";
import { ledgerAccountId, storeAccountId } from "../cash/accounts.ts";
import { createEntry } from "../cash/ledger.ts";
import type { DB } from "../db/schema.ts";

/**
 * A verified collection enters the store's safe from collections income as an approved entry; an
 * adjusting record posts its difference the same way (a negative one takes money back out).
 */
export async function postCollection(
  db: Kysely<DB>,
  entry: { companyId: string; storeId: string; collectionId: string; businessDate: string; amountCents: number; actorId: string; description: string },
): Promise<void> {
  if (entry.amountCents === 0) return;
  const safe = await storeAccountId(db, entry.companyId, entry.storeId, "safe");
  const income = await ledgerAccountId(db, entry.companyId, "collections_income");
  await createEntry(db, {
    companyId: entry.companyId,
    kind: "collection",
    status: "approved",
    storeId: entry.storeId,
    businessDate: entry.businessDate,
    legs: moveLegs(income, safe, entry.amountCents),
    description: entry.description,
    requestedBy: entry.actorId,
    collectionId: entry.collectionId,
  });
}
