import { z } from "zod";
import { formatUSD } from "@tumble/domain/money";
import {
  cashRefusal,
  countTotalCents,
  DENOMINATION_CODES,
  MAX_AMOUNT_CENTS,
  MAX_PIECES,
  moveLegs,
  VARIANCE_REASONS,
  varianceNeedsReason,
} from "@tumble/domain/cashLedger";
import { accountOfCompany, assertSeesCash, id, idempotencyKey, openCashAccount } from "../cash/access.ts";
import { ledgerAccountId } from "../cash/accounts.ts";
import { businessDateNow } from "../cash/dates.ts";
import { balanceOf, createEntry } from "../cash/ledger.ts";
import { cashSettings } from "../cash/settings.ts";
import { notify } from "../notifications/notify.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, AppError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Physical counts (issue 13): a cash account counted by denomination. Expected is the ledger
// balance when the count starts; variance = counted − expected. A blind count hides the expected
// figure until it is submitted. A variance beyond the company's threshold needs a reason and a
// note; a reviewer who approves draws (not the counter) accepts it, posting the variance against
// cash over/short, or asks for a recount.

const STATUSES = ["counting", "submitted", "accepted", "recount_requested"] as const;

/** Starts counting an account; one open count per account. */
export const start = mutation({
  access: "canManageStores",
  idempotencyKeyInArgs: true,
  args: z.object({ accountId: id, blind: z.boolean().optional(), idempotencyKey }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const account = await openCashAccount(ctx, args.accountId);
    if (account.kind === "bank") throw refused(cashRefusal("countCashOnly"));
    const blind = args.blind ?? (await cashSettings(ctx.db, companyId)).blindCounts;
    const expectedCents = await balanceOf(ctx.db, companyId, account.id);
    const countId = newId();
    await ctx.db
      .insertInto("physicalCounts")
      .values({ id: countId, companyId, accountId: account.id, status: "counting", blind, expectedCents, countedBy: ctx.user.id })
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "start",
      entity: "physicalCount",
      entityId: countId,
      after: { accountId: account.id, blind, expectedCents },
    });
    return { countId, blind, expectedCents: blind ? null : expectedCents };
  },
});

async function lockedCount(ctx: MutationCtx<"member">, countId: string) {
  const row = await ctx.db
    .selectFrom("physicalCounts")
    .selectAll()
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", countId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw refused(cashRefusal("countNotFound"));
  return row;
}

/** The counter hands in the pieces counted; the answer shows the expected figure and the variance. */
export const submit = mutation({
  access: "canManageStores",
  idempotencyKeyInArgs: true,
  args: z.object({
    countId: id,
    denominations: z.partialRecord(z.enum(DENOMINATION_CODES), z.number().int("Count whole pieces").min(0, "A count cannot be negative").max(MAX_PIECES)),
    reason: z.enum(VARIANCE_REASONS).optional(),
    note: z.string().trim().max(1000).optional(),
    idempotencyKey,
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const count = await lockedCount(ctx, args.countId);
    if (count.countedBy !== ctx.user.id) throw refused(cashRefusal("countNotYours"), AccessError);
    if (count.status !== "counting") throw refused(cashRefusal("countNotOpen", { status: count.status }));
    const countedCents = countTotalCents(args.denominations);
    // The same cap as every other amount (each denomination's count alone could add up to far more).
    if (countedCents > MAX_AMOUNT_CENTS) throw refused(cashRefusal("countTooLarge"));
    const expectedCents = Number(count.expectedCents);
    const varianceCents = countedCents - expectedCents;
    const { varianceThresholdCents } = await cashSettings(ctx.db, companyId);
    // A blind count is never refused for its difference: a refusal would tell the counter how far
    // off they are, and tries would find the figure. Its reviewer sees the difference instead.
    if (!count.blind && varianceNeedsReason(varianceCents, varianceThresholdCents) && (!args.reason || !args.note)) {
      // The figures stay beside the code, where the count form reads them.
      const { message, data } = cashRefusal("varianceReason", { threshold: formatUSD(varianceThresholdCents) });
      throw new AppError(message, { ...data, expectedCents, countedCents, varianceCents });
    }
    await ctx.db
      .updateTable("physicalCounts")
      .set({
        status: "submitted",
        countedCents,
        varianceCents,
        denominations: JSON.stringify(args.denominations),
        reason: args.reason ?? null,
        note: args.note || null,
        submittedAt: new Date(),
      })
      .where("companyId", "=", companyId)
      .where("id", "=", count.id)
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "submit",
      entity: "physicalCount",
      entityId: count.id,
      before: { status: "counting" },
      after: { status: "submitted", countedCents, varianceCents, reason: args.reason ?? null },
    });
    return { countId: count.id, expectedCents, countedCents, varianceCents };
  },
});

async function submittedForReview(ctx: MutationCtx<"canApproveDraws">, countId: string) {
  const count = await lockedCount(ctx, countId);
  if (count.status !== "submitted") throw refused(cashRefusal("countNotOpen", { status: count.status }));
  if (count.countedBy === ctx.user.id) throw refused(cashRefusal("ownCountReview"), AccessError);
  return count;
}

