import { sql } from "kysely";
import type { SystemRole } from "@tumble/domain/permissions";
import { systemAdminRefusal } from "@tumble/domain/systemAdminRefusals";
import { revokeAllSessions } from "../auth/sessions.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { changeGlobalRole, refuseLastAdmin, type ChangeOutcome, type PlatformActor } from "./platformChanges.ts";

// Accounts as the platform console sees them: listed across companies with their memberships,
// given or stripped of a global role, disabled and enabled, signed out everywhere. Every change is
// audited with company_id null.

export async function usersOfPlatform(
  ctx: QueryCtx<"isSystemAdmin">,
  args: { search: string; role: "all" | "system" | "none" | SystemRole; status: "all" | "active" | "disabled" },
) {
  let q = ctx.db
    .selectFrom("users as u")
    .leftJoin("userDisablements as d", "d.userId", "u.id")
    .select([
      "u.id",
      "u.email",
      "u.name",
      "u.username",
      "u.globalRole",
      "u.createdAt",
      "d.disabledAt",
      (eb) =>
        eb
          .selectFrom("sessions as s")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("s.userId", "=", "u.id")
          .where("s.revokedAt", "is", null)
          .where("s.expiresAt", ">", new Date())
          .as("activeSessions"),
      sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = u.id)`.as("lastSignIn"),
    ])
    .where("u.isAnonymous", "=", false)
    .orderBy("u.email")
    .orderBy("u.id");
  if (args.search) {
    const like = `%${args.search.replace(/[\\%_]/g, "\\$&")}%`;
    q = q.where((eb) =>
      eb.or([
        eb("u.email", "ilike", like),
        eb("u.name", "ilike", like),
        eb("u.username", "ilike", like),
        eb.exists(
          eb
            .selectFrom("memberships as m")
            .innerJoin("companies as c", "c.id", "m.companyId")
            .select("m.id")
            .whereRef("m.userId", "=", "u.id")
            .where((w) => w.or([w("c.name", "ilike", like), w("c.companyCode", "ilike", like)])),
        ),
      ]),
    );
  }
  if (args.role === "system") q = q.where("u.globalRole", "is not", null);
  else if (args.role === "none") q = q.where("u.globalRole", "is", null);
  else if (args.role !== "all") q = q.where("u.globalRole", "=", args.role);
  if (args.status === "active") q = q.where("d.userId", "is", null);
  if (args.status === "disabled") q = q.where("d.userId", "is not", null);
  const users = await q.limit(500).execute();
  const memberships = users.length
    ? await ctx.db
        .selectFrom("memberships as m")
        .innerJoin("companies as c", "c.id", "m.companyId")
        .select(["m.userId", "c.id as companyId", "c.name as companyName", "m.role"])
        .where(
          "m.userId",
          "in",
          users.map((u) => u.id),
        )
        .orderBy("c.name")
        .execute()
    : [];
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    username: u.username,
    globalRole: u.globalRole,
    disabled: u.disabledAt !== null,
    disabledAt: u.disabledAt ? new Date(u.disabledAt).toISOString() : null,
    activeSessions: Number(u.activeSessions ?? 0),
    lastSignIn: u.lastSignIn ? new Date(u.lastSignIn).toISOString() : null,
    createdAt: new Date(u.createdAt).toISOString(),
    memberships: memberships.filter((m) => m.userId === u.id).map(({ companyId, companyName, role }) => ({ companyId, companyName, role })),
  }));
}

async function userOrThrow(ctx: QueryCtx<"isSystemAdmin">, userId: string) {
  const row = await ctx.db.selectFrom("users").select(["id", "email", "globalRole", "isAnonymous"]).where("id", "=", userId).executeTakeFirst();
  if (!row || row.isAnonymous) throw refused(systemAdminRefusal("userNotFound"));
  return row;
}

export const actorOf = (ctx: QueryCtx<"isSystemAdmin">): PlatformActor => ({ id: ctx.user.id, isSuperAdmin: ctx.permissions.isSuperAdmin });

/** Giving a global role waits for a second system administrator; taking one applies at once, never from the last super administrator. */
export async function setUserGlobalRole(
  ctx: MutationCtx<"isSystemAdmin">,
  args: { userId: string; globalRole: SystemRole | null },
): Promise<{ changed: boolean } & ChangeOutcome> {
  const target = await userOrThrow(ctx, args.userId);
  if (target.globalRole === args.globalRole) return { changed: false, status: "applied", changeId: null };
  const touchesSuper = target.globalRole === "SUPER_ADMIN" || args.globalRole === "SUPER_ADMIN";
  if (touchesSuper && !ctx.permissions.isSuperAdmin) throw refused(systemAdminRefusal("onlySuperAdminGrantsSuperAdmin"));
  if (target.globalRole === "SUPER_ADMIN") {
    // Lock every super admin row so two concurrent demotions cannot both see another one left.
    const supers = await ctx.db.selectFrom("users").select("id").where("globalRole", "=", "SUPER_ADMIN").forUpdate().execute();
    if (supers.length <= 1) throw refused(systemAdminRefusal("lastSuperAdmin"));
  }
  const outcome = await changeGlobalRole(ctx.db, actorOf(ctx), target, args.globalRole, new Date(ctx.now));
  return { changed: outcome.status === "applied", ...outcome };
}

export async function disableOrEnableUser(ctx: MutationCtx<"isSystemAdmin">, args: { userId: string; disabled: boolean; reason: string | null }) {
  const target = await userOrThrow(ctx, args.userId);
  if (args.userId === ctx.user.id && args.disabled) throw refused(systemAdminRefusal("notYourself"));
  if (target.globalRole === "SUPER_ADMIN" && args.disabled && !ctx.permissions.isSuperAdmin)
    throw refused(systemAdminRefusal("onlySuperAdminGrantsSuperAdmin"));
  const was = await ctx.db.selectFrom("userDisablements").select("userId").where("userId", "=", args.userId).executeTakeFirst();
  if (!!was === args.disabled) return { changed: false };
  // Two administrators disabling each other at once would leave nobody to sign in.
  if (args.disabled && target.globalRole) await refuseLastAdmin(ctx.db, target.id);
  if (args.disabled) {
    await ctx.db.insertInto("userDisablements").values({ userId: args.userId, reason: args.reason, disabledBy: ctx.user.id }).execute();
    await revokeAllSessions(ctx.db, args.userId);
  } else {
    await ctx.db.deleteFrom("userDisablements").where("userId", "=", args.userId).execute();
  }
  // Touch the user's row too, so cached identities of theirs are resolved again.
  await ctx.db
    .updateTable("users")
    .set({ globalRole: sql`global_role` })
    .where("id", "=", args.userId)
    .execute();
  invalidates(ctx.db, { userId: args.userId });
  await audit(ctx.db, {
    companyId: null,
    actorId: ctx.user.id,
    action: args.disabled ? "disable" : "enable",
    entity: "user",
    entityId: args.userId,
    before: { disabled: !!was },
    after: { disabled: args.disabled, reason: args.reason },
  });
  return { changed: true };
}

export async function endUserSessions(ctx: MutationCtx<"isSystemAdmin">, userId: string) {
  await userOrThrow(ctx, userId);
  const ended = await ctx.db
    .updateTable("sessions")
    .set({ revokedAt: new Date() })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .returning("id")
    .execute();
  invalidates(ctx.db, { userId });
  await audit(ctx.db, {
    companyId: null,
    actorId: ctx.user.id,
    action: "endSessions",
    entity: "user",
    entityId: userId,
    after: { sessionsEnded: ended.length },
  });
  return { ended: ended.length };
}
