import { z } from "zod";
import {
  cashRefusal,
  EXPENSE_CATEGORIES,
  MAX_AMOUNT_CENTS,
  moveLegs,
  needsApproval,
  REQUESTABLE_KINDS,
  reversedLegs,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  type Leg,
} from "@tumble/domain/cashLedger";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { daysBetween } from "@tumble/domain/bankStatement";
import { CASH_BACKDATE_DAYS } from "@tumble/domain/cashForms";
import { accountOfCompany, assertSeesCash, id, idempotencyKey, openCashAccount, type AccountRow } from "../cash/access.ts";
import { ledgerAccountId, storeAccountId } from "../cash/accounts.ts";
import { businessDateNow } from "../cash/dates.ts";
import { listEntries } from "../cash/entries.ts";
import { decideEntry } from "../cash/decide.ts";
import { createEntry, legsOf } from "../cash/ledger.ts";
import { cashSettings } from "../cash/settings.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";

// Cash transactions (issue 13): journal entries a person asks for — deposits, withdrawals (owner
// draws), transfers, expenses, change-fund replenishments, admin adjustments — and their
// decisions. pending → approved | rejected | cancelled; an approved entry is never changed, a
// reversal is a new linked entry. Collections and count variances are posted by verification and
// counts. Every mutation here takes an idempotencyKey.

const text = (max: number) => z.string().trim().max(max);

/** The entries of the company, newest first (cash dashboard, cash accounts; spec: cashTransactions.list {status}). */
export const list = query({
  access: "member",
  args: z.object({
    status: z.enum(TRANSACTION_STATUSES).optional(),
    accountId: id.optional(),
    storeId: id.optional(),
    kind: z.enum(TRANSACTION_KINDS).optional(),
    from: businessDateSchema.optional(),
    to: businessDateSchema.optional(),
  }),
  handler: async (ctx, args) => {
    assertSeesCash(ctx);
    if (args.from && args.to && args.from > args.to) throw refused(cashRefusal("fromAfterTo"));
    return listEntries(ctx.db, ctx.company.id, args);
  },
});

/** The account money leaves: the one chosen, or the store's own of `kind`. */
async function sourceAccount(ctx: MutationCtx<"canManageStores">, accountId: string | undefined, storeId: string | undefined, kind: "safe" | "petty_cash") {
  if (accountId) return openCashAccount(ctx, accountId);
  if (!storeId) throw refused(cashRefusal("needsSource"));
  return openCashAccount(ctx, await storeAccountId(ctx.db, ctx.company.id, await storeOfCompany(ctx, storeId), kind));
}

async function storeOfCompany(ctx: MutationCtx<"canManageStores">, storeId: string): Promise<string> {
  const store = await ctx.db.selectFrom("stores").select("id").where("companyId", "=", ctx.company.id).where("id", "=", storeId).executeTakeFirst();
  if (!store) throw refused(cashRefusal("storeNotFound"));
  return store.id;
}

