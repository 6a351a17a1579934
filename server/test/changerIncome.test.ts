import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveLegs } from "@tumble/domain/cashLedger";
import { todayIn } from "@tumble/domain/businessDate";
import { ledgerAccountId, storeAccountId } from "../src/cash/accounts.ts";
import { createEntry } from "../src/cash/ledger.ts";
import { correctChangerPostings } from "../src/collections/changerCorrection.ts";
import { isoDate } from "../src/cash/closedPeriods.ts";
import { newId } from "../src/runtime/ids.ts";
import { DEMO_COLLECTION_DAYS } from "../src/seed/demo/30_collections.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// A changer's bills less coins paid out are change, not income (docs/decisions/0052): the ledger's
// collections income equals the revenue report, and history booked the old way is corrected by
// dated entries, never by editing posted lines.

let server: TestServer;
let owner: Client;
let manager: Client;
const TZ = "America/Chicago";
const today = todayIn(TZ);
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager] = await Promise.all(["owner@demo.test", "manager@demo.test"].map((e) => new Client(server.url).signIn(e)));
});
afterAll(() => server?.stop());

/** −(sum of the account kind's approved lines) for the store, by the collections posted there: credits are negative. */
async function booked(storeId: string, kind: string, from: string, to: string): Promise<number> {
  const r = await sql<{ cents: string | null }>`
    select sum(e.amount_cents) as cents from cash_entries e join cash_accounts a on a.id = e.account_id
     where e.store_id = ${storeId} and a.kind = ${kind} and e.seq is not null and e.business_date between ${from} and ${to}`.execute(server.database.db);
  return -Number(r.rows[0].cents ?? 0) || 0;
}

