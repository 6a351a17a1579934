import { moveLegs } from "@tumble/domain/cashLedger";
import { ensureStoreAccounts, ledgerAccountId, storeAccountId } from "../../cash/accounts.ts";
import { businessDateNow } from "../../cash/dates.ts";
import { createEntry } from "../../cash/ledger.ts";
import { postCollection } from "../../collections/posting.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// The cash ledger as an operator would find it: every store's safe, change fund and petty cash
// with opening balances, each company's bank account, verified collections in the safes, a
// deposit on its way to the bank, an expense, an owner draw waiting for approval, an accepted
// count that came up short and one waiting for review.

declare module "../demoContext.ts" {
  interface DemoData {
    cash: { pendingDrawId: string; depositId: string; reviewCountId: string };
  }
}

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const user = (email: string) => data.users[email];
  const opening = async (companyId: string, storeId: string | null, accountId: string, cents: number, actor: string) =>
    createEntry(db, {
      companyId,
      kind: "adjustment",
      status: "approved",
      storeId,
      businessDate: await businessDateNow(db, companyId, storeId, today),
      legs: moveLegs(await ledgerAccountId(db, companyId, "opening_balance"), accountId, cents),
      description: "Opening balance",
      requestedBy: actor,
    });

  for (const [key, companyId] of Object.entries(data.companies)) {
    const owner = user(key === "rio" ? "owner@demo.test" : "owner@suds.test");
    await db.insertInto("cashSettings").values({ companyId }).execute();
    const bank = newId();
    await db.insertInto("cashAccounts").values({ id: bank, companyId, storeId: null, kind: "bank", name: "Operating account", category: null }).execute();
    await opening(companyId, null, bank, 2_500_000, owner);
    for (const store of data.stores.filter((s) => s.companyId === companyId)) {
      await ensureStoreAccounts(db, companyId, store.id);
      await opening(companyId, store.id, await storeAccountId(db, companyId, store.id, "change_fund"), 20_000, owner);
      await opening(companyId, store.id, await storeAccountId(db, companyId, store.id, "petty_cash"), 10_000, owner);
    }
  }

  for (const c of data.collections.filter((c) => c.status === "verified")) {
    await postCollection(db, {
      companyId: c.companyId,
      storeId: c.storeId,
      collectionId: c.id,
      businessDate: c.businessDate as string,
      actorId: c.verifiedBy as string,
      description: `Collection ${c.businessDate}`,
    });
  }

  const rio = data.companies.rio;
  const [downtown, eastside] = data.stores.filter((s) => s.companyId === rio);
  const manager = user("manager@demo.test");
  const dated = async (storeId: string) => businessDateNow(db, rio, storeId, today);
  const downtownSafe = await storeAccountId(db, rio, downtown.id, "safe");
  const depositId = await createEntry(db, {
    companyId: rio,
    kind: "deposit",
    status: "approved",
    storeId: downtown.id,
    businessDate: await dated(downtown.id),
    legs: moveLegs(downtownSafe, await ledgerAccountId(db, rio, "deposits_in_transit"), 150_000),
    description: "Weekly bank deposit",
    bagNumber: "B-1042",
    slipNumber: "88017",
    requestedBy: manager,
  });
  const downtownPetty = await storeAccountId(db, rio, downtown.id, "petty_cash");
  await createEntry(db, {
    companyId: rio,
    kind: "expense",
    status: "approved",
    storeId: downtown.id,
    businessDate: await dated(downtown.id),
    legs: moveLegs(downtownPetty, await ledgerAccountId(db, rio, "expense", "supplies"), 2_345),
    description: "Detergent and dryer sheets for the vending corner",
    category: "supplies",
    payee: "Costco",
    requestedBy: manager,
  });
  const pendingDrawId = await createEntry(db, {
    companyId: rio,
    kind: "withdrawal",
    status: "pending",
    storeId: downtown.id,
    businessDate: await dated(downtown.id),
    legs: moveLegs(downtownSafe, await ledgerAccountId(db, rio, "owner_draws"), 50_000),
    description: "Owner draw for equipment deposit",
    requestedBy: manager,
  });

  // Eastside's change fund came up $2.50 short (expected $200.00, counted $197.50); the owner accepted it.
  const eastsideFund = await storeAccountId(db, rio, eastside.id, "change_fund");
  const acceptedCountId = newId();
  const countedAt = new Date(today.getTime() - 2 * 86_400_000);
  await db
    .insertInto("physicalCounts")
    .values({
      id: acceptedCountId,
      companyId: rio,
      accountId: eastsideFund,
      status: "submitted",
      blind: true,
      expectedCents: 20_000,
      countedCents: 19_750,
      varianceCents: -250,
      denominations: JSON.stringify({ roll_25: 15, roll_10: 5, roll_5: 10, coin_25: 10 }),
      reason: "miscount",
      note: null,
      countedBy: manager,
      startedAt: countedAt,
      submittedAt: countedAt,
    })
    .execute();
  const varianceId = await createEntry(db, {
    companyId: rio,
    kind: "count_variance",
    status: "approved",
    storeId: eastside.id,
    businessDate: await dated(eastside.id),
    legs: moveLegs(eastsideFund, await ledgerAccountId(db, rio, "cash_over_short"), 250),
    description: "Count of Change fund: miscount",
    requestedBy: user("owner@demo.test"),
    countId: acceptedCountId,
  });
  await db
    .updateTable("physicalCounts")
    .set({ status: "accepted", reviewedBy: user("owner@demo.test"), reviewedAt: countedAt, transactionId: varianceId })
    .where("id", "=", acceptedCountId)
    .execute();

  // Downtown's petty cash is $8.00 short of $76.55 after the expense: waiting for a reviewer.
  const reviewCountId = newId();
  await db
    .insertInto("physicalCounts")
    .values({
      id: reviewCountId,
      companyId: rio,
      accountId: downtownPetty,
      status: "submitted",
      blind: false,
      expectedCents: 7_655,
      countedCents: 6_855,
      varianceCents: -800,
      denominations: JSON.stringify({ bill_2000: 2, bill_1000: 2, bill_500: 1, bill_100: 3, coin_25: 2, coin_5: 1 }),
      reason: "unrecorded_expense",
      note: "Light bulbs bought on Saturday; receipt missing",
      countedBy: manager,
      submittedAt: today,
    })
    .execute();

  data.cash = { pendingDrawId, depositId, reviewCountId };
};