/** Asks for (or, where no approval is needed, posts) a transaction. */
export const create = mutation({
  access: "canManageStores",
  idempotencyKeyInArgs: true,
  args: z.object({
    kind: z.enum(REQUESTABLE_KINDS),
    amountCents: z.number().int("Amounts are whole cents").min(1, "The amount must be more than zero").max(MAX_AMOUNT_CENTS, "The amount is too large"),
    fromAccountId: id.optional(),
    toAccountId: id.optional(),
    storeId: id.optional(),
    description: text(500).min(1, "Give a description"),
    category: z.enum(EXPENSE_CATEGORIES).optional(),
    payee: text(200).optional(),
    bagNumber: text(64).optional(),
    slipNumber: text(64).optional(),
    /** The day the money moved, when it is entered later; today in the store's time zone by default. */
    businessDate: businessDateSchema.optional(),
    idempotencyKey,
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const { kind, amountCents } = args;
    let legs: Leg[];
    let cash: AccountRow;
    const extra: { category?: string; payee?: string; bagNumber?: string | null; slipNumber?: string | null } = {};
    switch (kind) {
      case "deposit": {
        if (!args.bagNumber && !args.slipNumber) throw refused(cashRefusal("needsBagOrSlip"));
        cash = await sourceAccount(ctx, args.fromAccountId, args.storeId, "safe");
        if (cash.kind === "bank") throw refused(cashRefusal("depositFromBank"));
        legs = moveLegs(cash.id, await ledgerAccountId(ctx.db, companyId, "deposits_in_transit"), amountCents);
        extra.bagNumber = args.bagNumber || null;
        extra.slipNumber = args.slipNumber || null;
        break;
      }
      case "withdrawal": {
        cash = await sourceAccount(ctx, args.fromAccountId, args.storeId, "safe");
        legs = moveLegs(cash.id, await ledgerAccountId(ctx.db, companyId, "owner_draws"), amountCents);
        break;
      }
      case "expense": {
        if (!args.category) throw refused(cashRefusal("needsCategory"));
        if (!args.payee) throw refused(cashRefusal("needsPayee"));
        cash = await sourceAccount(ctx, args.fromAccountId, args.storeId, "petty_cash");
        legs = moveLegs(cash.id, await ledgerAccountId(ctx.db, companyId, "expense", args.category), amountCents);
        extra.category = args.category;
        extra.payee = args.payee;
        break;
      }
      case "transfer":
      case "change_fund_replenishment": {
        cash = await sourceAccount(ctx, args.fromAccountId, args.storeId, "safe");
        let destination: AccountRow;
        if (args.toAccountId) destination = await openCashAccount(ctx, args.toAccountId);
        else if (kind === "change_fund_replenishment" && cash.storeId)
          destination = await openCashAccount(ctx, await storeAccountId(ctx.db, companyId, cash.storeId, "change_fund"));
        else throw refused(cashRefusal("needsDestination"));
        if (kind === "change_fund_replenishment" && destination.kind !== "change_fund") throw refused(cashRefusal("notChangeFund"));
        if (destination.id === cash.id) throw refused(cashRefusal("sameAccount"));
        legs = moveLegs(cash.id, destination.id, amountCents);
        break;
      }
      case "adjustment": {
        if (!ctx.permissions.isAdmin) throw refused(cashRefusal("adjustmentAdmin"), AccessError);
        if (args.fromAccountId && args.toAccountId) throw refused(cashRefusal("adjustmentOneSide"));
        const target = args.toAccountId ?? args.fromAccountId;
        if (!target) throw refused(cashRefusal("needsStoreOrAccount"));
        cash = await openCashAccount(ctx, target);
        const overShort = await ledgerAccountId(ctx.db, companyId, "cash_over_short");
        legs = args.toAccountId ? moveLegs(overShort, cash.id, amountCents) : moveLegs(cash.id, overShort, amountCents);
        break;
      }
    }
    if (args.storeId && cash.storeId && cash.storeId !== args.storeId) throw refused(cashRefusal("accountNotInStore"));
    const storeId = cash.storeId ?? (args.storeId ? await storeOfCompany(ctx, args.storeId) : null);
    const settings = await cashSettings(ctx.db, companyId);
    const today = await businessDateNow(ctx.db, companyId, storeId, new Date(ctx.now));
    if (args.businessDate && args.businessDate > today) throw refused(cashRefusal("businessDateInFuture", { date: args.businessDate }));
    if (args.businessDate && daysBetween(args.businessDate, today) > CASH_BACKDATE_DAYS)
      throw refused(cashRefusal("businessDateTooOld", { date: args.businessDate }));
    const status = needsApproval(kind, settings.requireApproval) ? "pending" : "approved";
    const transactionId = await createEntry(ctx.db, {
      companyId,
      kind,
      status,
      storeId,
      businessDate: args.businessDate ?? today,
      legs,
      description: args.description,
      requestedBy: ctx.user.id,
      ...extra,
    });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "cashTransaction",
      entityId: transactionId,
      after: { kind, status, amountCents, legs, description: args.description, ...extra },
    });
    return { transactionId, status };
  },
});

