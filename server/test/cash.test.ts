import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { CASH_MESSAGES } from "@tumble/domain/cashLedger";
import { addDays } from "@tumble/domain/datePresets";
import { refusalText } from "@tumble/domain/refusals";
import { lockRow, race as raceCalls } from "./support/race.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { DEMO_COLLECTION_DAYS } from "../src/seed/demo/30_collections.ts";

// @postgres: concurrent approvals, rejections and reversals of one entry
// The cash ledger over HTTP (issue 13): every kind, every decision, the access rules, idempotent
// retries, physical counts, badges and, on PostgreSQL, two people deciding the same entry at once.
// Figures are worked out by hand in the comments; each test makes its own store so demo data
// never changes them.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let managing: Client;
let sudsOwner: Client;

let keys = 0;
const key = () => `test-key-${Date.now()}-${keys++}`;

interface Account {
  _id: string;
  kind: string;
  name: string;
  storeId: string | null;
  balanceCents: number;
}
interface Entry {
  _id: string;
  kind: string;
  status: string;
  amountCents: number;
  reversesId: string | null;
  reversedById: string | null;
  decisionReason: string | null;
  lines: Array<{ accountId: string; accountKind: string; amountCents: number }>;
}
interface Ledger {
  balanceCents: number;
  lines: Array<{ seq: number; amountCents: number; balanceAfterCents: number; kind: string; counterparts: Array<{ name: string; kind: string }> }>;
  nextCursor: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, supervisor, staff, managing, sudsOwner] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "managing@demo.test", "owner@suds.test"].map(
      (email) => new Client(server.url).signIn(email),
    ),
  );
});
afterAll(() => server?.stop());

let stores = 0;
/** A fresh Rio store and its three accounts by kind. */
async function newStore(): Promise<{ storeId: string; safe: string; change: string; petty: string }> {
  const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
    name: `Cash test ${Date.now()} ${stores++}`,
    address: "1 Ledger Ln",
    timeZone: "America/Chicago",
  });
  const accounts = await manager.query<Account[]>("cashAccounts:list", { storeId });
  const of = (kind: string) => accounts.find((a) => a.storeId === storeId && a.kind === kind)!._id;
  return { storeId, safe: of("safe"), change: of("change_fund"), petty: of("petty_cash") };
}

async function balances(...accountIds: string[]): Promise<number[]> {
  const accounts = await owner.query<Account[]>("cashAccounts:list", { includeLedger: true });
  return accountIds.map((id) => accounts.find((a) => a._id === id)!.balanceCents);
}

/** Every entry balances and every account's balance is the sum of its approved lines (read straight from the tables). */
async function ledgerIsSound(): Promise<void> {
  const db = server.database.db;
  const unbalanced = await sql<{ id: string }>`
    select transaction_id as id from cash_entries group by transaction_id having sum(amount_cents) <> 0 or count(*) < 2`.execute(db);
  expect(unbalanced.rows).toEqual([]);
  const wrong = await sql<{ id: string }>`
    select a.id from cash_accounts a
    where coalesce((select sum(e.amount_cents) from cash_entries e where e.account_id = a.id and e.seq is not null), 0)
       <> coalesce((select e.balance_after_cents from cash_entries e where e.account_id = a.id and e.seq is not null order by e.seq desc limit 1), 0)`.execute(
    db,
  );
  expect(wrong.rows).toEqual([]);
  const notApproved = await sql<{ n: number }>`
    select count(*)::int as n from cash_entries e join cash_transactions t on t.id = e.transaction_id where (t.status = 'approved') <> (e.seq is not null)`.execute(
    db,
  );
  expect(notApproved.rows[0].n).toBe(0);
}

const create = (client: Client, args: Record<string, unknown>) =>
  client.mutation<{ transactionId: string; status: string }>("cashTransactions:create", { description: "test", ...args, idempotencyKey: key() });
const decide = (client: Client, fn: "approve" | "reject" | "cancel" | "reverse", transactionId: string, extra: Record<string, unknown> = {}) =>
  client.mutation<{ transactionId: string; status: string }>(`cashTransactions:${fn}`, { transactionId, ...extra, idempotencyKey: key() });

