import { z } from "zod";
import { accessDenied } from "@tumble/domain/accessRefusals";
import { RECONCILIATION_MESSAGES, reconciliationRefusal } from "@tumble/domain/reconciliation";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { cashRefusal } from "@tumble/domain/cashLedger";
import { blindCountsOf, id } from "../cash/access.ts";
import { businessDateNow } from "../cash/dates.ts";
import { changerBalance as balanceChangers } from "../reconciliation/changers.ts";
import { trace as traceChain } from "../reconciliation/trace.ts";
import { checkRange, dayAfter, hasPendingIn, previousClosed, reconcile, storeOf } from "../reconciliation/periods.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Reconciliation periods (issue 14, docs/decisions/0025): the figures of a store's period, closing
// it (which freezes the figures and locks its dates against new entries), reopening by an owner,
// and the list of closed periods.

const period = z.object({ storeId: id, from: businessDateSchema, to: businessDateSchema });

/** The period's figures with their entry ids, the closing count and the variance. */
export const get = query({
  access: "isAdmin",
  args: period.extend({ countId: id.optional() }),
  handler: async (ctx, args) => {
    const store = await storeOf(ctx.db, ctx.company.id, args.storeId);
    // Blind means blind: whoever is counting this safe blind sees no expected figure here either.
    const blind = [...(await blindCountsOf(ctx))];
    if (
      blind.length &&
      (await ctx.db
        .selectFrom("cashAccounts")
        .select("id")
        .where("companyId", "=", ctx.company.id)
        .where("storeId", "=", store.id)
        .where("kind", "=", "safe")
        .where("id", "in", blind)
        .executeTakeFirst())
    )
      throw refused(cashRefusal("blindLedger"));
    return reconcile(ctx.db, ctx.company.id, store, args.from, args.to, args.countId);
  },
});

/** Closes a period: records who and when, freezes its figures and locks its dates. */
export const close = mutation({
  access: "isAdmin",
  args: period.extend({ countId: id.min(1, RECONCILIATION_MESSAGES.countNotSafe), note: z.string().trim().max(1000).optional() }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    checkRange(args.from, args.to);
    // The store's row lock: postings share it, so nothing lands in the period while it closes.
    const store = await storeOf(ctx.db, companyId, args.storeId, true);
    if (args.to > (await businessDateNow(ctx.db, companyId, store.id, new Date(ctx.now)))) throw refused(reconciliationRefusal("inFuture"));
    const clash = await ctx.db
      .selectFrom("reconciliations")
      .select(["fromDate", "toDate"])
      .where("companyId", "=", companyId)
      .where("storeId", "=", store.id)
      .where("status", "=", "closed")
      .where("toDate", ">=", args.from)
      .orderBy("fromDate")
      .limit(1)
      .executeTakeFirst();
    if (clash && clash.fromDate <= args.to) throw refused(reconciliationRefusal("overlapsClosed", { from: clash.fromDate, to: clash.toDate }));
    if (clash) throw refused(reconciliationRefusal("laterClosedExists", { from: clash.fromDate, to: clash.toDate }));
    const previous = await previousClosed(ctx.db, companyId, store.id, args.from);
    if (previous && dayAfter(previous.toDate) !== args.from) throw refused(reconciliationRefusal("notNext", { day: dayAfter(previous.toDate) }));
    if (await hasPendingIn(ctx.db, companyId, store.id, args.from, args.to)) throw refused(reconciliationRefusal("pendingInPeriod"));
    const used = await ctx.db
      .selectFrom("reconciliations")
      .select("id")
      .where("companyId", "=", companyId)
      .where("countId", "=", args.countId)
      .where("status", "=", "closed")
      .executeTakeFirst();
    if (used) throw refused(reconciliationRefusal("countUsed"));
    const figures = await reconcile(ctx.db, companyId, store, args.from, args.to, args.countId);
    const count = figures.count!;
    const reconciliationId = newId();
    await ctx.db
      .insertInto("reconciliations")
      .values({
        id: reconciliationId,
        companyId,
        storeId: store.id,
        accountId: figures.accountId,
        fromDate: args.from,
        toDate: args.to,
        status: "closed",
        countId: count.countId,
        openingCents: figures.opening.cents,
        expectedCents: figures.expectedClosingCents,
        countedCents: count.countedCents,
        countedClosingCents: count.countedClosingCents,
        varianceCents: figures.varianceCents!,
        figures: JSON.stringify(figures),
        note: args.note || null,
        closedBy: ctx.user.id,
      })
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "close",
      entity: "reconciliation",
      entityId: reconciliationId,
      after: { storeId: store.id, from: args.from, to: args.to, expectedCents: figures.expectedClosingCents, varianceCents: figures.varianceCents },
    });
    return { reconciliationId, ...figures };
  },
});