/** The entry, locked until the deciding transaction ends: a second decision waits, then sees the first. */
async function lockedEntry(ctx: MutationCtx<"member">, transactionId: string) {
  const row = await ctx.db
    .selectFrom("cashTransactions")
    .select(["id", "kind", "status", "requestedBy", "reversesId", "amountCents", "storeId"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", transactionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw refused(cashRefusal("transactionNotFound"));
  return row;
}

const decision = z.object({ transactionId: id, idempotencyKey });

export const approve = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: decision,
  handler: async (ctx, { transactionId }) => {
    const entry = await lockedEntry(ctx, transactionId);
    if (entry.status !== "pending") throw refused(cashRefusal("notPending", { status: entry.status }));
    if (entry.requestedBy === ctx.user.id) throw refused(cashRefusal("ownApproval"), AccessError);
    await decideEntry(ctx, entry, "approved", null);
    return { transactionId, status: "approved" as const };
  },
});

export const reject = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: decision.extend({ reason: text(500).min(1, "Give a reason for the rejection") }),
  handler: async (ctx, { transactionId, reason }) => {
    const entry = await lockedEntry(ctx, transactionId);
    if (entry.status !== "pending") throw refused(cashRefusal("notPending", { status: entry.status }));
    if (entry.requestedBy === ctx.user.id) throw refused(cashRefusal("ownRejection"), AccessError);
    await decideEntry(ctx, entry, "rejected", reason);
    return { transactionId, status: "rejected" as const };
  },
});

/** The requester withdraws a request still pending. */
export const cancel = mutation({
  access: "member",
  idempotencyKeyInArgs: true,
  args: decision,
  handler: async (ctx, { transactionId }) => {
    const entry = await lockedEntry(ctx, transactionId);
    if (entry.requestedBy !== ctx.user.id) throw refused(cashRefusal("cancelNotOwn"), AccessError);
    if (entry.status !== "pending") throw refused(cashRefusal("notPending", { status: entry.status }));
    await decideEntry(ctx, entry, "cancelled", null);
    return { transactionId, status: "cancelled" as const };
  },
});

/** Undoes an approved entry with a new one linked to it, posted at once. */
export const reverse = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: z.object({ transactionId: id, reason: text(500).min(1, "Give a reason for the reversal"), idempotencyKey }),
  handler: async (ctx, { transactionId, reason }) => {
    const companyId = ctx.company.id;
    const entry = await lockedEntry(ctx, transactionId);
    if (entry.status !== "approved") throw refused(cashRefusal("notApproved"));
    if (entry.kind === "collection" || entry.kind === "collection_correction") throw refused(cashRefusal("collectionReversal"));
    if (entry.kind === "deposit_clearing" || entry.kind === "deposit_difference") throw refused(cashRefusal("bankMatchReversal"));
    if (entry.reversesId) throw refused(cashRefusal("reversalOfReversal"));
    // The bank already holds a matched deposit: reversing it would count the money twice. The
    // entry's row lock (above) is also what bankLines:match takes, so the two never pass each other.
    if (entry.kind === "deposit") {
      const matched = await ctx.db
        .selectFrom("bankLineMatches")
        .select("bankLineId")
        .where("companyId", "=", companyId)
        .where("transactionId", "=", transactionId)
        .executeTakeFirst();
      if (matched) throw refused(cashRefusal("depositMatched"));
    }
    const already = await ctx.db
      .selectFrom("cashTransactions")
      .select("id")
      .where("companyId", "=", companyId)
      .where("reversesId", "=", transactionId)
      .executeTakeFirst();
    if (already) throw refused(cashRefusal("alreadyReversed"));
    const legs = reversedLegs(await legsOf(ctx.db, companyId, transactionId));
    for (const leg of legs) {
      const account = await accountOfCompany(ctx, leg.accountId);
      if (account.archivedAt) throw refused(cashRefusal("accountArchived"));
    }
    const reversalId = await createEntry(ctx.db, {
      companyId,
      kind: entry.kind as (typeof TRANSACTION_KINDS)[number],
      status: "approved",
      storeId: entry.storeId,
      businessDate: await businessDateNow(ctx.db, companyId, entry.storeId, new Date(ctx.now)),
      legs,
      description: `Reversal: ${reason}`,
      requestedBy: ctx.user.id,
      reversesId: transactionId,
    });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "reverse",
      entity: "cashTransaction",
      entityId: transactionId,
      after: { reversalId, reason },
    });
    return { transactionId: reversalId, status: "approved" as const };
  },
});