describe("the ledger", () => {
  it("opens a store with its safe, change fund and petty cash, at zero", async () => {
    const { storeId, safe, change, petty } = await newStore();
    const accounts = await manager.query<Account[]>("cashAccounts:list", { storeId });
    expect(accounts.filter((a) => a.storeId === storeId).map((a) => [a.kind, a.name, a.balanceCents])).toEqual([
      ["safe", "Safe", 0],
      ["change_fund", "Change fund", 0],
      ["petty_cash", "Petty cash", 0],
    ]);
    // The company's bank account comes with the list of a store's accounts; counterparts only on request.
    expect(accounts.filter((a) => a.storeId === null).map((a) => a.kind)).toEqual(["bank"]);
    expect(await balances(safe, change, petty)).toEqual([0, 0, 0]);
  });

  it("posts every kind with the figures worked out by hand, and keeps a running balance", async () => {
    const { storeId, safe, change, petty } = await newStore();
    // 1. Admin adjustment into the safe: +$1,000.00 → safe 100000.
    expect(await create(admin, { kind: "adjustment", amountCents: 100_000, toAccountId: safe, description: "Found in the old safe" })).toMatchObject({
      status: "approved",
    });
    // 2. Admin adjustment into petty cash: +$100.00 → petty 10000.
    await create(admin, { kind: "adjustment", amountCents: 10_000, toAccountId: petty, description: "Float" });
    // 3. Deposit of $400.00 from the store's safe (no account named: the store's safe) → safe 60000, in transit +40000.
    const deposit = await create(manager, { kind: "deposit", amountCents: 40_000, storeId, bagNumber: "B-7", slipNumber: "S-1" });
    expect(deposit.status).toBe("approved");
    // 4. Transfer safe → change fund $150.00 → safe 45000, change 15000.
    await create(manager, { kind: "transfer", amountCents: 15_000, fromAccountId: safe, toAccountId: change });
    // 5. Change-fund replenishment $50.00 from the store's safe into its change fund → safe 40000, change 20000.
    await create(manager, { kind: "change_fund_replenishment", amountCents: 5_000, storeId });
    // 6. Expense $23.45 from petty cash (the store's by default), supplies, to Costco → petty 7655.
    await create(manager, { kind: "expense", amountCents: 2_345, storeId, category: "supplies", payee: "Costco" });
    // 7. Owner draw $125.00: waits; the safe stays 40000 until the owner approves, then 27500.
    const draw = await create(manager, { kind: "withdrawal", amountCents: 12_500, fromAccountId: safe, description: "Owner draw" });
    expect(draw.status).toBe("pending");
    expect(await balances(safe, change, petty)).toEqual([40_000, 20_000, 7_655]);
    await decide(owner, "approve", draw.transactionId);
    expect(await balances(safe)).toEqual([27_500]);
    // 8. The deposit reversed: the safe gets its $400.00 back → 67500.
    const reversal = await decide(owner, "reverse", deposit.transactionId, { reason: "Bank refused the bag" });
    expect(await balances(safe, change, petty)).toEqual([67_500, 20_000, 7_655]);

    const ledger = await manager.query<Ledger>("cashAccounts:getLedger", { accountId: safe });
    expect(ledger.balanceCents).toBe(67_500);
    expect(ledger.lines.map((l) => [l.kind, l.amountCents, l.balanceAfterCents])).toEqual([
      ["deposit", 40_000, 67_500],
      ["withdrawal", -12_500, 27_500],
      ["change_fund_replenishment", -5_000, 40_000],
      ["transfer", -15_000, 45_000],
      ["deposit", -40_000, 60_000],
      ["adjustment", 100_000, 100_000],
    ]);
    expect(ledger.lines[1].counterparts).toEqual([{ name: "Owner draws", kind: "owner_draws" }]);
    expect(ledger.nextCursor).toBeNull();

    const entries = await owner.query<Entry[]>("cashTransactions:list", { storeId });
    const byId = new Map(entries.map((e) => [e._id, e]));
    expect(byId.get(deposit.transactionId)).toMatchObject({ status: "approved", reversedById: reversal.transactionId });
    expect(byId.get(reversal.transactionId)).toMatchObject({ kind: "deposit", reversesId: deposit.transactionId, amountCents: 40_000 });
    expect(byId.get(deposit.transactionId)!.lines.map((l) => [l.accountKind, l.amountCents])).toEqual([
      ["safe", -40_000],
      ["deposits_in_transit", 40_000],
    ]);
    expect((await owner.query<Entry[]>("cashTransactions:list", { kind: "expense", storeId }))[0].lines.map((l) => [l.accountKind, l.amountCents])).toEqual([
      ["petty_cash", -2_345],
      ["expense", 2_345],
    ]);
    expect((await owner.query<Entry[]>("cashTransactions:list", { accountId: change })).map((e) => e.kind)).toEqual(["change_fund_replenishment", "transfer"]);
    // Every change is audited.
    const audited = await server.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "in", [draw.transactionId, deposit.transactionId])
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual(["approve", "create", "create", "reverse"]);
    await ledgerIsSound();
  });

  it("pages a long ledger with the running balance carried across pages", async () => {
    const { safe } = await newStore();
    // 60 adjustments of 1, 2, ..., 60 cents: the balance after the k-th is k(k+1)/2; 1830 in all.
    for (let k = 1; k <= 60; k++) await create(admin, { kind: "adjustment", amountCents: k, toAccountId: safe });
    const first = await manager.query<Ledger>("cashAccounts:getLedger", { accountId: safe });
    expect(first.lines).toHaveLength(50);
    expect(first.lines[0]).toMatchObject({ amountCents: 60, balanceAfterCents: 1830 });
    const second = await manager.query<Ledger>("cashAccounts:getLedger", { accountId: safe, cursor: first.nextCursor });
    expect(second.lines.map((l) => l.balanceAfterCents)).toEqual([55, 45, 36, 28, 21, 15, 10, 6, 3, 1]);
    expect(second.nextCursor).toBeNull();
  });

  it("opens the ledger on the newest business date, an entry dated back on its own day", async () => {
    const { safe } = await newStore();
    const today = todayIn("America/Chicago");
    for (const [amountCents, businessDate] of [
      [100, today],
      [200, addDays(today, -1)],
      [300, addDays(today, -3)],
      [400, today],
    ] as const)
      await create(admin, { kind: "adjustment", amountCents, toAccountId: safe, businessDate });
    const ledger = await manager.query<{ lines: Array<Ledger["lines"][number] & { businessDate: string }> }>("cashAccounts:getLedger", { accountId: safe });
    // Newest day first, and on one day the latest posted first; the balance after each is in posting order.
    expect(ledger.lines.map((l) => [l.businessDate, l.amountCents, l.balanceAfterCents])).toEqual([
      [today, 400, 1_000],
      [today, 100, 100],
      [addDays(today, -1), 200, 300],
      [addDays(today, -3), 300, 600],
    ]);
  });

  it("keeps pending, rejected and cancelled requests out of balances", async () => {
    const { safe } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 50_000, toAccountId: safe });
    const rejected = await create(manager, { kind: "withdrawal", amountCents: 10_000, fromAccountId: safe });
    const cancelled = await create(manager, { kind: "withdrawal", amountCents: 20_000, fromAccountId: safe });
    expect(await failure(decide(owner, "reject", rejected.transactionId, { reason: "" }))).toBe('Invalid argument "reason": Give a reason for the rejection');
    await decide(owner, "reject", rejected.transactionId, { reason: "Not this week" });
    const notOwn = await failureOf(decide(owner, "cancel", cancelled.transactionId));
    expect(notOwn.message).toBe(CASH_MESSAGES.cancelNotOwn);
    expect(notOwn.data).toEqual({ code: "cash.cancelNotOwn", params: {} });
    await decide(manager, "cancel", cancelled.transactionId);
    expect(await balances(safe)).toEqual([50_000]);
    const decided = await failureOf(decide(owner, "approve", rejected.transactionId));
    expect(decided.message).toBe(CASH_MESSAGES.notPending("rejected"));
    // The screen says it in the reader's language by this code and its values (decision 0067).
    expect(decided.data).toEqual({ code: "cash.notPending", params: { status: "rejected" } });
    expect(refusalText(decided.data, "es")).toBe("Solo se puede decidir una transacción pendiente; esta está rechazada");
    expect(await failure(decide(owner, "approve", cancelled.transactionId))).toBe(CASH_MESSAGES.notPending("cancelled"));
    expect(await failure(decide(owner, "reverse", rejected.transactionId, { reason: "x" }))).toBe(CASH_MESSAGES.notApproved);
    const list = await owner.query<Entry[]>("cashTransactions:list", { accountId: safe, status: "rejected" });
    expect(list.map((e) => [e._id, e.decisionReason])).toEqual([[rejected.transactionId, "Not this week"]]);
  });

  it("asks for approval of deposits, transfers and expenses only when the company says so", async () => {
    const { storeId, safe } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 30_000, toAccountId: safe });
    expect(await failure(manager.mutation("cashSettings:update", { requireApproval: true }))).toBe("You don't have permission to administrator access");
    await admin.mutation("cashSettings:update", { requireApproval: true });
    try {
      const deposit = await create(manager, { kind: "deposit", amountCents: 10_000, storeId, slipNumber: "S-9" });
      expect(deposit.status).toBe("pending");
      expect(await balances(safe)).toEqual([30_000]);
      // A managing member approves draws without running stores.
      await decide(managing, "approve", deposit.transactionId);
      expect(await balances(safe)).toEqual([20_000]);
    } finally {
      await admin.mutation("cashSettings:update", { requireApproval: false });
    }
    expect(await owner.query("cashSettings:get")).toEqual({
      requireApproval: false,
      blindCounts: false,
      varianceThresholdCents: 500,
      duplicateApprovalCents: null,
    });
  });

  it("refuses bad requests with a specific message and changes nothing", async () => {
    const { storeId, safe, change, petty } = await newStore();
    const other = await newStore();
    const before = await server.database.db
      .selectFrom("cashTransactions")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: "deposit", amountCents: 100, storeId }, CASH_MESSAGES.needsBagOrSlip],
      [{ kind: "deposit", amountCents: 0, storeId, bagNumber: "B" }, 'Invalid argument "amountCents": The amount must be more than zero'],
      [{ kind: "deposit", amountCents: 10.5, storeId, bagNumber: "B" }, 'Invalid argument "amountCents": Amounts are whole cents'],
      [{ kind: "withdrawal", amountCents: 100 }, CASH_MESSAGES.needsSource],
      [{ kind: "transfer", amountCents: 100, fromAccountId: safe }, CASH_MESSAGES.needsDestination],
      [{ kind: "transfer", amountCents: 100, fromAccountId: safe, toAccountId: safe }, CASH_MESSAGES.sameAccount],
      [{ kind: "change_fund_replenishment", amountCents: 100, fromAccountId: safe, toAccountId: petty }, CASH_MESSAGES.notChangeFund],
      [{ kind: "expense", amountCents: 100, storeId, payee: "X" }, CASH_MESSAGES.needsCategory],
      [{ kind: "expense", amountCents: 100, storeId, category: "rent" }, CASH_MESSAGES.needsPayee],
      [{ kind: "withdrawal", amountCents: 100, fromAccountId: safe, storeId: other.storeId }, CASH_MESSAGES.accountNotInStore],
      [
        { kind: "collection", amountCents: 100, storeId },
        'Invalid argument "kind": Invalid option: expected one of "deposit"|"withdrawal"|"transfer"|"expense"|"change_fund_replenishment"|"adjustment"',
      ],
      [{ kind: "transfer", amountCents: 100, fromAccountId: safe, toAccountId: "nope" }, "Account not found"],
    ];
    for (const [args, message] of cases) expect(await failure(create(manager, args)), JSON.stringify(args)).toBe(message);
    expect(await failure(create(admin, { kind: "adjustment", amountCents: 100, fromAccountId: safe, toAccountId: change }))).toBe(
      CASH_MESSAGES.adjustmentOneSide,
    );
    expect(await failure(manager.mutation("cashTransactions:create", { kind: "deposit", amountCents: 100, storeId, bagNumber: "B", description: "x" }))).toBe(
      'Invalid argument "idempotencyKey": Invalid input: expected string, received undefined',
    );
    const after = await server.database.db
      .selectFrom("cashTransactions")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("archives only an empty account, which then takes nothing", async () => {
    const { safe, change } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 700, toAccountId: change });
    const archive = (accountId: string) => manager.mutation("cashAccounts:archive", { accountId, idempotencyKey: key() });
    expect(await failure(archive(change))).toBe(CASH_MESSAGES.archiveNotZero);
    const pending = await create(manager, { kind: "withdrawal", amountCents: 100, fromAccountId: safe });
    expect(await failure(archive(safe))).toBe(CASH_MESSAGES.archivePending);
    await decide(manager, "cancel", pending.transactionId);
    await archive(safe);
    expect(await failure(create(manager, { kind: "transfer", amountCents: 100, fromAccountId: change, toAccountId: safe }))).toBe(
      CASH_MESSAGES.accountArchived,
    );
    const listed = await manager.query<Account[]>("cashAccounts:list", { includeArchived: true });
    expect(listed.find((a) => a._id === safe)).toMatchObject({ archived: true, balanceCents: 0 });
    expect((await manager.query<Account[]>("cashAccounts:list")).some((a) => a._id === safe)).toBe(false);
    await manager.mutation("cashAccounts:update", { accountId: change, name: "Coin float" });
    expect((await manager.query<Account[]>("cashAccounts:list")).find((a) => a._id === change)?.name).toBe("Coin float");
  });

  it("opens bank and extra accounts with an opening balance against the opening-balance account", async () => {
    const { accountId } = await manager.mutation<{ accountId: string }>("cashAccounts:create", {
      name: "Credit union",
      kind: "bank",
      openingBalanceCents: 123_456,
      idempotencyKey: key(),
    });
    const ledger = await manager.query<Ledger>("cashAccounts:getLedger", { accountId });
    expect(ledger.lines.map((l) => [l.amountCents, l.balanceAfterCents, l.counterparts])).toEqual([
      [123_456, 123_456, [{ name: "Opening balance", kind: "opening_balance" }]],
    ]);
    expect(await failure(manager.mutation("cashAccounts:create", { name: "Safe 2", kind: "safe", idempotencyKey: key() }))).toBe(
      "Choose the store this account belongs to",
    );
    const { storeId } = await newStore();
    expect(await failure(manager.mutation("cashAccounts:create", { name: "Safe 2", kind: "safe", storeId, idempotencyKey: key() }))).toBe(
      "This store already has an account of this kind",
    );
  });
});

