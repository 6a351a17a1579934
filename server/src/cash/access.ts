import { z } from "zod";
import { accessDenied } from "@tumble/domain/accessRefusals";
import { cashRefusal, isCashAccountKind } from "@tumble/domain/cashLedger";
import type { QueryCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";

// What the cash functions share: argument shapes, who may see cash, and reading one of the
// caller's company's accounts.

export const id = z.string().max(64);

/** Required on every money mutation; the runtime answers a retry with the first result. */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, "expected 1 to 200 visible ASCII characters");

/** Balances and entries are for those who run stores, read reports or approve draws. */
export function assertSeesCash(ctx: QueryCtx<"member">): void {
  const p = ctx.permissions;
  if (!p.canManageStores && !p.canExportReports && !p.canApproveDraws) throw refused(accessDenied("canExportReports"), AccessError);
}

/**
 * The accounts the caller is counting blind right now. Their balance (and ledger) is hidden from
 * that person in every answer until the count is handed in: a blind count must not be able to
 * read the figure it is checked against.
 */
export async function blindCountsOf(ctx: QueryCtx<"member">): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom("physicalCounts")
    .select("accountId")
    .where("companyId", "=", ctx.company.id)
    .where("countedBy", "=", ctx.user.id)
    .where("status", "=", "counting")
    .where("blind", "=", true)
    .execute();
  return new Set(rows.map((r) => r.accountId));
}

export interface AccountRow {
  id: string;
  storeId: string | null;
  kind: string;
  name: string;
  category: string | null;
  archivedAt: Date | null;
  allowNegative: boolean;
}

/** One of the company's accounts (locked for the transaction when asked), or "Account not found". */
export async function accountOfCompany(ctx: QueryCtx<"member">, accountId: string, lock = false): Promise<AccountRow> {
  let q = ctx.db
    .selectFrom("cashAccounts")
    .select(["id", "storeId", "kind", "name", "category", "archivedAt", "allowNegative"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", accountId);
  // NO KEY UPDATE: as the ledger's own lock (ledger.ts), so lines referencing the account do not deadlock with it.
  if (lock) q = q.forNoKeyUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw refused(cashRefusal("accountNotFound"));
  return row;
}

/** A cash account money can move in or out of now. */
export async function openCashAccount(ctx: QueryCtx<"member">, accountId: string): Promise<AccountRow> {
  const account = await accountOfCompany(ctx, accountId);
  if (!isCashAccountKind(account.kind)) throw refused(cashRefusal("notCashAccount"));
  if (account.archivedAt) throw refused(cashRefusal("accountArchived"));
  return account;
}
