import { sql } from "kysely";
import { z } from "zod";
import { CASH_ACCOUNT_KINDS, cashRefusal, isCashAccountKind, MAX_AMOUNT_CENTS, moveLegs } from "@tumble/domain/cashLedger";
import { cashAccountName, kindNeedsStore } from "@tumble/domain/cashForms";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { accountOfCompany, assertSeesCash, blindCountsOf, id, idempotencyKey } from "../cash/access.ts";
import { ledgerAccountId } from "../cash/accounts.ts";
import { businessDateNow } from "../cash/dates.ts";
import { isoDate } from "../cash/closedPeriods.ts";
import { linesOf } from "../cash/entries.ts";
import { balanceOf, createEntry, hasPendingLines } from "../cash/ledger.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Cash accounts (issue 13): a store's safe, change fund and petty cash (opened with the store),
// the company's bank accounts, and extras a manager adds; each with its balance, the sum of its
// approved lines. The company's counterpart accounts are listed on request.

const PAGE_SIZE = 50;

/** Accounts with their current balance: cash accounts by store, then the company's. */
export const list = query({
  access: "member",
  args: z.object({ storeId: id.optional(), includeArchived: z.boolean().optional(), includeLedger: z.boolean().optional() }),
  handler: async (ctx, { storeId, includeArchived, includeLedger }) => {
    assertSeesCash(ctx);
    let q = ctx.db
      .selectFrom("cashAccounts as a")
      .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "a.storeId").onRef("s.companyId", "=", "a.companyId"))
      .select([
        "a.id",
        "a.name",
        "a.kind",
        "a.storeId",
        "s.name as storeName",
        "a.category",
        "a.archivedAt",
        "a.allowNegative",
        (eb) =>
          eb
            .selectFrom("cashEntries as e")
            .select("e.balanceAfterCents")
            .whereRef("e.companyId", "=", "a.companyId")
            .whereRef("e.accountId", "=", "a.id")
            .where("e.seq", "is not", null)
            .orderBy("e.seq", "desc")
            .limit(1)
            .as("balanceCents"),
      ])
      .where("a.companyId", "=", ctx.company.id);
    if (storeId) q = q.where((eb) => eb.or([eb("a.storeId", "=", storeId), eb("a.storeId", "is", null)]));
    if (!includeArchived) q = q.where("a.archivedAt", "is", null);
    if (!includeLedger) q = q.where("a.kind", "in", [...CASH_ACCOUNT_KINDS]);
    const rows = await q
      .orderBy(sql`s.name nulls last`)
      .orderBy(sql`array_position(array['safe','change_fund','petty_cash','bank','other']::text[], a.kind) nulls last`)
      .orderBy("a.name")
      .execute();
    const blind = await blindCountsOf(ctx);
    return rows.map(({ id, archivedAt, balanceCents, ...r }) => ({
      _id: id,
      ...r,
      archived: archivedAt !== null,
      // null: the caller is counting this account blind.
      balanceCents: blind.has(id) ? null : Number(balanceCents ?? 0),
    }));
  },
});

const name = cashAccountName;

/** A bank account of the company, or an extra cash account (of a store or the company). */
export const create = mutation({
  access: "canManageStores",
  idempotencyKeyInArgs: true,
  args: z.object({
    name,
    kind: z.enum(CASH_ACCOUNT_KINDS),
    storeId: id.optional(),
    openingBalanceCents: z.number().int("Amounts are whole cents").min(0, "The opening balance cannot be negative").max(MAX_AMOUNT_CENTS).optional(),
    idempotencyKey,
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    if (args.storeId) {
      const store = await ctx.db.selectFrom("stores").select("id").where("companyId", "=", companyId).where("id", "=", args.storeId).executeTakeFirst();
      if (!store) throw refused(cashRefusal("storeNotFound"));
    } else if (kindNeedsStore(args.kind)) throw refused(cashRefusal("accountNeedsStore"));
    const accountId = (
      await ctx.db
        .insertInto("cashAccounts")
        .values({ id: newId(), companyId, storeId: args.storeId ?? null, kind: args.kind, name: args.name, category: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    if (args.openingBalanceCents) {
      await createEntry(ctx.db, {
        companyId,
        kind: "adjustment",
        status: "approved",
        storeId: args.storeId ?? null,
        businessDate: await businessDateNow(ctx.db, companyId, args.storeId ?? null, new Date(ctx.now)),
        legs: moveLegs(await ledgerAccountId(ctx.db, companyId, "opening_balance"), accountId, args.openingBalanceCents),
        description: "Opening balance",
        requestedBy: ctx.user.id,
      });
    }
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "cashAccount",
      entityId: accountId,
      after: { name: args.name, kind: args.kind, storeId: args.storeId ?? null, openingBalanceCents: args.openingBalanceCents ?? 0 },
    });
    return { accountId };
  },
});

/** Renames a cash account. */
export const update = mutation({
  access: "canManageStores",
  args: z.object({
    accountId: id,
    name,
    /** Lets the account go below zero (administrators only; a bank always may). */
    allowNegative: z.boolean().optional(),
  }),
  handler: async (ctx, args) => {
    const account = await accountOfCompany(ctx, args.accountId, true);
    if (!isCashAccountKind(account.kind)) throw refused(cashRefusal("notCashAccount"));
    const allowNegative = args.allowNegative ?? account.allowNegative;
    if (allowNegative !== account.allowNegative && !ctx.permissions.isAdmin) throw refused(cashRefusal("allowNegativeAdmin"), AccessError);
    await ctx.db
      .updateTable("cashAccounts")
      .set({ name: args.name, allowNegative })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", account.id)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "update",
      entity: "cashAccount",
      entityId: account.id,
      before: { name: account.name, allowNegative: account.allowNegative },
      after: { name: args.name, allowNegative },
    });
    return null;
  },
});