describe("who may do what", () => {
  it("follows the roles, refuses self-approval and keeps companies apart", async () => {
    const { storeId, safe } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 10_000, toAccountId: safe });
    expect(await failure(create(staff, { kind: "deposit", amountCents: 100, storeId, bagNumber: "B" }))).toBe("You don't have permission to manage stores");
    expect(await failure(create(manager, { kind: "adjustment", amountCents: 100, toAccountId: safe }))).toBe(CASH_MESSAGES.adjustmentAdmin);
    const draw = await create(manager, { kind: "withdrawal", amountCents: 1_000, fromAccountId: safe });
    expect(await failure(decide(supervisor, "approve", draw.transactionId))).toBe("You don't have permission to approve cash withdrawals");
    expect(await failure(decide(staff, "approve", draw.transactionId))).toBe("You don't have permission to approve cash withdrawals");
    expect(await failure(decide(manager, "approve", draw.transactionId))).toBe(CASH_MESSAGES.ownApproval);
    expect(await failure(decide(manager, "reject", draw.transactionId, { reason: "no" }))).toBe(CASH_MESSAGES.ownRejection);
    // Another company's owner finds nothing of Rio's.
    expect(await failure(decide(sudsOwner, "approve", draw.transactionId))).toBe("Transaction not found");
    expect(await failure(sudsOwner.query("cashAccounts:getLedger", { accountId: safe }))).toBe("Account not found");
    expect(await failure(create(sudsOwner, { kind: "withdrawal", amountCents: 100, fromAccountId: safe }))).toBe("Account not found");
    const noStore = await failureOf(create(sudsOwner, { kind: "deposit", amountCents: 100, storeId, bagNumber: "B" }));
    expect(noStore.message).toBe("Store not found");
    expect(noStore.data).toEqual({ code: "cash.storeNotFound", params: {} });
    expect((await sudsOwner.query<Entry[]>("cashTransactions:list", { accountId: safe })).length).toBe(0);
    // Staff and plain members see no cash.
    expect(await failure(staff.query("cashTransactions:list", { status: "pending" }))).toBe("You don't have permission to export reports");
    expect(await failure(staff.query("cashAccounts:list"))).toBe("You don't have permission to export reports");
    // A supervisor reads reports, so sees the pending list.
    expect((await supervisor.query<Entry[]>("cashTransactions:list", { status: "pending", storeId })).map((e) => e._id)).toEqual([draw.transactionId]);
    await decide(admin, "approve", draw.transactionId);
    expect(await balances(safe)).toEqual([9_000]);
  });

  it("reverses once, never a reversal, never a collection", async () => {
    const { safe } = await newStore();
    const adjustment = await create(admin, { kind: "adjustment", amountCents: 2_000, toAccountId: safe });
    const reversal = await decide(owner, "reverse", adjustment.transactionId, { reason: "Typed twice" });
    expect(await failure(decide(admin, "reverse", adjustment.transactionId, { reason: "again" }))).toBe(CASH_MESSAGES.alreadyReversed);
    expect(await failure(decide(admin, "reverse", reversal.transactionId, { reason: "undo" }))).toBe(CASH_MESSAGES.reversalOfReversal);
    expect(await failure(decide(supervisor, "reverse", adjustment.transactionId, { reason: "x" }))).toBe(
      "You don't have permission to approve cash withdrawals",
    );
    // A collection of the owner's company (Rio): the seed posts Suds collections too.
    const collection = await server.database.db
      .selectFrom("cashTransactions as t")
      .innerJoin("companies as c", "c.id", "t.companyId")
      .select("t.id")
      .where("c.companyCode", "=", "CMP100001")
      .where("t.kind", "=", "collection")
      .executeTakeFirstOrThrow();
    expect(await failure(decide(owner, "reverse", collection.id, { reason: "x" }))).toBe(CASH_MESSAGES.collectionReversal);
    expect(await balances(safe)).toEqual([0]);
  });
});

