import { z } from "zod";
import { MAX_AMOUNT_CENTS } from "@tumble/domain/cashLedger";
import { cashSettings } from "../cash/settings.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";

// The company's cash settings: whether deposits, transfers, expenses and replenishments wait
// for approval, whether counts are blind, and the variance that needs a reason.

export const get = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => cashSettings(ctx.db, ctx.company.id),
});

export const update = mutation({
  access: "isAdmin",
  args: z.object({
    requireApproval: z.boolean().optional(),
    blindCounts: z.boolean().optional(),
    varianceThresholdCents: z.number().int("Amounts are whole cents").min(0, "The threshold cannot be negative").max(MAX_AMOUNT_CENTS).optional(),
    duplicateApprovalCents: z.number().int("Amounts are whole cents").min(0, "The amount cannot be negative").max(MAX_AMOUNT_CENTS).nullable().optional(),
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const before = await cashSettings(ctx.db, companyId);
    const after = { ...before, ...Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) };
    await ctx.db
      .insertInto("cashSettings")
      .values({ companyId, ...after, updatedAt: new Date() })
      .onConflict((oc) => oc.column("companyId").doUpdateSet({ ...after, updatedAt: new Date() }))
      .execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "update", entity: "cashSettings", entityId: companyId, before, after });
    return after;
  },
});