/** Closes a cash account that holds nothing and has nothing pending. */
export const archive = mutation({
  access: "canManageStores",
  idempotencyKeyInArgs: true,
  args: z.object({ accountId: id, idempotencyKey }),
  handler: async (ctx, { accountId }) => {
    const companyId = ctx.company.id;
    // Locked, so no posting lands between the zero check and the archive.
    const account = await accountOfCompany(ctx, accountId, true);
    if (!isCashAccountKind(account.kind)) throw refused(cashRefusal("notCashAccount"));
    if (account.archivedAt) throw refused(cashRefusal("accountArchived"));
    if ((await balanceOf(ctx.db, companyId, accountId)) !== 0) throw refused(cashRefusal("archiveNotZero"));
    if (await hasPendingLines(ctx.db, companyId, accountId)) throw refused(cashRefusal("archivePending"));
    await ctx.db.updateTable("cashAccounts").set({ archivedAt: new Date() }).where("companyId", "=", companyId).where("id", "=", accountId).execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "archive", entity: "cashAccount", entityId: accountId });
    return null;
  },
});

/** An account's approved lines, newest business date first, each with the balance after it (in posting order); 50 a page. */
export const getLedger = query({
  access: "member",
  args: z.object({
    accountId: id,
    from: businessDateSchema.optional(),
    to: businessDateSchema.optional(),
    /** The nextCursor of the previous page. */
    cursor: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}:\d{1,18}$/, "expected the nextCursor of a previous page")
      .optional(),
  }),
  handler: async (ctx, { accountId, from, to, cursor }) => {
    assertSeesCash(ctx);
    const companyId = ctx.company.id;
    const account = await accountOfCompany(ctx, accountId);
    if ((await blindCountsOf(ctx)).has(account.id)) throw refused(cashRefusal("blindLedger"));
    if (from && to && from > to) throw refused(cashRefusal("fromAfterTo"));
    let q = ctx.db
      .selectFrom("cashEntries as e")
      .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
      .select(["e.seq", "e.postedAt", "e.businessDate", "e.amountCents", "e.balanceAfterCents", "e.transactionId", "t.kind", "t.description", "t.reversesId"])
      .where("e.companyId", "=", companyId)
      .where("e.accountId", "=", accountId)
      .where("e.seq", "is not", null);
    // Newest business date first (an entry dated back sits on its own day), then the latest posted.
    if (cursor) {
      const [date, seq] = cursor.split(":");
      q = q.where(sql<boolean>`(e.business_date, e.seq) < (${date}::date, ${Number(seq)})`);
    }
    if (from) q = q.where("e.businessDate", ">=", from);
    if (to) q = q.where("e.businessDate", "<=", to);
    const rows = await q
      .orderBy("e.businessDate", "desc")
      .orderBy("e.seq", "desc")
      .limit(PAGE_SIZE + 1)
      .execute();
    const page = rows.slice(0, PAGE_SIZE);
    const lines = await linesOf(
      ctx.db,
      companyId,
      page.map((r) => r.transactionId),
    );
    return {
      account: { _id: account.id, name: account.name, kind: account.kind, storeId: account.storeId, archived: account.archivedAt !== null },
      balanceCents: await balanceOf(ctx.db, companyId, accountId),
      lines: page.map((r) => ({
        seq: Number(r.seq),
        postedAt: new Date(r.postedAt!).getTime(),
        businessDate: r.businessDate,
        amountCents: Number(r.amountCents),
        balanceAfterCents: Number(r.balanceAfterCents),
        transactionId: r.transactionId,
        kind: r.kind,
        description: r.description,
        reversesId: r.reversesId,
        counterparts: (lines.get(r.transactionId) ?? []).filter((l) => l.accountId !== accountId).map((l) => ({ name: l.accountName, kind: l.accountKind })),
      })),
      nextCursor: rows.length > PAGE_SIZE ? `${isoDate(page[page.length - 1].businessDate)}:${page[page.length - 1].seq}` : null,
    };
  },
});
