import { z } from "zod";
import { BALANCE_ADMIN_MESSAGES, balanceAdminRefusal } from "@tumble/domain/balanceAdmin";
import { MAX_AMOUNT_CENTS } from "@tumble/domain/cashLedger";
import { thresholdFormSchema } from "@tumble/domain/balanceAdminForms";
import { ADJUSTABLE_KINDS, approvalThresholdCents, balanceColumn, needsSecondAdmin, postAdjustment } from "../balanceAdmin/adjustments.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { changeApprovalThreshold } from "../systemAdmin/platformChanges.ts";

// Issue 20, system-admin/balance-admin: a system admin corrects any cash account of any company
// with a mandatory reason. The correction is a ledger adjustment entry (server/src/balanceAdmin);
// one larger than the platform's threshold waits for a second system admin (decision 0043), and
// raising that threshold waits for one too (decision 0060).

const id = z.string().min(1).max(64);

export const accounts = query({
  access: "isSystemAdmin",
  args: z.object({ companyId: id }),
  handler: async (ctx, args) => {
    const company = await ctx.db.selectFrom("companies").select(["id", "name"]).where("id", "=", args.companyId).executeTakeFirst();
    if (!company) throw refused(balanceAdminRefusal("companyNotFound"));
    const rows = await ctx.db
      .selectFrom("cashAccounts as a")
      .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "a.companyId").onRef("s.id", "=", "a.storeId"))
      .select(["a.id", "a.name", "a.kind", "a.storeId", "s.name as storeName", balanceColumn().as("balanceCents")])
      .where("a.companyId", "=", args.companyId)
      .where("a.kind", "in", ADJUSTABLE_KINDS)
      .where("a.archivedAt", "is", null)
      .orderBy("s.name")
      .orderBy("a.kind")
      .orderBy("a.name")
      .orderBy("a.id")
      .execute();
    return {
      company,
      thresholdCents: await approvalThresholdCents(ctx.db),
      accounts: rows.map((r) => ({ ...r, balanceCents: Number(r.balanceCents) })),
    };
  },
});

export const adjust = mutation({
  access: "isSystemAdmin",
  args: z.object({
    accountId: id,
    amountCents: z
      .number()
      .int("Whole cents only")
      .refine((n) => n !== 0, BALANCE_ADMIN_MESSAGES.zero.en)
      .refine((n) => Math.abs(n) <= MAX_AMOUNT_CENTS, BALANCE_ADMIN_MESSAGES.tooLarge.en),
    reason: z.string().trim().min(1, BALANCE_ADMIN_MESSAGES.reasonRequired.en).max(500),
  }),
  handler: async (ctx, args) => {
    const account = await ctx.db
      .selectFrom("cashAccounts")
      .select(["id", "companyId", "storeId", "kind", "name", "archivedAt"])
      .where("id", "=", args.accountId)
      .executeTakeFirst();
    if (!account) throw refused(balanceAdminRefusal("accountNotFound"));
    if (!(ADJUSTABLE_KINDS as readonly string[]).includes(account.kind)) throw refused(balanceAdminRefusal("notAdjustable"));
    if (account.archivedAt) throw refused(balanceAdminRefusal("archived"));
    const threshold = await approvalThresholdCents(ctx.db);
    const adjustmentId = newId();
    const waits = needsSecondAdmin(args.amountCents, threshold);
    await ctx.db
      .insertInto("balanceAdjustments")
      .values({
        id: adjustmentId,
        companyId: account.companyId,
        accountId: account.id,
        amountCents: args.amountCents,
        reason: args.reason,
        status: "pending",
        requestedBy: ctx.user.id,
      })
      .execute();
    let posted: { beforeCents: number; afterCents: number } | null = null;
    if (!waits) posted = await post(ctx, adjustmentId, null);
    await audit(ctx.db, {
      companyId: account.companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "balanceAdjustment",
      entityId: adjustmentId,
      after: {
        accountId: account.id,
        account: account.name,
        amountCents: args.amountCents,
        reason: args.reason,
        status: waits ? "pending" : "posted",
        ...posted,
      },
    });
    invalidates(ctx.db, { companyId: account.companyId });
    return { adjustmentId, status: waits ? ("pending" as const) : ("posted" as const), thresholdCents: threshold, ...posted };
  },
});

/** Posts a pending adjustment (locked by the caller) and records the balances and the approver. */
async function post(ctx: MutationCtx<"isSystemAdmin">, adjustmentId: string, approvedBy: string | null) {
  const row = await ctx.db
    .selectFrom("balanceAdjustments as b")
    .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "b.companyId").onRef("a.id", "=", "b.accountId"))
    .select(["b.companyId", "b.accountId", "a.storeId", "b.amountCents", "b.reason", "b.requestedBy"])
    .where("b.id", "=", adjustmentId)
    .executeTakeFirstOrThrow();
  const result = await postAdjustment(ctx.db, { ...row, amountCents: Number(row.amountCents), approvedBy }, new Date(ctx.now));
  await ctx.db
    .updateTable("balanceAdjustments")
    .set({
      status: "posted",
      transactionId: result.transactionId,
      balanceBeforeCents: result.beforeCents,
      balanceAfterCents: result.afterCents,
      decidedBy: approvedBy,
      decidedAt: approvedBy ? new Date(ctx.now) : null,
    })
    .where("id", "=", adjustmentId)
    .execute();
  return { beforeCents: result.beforeCents, afterCents: result.afterCents };
}