describe("idempotency", () => {
  it("answers a retry with the first result, posts once, and refuses the key with other arguments", async () => {
    const { storeId, safe } = await newStore();
    const idempotencyKey = key();
    const args = { kind: "adjustment", amountCents: 4_200, toAccountId: safe, description: "retry me", idempotencyKey };
    const first = await admin.mutation<{ transactionId: string }>("cashTransactions:create", args);
    const second = await admin.mutation<{ transactionId: string }>("cashTransactions:create", args);
    expect(second).toEqual(first);
    expect(await balances(safe)).toEqual([4_200]);
    expect(await failure(admin.mutation("cashTransactions:create", { ...args, amountCents: 4_300 }))).toBe(
      "This idempotencyKey was already used for a different call; send a new key with new arguments",
    );
    const draw = await create(manager, { kind: "withdrawal", amountCents: 200, storeId });
    const approveKey = key();
    await owner.mutation("cashTransactions:approve", { transactionId: draw.transactionId, idempotencyKey: approveKey });
    // The retry of a lost answer gets the answer, not "already approved".
    expect(await owner.mutation("cashTransactions:approve", { transactionId: draw.transactionId, idempotencyKey: approveKey })).toEqual({
      transactionId: draw.transactionId,
      status: "approved",
    });
    expect(await balances(safe)).toEqual([4_000]);
  });
});

