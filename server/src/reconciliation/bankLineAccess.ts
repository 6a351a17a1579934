import { accountOfCompany } from "../cash/access.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { refused } from "../runtime/errors.ts";
import { autoMatchAccount } from "./bank.ts";
import { clearLines } from "./clearing.ts";

// What the bank line functions share: the open bank account they act on, the line they lock, and
// automatic matching followed by the clearing of what it matched.

/** The caller's company's bank account, not archived. */
export async function bankAccount(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const account = await accountOfCompany(ctx, accountId);
  if (account.kind !== "bank") throw refused(reconciliationRefusal("notBankAccount"));
  if (account.archivedAt) throw refused(reconciliationRefusal("accountArchived"));
  return account;
}

/** Automatic matching, then the clearing of every line it matched. */
export async function matchAndClear(ctx: QueryCtx<"isAdmin">, accountId: string, windowDays: number) {
  const pairs = await autoMatchAccount(ctx.db, ctx.company.id, accountId, windowDays, ctx.user.id);
  await clearLines(
    ctx.db,
    ctx.company.id,
    pairs.map((p) => p.lineId),
    ctx.user.id,
  );
  return pairs;
}

/** A line of the caller's company, locked for the change. */
export async function lineOf(ctx: QueryCtx<"member">, bankLineId: string) {
  const line = await ctx.db
    .selectFrom("bankLines")
    .select(["id", "accountId", "amountCents", "date", "description"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", bankLineId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw refused(reconciliationRefusal("bankLineNotFound"));
  return line;
}