/** The pending adjustment, locked until this transaction ends: a second decision waits, then sees the first. */
async function lockedPending(ctx: MutationCtx<"isSystemAdmin">, adjustmentId: string) {
  const row = await ctx.db
    .selectFrom("balanceAdjustments")
    .select(["id", "companyId", "status", "requestedBy", "amountCents"])
    .where("id", "=", adjustmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw refused(balanceAdminRefusal("notFound"));
  if (row.status !== "pending") throw refused(balanceAdminRefusal("notPending"));
  return row;
}

export const approve = mutation({
  access: "isSystemAdmin",
  args: z.object({ adjustmentId: id }),
  handler: async (ctx, args) => {
    const row = await lockedPending(ctx, args.adjustmentId);
    if (row.requestedBy === ctx.user.id) throw refused(balanceAdminRefusal("ownRequest"), AccessError);
    const posted = await post(ctx, row.id, ctx.user.id);
    await audit(ctx.db, {
      companyId: row.companyId,
      actorId: ctx.user.id,
      action: "approve",
      entity: "balanceAdjustment",
      entityId: row.id,
      before: { status: "pending" },
      after: { status: "posted", ...posted },
    });
    invalidates(ctx.db, { companyId: row.companyId });
    return { status: "posted" as const, ...posted };
  },
});

/** Declines a pending adjustment: any system admin, the requester too (withdrawing it). */
export const reject = mutation({
  access: "isSystemAdmin",
  args: z.object({ adjustmentId: id, reason: z.string().trim().max(500).nullable().default(null) }),
  handler: async (ctx, args) => {
    const row = await lockedPending(ctx, args.adjustmentId);
    await ctx.db
      .updateTable("balanceAdjustments")
      .set({ status: "rejected", decidedBy: ctx.user.id, decidedAt: new Date(ctx.now), decisionReason: args.reason })
      .where("id", "=", row.id)
      .execute();
    await audit(ctx.db, {
      companyId: row.companyId,
      actorId: ctx.user.id,
      action: "reject",
      entity: "balanceAdjustment",
      entityId: row.id,
      before: { status: "pending" },
      after: { status: "rejected", reason: args.reason },
    });
    invalidates(ctx.db, { companyId: row.companyId });
    return { status: "rejected" as const };
  },
});

/** The audit list: who asked, when, for which account of which company, the balance before and after, and the decision. */
export const list = query({
  access: "isSystemAdmin",
  args: z.object({
    companyId: id.optional(),
    status: z.enum(["all", "pending", "posted", "rejected"]).default("all"),
    limit: z.number().int().min(1).max(500).default(200),
  }),
  handler: async (ctx, args) => {
    let q = ctx.db
      .selectFrom("balanceAdjustments as b")
      .innerJoin("companies as c", "c.id", "b.companyId")
      .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "b.companyId").onRef("a.id", "=", "b.accountId"))
      .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "a.companyId").onRef("s.id", "=", "a.storeId"))
      .innerJoin("users as r", "r.id", "b.requestedBy")
      .leftJoin("users as d", "d.id", "b.decidedBy")
      .select([
        "b.id",
        "b.companyId",
        "c.name as companyName",
        "b.accountId",
        "a.name as accountName",
        "a.kind as accountKind",
        "s.name as storeName",
        "b.amountCents",
        "b.reason",
        "b.status",
        "b.requestedBy",
        "r.name as requestedByName",
        "r.email as requestedByEmail",
        "b.requestedAt",
        "b.decidedBy",
        "d.name as decidedByName",
        "d.email as decidedByEmail",
        "b.decidedAt",
        "b.decisionReason",
        "b.transactionId",
        "b.balanceBeforeCents",
        "b.balanceAfterCents",
      ])
      .orderBy("b.requestedAt", "desc")
      .orderBy("b.id", "desc")
      .limit(args.limit);
    if (args.companyId) q = q.where("b.companyId", "=", args.companyId);
    if (args.status !== "all") q = q.where("b.status", "=", args.status);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      amountCents: Number(r.amountCents),
      balanceBeforeCents: r.balanceBeforeCents === null ? null : Number(r.balanceBeforeCents),
      balanceAfterCents: r.balanceAfterCents === null ? null : Number(r.balanceAfterCents),
      requestedAt: new Date(r.requestedAt).toISOString(),
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      /** Whether the caller may approve it: pending and asked by someone else. */
      canApprove: r.status === "pending" && r.requestedBy !== ctx.user.id,
    }));
  },
});

export const settings = query({
  access: "isSystemAdmin",
  args: z.object({}),
  handler: async (ctx) => ({ approvalThresholdCents: await approvalThresholdCents(ctx.db) }),
});

/**
 * Sets the threshold above which an adjustment waits for a second system admin (decision 0060): a
 * lower one applies at once; a higher one waits for another system admin (systemAdmin:approveChange).
 */
export const setThreshold = mutation({
  access: "isSystemAdmin",
  // The threshold form's own schema: the same field, refused in the same words.
  args: thresholdFormSchema,
  handler: async (ctx, args) => {
    const actor = { id: ctx.user.id, isSuperAdmin: ctx.permissions.isSuperAdmin };
    const outcome = await changeApprovalThreshold(ctx.db, actor, args.approvalThresholdCents, new Date(ctx.now));
    return { ...outcome, approvalThresholdCents: await approvalThresholdCents(ctx.db) };
  },
});