describe("physical counts", () => {
  const start = (client: Client, accountId: string, blind?: boolean) =>
    client.mutation<{ countId: string; blind: boolean; expectedCents: number | null }>("physicalCounts:start", { accountId, blind, idempotencyKey: key() });
  const submit = (client: Client, countId: string, denominations: Record<string, number>, extra: Record<string, unknown> = {}) =>
    client.mutation<{ expectedCents: number; countedCents: number; varianceCents: number }>("physicalCounts:submit", {
      countId,
      denominations,
      ...extra,
      idempotencyKey: key(),
    });

  it("counts blind, hiding the balance from the counter until the count is in, and posts the accepted variance to cash over/short", async () => {
    const { storeId, change } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 20_000, toAccountId: change });
    const count = await start(manager, change, true);
    expect(count).toMatchObject({ blind: true, expectedCents: null });
    expect(await failure(start(manager, change))).toBe("This account already has a count in progress");
    const listed = await owner.query<Array<{ _id: string; expectedCents: number | null }>>("physicalCounts:list", { accountId: change });
    expect(listed).toMatchObject([{ _id: count.countId, expectedCents: null }]);
    // Blind means blind: the counter cannot read the balance anywhere while counting; others can.
    const seenBy = async (client: Client) => (await client.query<Account[]>("cashAccounts:list", { storeId })).find((a) => a._id === change)!.balanceCents;
    expect(await seenBy(manager)).toBeNull();
    expect(await seenBy(owner)).toBe(20_000);
    expect(await failure(manager.query("cashAccounts:getLedger", { accountId: change }))).toBe(CASH_MESSAGES.blindLedger);
    const today = (await manager.query<Array<{ businessDate: string }>>("cashTransactions:list", { accountId: change }))[0].businessDate;
    const dashboard = await manager.query<{ balances: Array<{ _id: string; balanceCents: number | null }> }>("cashDashboard:get", {
      storeId,
      fromDate: today,
      toDate: today,
    });
    expect(dashboard.balances.find((b) => b._id === change)!.balanceCents).toBeNull();
    // An administrator counting the safe blind gets no expected closing from the reconciliation either.
    const { safe, storeId: safeStore } = await newStore();
    await start(admin, safe, true);
    const blind = await failureOf(admin.query("reconciliation:get", { storeId: safeStore, from: today, to: today }));
    expect([blind.message, blind.data]).toEqual([CASH_MESSAGES.blindLedger, { code: "cash.blindLedger", params: {} }]);
    expect(await owner.query<{ expectedClosingCents: number }>("reconciliation:get", { storeId: safeStore, from: today, to: today })).toMatchObject({
      expectedClosingCents: 0,
    });
    // 15 rolls of quarters ($150) + 4 rolls of dimes ($20) + 10 rolls of nickels ($20) + 2 $1 bills = $192.00: $8.00 short of $200.00.
    const pieces = { roll_25: 15, roll_10: 4, roll_5: 10, bill_100: 2 };
    expect(await failure(submit(owner, count.countId, pieces))).toBe(CASH_MESSAGES.countNotYours);
    expect(await failure(submit(manager, count.countId, { coin_3: 1 }))).toMatch(/^Invalid argument "denominations/);
    // Beyond the $5.00 threshold yet not refused: a refusal would tell the counter how far off they are.
    expect(await submit(manager, count.countId, pieces)).toEqual({
      countId: count.countId,
      expectedCents: 20_000,
      countedCents: 19_200,
      varianceCents: -800,
    });
    expect(await failure(manager.mutation("physicalCounts:accept", { countId: count.countId, idempotencyKey: key() }))).toBe(CASH_MESSAGES.ownCountReview);
    expect(await failure(supervisor.mutation("physicalCounts:accept", { countId: count.countId, idempotencyKey: key() }))).toBe(
      "You don't have permission to approve cash withdrawals",
    );
    const { transactionId } = await owner.mutation<{ transactionId: string }>("physicalCounts:accept", { countId: count.countId, idempotencyKey: key() });
    expect(await balances(change)).toEqual([19_200]);
    const [variance] = await owner.query<Entry[]>("cashTransactions:list", { kind: "count_variance", accountId: change });
    expect(variance).toMatchObject({ _id: transactionId, status: "approved", amountCents: 800 });
    expect(variance.lines.map((l) => [l.accountKind, l.amountCents])).toEqual([
      ["change_fund", -800],
      ["cash_over_short", 800],
    ]);
    const history = await owner.query<Array<{ status: string; expectedCents: number; countedCents: number; varianceCents: number; reason: string }>>(
      "physicalCounts:list",
      { accountId: change },
    );
    expect(history).toMatchObject([{ status: "accepted", expectedCents: 20_000, countedCents: 19_200, varianceCents: -800, reason: null }]);
    expect(await seenBy(manager)).toBe(19_200);
    await ledgerIsSound();
  });

  it("takes a variance within the threshold without a reason, and sends a count back for a recount", async () => {
    const { petty } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 5_000, toAccountId: petty });
    const first = await start(manager, petty, false);
    expect(first.expectedCents).toBe(5_000);
    // Two $20 bills, a $5 and 4 $1 coins... $49.00: $1.00 short, within $5.00.
    expect((await submit(manager, first.countId, { bill_2000: 2, bill_500: 1, coin_100: 4 })).varianceCents).toBe(-100);
    await admin.mutation("physicalCounts:requestRecount", { countId: first.countId, note: "Count the drawer too", idempotencyKey: key() });
    expect(await balances(petty)).toEqual([5_000]);
    const second = await start(manager, petty, false);
    // An open count (its figure shown) needs a reason and a note beyond the threshold: $30.00 short.
    const variance = await failureOf(submit(manager, second.countId, { bill_2000: 1 }));
    expect(variance.message).toBe(CASH_MESSAGES.varianceReason("$5.00"));
    // The count form reads the figures beside the code.
    expect(variance.data).toEqual({
      code: "cash.varianceReason",
      params: { threshold: "$5.00" },
      expectedCents: 5_000,
      countedCents: 2_000,
      varianceCents: -3_000,
    });
    expect(await failure(submit(manager, second.countId, { bill_2000: 1 }, { reason: "miscount" }))).toBe(CASH_MESSAGES.varianceReason("$5.00"));
    expect((await submit(manager, second.countId, { bill_2000: 2, bill_500: 2 })).varianceCents).toBe(0);
    expect(
      (await owner.mutation<{ transactionId: string | null }>("physicalCounts:accept", { countId: second.countId, idempotencyKey: key() })).transactionId,
    ).toBeNull();
    expect((await owner.query<Array<{ status: string }>>("physicalCounts:list", { accountId: petty })).map((c) => c.status)).toEqual([
      "accepted",
      "recount_requested",
    ]);
  });
});

