import { sql, type Kysely } from "kysely";
import { collectionSplit } from "@tumble/domain/collectionStats";
import type { Leg } from "@tumble/domain/cashLedger";
import { ledgerAccountId, storeAccountId } from "../cash/accounts.ts";
import { createEntry } from "../cash/ledger.ts";
import type { DB } from "../db/schema.ts";

// A verified collection (or an adjusting record, whose lines are differences) posts its total to
// the store's safe. The other side depends on the machine (docs/decisions/0052): machines earn
// collections income; a bill changer runs on an imprest float the collector refills from the safe
// with the coins it paid out, so its bills in less coins out is a cash over or short, not income.
// Ledger income therefore equals the revenue report, which leaves changers out too.

/** A collection record's lines with their changer flag, in the company. */
export async function linesForPosting(db: Kysely<DB>, companyId: string, collectionId: string) {
  return db
    .selectFrom("collectionLines as l")
    .innerJoin("machines as m", (j) => j.onRef("m.companyId", "=", "l.companyId").onRef("m.id", "=", "l.machineId"))
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
    .select(["l.coinsCents", "l.billsCents", sql<boolean>`coalesce(t.special_case = 'changer' or t.category = 'change', false)`.as("isChanger")])
    .where("l.companyId", "=", companyId)
    .where("l.collectionId", "=", collectionId)
    .execute();
}

/** The lines a collection record posts: safe +total, income −machine income, over/short −changer net. */
export async function collectionLegs(db: Kysely<DB>, companyId: string, storeId: string, collectionId: string): Promise<Leg[]> {
  const lines = await linesForPosting(db, companyId, collectionId);
  const { incomeCents, changerCents } = collectionSplit(
    lines.map((l) => ({ coinsCents: Number(l.coinsCents), billsCents: Number(l.billsCents), isChanger: l.isChanger })),
  );
  const legs: Leg[] = [
    { accountId: await storeAccountId(db, companyId, storeId, "safe"), amountCents: incomeCents + changerCents },
    { accountId: await ledgerAccountId(db, companyId, "collections_income"), amountCents: -incomeCents },
    { accountId: await ledgerAccountId(db, companyId, "cash_over_short"), amountCents: -changerCents },
  ];
  return legs.filter((l) => l.amountCents !== 0);
}

export async function postCollection(
  db: Kysely<DB>,
  entry: { companyId: string; storeId: string; collectionId: string; businessDate: string; actorId: string; description: string },
): Promise<void> {
  const legs = await collectionLegs(db, entry.companyId, entry.storeId, entry.collectionId);
  if (legs.length < 2) return;
  await createEntry(db, {
    companyId: entry.companyId,
    kind: "collection",
    status: "approved",
    storeId: entry.storeId,
    businessDate: entry.businessDate,
    legs,
    description: entry.description,
    requestedBy: entry.actorId,
    collectionId: entry.collectionId,
  });
}
