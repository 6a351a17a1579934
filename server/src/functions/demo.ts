import { z } from "zod";
import { systemAdminRefusal } from "@tumble/domain/systemAdminRefusals";
import { resetDemo } from "../demoReset/reset.ts";
import { demoCampaign } from "../marketing/demo.ts";
import { newFriendlyId } from "../marketing/claims.ts";
import { companyTimeZone } from "../marketing/companyTimeZone.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Issue 20, system-admin/demo: the demo companies (those the demo seed made, companies.demo_seed)
// are made again from the demo seed, and given demo campaigns; every other company is refused.
// Decision 0043.

async function demoCompany(ctx: QueryCtx<"isSystemAdmin">, companyId: string) {
  const row = await ctx.db.selectFrom("companies").select(["id", "name", "demoSeed"]).where("id", "=", companyId).executeTakeFirst();
  if (!row) throw refused(systemAdminRefusal("companyNotFound"));
  if (!row.demoSeed) throw refused(systemAdminRefusal("notDemo"));
  return row;
}

export const status = query({
  access: "isSystemAdmin",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("companies as c")
      .select([
        "c.id",
        "c.name",
        "c.companyCode",
        "c.createdAt",
        (eb) => eb.selectFrom("memberships as m").select(eb.fn.countAll<number>().as("n")).whereRef("m.companyId", "=", "c.id").as("members"),
        (eb) => eb.selectFrom("stores as s").select(eb.fn.countAll<number>().as("n")).whereRef("s.companyId", "=", "c.id").as("stores"),
        (eb) => eb.selectFrom("campaigns as k").select(eb.fn.countAll<number>().as("n")).whereRef("k.companyId", "=", "c.id").as("campaigns"),
        (eb) => eb.selectFrom("collections as k").select(eb.fn.countAll<number>().as("n")).whereRef("k.companyId", "=", "c.id").as("collections"),
      ])
      .where("c.demoSeed", "=", true)
      .orderBy("c.companyCode")
      .execute();
    const lastReset = await ctx.db
      .selectFrom("auditLog")
      .select("at")
      .where("entity", "=", "demo")
      .where("action", "=", "reset")
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirst();
    return {
      companies: rows.map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt).toISOString(),
        members: Number(r.members ?? 0),
        stores: Number(r.stores ?? 0),
        campaigns: Number(r.campaigns ?? 0),
        collections: Number(r.collections ?? 0),
      })),
      lastResetAt: lastReset ? new Date(lastReset.at).toISOString() : null,
    };
  },
});

/**
 * Deletes the demo companies with all they own and makes them again from the demo seed. With a
 * companyId, that company must be a demo company (the demo companies share people, so they are
 * always made again together).
 */
export const reset = mutation({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1).max(64).optional() }),
  handler: async (ctx, args) => {
    if (args.companyId) await demoCompany(ctx, args.companyId);
    const before = await ctx.db.selectFrom("companies").select(["id", "name"]).where("demoSeed", "=", true).execute();
    const result = await resetDemo(ctx.db, new Date(ctx.now), ctx.user.id);
    for (const c of [...before, ...result.companies]) invalidates(ctx.db, { companyId: c.id });
    await audit(ctx.db, {
      companyId: null,
      actorId: ctx.user.id,
      action: "reset",
      entity: "demo",
      entityId: "demo",
      before: { companies: before },
      after: { companies: result.companies, deletedRows: result.deleted.rows },
    });
    return result;
  },
});

/** The spec's two demo campaigns (full template and standard, named with a timestamp) in a demo company. */
export const createCampaigns = mutation({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    const company = await demoCompany(ctx, args.companyId);
    const timeZone = await companyTimeZone(ctx.db, company.id);
    const store = await ctx.db
      .selectFrom("stores")
      .select(["address", "phone", "hours"])
      .where("companyId", "=", company.id)
      .where("isActive", "=", true)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    const place = store ?? { address: "123 Main Street", phone: null, hours: null };
    const made: Array<{ campaignId: string; friendlyId: string; name: string }> = [];
    for (const template of ["full", "standard"] as const) {
      const c = demoCampaign(template, ctx.now, timeZone, place);
      const id = newId();
      invalidates(ctx.db, { campaignId: id });
      let friendlyId = newFriendlyId(c.name);
      while (await ctx.db.selectFrom("campaigns").select("id").where("friendlyId", "=", friendlyId).executeTakeFirst()) friendlyId = newFriendlyId(c.name);
      await ctx.db
        .insertInto("campaigns")
        .values({
          id,
          companyId: company.id,
          friendlyId,
          name: c.name,
          displayName: c.displayName,
          description: c.description,
          campaignType: c.campaignType,
          startDate: c.startDate,
          endDate: c.endDate,
          timeZone,
          isActive: true,
          offerAmountCents: c.offerAmountCents,
          offerType: c.offerType,
          offerDescription: c.offerDescription,
          deliveryMethod: c.deliveryMethod,
          budgetCents: c.budgetCents,
          maxParticipants: c.maxParticipants,
          templateConfig: JSON.stringify(c.templateConfig),
          createdBy: ctx.user.id,
        })
        .execute();
      made.push({ campaignId: id, friendlyId, name: c.name });
    }
    invalidates(ctx.db, { companyId: company.id });
    await audit(ctx.db, {
      companyId: company.id,
      actorId: ctx.user.id,
      action: "create",
      entity: "demoCampaigns",
      entityId: company.id,
      after: { campaigns: made },
    });
    return { campaigns: made.map((m) => ({ ...m, url: `/marketing/${m.friendlyId}` })) };
  },
});
