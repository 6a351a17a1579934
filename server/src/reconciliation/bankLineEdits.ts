import { DEFAULT_MATCH_WINDOW_DAYS } from "@tumble/domain/bankStatement";
import { cashRefusal, type EXPENSE_CATEGORIES } from "@tumble/domain/cashLedger";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { isoDate } from "../cash/closedPeriods.ts";
import { businessDateNow } from "../cash/dates.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { bookLine, standingBookings } from "./bankEntries.ts";
import { bankAccount, lineOf, matchAndClear } from "./bankLineAccess.ts";
import { clearLines, reverseSettlements, settleGroup, unclearLines } from "./clearing.ts";

// Bank lines changed one at a time: matched automatically or by hand, unmatched, entered by hand,
// booked as a fee or interest, and a match's difference settled to cash over/short
// (docs/decisions/0025, 0026). Every change is audited.

/** Matches the account's unmatched credit lines to deposits in transit. */
export async function autoMatchLines(ctx: MutationCtx<"isAdmin">, accountId: string, windowDays: number | undefined) {
  const account = await bankAccount(ctx, accountId);
  const pairs = await matchAndClear(ctx, account.id, windowDays ?? DEFAULT_MATCH_WINDOW_DAYS);
  if (pairs.length)
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "autoMatch",
      entity: "bankLines",
      entityId: account.id,
      after: { pairs },
    });
  return { matched: pairs.length, pairs };
}

/** Matches deposits to a line by hand: several deposits to one line, or one deposit split over lines. */
export async function matchByHand(ctx: MutationCtx<"isAdmin">, bankLineId: string, chosenDepositIds: string[]) {
  const companyId = ctx.company.id;
  const line = await lineOf(ctx, bankLineId);
  if (Number(line.amountCents) <= 0) throw refused(reconciliationRefusal("creditOnly"));
  if ((await standingBookings(ctx.db, companyId, [line.id])).size) throw refused(reconciliationRefusal("lineBookedNoMatch"));
  const depositIds = [...new Set(chosenDepositIds)];
  // Locked in one order, as cashTransactions:reverse locks the entry it undoes: a match and a
  // reversal of the same deposit never pass each other.
  const deposits = await ctx.db
    .selectFrom("cashTransactions as t")
    .select(["t.id", "t.kind", "t.status", "t.amountCents", "t.reversesId"])
    .where("t.companyId", "=", companyId)
    .where("t.id", "in", depositIds)
    .orderBy("t.id")
    .forUpdate()
    .execute();
  if (deposits.length !== depositIds.length) throw refused(reconciliationRefusal("depositNotFound"));
  if (deposits.some((d) => d.kind !== "deposit" || d.reversesId)) throw refused(reconciliationRefusal("depositsOnly"));
  if (deposits.some((d) => d.status !== "approved")) throw refused(reconciliationRefusal("depositNotApproved"));
  const reversed = await ctx.db
    .selectFrom("cashTransactions")
    .select("id")
    .where("companyId", "=", companyId)
    .where("reversesId", "in", depositIds)
    .executeTakeFirst();
  if (reversed) throw refused(cashRefusal("depositReversed"));
  const already = await ctx.db
    .selectFrom("bankLineMatches")
    .select("transactionId")
    .where("companyId", "=", companyId)
    .where("bankLineId", "=", line.id)
    .where("transactionId", "in", depositIds)
    .executeTakeFirst();
  if (already) throw refused(reconciliationRefusal("alreadyMatched"));
  // The group's difference changes with a new match: a difference already posted is undone first.
  await reverseSettlements(ctx.db, companyId, [line.id], ctx.user.id, new Date(ctx.now));
  await ctx.db
    .insertInto("bankLineMatches")
    .values(depositIds.map((transactionId) => ({ companyId, bankLineId: line.id, transactionId, automatic: false, matchedBy: ctx.user.id })))
    .execute();
  await clearLines(ctx.db, companyId, [line.id], ctx.user.id);
  await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "match", entity: "bankLine", entityId: line.id, after: { depositIds } });
  const matched = await ctx.db
    .selectFrom("bankLineMatches as m")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.transactionId"))
    .select(["t.amountCents"])
    .where("m.companyId", "=", companyId)
    .where("m.bankLineId", "=", line.id)
    .execute();
  const depositsCents = matched.reduce((sum, m) => sum + Number(m.amountCents), 0);
  // The difference is shown here and posted only on approval (bankLines:settle): a deposit split over lines leaves one until its last line is matched.
  return { bankLineId: line.id, lineCents: Number(line.amountCents), depositsCents, differenceCents: Number(line.amountCents) - depositsCents };
}

