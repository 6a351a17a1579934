import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASH_MESSAGES } from "@tumble/domain/cashLedger";
import { CallError, Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Random sequences of requests, approvals, rejections, cancellations and reversals against a
// real server; the model knows that money taken out of cash must be there when it posts. After every step: every entry's lines sum to zero, every account's running-balance
// snapshot (the last line's balance_after) equals the sum of its approved lines, and the balances
// the API reports equal a model that knows only the rules.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let keys = 0;
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
  | { op: "approve" | "reject" | "cancel" | "reverse"; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant("create" as const),
    kind: fc.constantFrom("deposit", "withdrawal", "transfer", "expense", "adjustmentIn", "adjustmentOut"),
    amount: fc.integer({ min: 1, max: 1_000_000 }),
    from: fc.constantFrom(...ACCOUNTS),
    to: fc.constantFrom(...ACCOUNTS),
  }),
  fc.record({ op: fc.constantFrom("approve" as const, "reject" as const, "cancel" as const, "reverse" as const), pick: fc.nat() }),
);

interface ModelEntry {
  id: string;
  kind: string;
  status: "pending" | "approved" | "rejected" | "cancelled";
  legs: Partial<Record<AccountKind, number>>;
  isReversal: boolean;
  reversed: boolean;
}

const CASH_OUT = new Set(["deposit", "withdrawal", "transfer", "expense"]);
const NAMES: Record<AccountKind, string> = { safe: "Safe", change_fund: "Change fund", petty_cash: "Petty cash" };
/** An account's balance in the model: its approved entries' legs. */
const balance = (model: ModelEntry[], kind: AccountKind) => model.filter((e) => e.status === "approved").reduce((sum, e) => sum + (e.legs[kind] ?? 0), 0);

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
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
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
                        args: { kind, fromAccountId: accounts[from], bagNumber: "B", category: "supplies", payee: "P" },
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
              model.push({ id: transactionId, kind, status, legs: call.legs, isReversal: false, reversed: false });
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
              const allowed = entry.status === "approved" && !entry.isReversal && !entry.reversed && fits;
              expect(result.ok, `reverse of ${JSON.stringify(entry)}`).toBe(allowed);
              if (result.ok) {
                entry.reversed = true;
                const legs = Object.fromEntries(Object.entries(entry.legs).map(([k, v]) => [k, -v]));
                model.push({ id: result.value.transactionId, kind: entry.kind, status: "approved", legs, isReversal: true, reversed: false });
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
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
