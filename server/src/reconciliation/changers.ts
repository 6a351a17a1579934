import { sql, type Kysely } from "kysely";
import { cashSettings } from "../cash/settings.ts";
import type { DB } from "../db/schema.ts";

// Changer balancing: a bill changer gives out in coins what it takes in bills. Per changer and
// day, the bills taken in and the coins paid out recorded on verified collections (adjusting
// records included, so corrections count) and their difference; for the store, the same summed
// and what the ledger booked to cash over/short for it (docs/decisions/0052: a changer's net is
// change, never income). A difference beyond the company's variance threshold is flagged.

export async function changerBalance(db: Kysely<DB>, companyId: string, storeId: string, from: string, to: string) {
  const { varianceThresholdCents } = await cashSettings(db, companyId);
  const changers = await db
    .selectFrom("machines as m")
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
    .select(["m.id", "m.label"])
    .where("m.companyId", "=", companyId)
    .where("m.storeId", "=", storeId)
    .where("t.specialCase", "=", "changer")
    .orderBy("m.label")
    .execute();
  const days = changers.length
    ? await db
        .selectFrom("collectionLines as l")
        .innerJoin("collections as c", (j) => j.onRef("c.companyId", "=", "l.companyId").onRef("c.id", "=", "l.collectionId"))
        .select(["l.machineId", "c.businessDate", sql<string>`sum(l.bills_cents)`.as("billsInCents"), sql<string>`sum(l.coins_cents)`.as("coinsOutCents")])
        .where("l.companyId", "=", companyId)
        .where("c.storeId", "=", storeId)
        .where("c.status", "=", "verified")
        .where("c.businessDate", ">=", from)
        .where("c.businessDate", "<=", to)
        .where(
          "l.machineId",
          "in",
          changers.map((m) => m.id),
        )
        .groupBy(["l.machineId", "c.businessDate"])
        .orderBy("c.businessDate")
        .execute()
    : [];
  const flagged = (cents: number) => Math.abs(cents) > varianceThresholdCents;
  const perChanger = changers.map((m) => {
    const mine = days
      .filter((d) => d.machineId === m.id)
      .map((d) => {
        const billsInCents = Number(d.billsInCents);
        const coinsOutCents = Number(d.coinsOutCents);
        return {
          date: d.businessDate,
          billsInCents,
          coinsOutCents,
          differenceCents: billsInCents - coinsOutCents,
          flagged: flagged(billsInCents - coinsOutCents),
        };
      });
    const billsInCents = mine.reduce((s, d) => s + d.billsInCents, 0);
    const coinsOutCents = mine.reduce((s, d) => s + d.coinsOutCents, 0);
    return {
      machineId: m.id,
      label: m.label,
      billsInCents,
      coinsOutCents,
      differenceCents: billsInCents - coinsOutCents,
      flagged: flagged(billsInCents - coinsOutCents),
      days: mine,
    };
  });
  // What the changer postings booked to cash over/short (a credit is an over, hence the sign).
  const booked = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "e.companyId").onRef("a.id", "=", "e.accountId"))
    .select(sql<string>`coalesce(-sum(e.amount_cents), 0)`.as("cents"))
    .where("e.companyId", "=", companyId)
    .where("a.kind", "=", "cash_over_short")
    .where("e.storeId", "=", storeId)
    .where("e.seq", "is not", null)
    .where("t.kind", "in", ["collection", "collection_correction"])
    .where("e.businessDate", ">=", from)
    .where("e.businessDate", "<=", to)
    .executeTakeFirstOrThrow();
  const billsInCents = perChanger.reduce((s, c) => s + c.billsInCents, 0);
  const coinsOutCents = perChanger.reduce((s, c) => s + c.coinsOutCents, 0);
  return {
    storeId,
    from,
    to,
    thresholdCents: varianceThresholdCents,
    changers: perChanger,
    billsInCents,
    coinsOutCents,
    /** The changers' differences summed: what the store's changers gave out short (−) or kept over (+). */
    differenceCents: billsInCents - coinsOutCents,
    flagged: flagged(billsInCents - coinsOutCents),
    /** The same difference as the ledger has it in cash over/short. */
    bookedCents: Number(booked.cents),
  };
}