/** Removes a line's matches (all of them, or one deposit's). */
export async function unmatchLine(ctx: MutationCtx<"isAdmin">, bankLineId: string, depositId: string | undefined) {
  const companyId = ctx.company.id;
  const line = await lineOf(ctx, bankLineId);
  let q = ctx.db.deleteFrom("bankLineMatches").where("companyId", "=", companyId).where("bankLineId", "=", line.id);
  if (depositId) q = q.where("transactionId", "=", depositId);
  const removed = await q.returning("transactionId").execute();
  if (!removed.length) throw refused(reconciliationRefusal("noSuchMatch"));
  await unclearLines(ctx.db, companyId, [line.id], ctx.user.id, new Date(ctx.now));
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "unmatch",
    entity: "bankLine",
    entityId: line.id,
    before: { depositIds: removed.map((r) => r.transactionId) },
  });
  return { removed: removed.length };
}

/** A line entered by hand (a deposit the statement file lacks, a fee): matched automatically like an imported one. */
export async function addLineByHand(
  ctx: MutationCtx<"isAdmin">,
  args: { accountId: string; date: string; description: string; amountCents: number; reference?: string },
) {
  const companyId = ctx.company.id;
  const account = await bankAccount(ctx, args.accountId);
  if (args.date > (await businessDateNow(ctx.db, companyId, null, new Date(ctx.now)))) throw refused(reconciliationRefusal("futureLine"));
  const bankLineId = newId();
  await ctx.db
    .insertInto("bankLines")
    .values({
      id: bankLineId,
      companyId,
      accountId: account.id,
      date: args.date,
      description: args.description,
      amountCents: args.amountCents,
      reference: args.reference || null,
      // A hand-entered line is its own: never a duplicate of another.
      fingerprint: `manual|${bankLineId}`,
      source: "manual",
      createdBy: ctx.user.id,
    })
    .execute();
  await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "add", entity: "bankLine", entityId: bankLineId, after: args });
  const matched = await matchAndClear(ctx, account.id, DEFAULT_MATCH_WINDOW_DAYS);
  return { bankLineId, matched: matched.length };
}

/** Books a line nobody deposited: a debit to an expense of the category, a credit to other income. */
export async function bookLineOf(ctx: MutationCtx<"isAdmin">, bankLineId: string, category: (typeof EXPENSE_CATEGORIES)[number] | undefined) {
  const companyId = ctx.company.id;
  const line = await lineOf(ctx, bankLineId);
  await bankAccount(ctx, line.accountId);
  const result = await bookLine(ctx.db, companyId, { ...line, amountCents: Number(line.amountCents), date: isoDate(line.date) }, category, ctx.user.id);
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "book",
    entity: "bankLine",
    entityId: line.id,
    after: { ...result, category },
  });
  return result;
}

/** An approver posts a match's difference to cash over/short. */
export async function settleLine(ctx: MutationCtx<"canApproveDraws">, bankLineId: string, reason: string | undefined) {
  const companyId = ctx.company.id;
  const line = await lineOf(ctx, bankLineId);
  const result = await settleGroup(ctx.db, companyId, line.id, ctx.user.id, new Date(ctx.now), reason || undefined);
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "settle",
    entity: "bankLine",
    entityId: line.id,
    after: { ...result, reason },
  });
  return { transactionId: result.transactionId, differenceCents: result.differenceCents };
}
