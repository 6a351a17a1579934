import { z } from "zod";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import { companyFields, toCompany } from "../companies/publicCompany.ts";
import { mutation, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { invalidates } from "../runtime/invalidation.ts";

/** Active companies, oldest first; the employee registration form offers the first. Public, so only names. */
export const listActiveCompanies = query({
  access: "public",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("companies")
      .select(["id", "name", "displayName", "createdAt"])
      .where("isActive", "=", true)
      .where("isDemo", "=", false)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(100)
      .execute();
    return rows.map((r) => ({ _id: r.id, _creationTime: new Date(r.createdAt).getTime(), name: r.name, displayName: r.displayName }));
  },
});

/** Every company the caller belongs to, marking the active one. */
export const getUserCompanyMemberships = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("memberships as m")
      .innerJoin("companies as c", "c.id", "m.companyId")
      .select(["m.id", "m.companyId", "m.role", "m.joinedAt", "c.name", "c.displayName", "c.companyCode"])
      .where("m.userId", "=", ctx.user.id)
      .orderBy("c.name")
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      companyId: r.companyId,
      companyName: r.displayName ?? r.name,
      companyCode: r.companyCode,
      role: r.role,
      joinedAt: new Date(r.joinedAt).getTime(),
      // The company the caller acts in (runtime/identity.ts), which is never a company they left.
      isActive: r.companyId === ctx.company?.id,
    }));
  },
});

/** The company's default language, for members of that company (and system admins); else null. */
export const getCompanyDefaultLanguage = query({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64) }),
  handler: async (ctx, { companyId }) => {
    const row = await ctx.db
      .selectFrom("companies as c")
      .select("c.defaultLanguage")
      .where("c.id", "=", companyId)
      .where((eb) =>
        ctx.permissions.isSystemAdmin
          ? eb.val(true)
          : eb.exists(eb.selectFrom("memberships as m").select("m.id").whereRef("m.companyId", "=", "c.id").where("m.userId", "=", ctx.user.id)),
      )
      .executeTakeFirst();
    return row?.defaultLanguage ?? null;
  },
});

/** The active company is kept on the server; every company-scoped function follows it. A system admin may choose any company. */
export const switchActiveCompany = mutation({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64) }),
  handler: async (ctx, { companyId }) => {
    const member = await ctx.db.selectFrom("memberships").select("id").where("companyId", "=", companyId).where("userId", "=", ctx.user.id).executeTakeFirst();
    // System admins hold every permission (spec section 6): they may act in any company.
    const exists =
      !member && ctx.permissions.isSystemAdmin && (await ctx.db.selectFrom("companies").select("id").where("id", "=", companyId).executeTakeFirst());
    if (!member && !exists) throw refused(companyRefusal("notMemberOfCompany"));
    invalidates(ctx.db, { userId: ctx.user.id });
    await ctx.db.updateTable("users").set({ activeCompanyId: companyId }).where("id", "=", ctx.user.id).execute();
    return { companyId };
  },
});

/** The active company's details (user → company-info). */
export const getCurrentCompany = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const c = await companyFields(ctx.db)
      .select((eb) =>
        eb
          .selectFrom("stores as s")
          .whereRef("s.companyId", "=", "c.id")
          .where("s.isActive", "=", true)
          .select(eb.fn.countAll<number>().as("n"))
          .as("activeStores"),
      )
      .where("c.id", "=", ctx.company.id)
      .executeTakeFirstOrThrow();
    return {
      ...toCompany(c),
      activeStores: Number(c.activeStores ?? 0),
      myRole: ctx.company.role,
    };
  },
});