describe("the demo history", () => {
  it("books as income exactly what the revenue report counts, store by store", async () => {
    const stores = await owner.query<Array<{ _id: string; name: string }>>("stores:listAll");
    // Since the ledger opened with the demo's sixteen weeks: the year before them was imported, not posted.
    const from = daysAgo(DEMO_COLLECTION_DAYS - 1);
    let checked = 0;
    for (const store of stores) {
      const revenue = await owner.query<{ totals: { totalCents: number } }>("reports:revenue", { storeId: store._id, from, to: today, groupBy: "day" });
      const income = await booked(store._id, "collections_income", from, today);
      expect({ store: store.name, income }).toEqual({ store: store.name, income: revenue.totals.totalCents });
      if (income > 0) checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it("shows a changers tab whose summary is the sum of its days and what the ledger booked", async () => {
    const [downtown] = await owner.query<Array<{ _id: string }>>("stores:listAll");
    const b = await owner.query<{
      changers: Array<{ billsInCents: number; coinsOutCents: number; days: Array<{ differenceCents: number }> }>;
      billsInCents: number;
      coinsOutCents: number;
      differenceCents: number;
      bookedCents: number;
    }>("reconciliation:changerBalance", { storeId: downtown._id, from: daysAgo(60), to: today });
    const days = b.changers.flatMap((c) => c.days);
    expect(days.length).toBeGreaterThan(10);
    // The demo's changers are now and then a dollar over or a quarter short: booked as income, these would part the books from the report.
    expect(days.some((d) => d.differenceCents !== 0)).toBe(true);
    expect(b.billsInCents).toBe(b.changers.reduce((s, c) => s + c.billsInCents, 0));
    expect(b.billsInCents).toBeGreaterThan(0);
    expect(b.differenceCents).toBe(days.reduce((s, d) => s + d.differenceCents, 0));
    expect(b.bookedCents).toBe(b.differenceCents);
  });
});

describe("correcting history booked the old way", () => {
  it("moves a changer's net out of income with dated entries, in the next open day after a closed period, once", async () => {
    const db = server.database.db;
    const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", { name: `Old books ${Date.now()}`, address: "9 Ledger Ln", timeZone: TZ });
    const { sectionId } = await manager.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Front" });
    const types = await manager.query<Array<{ _id: string; cashRules: { specialCase: string | null } }>>("equipmentConfig:getAllEquipmentTypes");
    const machine = async (label: string, specialCase: string | null) =>
      (
        await manager.mutation<{ machineId: string }>("equipment:createMachine", {
          storeId,
          sectionId,
          equipmentTypeId: types.find((t) => t.cashRules.specialCase === specialCase)!._id,
          label,
        })
      ).machineId;
    const w1 = await machine("W1", null);
    const c1 = await machine("C1", "changer");
    const company = await db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow();
    const companyId = company.companyId;
    const supervisor = (await db.selectFrom("users").select("id").where("email", "=", "supervisor@demo.test").executeTakeFirstOrThrow()).id;
    const safe = await storeAccountId(db, companyId, storeId, "safe");
    const income = await ledgerAccountId(db, companyId, "collections_income");

    /** A verified collection posted as before: its whole total from collections income. */
    const oldStyle = async (
      businessDate: string,
      lines: Array<{ machineId: string; coinsCents: number; billsCents: number }>,
      totalCents: number,
      { posted = true } = {},
    ) => {
      const id = newId();
      await db
        .insertInto("collections")
        .values({
          id,
          companyId,
          storeId,
          businessDate,
          collectorId: supervisor,
          status: "verified",
          totalCents,
          lineCount: lines.length,
          adjustsCollectionId: null,
          rejectionReason: null,
          submittedAt: new Date(),
          verifiedAt: new Date(),
          verifiedBy: supervisor,
        })
        .execute();
      await db
        .insertInto("collectionLines")
        .values(lines.map((l) => ({ id: newId(), companyId, collectionId: id, ...l, meterReading: null, note: null })))
        .execute();
      if (!posted) return id;
      await createEntry(db, {
        companyId,
        kind: "collection",
        status: "approved",
        storeId,
        businessDate,
        legs: moveLegs(income, safe, totalCents),
        description: `Collection ${businessDate}`,
        requestedBy: supervisor,
        collectionId: id,
      });
      return id;
    };
    // Day −10: W1 $120.00 in coins; C1 took $300.00 in bills and paid $295.00 out → total 12000 + 500 = 12500,
    // all booked as income. Day −8: C1 alone, $100.00 in and $100.00 out → total 0, nothing posted, nothing to correct.
    // Day −6: W1 $50.00; C1 $80.00 in, $82.50 out → 5000 − 250 = 4750, booked as income.
    const first = await oldStyle(
      daysAgo(10),
      [
        { machineId: w1, coinsCents: 12_000, billsCents: 0 },
        { machineId: c1, coinsCents: 29_500, billsCents: 30_000 },
      ],
      12_500,
    );
    await oldStyle(daysAgo(8), [{ machineId: c1, coinsCents: 10_000, billsCents: 10_000 }], 0);
    const third = await oldStyle(
      daysAgo(6),
      [
        { machineId: w1, coinsCents: 5_000, billsCents: 0 },
        { machineId: c1, coinsCents: 8_250, billsCents: 8_000 },
      ],
      4_750,
    );
    // Day −20, imported history (a collections import posts nothing): C1 $60.00 in, $59.00 out. It booked
    // nothing, so there is nothing to correct.
    const imported = await oldStyle(daysAgo(20), [{ machineId: c1, coinsCents: 5_900, billsCents: 6_000 }], 100, { posted: false });
    // Day −10 is closed: the safe held 12500 + 4750 = 17250 when counted ($100 + $50 + $20 + $2.50).
    const { countId } = await owner.mutation<{ countId: string }>("physicalCounts:start", { accountId: safe, blind: false, idempotencyKey: newId() });
    await owner.mutation("physicalCounts:submit", {
      countId,
      denominations: { bill_10000: 1, bill_5000: 1, bill_2000: 1, coin_25: 10 },
      idempotencyKey: newId(),
    });
    await owner.mutation("reconciliation:close", { storeId, from: daysAgo(10), to: daysAgo(10), countId });

    expect(await correctChangerPostings(db)).toBe(2);
    // Income: W1 alone, 12000 + 5000 = 17000. Over/short: +500 (kept over) − 250 (paid out short) = +250.
    // The safe never moves: 17250.
    expect(await booked(storeId, "collections_income", daysAgo(30), today)).toBe(17_000);
    expect(await booked(storeId, "cash_over_short", daysAgo(30), today)).toBe(250);
    expect(-(await booked(storeId, "safe", daysAgo(30), today))).toBe(17_250);
    const corrections = await db
      .selectFrom("cashTransactions")
      .select(["collectionId", "businessDate", "description", "amountCents"])
      .where("storeId", "=", storeId)
      .where("description", "like", "Correction%")
      .orderBy("businessDate")
      .execute();
    expect(corrections.map((c) => [c.collectionId, isoDate(c.businessDate), Number(c.amountCents)])).toEqual([
      // The closed day's correction lands on the first open day after it, naming the period it corrects.
      [first, daysAgo(9), 500],
      [third, daysAgo(6), 250],
    ]);
    expect(corrections[0].description).toBe(
      `Correction of collection ${daysAgo(10)}: a changer's bills less coins paid out are change, not income (closed period ${daysAgo(10)} – ${daysAgo(10)})`,
    );
    expect(await db.selectFrom("cashTransactions").select("id").where("collectionId", "=", imported).execute()).toEqual([]);
    // Run again (a restarted migration): nothing more is posted.
    expect(await correctChangerPostings(db)).toBe(0);
    expect(await booked(storeId, "collections_income", daysAgo(30), today)).toBe(17_000);
  });
});