describe("limits that mean something", () => {
  it("never takes cash below zero, deposits only cash, counts only cash, and caps a count like any amount", async () => {
    const { storeId, safe, petty } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 10_000, toAccountId: safe });
    // A transfer of $100.01 out of a safe holding $100.00 is refused and changes nothing.
    expect(await failure(create(manager, { kind: "transfer", amountCents: 10_001, fromAccountId: safe, toAccountId: petty }))).toBe(
      CASH_MESSAGES.belowZero("Safe"),
    );
    expect(await balances(safe, petty)).toEqual([10_000, 0]);
    // An owner draw asked for while the money was there is refused at approval once it is gone.
    const draw = await create(manager, { kind: "withdrawal", amountCents: 8_000, storeId });
    expect(draw.status).toBe("pending");
    await create(manager, { kind: "deposit", amountCents: 5_000, storeId, bagNumber: "L-1" });
    const below = await failureOf(decide(owner, "approve", draw.transactionId));
    expect(below.message).toBe(CASH_MESSAGES.belowZero("Safe"));
    expect(below.data).toEqual({ code: "cash.belowZero", params: { account: "Safe" } });
    expect(await balances(safe)).toEqual([5_000]);
    // Exactly what is there may go: the safe ends at zero.
    await create(manager, { kind: "transfer", amountCents: 5_000, fromAccountId: safe, toAccountId: petty });
    expect(await balances(safe, petty)).toEqual([0, 5_000]);
    // An account an administrator named may go below zero; a manager cannot name it.
    expect(await failure(manager.mutation("cashAccounts:update", { accountId: safe, name: "Safe", allowNegative: true }))).toBe(
      CASH_MESSAGES.allowNegativeAdmin,
    );
    await admin.mutation("cashAccounts:update", { accountId: safe, name: "Safe", allowNegative: true });
    expect(
      (await manager.query<Array<Account & { allowNegative: boolean }>>("cashAccounts:list", { storeId })).find((a) => a._id === safe)?.allowNegative,
    ).toBe(true);
    await create(manager, { kind: "transfer", amountCents: 2_500, fromAccountId: safe, toAccountId: petty });
    expect(await balances(safe, petty)).toEqual([-2_500, 7_500]);
    // Petty cash was not named: $75.01 out of $75.00 is still refused.
    expect(await failure(create(manager, { kind: "transfer", amountCents: 7_501, fromAccountId: petty, toAccountId: safe }))).toBe(
      CASH_MESSAGES.belowZero("Petty cash"),
    );
    await admin.mutation("cashAccounts:update", { accountId: safe, name: "Safe", allowNegative: false });
    await create(manager, { kind: "transfer", amountCents: 2_500, fromAccountId: petty, toAccountId: safe });

    const bank = (await manager.query<Account[]>("cashAccounts:list", { storeId })).find((a) => a.kind === "bank")!._id;
    expect(await failure(create(manager, { kind: "deposit", amountCents: 100, fromAccountId: bank, bagNumber: "B-0" }))).toBe(CASH_MESSAGES.depositFromBank);
    expect(await failure(manager.mutation("physicalCounts:start", { accountId: bank, idempotencyKey: key() }))).toBe(CASH_MESSAGES.countCashOnly);
    // 100,001 $100 bills: $10,000,100.00, over the $10,000,000.00 every amount is held to.
    const { countId } = await manager.mutation<{ countId: string }>("physicalCounts:start", { accountId: petty, blind: false, idempotencyKey: key() });
    expect(
      await failure(
        manager.mutation("physicalCounts:submit", { countId, denominations: { bill_10000: 100_001 }, reason: "other", note: "x", idempotencyKey: key() }),
      ),
    ).toBe(CASH_MESSAGES.countTooLarge);
    await ledgerIsSound();
  });
});

