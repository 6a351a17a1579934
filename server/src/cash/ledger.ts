import { sql, type Kysely } from "kysely";
import { CASH_OUT_KINDS, cashRefusal, checkBalanced, isCashAccountKind, sumLegs, type Leg, type TransactionKind } from "@tumble/domain/cashLedger";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { assertPeriodOpen } from "./closedPeriods.ts";

// The journal: an entry (cash_transactions row) and its lines (cash_entries) summing to zero.
// Only approved lines count. When an entry is approved its accounts are locked (in id order, so
// two postings never wait on each other crosswise) and each line gets its account's next number
// and the balance after it. A balance is therefore the last line's balance_after, which equals
// the sum of the account's approved lines (test/cashLedger.property.test.ts checks it after every step).

export interface NewEntry {
  companyId: string;
  kind: TransactionKind;
  status: "pending" | "approved";
  storeId: string | null;
  businessDate: string;
  legs: Leg[];
  description: string | null;
  requestedBy: string | null;
  category?: string | null;
  payee?: string | null;
  bagNumber?: string | null;
  slipNumber?: string | null;
  reversesId?: string | null;
  countId?: string | null;
  collectionId?: string | null;
}

/** Writes an entry and its lines; an approved one is posted at once. Returns its id. */
export async function createEntry(db: Kysely<DB>, entry: NewEntry): Promise<string> {
  checkBalanced(entry.legs);
  // Nothing is dated inside a store's closed period (docs/decisions/0025); corrections go into an open one.
  await assertPeriodOpen(db, entry.companyId, entry.storeId, entry.businessDate);
  const id = newId();
  const amountCents = entry.legs.reduce((sum, leg) => sum + Math.max(leg.amountCents, 0), 0);
  await db
    .insertInto("cashTransactions")
    .values({
      id,
      companyId: entry.companyId,
      kind: entry.kind,
      amountCents,
      status: entry.status,
      storeId: entry.storeId,
      businessDate: entry.businessDate,
      collectionId: entry.collectionId ?? null,
      description: entry.description,
      category: entry.category ?? null,
      payee: entry.payee ?? null,
      bagNumber: entry.bagNumber ?? null,
      slipNumber: entry.slipNumber ?? null,
      reversesId: entry.reversesId ?? null,
      countId: entry.countId ?? null,
      requestedBy: entry.requestedBy,
      decidedBy: entry.status === "approved" ? entry.requestedBy : null,
      decisionReason: null,
      decidedAt: entry.status === "approved" ? new Date() : null,
    })
    .execute();
  await db
    .insertInto("cashEntries")
    .values(
      entry.legs.map((leg) => ({
        id: newId(),
        companyId: entry.companyId,
        transactionId: id,
        accountId: leg.accountId,
        amountCents: leg.amountCents,
        storeId: entry.storeId,
        businessDate: entry.businessDate,
        seq: null,
        balanceAfterCents: null,
        postedAt: null,
      })),
    )
    .execute();
  if (entry.status === "approved") await postLines(db, entry.companyId, id);
  return id;
}

/** Gives an approved entry's lines their place in each account's ledger. */
export async function postLines(db: Kysely<DB>, companyId: string, transactionId: string): Promise<void> {
  const header = await db
    .selectFrom("cashTransactions")
    .select(["storeId", "businessDate", "kind"])
    .where("companyId", "=", companyId)
    .where("id", "=", transactionId)
    .executeTakeFirstOrThrow();
  await assertPeriodOpen(db, companyId, header.storeId, header.businessDate);
  const lines = await db
    .selectFrom("cashEntries")
    .select(["id", "accountId", "amountCents"])
    .where("companyId", "=", companyId)
    .where("transactionId", "=", transactionId)
    .where("seq", "is", null)
    .orderBy("id")
    .execute();
  checkBalanced(lines.map((l) => ({ accountId: l.accountId, amountCents: Number(l.amountCents) })));
  const accountIds = [...new Set(lines.map((l) => l.accountId))].sort();
  // In one order (by id), and NO KEY UPDATE rather than UPDATE: the lines this transaction and
  // others have just inserted hold KEY SHARE locks on their accounts (the foreign key), which FOR
  // UPDATE would wait on — two postings to one account would then deadlock. NO KEY UPDATE still
  // lets only one posting at a time extend an account's sequence.
  const locked = await db
    .selectFrom("cashAccounts")
    .select(["id", "archivedAt", "kind", "name", "allowNegative"])
    .where("companyId", "=", companyId)
    .where("id", "in", accountIds)
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
  if (locked.length !== accountIds.length) throw refused(cashRefusal("accountNotFound"));
  if (locked.some((a) => a.archivedAt)) throw refused(cashRefusal("accountArchived"));
  // Money a person takes out of cash must be there when the entry posts (approval may come days later).
  const cashOut = (CASH_OUT_KINDS as readonly string[]).includes(header.kind);
  for (const line of lines) {
    const last = await lastLine(db, companyId, line.accountId);
    const account = locked.find((a) => a.id === line.accountId)!;
    if (
      cashOut &&
      Number(line.amountCents) < 0 &&
      account.kind !== "bank" &&
      !account.allowNegative &&
      isCashAccountKind(account.kind) &&
      last.balanceCents + Number(line.amountCents) < 0
    )
      throw refused(cashRefusal("belowZero", { account: account.name }));
    // clock_timestamp(), not now(): taken after the lock, so posted_at rises with seq in each account.
    await db
      .updateTable("cashEntries")
      .set({
        seq: last.seq + 1,
        balanceAfterCents: last.balanceCents + Number(line.amountCents),
        postedAt: sql<Date>`clock_timestamp()`,
      })
      .where("companyId", "=", companyId)
      .where("id", "=", line.id)
      .execute();
  }
}

async function lastLine(db: Kysely<DB>, companyId: string, accountId: string): Promise<{ seq: number; balanceCents: number }> {
  const row = await db
    .selectFrom("cashEntries")
    .select(["seq", "balanceAfterCents"])
    .where("companyId", "=", companyId)
    .where("accountId", "=", accountId)
    .where("seq", "is not", null)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), balanceCents: Number(row.balanceAfterCents) } : { seq: 0, balanceCents: 0 };
}

/** An account's balance: its approved lines' sum, read from the last one. */
export async function balanceOf(db: Kysely<DB>, companyId: string, accountId: string): Promise<number> {
  return (await lastLine(db, companyId, accountId)).balanceCents;
}

/** Whether the account has lines of entries still pending. */
export async function hasPendingLines(db: Kysely<DB>, companyId: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .select("e.id")
    .where("e.companyId", "=", companyId)
    .where("e.accountId", "=", accountId)
    .where("e.seq", "is", null)
    .where("t.status", "=", "pending")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The lines of an entry, for a reversal or a check. */
export async function legsOf(db: Kysely<DB>, companyId: string, transactionId: string): Promise<Leg[]> {
  const rows = await db
    .selectFrom("cashEntries")
    .select(["accountId", "amountCents"])
    .where("companyId", "=", companyId)
    .where("transactionId", "=", transactionId)
    .orderBy("id")
    .execute();
  const legs = rows.map((r) => ({ accountId: r.accountId, amountCents: Number(r.amountCents) }));
  if (sumLegs(legs) !== 0) throw new Error(`Entry ${transactionId} does not balance`);
  return legs;
}
