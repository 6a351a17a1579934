import { moveLegs } from "@tumble/domain/cashLedger";
import { ledgerAccountId, storeAccountId } from "../../cash/accounts.ts";
import { businessDateNow } from "../../cash/dates.ts";
import { createEntry } from "../../cash/ledger.ts";
import { fingerprints } from "../../reconciliation/bank.ts";
import { clearLines } from "../../reconciliation/clearing.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// The bank side of Rio's cash: three weekly deposits from Downtown's safe and the statement that
// received them. Two lines matched their bags by themselves; the third reached the bank $2.00 short
// and was matched by hand, its difference waiting for an approver. A service fee, interest and a
// mobile deposit nobody has explained yet sit beside them; this morning's bag B-1042 is still in transit.

const MAPPING = { date: "Date", description: "Description", amount: "Amount" };

const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rio = data.companies.rio;
  const downtown = data.stores.find((s) => s.companyId === rio)!;
  const manager = data.users["manager@demo.test"];
  const admin = data.users["admin@demo.test"];
  const todayThere = await businessDateNow(db, rio, downtown.id, today);
  const safe = await storeAccountId(db, rio, downtown.id, "safe");
  const transit = await ledgerAccountId(db, rio, "deposits_in_transit");
  const bank = (await db.selectFrom("cashAccounts").select("id").where("companyId", "=", rio).where("kind", "=", "bank").executeTakeFirstOrThrow()).id;

  const deposits: Array<{ id: string; date: string; cents: number; bag: string }> = [];
  for (const [days, cents, bag] of [
    [21, 142_350, "B-1039"],
    [14, 151_275, "B-1040"],
    [7, 138_940, "B-1041"],
  ] as const) {
    const date = daysBefore(todayThere, days);
    const id = await createEntry(db, {
      companyId: rio,
      kind: "deposit",
      status: "approved",
      storeId: downtown.id,
      businessDate: date,
      legs: moveLegs(safe, transit, cents),
      description: "Weekly bank deposit",
      bagNumber: bag,
      requestedBy: manager,
    });
    deposits.push({ id, date, cents, bag });
  }

  const [first, short, last] = deposits;
  const statement = [
    { date: daysBefore(first.date, -1), description: `DEPOSIT BAG ${first.bag}`, amountCents: first.cents },
    { date: daysBefore(short.date, -1), description: "BRANCH DEPOSIT", amountCents: short.cents - 200 },
    { date: daysBefore(todayThere, 10), description: "MONTHLY SERVICE FEE", amountCents: -1_500 },
    { date: daysBefore(last.date, -1), description: `DEPOSIT BAG ${last.bag}`, amountCents: last.cents },
    { date: daysBefore(todayThere, 3), description: "MOBILE DEPOSIT", amountCents: 4_700 },
    { date: daysBefore(todayThere, 2), description: "INTEREST PAYMENT", amountCents: 37 },
  ].map((l, i) => ({ ...l, row: i + 2, reference: null, bankId: null, id: newId() }));
  const prints = fingerprints(statement);
  await db
    .insertInto("bankLines")
    .values(
      statement.map((l, i) => ({
        id: l.id,
        companyId: rio,
        accountId: bank,
        date: l.date,
        description: l.description,
        amountCents: l.amountCents,
        reference: null,
        fingerprint: prints[i],
        source: "csv",
        createdBy: admin,
      })),
    )
    .execute();
  await db
    .insertInto("bankMappings")
    .values({ companyId: rio, accountId: bank, mapping: JSON.stringify(MAPPING) })
    .execute();
  const [firstLine, shortLine, , lastLine] = statement;
  await db
    .insertInto("bankLineMatches")
    .values([
      { companyId: rio, bankLineId: firstLine.id, transactionId: first.id, automatic: true, matchedBy: admin },
      { companyId: rio, bankLineId: shortLine.id, transactionId: short.id, automatic: false, matchedBy: admin },
      { companyId: rio, bankLineId: lastLine.id, transactionId: last.id, automatic: true, matchedBy: admin },
    ])
    .execute();
  await clearLines(db, rio, [firstLine.id, shortLine.id, lastLine.id], admin);
};
