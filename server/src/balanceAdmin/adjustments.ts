import { sql, type Kysely } from "kysely";
import { moveLegs } from "@tumble/domain/cashLedger";
import { ledgerAccountId } from "../cash/accounts.ts";
import { businessDateNow } from "../cash/dates.ts";
import { createEntry } from "../cash/ledger.ts";
import type { DB } from "../db/schema.ts";

// A system admin's balance adjustment is an ordinary ledger entry of kind "adjustment" between the
// account and the company's cash over/short account: the balance moves only through the journal
// (docs/decisions/0023), and the company's own ledger, reports and reconciliation see it like any
// other adjustment. balance_adjustments keeps the request, its reason, who approved it and the
// balance before and after posting.

/** Accounts that hold money a person can count or a bank can state; the ledger's counterparts are not adjusted by hand. */
export const ADJUSTABLE_KINDS = ["safe", "change_fund", "petty_cash", "bank", "other"] as const;

export const DEFAULT_APPROVAL_THRESHOLD_CENTS = 50_000;

export async function approvalThresholdCents(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("balanceAdminSettings").select("approvalThresholdCents").executeTakeFirst();
  return row ? Number(row.approvalThresholdCents) : DEFAULT_APPROVAL_THRESHOLD_CENTS;
}

/**
 * Writes the threshold (the platform's one settings row). A lower one applies when asked; a higher
 * one only when a second system administrator approved it (systemAdmin/platformChanges.ts, decision 0060).
 */
export async function writeApprovalThreshold(db: Kysely<DB>, cents: number, by: string, now: Date): Promise<void> {
  await db
    .insertInto("balanceAdminSettings")
    .values({ id: true, approvalThresholdCents: cents, updatedBy: by, updatedAt: now })
    .onConflict((oc) => oc.column("id").doUpdateSet({ approvalThresholdCents: cents, updatedBy: by, updatedAt: now }))
    .execute();
}

/** Whether an adjustment of this size waits for a second system admin. */
export function needsSecondAdmin(amountCents: number, thresholdCents: number): boolean {
  return Math.abs(amountCents) > thresholdCents;
}

/**
 * Posts the adjustment through the ledger and returns the account's balance before and after it,
 * read from the line the ledger wrote (so a concurrent posting to the same account cannot make
 * the pair disagree with the ledger).
 */
export async function postAdjustment(
  db: Kysely<DB>,
  adjustment: {
    companyId: string;
    accountId: string;
    storeId: string | null;
    amountCents: number;
    reason: string;
    requestedBy: string;
    approvedBy: string | null;
  },
  now: Date,
): Promise<{ transactionId: string; beforeCents: number; afterCents: number }> {
  const { companyId, accountId, amountCents } = adjustment;
  const overShort = await ledgerAccountId(db, companyId, "cash_over_short");
  const legs = amountCents > 0 ? moveLegs(overShort, accountId, amountCents) : moveLegs(accountId, overShort, -amountCents);
  const transactionId = await createEntry(db, {
    companyId,
    kind: "adjustment",
    status: "approved",
    storeId: adjustment.storeId,
    businessDate: await businessDateNow(db, companyId, adjustment.storeId, now),
    legs,
    description: `System administrator adjustment: ${adjustment.reason}`,
    requestedBy: adjustment.requestedBy,
  });
  if (adjustment.approvedBy)
    await db
      .updateTable("cashTransactions")
      .set({ decidedBy: adjustment.approvedBy })
      .where("companyId", "=", companyId)
      .where("id", "=", transactionId)
      .execute();
  const line = await db
    .selectFrom("cashEntries")
    .select("balanceAfterCents")
    .where("companyId", "=", companyId)
    .where("transactionId", "=", transactionId)
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  const afterCents = Number(line.balanceAfterCents);
  return { transactionId, beforeCents: afterCents - amountCents, afterCents };
}

/** Each adjustable account's balance: its last posted line's balance_after (0 before any line). */
export function balanceColumn() {
  return sql<string | number>`coalesce((select e.balance_after_cents from cash_entries e
    where e.company_id = a.company_id and e.account_id = a.id and e.seq is not null order by e.seq desc limit 1), 0)`;
}
