import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASH_MESSAGES } from "@tumble/domain/cashLedger";
import { todayIn } from "@tumble/domain/businessDate";
import { CallError, Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Random sequences of requests, approvals, rejections, cancellations and reversals, bank lines,
// matches and unmatches against a real server; the model knows that money taken out of cash must
// be there when it posts, that a deposit the bank holds cannot be reversed and a reversed one
// cannot be matched. After every step: every entry's lines sum to zero, every account's
// running-balance snapshot (the last line's balance_after) equals the sum of its approved lines,
// the balances the API reports equal the model, the bank holds exactly its matched lines, and
// deposits in transit moved by the standing deposits less what the bank cleared.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let keys = 0;
// Yesterday: a bank line is never dated after the company's today, whatever the hour.
const yesterday = new Date(Date.parse(`${todayIn("America/Denver")}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const key = () => `prop-${Date.now()}-${keys++}`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager] = await Promise.all(["owner@demo.test", "admin@demo.test", "manager@demo.test"].map((e) => new Client(server.url).signIn(e)));
});
afterAll(() => server?.stop());

const ACCOUNTS = ["safe", "change_fund", "petty_cash"] as const;
type AccountKind = (typeof ACCOUNTS)[number];

type Op =
  | {
      op: "create";
      kind: "deposit" | "withdrawal" | "transfer" | "expense" | "adjustmentIn" | "adjustmentOut";
      amount: number;
      from: AccountKind;
      to: AccountKind;
    }
  | { op: "approve" | "reject" | "cancel" | "reverse"; pick: number }
  /** A credit line on the statement: the amount of a deposit (naming its bag) or another amount. */
  | { op: "line"; pick: number; exact: boolean }
  | { op: "match"; pick: number; line: number }
  | { op: "unmatch"; line: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("create" as const),
      // Deposits twice as often: they are what the bank side works on.
      kind: fc.constantFrom("deposit", "deposit", "withdrawal", "transfer", "expense", "adjustmentIn", "adjustmentOut"),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      from: fc.constantFrom(...ACCOUNTS),
      to: fc.constantFrom(...ACCOUNTS),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom("approve" as const, "reject" as const, "cancel" as const, "reverse" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("line" as const), pick: fc.nat(), exact: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("match" as const), pick: fc.nat(), line: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("unmatch" as const), line: fc.nat() }) },
);

interface ModelEntry {
  id: string;
  kind: string;
  status: "pending" | "approved" | "rejected" | "cancelled";
  legs: Partial<Record<AccountKind, number>>;
  isReversal: boolean;
  reversed: boolean;
  bag?: string;
  amount: number;
}

interface ModelLine {
  id: string;
  amount: number;
  deposits: Set<string>;
}

/** A deposit that stands: approved, neither a reversal nor reversed. */
const standing = (e: ModelEntry) => e.kind === "deposit" && e.status === "approved" && !e.isReversal && !e.reversed;

const CASH_OUT = new Set(["deposit", "withdrawal", "transfer", "expense"]);
const NAMES: Record<AccountKind, string> = { safe: "Safe", change_fund: "Change fund", petty_cash: "Petty cash" };
/** An account's balance in the model: its approved entries' legs. */
const balance = (model: ModelEntry[], kind: AccountKind) => model.filter((e) => e.status === "approved").reduce((sum, e) => sum + (e.legs[kind] ?? 0), 0);

async function sumOf(accountId: string): Promise<number> {
  const r = await sql<{
    cents: string | null;
  }>`select sum(amount_cents) as cents from cash_entries where account_id = ${accountId} and seq is not null`.execute(server.database.db);
  return Number(r.rows[0].cents ?? 0);
}

async function transitAccount(): Promise<string> {
  const listed = await owner.query<Array<{ _id: string; kind: string }>>("cashAccounts:list", { includeLedger: true });
  return listed.find((a) => a.kind === "deposits_in_transit")?._id ?? "";
}

async function expectBankSound(bank: { id: string; transit: string; transitBefore: number }, model: ModelEntry[], lines: ModelLine[]): Promise<void> {
  // Opened by the first deposit ever made, which may be this run's.
  if (!bank.transit) bank.transit = await transitAccount();
  const matched = lines.filter((l) => l.deposits.size > 0);
  // The bank holds the lines that carry deposits; deposits in transit the standing deposits they did not clear.
  expect(await sumOf(bank.id)).toBe(matched.reduce((s, l) => s + l.amount, 0));
  const deposited = model.filter(standing).reduce((s, e) => s + e.amount, 0);
  expect(await sumOf(bank.transit)).toBe(bank.transitBefore + deposited - matched.reduce((s, l) => s + l.amount, 0));
  const listed = await owner.query<{ lines: Array<{ _id: string; depositIds: string[] }> }>("bankLines:list", { accountId: bank.id });
  for (const l of lines) expect(new Set(listed.lines.find((x) => x._id === l.id)!.depositIds), `line ${l.id}`).toEqual(l.deposits);
}

async function expectSound(accounts: Record<AccountKind, string>, model: ModelEntry[]): Promise<void> {
  const db = server.database.db;
  const unbalanced = await sql<{
    id: string;
  }>`select transaction_id as id from cash_entries group by transaction_id having sum(amount_cents) <> 0 or count(*) < 2`.execute(db);
  expect(unbalanced.rows).toEqual([]);
  const snapshots = await sql<{ id: string; summed: number; snapshot: number }>`
    select a.id,
      coalesce((select sum(e.amount_cents) from cash_entries e where e.company_id = a.company_id and e.account_id = a.id and e.seq is not null), 0)::bigint as summed,
      coalesce((select e.balance_after_cents from cash_entries e where e.company_id = a.company_id and e.account_id = a.id and e.seq is not null order by e.seq desc limit 1), 0) as snapshot
    from cash_accounts a`.execute(db);
  for (const row of snapshots.rows) expect(Number(row.snapshot), `account ${row.id}`).toBe(Number(row.summed));
  const listed = await owner.query<Array<{ _id: string; balanceCents: number }>>("cashAccounts:list");
  for (const kind of ACCOUNTS) {
    const expected = model.filter((e) => e.status === "approved").reduce((sum, e) => sum + (e.legs[kind] ?? 0), 0);
    expect(listed.find((a) => a._id === accounts[kind])!.balanceCents, kind).toBe(expected);
  }
}

describe("the ledger under random sequences", () => {
  it("keeps every entry balanced and every balance the sum of its approved lines", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 24 }), async (ops) => {
        const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
          name: `Property ${Date.now()} ${run++}`,
          address: "1 Random Rd",
          timeZone: "America/Denver",
        });
        const listed = await manager.query<Array<{ _id: string; kind: string; storeId: string | null }>>("cashAccounts:list", { storeId });
        const accounts = Object.fromEntries(ACCOUNTS.map((k) => [k, listed.find((a) => a.storeId === storeId && a.kind === k)!._id])) as Record<
          AccountKind,
          string
        >;
        const model: ModelEntry[] = [];
        const lines: ModelLine[] = [];
        const { accountId: bankId } = await admin.mutation<{ accountId: string }>("cashAccounts:create", {
          name: `Property bank ${Date.now()} ${run}`,
          kind: "bank",
          idempotencyKey: key(),
        });
        const transit = await transitAccount();
        const bank = { id: bankId, transit, transitBefore: transit ? await sumOf(transit) : 0 };
        // Half the runs start with cash in every account, so deposits, matches and reversals of them happen.
        if (run % 2 === 0)
          for (const kind of ACCOUNTS) {
            const { transactionId } = await admin.mutation<{ transactionId: string }>("cashTransactions:create", {
              kind: "adjustment",
              toAccountId: accounts[kind],
              amountCents: 2_000_000,
              description: "opening",
              idempotencyKey: key(),
            });
            model.push({
              id: transactionId,
              kind: "adjustmentIn",
              status: "approved",
              legs: { [kind]: 2_000_000 },
              isReversal: false,
              reversed: false,
              amount: 2_000_000,
            });
          }
        for (const step of ops) {
          if (step.op === "create") {
            const { kind, amount, from, to } = step;
            const call =
              kind === "adjustmentIn"
                ? { client: admin, args: { kind: "adjustment", toAccountId: accounts[to] }, legs: { [to]: amount } }
                : kind === "adjustmentOut"
                  ? { client: admin, args: { kind: "adjustment", fromAccountId: accounts[from] }, legs: { [from]: -amount } }
                  : kind === "transfer"
                    ? { client: manager, args: { kind, fromAccountId: accounts[from], toAccountId: accounts[to] }, legs: { [from]: -amount, [to]: amount } }
                    : {
                        client: manager,
                        args: { kind, fromAccountId: accounts[from], bagNumber: `B${run}-${model.length}`, category: "supplies", payee: "P" },
                        legs: { [from]: -amount },
                      };
            const outcome = await call.client
              .mutation<{ transactionId: string; status: "pending" | "approved" }>("cashTransactions:create", {
                ...call.args,
                amountCents: amount,
                description: "random",
                idempotencyKey: key(),
              })
              .catch((e: unknown) => e);
            if (kind === "transfer" && from === to) {
              expect((outcome as CallError).message).toBe(CASH_MESSAGES.sameAccount);
            } else if (kind !== "withdrawal" && CASH_OUT.has(kind) && balance(model, from) < amount) {
              // Money taken out of cash must be there when it posts.
              expect((outcome as CallError).message).toBe(CASH_MESSAGES.belowZero(NAMES[from]));
            } else {
              const { transactionId, status } = outcome as { transactionId: string; status: "pending" | "approved" };
              expect(status).toBe(kind === "withdrawal" ? "pending" : "approved");
              model.push({
                id: transactionId,
                kind,
                status,
                legs: call.legs,
                isReversal: false,
                reversed: false,
                amount,
                bag: kind === "deposit" ? (call.args as { bagNumber: string }).bagNumber : undefined,
              });
            }
          } else if (step.op === "line") {
            const deposits = model.filter((e) => e.kind === "deposit" && !e.isReversal);
            const target = step.exact && deposits.length ? deposits[step.pick % deposits.length] : null;
            const amount = target ? target.amount : 1_000_001 + (step.pick % 100_000);
            const { bankLineId } = await admin.mutation<{ bankLineId: string }>("bankLines:add", {
              accountId: bank.id,
              date: yesterday,
              description: target ? `DEPOSIT BAG ${target.bag}` : `WIRE ${run}-${lines.length}`,
              amountCents: amount,
            });
            lines.push({ id: bankLineId, amount, deposits: new Set() });
            // A new line runs automatic matching over every unmatched line of the account: each pair it
            // makes must join a line and a deposit of one amount, the deposit standing and carried by no
            // other line. (Which of two equal lines gets a deposit is the matcher's choice.)
            const listed = await owner.query<{ lines: Array<{ _id: string; depositIds: string[] }> }>("bankLines:list", { accountId: bank.id });
            for (const l of lines) {
              if (l.deposits.size) continue;
              for (const depositId of listed.lines.find((x) => x._id === l.id)!.depositIds) {
                const d = model.find((e) => e.id === depositId);
                expect(d && standing(d) && d.amount === l.amount && !lines.some((o) => o.deposits.has(depositId)), `automatic match ${depositId}`).toBe(true);
                l.deposits.add(depositId);
              }
            }
            // A line naming a deposit that stands unmatched takes it.
            if (target && standing(target)) expect(lines.some((l) => l.deposits.has(target.id))).toBe(true);
          } else if (step.op === "match" || step.op === "unmatch") {
            if (!lines.length) continue;
            const line = lines[step.line % lines.length];
            if (step.op === "unmatch") {
              const outcome = await admin.mutation("bankLines:unmatch", { bankLineId: line.id }).catch((e: unknown) => e as CallError);
              if (line.deposits.size) {
                expect(outcome).not.toBeInstanceOf(CallError);
                line.deposits.clear();
              } else expect((outcome as CallError).message).toBe("This line has no such match");
            } else {
              const deposits = model.filter((e) => e.kind === "deposit" && !e.isReversal);
              if (!deposits.length) continue;
              const deposit = deposits[step.pick % deposits.length];
              const outcome = await admin.mutation("bankLines:match", { bankLineId: line.id, depositIds: [deposit.id] }).catch((e: unknown) => e as CallError);
              if (deposit.status !== "approved") expect((outcome as CallError).message).toBe("Only an approved deposit can be matched");
              else if (deposit.reversed) expect((outcome as CallError).message).toBe(CASH_MESSAGES.depositReversed);
              else if (line.deposits.has(deposit.id)) expect((outcome as CallError).message).toBe("This deposit is already matched to this line");
              else {
                expect(outcome).not.toBeInstanceOf(CallError);
                line.deposits.add(deposit.id);
              }
            }
          } else if (model.length) {
            const entry = model[step.pick % model.length];
            // Only withdrawals wait, and the manager asks for them: the manager cancels, the owner decides.
            const client = step.op === "cancel" ? manager : owner;
            const extra = step.op === "reject" || step.op === "reverse" ? { reason: "random" } : {};
            const result = await client
              .mutation<{ transactionId: string }>(`cashTransactions:${step.op}`, { transactionId: entry.id, ...extra, idempotencyKey: key() })
              .then((value) => ({ ok: true as const, value }))
              .catch((e: unknown) => ({ ok: false as const, message: (e as CallError).message }));
            if (step.op === "reverse") {
              // A reversal takes back out what the entry put in: a transfer's reversal is money out of cash too.
              const takenBack = Object.entries(entry.legs).filter(([, v]) => v > 0) as Array<[AccountKind, number]>;
              const fits = entry.kind !== "transfer" || takenBack.every(([k, v]) => balance(model, k) >= v);
              // A deposit the bank holds is not reversed: unmatched first.
              const atBank = lines.some((l) => l.deposits.has(entry.id));
              const allowed = entry.status === "approved" && !entry.isReversal && !entry.reversed && fits && !atBank;
              expect(result.ok, `reverse of ${JSON.stringify(entry)}`).toBe(allowed);
              if (atBank && entry.status === "approved" && !entry.isReversal && !entry.reversed && !result.ok)
                expect(result.message).toBe(CASH_MESSAGES.depositMatched);
              if (result.ok) {
                entry.reversed = true;
                const legs = Object.fromEntries(Object.entries(entry.legs).map(([k, v]) => [k, -v]));
                model.push({
                  id: result.value.transactionId,
                  kind: entry.kind,
                  status: "approved",
                  legs,
                  isReversal: true,
                  reversed: false,
                  amount: entry.amount,
                });
              }
            } else {
              // Only withdrawals wait; approving one needs the money in its account then.
              const [[drawnFrom, drawn]] = Object.entries(entry.legs) as Array<[AccountKind, number]>;
              const allowed = entry.status === "pending" && (step.op !== "approve" || balance(model, drawnFrom) + drawn >= 0);
              expect(result.ok, `${step.op} of ${JSON.stringify(entry)}: ${result.ok ? "" : result.message}`).toBe(allowed);
              if (result.ok) entry.status = step.op === "approve" ? "approved" : step.op === "reject" ? "rejected" : "cancelled";
            }
          }
          await expectSound(accounts, model);
          await expectBankSound(bank, model, lines);
        }
      }),
      { numRuns: 40, endOnFailure: true, ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED), path: process.env.PROP_PATH } : {}) },
    );
  }, 300_000);
});
