import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { BANK_ENTRY_MESSAGES } from "@tumble/domain/bankStatement";
import { lockRow, race, times } from "./support/race.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: bookings and matches of one line meeting at its row lock
// Booking a bank line nobody deposited from the statement (issue 29): a fee to an expense, interest
// to other income, with approval as for expenses, so the bank in the books follows the statement.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let sudsOwner: Client;
let bank: string;
const today = todayIn("America/Chicago");
const key = () => crypto.randomUUID();

type Line = {
  _id: string;
  description: string;
  amountCents: number;
  depositIds: string[];
  booking: { transactionId: string; status: string; category: string | null } | null;
};
const lines = async () => (await admin.query<{ lines: Line[] }>("bankLines:list", { accountId: bank })).lines;
const line = async (description: string) => (await lines()).find((l) => l.description === description)!;
const add = (description: string, amountCents: number) =>
  admin.mutation<{ bankLineId: string }>("bankLines:add", { accountId: bank, date: today, description, amountCents });
const book = (client: Client, bankLineId: string, category?: string) =>
  client.mutation<{ transactionId: string; status: string }>("bankLines:book", { bankLineId, ...(category ? { category } : {}), idempotencyKey: key() });

/** The account's balance from its approved lines, and the company's account of a kind (expense: of a category). */
async function balance(accountId: string): Promise<number> {
  const r = await sql<{
    cents: string | null;
  }>`select sum(amount_cents) as cents from cash_entries where account_id = ${accountId} and seq is not null`.execute(server.database.db);
  return Number(r.rows[0].cents ?? 0);
}
async function ledgerAccount(kind: string, category: string | null = null): Promise<string> {
  const company = await server.database.db.selectFrom("cashAccounts").select("companyId").where("id", "=", bank).executeTakeFirstOrThrow();
  const row = await sql<{
    id: string;
  }>`select id from cash_accounts where company_id = ${company.companyId} and kind = ${kind} and category is not distinct from ${category}`.execute(
    server.database.db,
  );
  return row.rows[0]?.id ?? "";
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, sudsOwner] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "owner@suds.test"].map((e) => new Client(server.url).signIn(e)),
  );
  ({ accountId: bank } = await admin.mutation<{ accountId: string }>("cashAccounts:create", {
    name: `Fees bank ${Date.now()}`,
    kind: "bank",
    idempotencyKey: key(),
  }));
});
afterAll(() => server?.stop());

