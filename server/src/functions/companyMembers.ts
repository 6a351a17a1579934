import { z } from "zod";
import { COMPANY_ROLES } from "@tumble/domain/permissions";
import { canAssignRole, ROLE_RANK } from "@tumble/domain/roleRank";
import { accessRefusal } from "@tumble/domain/accessRefusals";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import type { CompanyRole } from "@tumble/domain/permissions";
import { mutation, query } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Company → users: the members of the active company, their roles, and removal.

export const listMembers = query({
  access: "canManageUsers",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["m.id", "m.role", "m.joinedAt", "u.id as userId", "u.email", "u.name", "u.username"])
      .where("m.companyId", "=", ctx.company.id)
      .orderBy("u.email")
      .limit(1000)
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      role: r.role,
      joinedAt: new Date(r.joinedAt).getTime(),
      userId: r.userId,
      email: r.email,
      name: r.name,
      username: r.username,
      isSelf: r.userId === ctx.user.id,
    }));
  },
});

/** The target membership, if the caller may change it: not their own, not above their rank. */
async function manageableMembership(ctx: MutationCtx<"member">, membershipId: string) {
  const target = await ctx.db
    .selectFrom("memberships")
    .selectAll()
    .where("id", "=", membershipId)
    .where("companyId", "=", ctx.company.id)
    .forUpdate()
    .executeTakeFirst();
  if (!target) throw refused(companyRefusal("memberNotFound"));
  if (target.userId === ctx.user.id) throw refused(companyRefusal("ownMembership"));
  if (!ctx.permissions.isSystemAdmin && ROLE_RANK[target.role as CompanyRole] > ROLE_RANK[ctx.company.role as CompanyRole]) {
    throw refused(accessRefusal("higherRole"), AccessError);
  }
  return target;
}

export const changeMemberRole = mutation({
  access: "canManageUsers",
  args: z.object({ membershipId: z.string().max(64), role: z.enum(COMPANY_ROLES) }),
  handler: async (ctx, { membershipId, role }) => {
    if (!canAssignRole(ctx.company.role, role, ctx.permissions.isSystemAdmin)) throw refused(accessRefusal("cannotGrantRole", { role }), AccessError);
    const target = await manageableMembership(ctx, membershipId);
    invalidates(ctx.db, { userId: target.userId });
    await ctx.db.updateTable("memberships").set({ role }).where("companyId", "=", ctx.company.id).where("id", "=", membershipId).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "changeRole",
      entity: "membership",
      entityId: membershipId,
      before: { role: target.role },
      after: { role },
    });
    return null;
  },
});

export const removeMember = mutation({
  access: "canManageUsers",
  args: z.object({ membershipId: z.string().max(64) }),
  handler: async (ctx, { membershipId }) => {
    const target = await manageableMembership(ctx, membershipId);
    invalidates(ctx.db, { userId: target.userId });
    await ctx.db.deleteFrom("memberships").where("companyId", "=", ctx.company.id).where("id", "=", membershipId).execute();
    await ctx.db.updateTable("users").set({ activeCompanyId: null }).where("id", "=", target.userId).where("activeCompanyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "remove",
      entity: "membership",
      entityId: membershipId,
      before: { userId: target.userId, role: target.role },
    });
    return null;
  },
});