/** An owner reopens a closed period, with a reason; refused while a later closed period depends on it. */
export const reopen = mutation({
  access: "isAdmin",
  args: z.object({ reconciliationId: id, reason: z.string().trim().min(1, "Give a reason for reopening").max(1000) }),
  handler: async (ctx, args) => {
    if (ctx.company.role !== "OWNER" && !ctx.permissions.isSystemAdmin) throw refused(accessDenied(), AccessError);
    const companyId = ctx.company.id;
    const found = await ctx.db
      .selectFrom("reconciliations")
      .select(["storeId"])
      .where("companyId", "=", companyId)
      .where("id", "=", args.reconciliationId)
      .executeTakeFirst();
    if (!found) throw refused(reconciliationRefusal("notFound"));
    await storeOf(ctx.db, companyId, found.storeId, true);
    const rec = await ctx.db
      .selectFrom("reconciliations")
      .select(["id", "storeId", "fromDate", "toDate", "status"])
      .where("companyId", "=", companyId)
      .where("id", "=", args.reconciliationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (rec.status !== "closed") throw refused(reconciliationRefusal("notClosed"));
    const later = await ctx.db
      .selectFrom("reconciliations")
      .select(["fromDate", "toDate"])
      .where("companyId", "=", companyId)
      .where("storeId", "=", rec.storeId)
      .where("status", "=", "closed")
      .where("fromDate", ">", rec.toDate)
      .orderBy("fromDate")
      .limit(1)
      .executeTakeFirst();
    if (later) throw refused(reconciliationRefusal("laterClosed", { from: later.fromDate, to: later.toDate }));
    await ctx.db
      .updateTable("reconciliations")
      .set({ status: "reopened", reopenedBy: ctx.user.id, reopenedAt: new Date(), reopenReason: args.reason })
      .where("companyId", "=", companyId)
      .where("id", "=", rec.id)
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "reopen",
      entity: "reconciliation",
      entityId: rec.id,
      before: { status: "closed" },
      after: { status: "reopened", reason: args.reason },
    });
    return { reconciliationId: rec.id, status: "reopened" as const };
  },
});

/** Closed and reopened periods, latest first. */
export const list = query({
  access: "isAdmin",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, args) => {
    let q = ctx.db
      .selectFrom("reconciliations as r")
      .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "r.companyId").onRef("s.id", "=", "r.storeId"))
      .innerJoin("users as c", "c.id", "r.closedBy")
      .leftJoin("users as o", "o.id", "r.reopenedBy")
      .select([
        "r.id",
        "r.storeId",
        "s.name as storeName",
        "r.fromDate",
        "r.toDate",
        "r.status",
        "r.countId",
        "r.openingCents",
        "r.expectedCents",
        "r.countedCents",
        "r.countedClosingCents",
        "r.varianceCents",
        "r.note",
        "r.closedBy",
        "c.name as closedByName",
        "r.closedAt",
        "r.reopenedBy",
        "o.name as reopenedByName",
        "r.reopenedAt",
        "r.reopenReason",
      ])
      .where("r.companyId", "=", ctx.company.id);
    if (args.storeId) q = q.where("r.storeId", "=", args.storeId);
    const rows = await q.orderBy("r.toDate", "desc").orderBy("r.closedAt", "desc").limit(500).execute();
    return rows.map(({ id: rid, closedAt, reopenedAt, ...r }) => ({
      _id: rid,
      ...r,
      openingCents: Number(r.openingCents),
      expectedCents: Number(r.expectedCents),
      countedCents: Number(r.countedCents),
      countedClosingCents: Number(r.countedClosingCents),
      varianceCents: Number(r.varianceCents),
      closedAt: new Date(closedAt).getTime(),
      reopenedAt: reopenedAt ? new Date(reopenedAt).getTime() : null,
    }));
  },
});

/** From a collection, a deposit or a bank line to the rest of its chain: collections → postings → deposits → bank lines. */
export const trace = query({
  access: "isAdmin",
  args: z
    .object({ collectionId: id.optional(), depositId: id.optional(), bankLineId: id.optional() })
    .refine((a) => [a.collectionId, a.depositId, a.bankLineId].filter(Boolean).length === 1, "Give one of collectionId, depositId or bankLineId"),
  handler: async (ctx, args) => {
    const start = args.collectionId ? { collectionId: args.collectionId } : args.depositId ? { depositId: args.depositId } : { bankLineId: args.bankLineId! };
    return traceChain(ctx.db, ctx.company.id, start);
  },
});

/** Bills taken in against coins paid out, per bill changer and day, and the change fund against the changers. */
export const changerBalance = query({
  access: "isAdmin",
  args: period,
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    const store = await storeOf(ctx.db, ctx.company.id, args.storeId);
    return balanceChangers(ctx.db, ctx.company.id, store.id, args.from, args.to);
  },
});