describe("booking from the statement", () => {
  it("books a fee to an expense and interest to other income, moving the bank as the statement did", async () => {
    const { bankLineId: fee } = await add("MONTHLY SERVICE FEE", -1_250);
    const { bankLineId: interest } = await add("INTEREST PAID", 307);
    const noCategory = await failureOf(book(admin, fee));
    expect(noCategory.message).toBe(BANK_ENTRY_MESSAGES.needsCategory);
    expect(noCategory.data).toEqual({ code: "reconciliation.needsCategory", params: {} });
    expect(await failure(book(manager, fee, "fees"))).toBe("You don't have permission to administrator access");
    expect(await failure(book(sudsOwner, fee, "fees"))).toBe("Bank line not found");
    const before = { bank: await balance(bank), fees: await balance(await ledgerAccount("expense", "fees")) };

    // Approval is off: booked and posted at once. Bank −1250 + 307 = −943; fees +1250; other income −307 (a credit).
    expect((await book(admin, fee, "fees")).status).toBe("approved");
    expect((await book(admin, interest)).status).toBe("approved");
    expect(await balance(bank)).toBe(before.bank - 1_250 + 307);
    expect(await balance(await ledgerAccount("expense", "fees"))).toBe(before.fees + 1_250);
    expect(await balance(await ledgerAccount("other_income"))).toBe(-307);
    expect((await line("MONTHLY SERVICE FEE")).booking).toMatchObject({ status: "approved", category: "fees" });
    expect((await line("INTEREST PAID")).booking).toMatchObject({ status: "approved", category: null });

    // Once only, and a booked credit carries no deposits.
    const twice = await failureOf(book(admin, fee, "fees"));
    expect(twice.message).toBe(BANK_ENTRY_MESSAGES.booked);
    expect(twice.data).toEqual({ code: "reconciliation.lineBooked", params: {} });
    const { transactionId: deposit } = await manager.mutation<{ transactionId: string }>("cashTransactions:create", {
      kind: "deposit",
      amountCents: 307,
      storeId: (await manager.query<Array<{ _id: string }>>("stores:listAll"))[0]._id,
      bagNumber: "B-FEE-1",
      description: "a bag",
      idempotencyKey: key(),
    });
    expect(await failure(admin.mutation("bankLines:match", { bankLineId: interest, depositIds: [deposit] }))).toBe(BANK_ENTRY_MESSAGES.bookedNoMatch);
  });

  it("frees a line whose booking is reversed, and refuses to book a line that carries deposits", async () => {
    const fee = await line("MONTHLY SERVICE FEE");
    await owner.mutation("cashTransactions:reverse", { transactionId: fee.booking!.transactionId, reason: "booked to the wrong bank", idempotencyKey: key() });
    expect((await line("MONTHLY SERVICE FEE")).booking).toBeNull();
    expect((await book(admin, fee._id, "other")).status).toBe("approved");

    const { bankLineId: credit } = await add("DEPOSIT BAG B-FEE-2", 4_321);
    const { transactionId: deposit } = await manager.mutation<{ transactionId: string }>("cashTransactions:create", {
      kind: "deposit",
      amountCents: 4_321,
      storeId: (await manager.query<Array<{ _id: string }>>("stores:listAll"))[0]._id,
      bagNumber: "B-FEE-2",
      description: "a bag",
      idempotencyKey: key(),
    });
    await admin.mutation("bankLines:match", { bankLineId: credit, depositIds: [deposit] });
    const carries = await failureOf(book(admin, credit));
    expect(carries.message).toBe(BANK_ENTRY_MESSAGES.matched);
    expect(carries.data).toEqual({ code: "reconciliation.lineMatched", params: {} });
  });

  it("books a line once when six bookings, or a booking and a match, arrive at once", async () => {
    const { bankLineId } = await add("ATM FEE", -300);
    const six = await race(
      server,
      times(6, () => book(admin, bankLineId, "fees")),
      [lockRow("bank_lines", bankLineId)],
    );
    expect([six.ok, six.errors]).toEqual([1, Array(5).fill(BANK_ENTRY_MESSAGES.booked)]);
    const entries = await server.database.db.selectFrom("cashTransactions").select("id").where("description", "like", "%ATM FEE").execute();
    expect(entries).toHaveLength(1);

    const { bankLineId: credit } = await add("UNNAMED CREDIT", 5_555);
    const { transactionId: deposit } = await manager.mutation<{ transactionId: string }>("cashTransactions:create", {
      kind: "deposit",
      amountCents: 4_444,
      storeId: (await manager.query<Array<{ _id: string }>>("stores:listAll"))[0]._id,
      bagNumber: "B-RACE-1",
      description: "a bag",
      idempotencyKey: key(),
    });
    const both = await race(
      server,
      [() => book(admin, credit), () => admin.mutation("bankLines:match", { bankLineId: credit, depositIds: [deposit] })],
      [lockRow("bank_lines", credit)],
    );
    expect(both.ok).toBe(1);
    expect([BANK_ENTRY_MESSAGES.matched, BANK_ENTRY_MESSAGES.bookedNoMatch]).toContain(both.errors[0]);
    const after = await line("UNNAMED CREDIT");
    expect(Boolean(after.booking) !== after.depositIds.length > 0).toBe(true);
  });

  it("waits for an approver other than the booker when the company requires approval", async () => {
    await admin.mutation("cashSettings:update", { requireApproval: true });
    try {
      const { bankLineId } = await add("WIRE FEE", -2_500);
      const bankBefore = await balance(bank);
      const { transactionId, status } = await book(admin, bankLineId, "fees");
      expect(status).toBe("pending");
      expect(await balance(bank)).toBe(bankBefore);
      expect((await line("WIRE FEE")).booking).toMatchObject({ status: "pending" });
      expect(await failure(admin.mutation("cashTransactions:approve", { transactionId, idempotencyKey: key() }))).toMatch(/own/);
      await owner.mutation("cashTransactions:approve", { transactionId, idempotencyKey: key() });
      expect(await balance(bank)).toBe(bankBefore - 2_500);
      // A rejected booking frees the line.
      const { bankLineId: second } = await add("RETURNED ITEM FEE", -1_000);
      const rejected = await book(admin, second, "fees");
      await owner.mutation("cashTransactions:reject", { transactionId: rejected.transactionId, reason: "the bank refunded it", idempotencyKey: key() });
      expect((await line("RETURNED ITEM FEE")).booking).toBeNull();
    } finally {
      await admin.mutation("cashSettings:update", { requireApproval: false });
    }
  });
});