/** Accepts a submitted count and posts its variance to cash over/short. */
export const accept = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: z.object({ countId: id, idempotencyKey }),
  handler: async (ctx, { countId }) => {
    const companyId = ctx.company.id;
    const count = await submittedForReview(ctx, countId);
    const varianceCents = Number(count.varianceCents);
    let transactionId: string | null = null;
    if (varianceCents !== 0) {
      const account = await accountOfCompany(ctx, count.accountId);
      const overShort = await ledgerAccountId(ctx.db, companyId, "cash_over_short");
      transactionId = await createEntry(ctx.db, {
        companyId,
        kind: "count_variance",
        status: "approved",
        storeId: account.storeId,
        businessDate: await businessDateNow(ctx.db, companyId, account.storeId, new Date(ctx.now)),
        legs: moveLegs(overShort, account.id, varianceCents),
        description: `Count of ${account.name}${count.reason ? `: ${count.reason}` : ""}`,
        requestedBy: ctx.user.id,
        countId: count.id,
      });
    }
    await ctx.db
      .updateTable("physicalCounts")
      .set({ status: "accepted", reviewedBy: ctx.user.id, reviewedAt: new Date(), transactionId })
      .where("companyId", "=", companyId)
      .where("id", "=", count.id)
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "accept",
      entity: "physicalCount",
      entityId: count.id,
      before: { status: "submitted" },
      after: { status: "accepted", varianceCents, transactionId },
    });
    const { name: accountName } = await accountOfCompany(ctx, count.accountId);
    const link = `/laundromat/physical-counts?account=${count.accountId}`;
    await notify(ctx.db, { companyId, userId: count.countedBy, kind: "count.accepted", params: { accountName, varianceCents }, link });
    return { countId: count.id, transactionId };
  },
});

/** Sends a submitted count back: it is closed, and the account is counted again from the start. */
export const requestRecount = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: z.object({ countId: id, note: z.string().trim().max(1000).optional(), idempotencyKey }),
  handler: async (ctx, { countId, note }) => {
    const count = await submittedForReview(ctx, countId);
    await ctx.db
      .updateTable("physicalCounts")
      .set({ status: "recount_requested", reviewedBy: ctx.user.id, reviewedAt: new Date(), reviewNote: note || null })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", count.id)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "requestRecount",
      entity: "physicalCount",
      entityId: count.id,
      before: { status: "submitted" },
      after: { status: "recount_requested", note: note || null },
    });
    return null;
  },
});

/** Counts, newest first: the review queue (status submitted) and each account's history. */
export const list = query({
  access: "member",
  args: z.object({ accountId: id.optional(), storeId: id.optional(), status: z.enum(STATUSES).optional() }),
  handler: async (ctx, args) => {
    assertSeesCash(ctx);
    let q = ctx.db
      .selectFrom("physicalCounts as p")
      .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "p.companyId").onRef("a.id", "=", "p.accountId"))
      .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "a.storeId").onRef("s.companyId", "=", "a.companyId"))
      .innerJoin("users as c", "c.id", "p.countedBy")
      .leftJoin("users as r", "r.id", "p.reviewedBy")
      .select([
        "p.id",
        "p.accountId",
        "a.name as accountName",
        "a.kind as accountKind",
        "a.storeId",
        "s.name as storeName",
        "p.status",
        "p.blind",
        "p.expectedCents",
        "p.countedCents",
        "p.varianceCents",
        "p.denominations",
        "p.reason",
        "p.note",
        "p.countedBy",
        "c.name as countedByName",
        "c.email as countedByEmail",
        "p.startedAt",
        "p.submittedAt",
        "p.reviewedBy",
        "r.name as reviewedByName",
        "p.reviewedAt",
        "p.reviewNote",
        "p.transactionId",
      ])
      .where("p.companyId", "=", ctx.company.id);
    if (args.accountId) q = q.where("p.accountId", "=", args.accountId);
    if (args.storeId) q = q.where("a.storeId", "=", args.storeId);
    if (args.status) q = q.where("p.status", "=", args.status);
    const rows = await q.orderBy("p.startedAt", "desc").orderBy("p.id", "desc").limit(500).execute();
    const time = (d: Date | null) => (d ? new Date(d).getTime() : null);
    return rows.map(({ id, expectedCents, countedCents, varianceCents, startedAt, submittedAt, reviewedAt, ...r }) => ({
      _id: id,
      ...r,
      // Nobody sees what a blind count should come to while it is being counted.
      expectedCents: r.blind && r.status === "counting" ? null : Number(expectedCents),
      countedCents: countedCents === null ? null : Number(countedCents),
      varianceCents: varianceCents === null ? null : Number(varianceCents),
      startedAt: time(startedAt)!,
      submittedAt: time(submittedAt),
      reviewedAt: time(reviewedAt),
    }));
  },
});