describe("badges", () => {
  it("count pending transactions on the cash dashboard and in the laundromat tab", async () => {
    const { storeId, safe } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 1_000, toAccountId: safe });
    type Counts = { tabs: Record<string, number>; subTabs: Record<string, number> };
    const before = await owner.query<Counts>("navigation:getBadgeCounts");
    const draw = await create(manager, { kind: "withdrawal", amountCents: 500, storeId });
    const during = await owner.query<Counts>("navigation:getBadgeCounts");
    expect(during.subTabs["laundromat/cash-dashboard"]).toBe(before.subTabs["laundromat/cash-dashboard"] + 1);
    expect(during.tabs.laundromat).toBe(during.subTabs["laundromat/collections-list"] + during.subTabs["laundromat/cash-dashboard"]);
    // The badge opens the dashboard's pending list, which shows every entry it counts, whichever store is selected.
    const other = await newStore();
    const today = new Date().toISOString().slice(0, 10);
    const dashboard = await owner.query<{ pending: Entry[] }>("cashDashboard:get", { storeId: other.storeId, fromDate: today, toDate: today });
    expect(dashboard.pending.map((e) => e._id)).toContain(draw.transactionId);
    expect(dashboard.pending).toHaveLength(during.subTabs["laundromat/cash-dashboard"]);
    expect(await owner.query<Entry[]>("cashTransactions:list", { status: "pending" })).toHaveLength(during.subTabs["laundromat/cash-dashboard"]);
    await decide(owner, "approve", draw.transactionId);
    expect((await owner.query<Counts>("navigation:getBadgeCounts")).subTabs["laundromat/cash-dashboard"]).toBe(before.subTabs["laundromat/cash-dashboard"]);
  });
});

describe("the cash dashboard", () => {
  it("shows balances, pending approvals, deposits in transit, collections against the comparison period and variances", async () => {
    const rio = await server.database.db.selectFrom("stores").select("id").where("name", "=", "Rio Downtown").executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    // Since the ledger opened with the demo's sixteen weeks (the year before them was imported, never posted).
    const opened = new Date(Date.now() - (DEMO_COLLECTION_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const dashboard = await supervisor.query<{
      balances: Account[];
      pending: Entry[];
      depositsInTransitCents: number;
      collectionsCents: number;
      comparisonCollectionsCents: number | null;
    }>("cashDashboard:get", { storeId: rio.id, fromDate: opened, toDate: today, comparison: { fromDate: "1990-01-01", toDate: "1999-12-31" } });
    // Verified collections as income: every machine's coins and bills but the changers', which are change.
    const verified = await sql<{ cents: string }>`
      select coalesce(sum(l.coins_cents + l.bills_cents), 0) as cents from collection_lines l
        join collections c on c.id = l.collection_id join machines m on m.id = l.machine_id join equipment_types t on t.id = m.equipment_type_id
       where c.store_id = ${rio.id} and c.status = 'verified' and c.business_date >= ${opened} and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'`.execute(
      server.database.db,
    );
    expect(dashboard.collectionsCents).toBe(Number(verified.rows[0].cents));
    expect(dashboard.comparisonCollectionsCents).toBe(0);
    expect(dashboard.pending.map((e) => e.kind)).toContain("withdrawal");
    expect(dashboard.depositsInTransitCents).toBeGreaterThanOrEqual(150_000);
    expect(dashboard.balances.map((b) => b.kind)).toEqual(expect.arrayContaining(["safe", "change_fund", "petty_cash", "bank"]));
    expect(await failure(staff.query("cashDashboard:get", { fromDate: today, toDate: today }))).toBe("You don't have permission to export reports");
  });
});

describe("concurrent decisions", () => {
  /**
   * Runs the calls at once. On PostgreSQL the entry's row is held locked until all of them are
   * waiting on it, so they really race; PGlite runs one transaction at a time.
   */
  const race = (transactionId: string, calls: Array<() => Promise<unknown>>) => raceCalls(server, calls, [lockRow("cash_transactions", transactionId)]);

  it("two approvals, an approval against a rejection, and two reversals each end with one outcome", async () => {
    const { safe } = await newStore();
    await create(admin, { kind: "adjustment", amountCents: 10_000, toAccountId: safe });
    const a = await create(manager, { kind: "withdrawal", amountCents: 1_000, fromAccountId: safe });
    expect(await race(a.transactionId, [() => decide(owner, "approve", a.transactionId), () => decide(admin, "approve", a.transactionId)])).toMatchObject({
      ok: 1,
      errors: [CASH_MESSAGES.notPending("approved")],
    });
    expect(await balances(safe)).toEqual([9_000]);

    const b = await create(manager, { kind: "withdrawal", amountCents: 2_000, fromAccountId: safe });
    const mixed = await race(b.transactionId, [
      () => decide(owner, "approve", b.transactionId),
      () => decide(admin, "reject", b.transactionId, { reason: "no" }),
    ]);
    expect(mixed.ok).toBe(1);
    expect(mixed.errors).toHaveLength(1);
    expect(mixed.errors[0]).toMatch(/^Only a pending transaction can be decided; this one is (approved|rejected)$/);
    const status = (await owner.query<Entry[]>("cashTransactions:list", { accountId: safe })).find((e) => e._id === b.transactionId)!.status;
    expect(await balances(safe)).toEqual([status === "approved" ? 7_000 : 9_000]);

    const reversed = await race(a.transactionId, [
      () => decide(owner, "reverse", a.transactionId, { reason: "one" }),
      () => decide(admin, "reverse", a.transactionId, { reason: "two" }),
    ]);
    expect(reversed).toMatchObject({ ok: 1, errors: [CASH_MESSAGES.alreadyReversed] });
    expect(await balances(safe)).toEqual([status === "approved" ? 8_000 : 10_000]);
    await ledgerIsSound();
  });
});
