import os from "node:os";
import { sql } from "kysely";
import { z } from "zod";
import { COMPANY_SIZES } from "@tumble/domain/companyCode";
import { SYSTEM_ROLES } from "@tumble/domain/permissions";
import { revokeAllSessions } from "../auth/sessions.ts";
import { normalizeEmail } from "../auth/passwordFlows.ts";
import { enqueue } from "../mail/outbox.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type QueryCtx } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import {
  approveChange as approvePlatformChange,
  changeGlobalRole,
  listChanges as listPlatformChanges,
  refuseLastAdmin,
  rejectChange as rejectPlatformChange,
  type ChangeOutcome,
  type PlatformActor,
} from "../systemAdmin/platformChanges.ts";
import { recentServerErrors, watchServerErrors } from "../systemAdmin/recentErrors.ts";

// Issue 20: the platform console (spec section 6, system roles). Every function here is for
// system admins only and acts across companies, so none is scoped by an active company; every
// change is audited with company_id null (or the company it concerns).

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);
const DAYS_CHARTED = 30;

export const MESSAGES = {
  companyNotFound: "Company not found",
  userNotFound: "User not found",
  onlySuperAdminGrantsSuperAdmin: "Only a super administrator can grant or revoke the super administrator role",
  lastSuperAdmin: "The last super administrator cannot lose that role",
  notYourself: "You cannot disable your own account",
  alreadySuspended: "This company is already suspended",
  notSuspended: "This company is not suspended",
} as const;

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone");

export const dashboard = query({
  access: "isSystemAdmin",
  args: z.object({ timeZone: timeZone.default("UTC") }),
  handler: async (ctx, args) => {
    watchServerErrors(ctx.services);
    const tz = sql`${args.timeZone}::text`;
    const today = sql<Date>`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
    const week = sql<Date>`(date_trunc('week', now() at time zone ${tz}) at time zone ${tz})`;
    const since = sql<string>`((now() at time zone ${tz})::date - ${DAYS_CHARTED - 1}::int)`;
    const activeSince = (from: typeof today) =>
      sql<number>`(select count(distinct s.user_id)::int from sessions s where s.created_at >= ${from}
        or exists (select 1 from refresh_tokens r where r.session_id = s.id and r.used_at >= ${from}))`;
    const counts = await ctx.db
      .selectNoFrom([
        sql<number>`(select count(*)::int from companies where not is_demo)`.as("companies"),
        sql<number>`(select count(*)::int from company_suspensions where reactivated_at is null)`.as("suspendedCompanies"),
        sql<number>`(select count(*)::int from users where not is_anonymous)`.as("users"),
        sql<number>`(select count(*)::int from user_disablements)`.as("disabledUsers"),
        activeSince(today).as("activeToday"),
        activeSince(week).as("activeThisWeek"),
        sql<number>`(select count(*)::int from outbox where status = 'failed')`.as("outboxFailed"),
        sql<number>`(select count(*)::int from outbox where status in ('pending', 'sending'))`.as("outboxPending"),
        sql<string>`pg_database_size(current_database())::text`.as("databaseBytes"),
      ])
      .executeTakeFirstOrThrow();
    // Collections by their business date (the store's own day); claims by the day they were made in the viewer's zone.
    const perDay = await sql<{ day: string; collections: number; claims: number }>`
      with days as (select generate_series(${since}, (now() at time zone ${tz})::date, interval '1 day')::date as day)
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(*)::int from collections c where c.business_date::date = d.day and c.adjusts_collection_id is null) as collections,
        (select count(*)::int from campaign_claims k where (k.created_at at time zone ${tz})::date = d.day) as claims
      from days d order by d.day`.execute(ctx.db);
    const failures = await ctx.db
      .selectFrom("outbox")
      .select(["id", "channel", "recipient", "subject", "lastError", "attempts", "createdAt"])
      .where("status", "=", "failed")
      .orderBy("createdAt", "desc")
      .limit(5)
      .execute();
    return {
      companies: counts.companies,
      suspendedCompanies: counts.suspendedCompanies,
      users: counts.users,
      disabledUsers: counts.disabledUsers,
      activeToday: counts.activeToday,
      activeThisWeek: counts.activeThisWeek,
      outbox: {
        failed: counts.outboxFailed,
        pending: counts.outboxPending,
        recentFailures: failures.map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString() })),
      },
      database: { kind: ctx.services.database.kind, bytes: Number(counts.databaseBytes) },
      perDay: perDay.rows,
      processes: [
        {
          id: `${os.hostname()}:${process.pid}`,
          startedAt: STARTED_AT.toISOString(),
          uptimeSeconds: Math.round(process.uptime()),
          memoryBytes: process.memoryUsage().rss,
          node: process.version,
        },
      ],
      recentErrors: recentServerErrors(),
    };
  },
});

// ---- Companies ----

const companyFields = {
  name: z.string().trim().min(1, "Company name is required").max(120),
  displayName: z.string().trim().max(120).nullable(),
  description: z.string().trim().max(2000).nullable(),
  industry: z.string().trim().max(120).nullable(),
  size: z.enum(COMPANY_SIZES).nullable(),
  emailDomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "Enter a domain like example.com")
    .nullable(),
  allowJoinRequests: z.boolean(),
  requireApproval: z.boolean(),
  defaultLanguage: z.enum(["en", "es"]),
};

export const listCompanies = query({
  access: "isSystemAdmin",
  args: z.object({ search: z.string().trim().max(120).default(""), status: z.enum(["all", "active", "suspended"]).default("all") }),
  handler: async (ctx, args) => {
    let q = ctx.db
      .selectFrom("companies as c")
      .leftJoin("companySuspensions as s", (join) => join.onRef("s.companyId", "=", "c.id").on("s.reactivatedAt", "is", null))
      .select([
        "c.id",
        "c.name",
        "c.displayName",
        "c.companyCode",
        "c.description",
        "c.industry",
        "c.size",
        "c.emailDomain",
        "c.allowJoinRequests",
        "c.requireApproval",
        "c.defaultLanguage",
        "c.isDemo",
        "c.createdAt",
        "s.suspendedAt",
        "s.reason as suspensionReason",
        (eb) => eb.selectFrom("memberships as m").select(eb.fn.countAll<number>().as("n")).whereRef("m.companyId", "=", "c.id").as("memberCount"),
        (eb) => eb.selectFrom("stores as st").select(eb.fn.countAll<number>().as("n")).whereRef("st.companyId", "=", "c.id").as("storeCount"),
      ])
      .orderBy("c.name")
      .orderBy("c.id");
    if (args.search) {
      const like = `%${args.search.replace(/[\\%_]/g, "\\$&")}%`;
      q = q.where((eb) =>
        eb.or([eb("c.name", "ilike", like), eb("c.displayName", "ilike", like), eb("c.companyCode", "ilike", like), eb("c.emailDomain", "ilike", like)]),
      );
    }
    if (args.status === "active") q = q.where("s.id", "is", null);
    if (args.status === "suspended") q = q.where("s.id", "is not", null);
    const rows = await q.limit(500).execute();
    return rows.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      suspendedAt: r.suspendedAt ? new Date(r.suspendedAt).toISOString() : null,
      memberCount: Number(r.memberCount ?? 0),
      storeCount: Number(r.storeCount ?? 0),
    }));
  },
});

export const listCompanyMembers = query({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1) }),
  handler: async (ctx, args) => {
    await companyOrThrow(ctx, args.companyId);
    const rows = await ctx.db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["u.id as userId", "u.email", "u.name", "m.role", "m.joinedAt"])
      .where("m.companyId", "=", args.companyId)
      .orderBy("m.joinedAt")
      .orderBy("u.id")
      .execute();
    return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() }));
  },
});

async function companyOrThrow(ctx: QueryCtx<"isSystemAdmin">, companyId: string) {
  const row = await ctx.db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirst();
  if (!row) throw new AppError(MESSAGES.companyNotFound);
  return row;
}

async function newCompanyCode(ctx: QueryCtx<"isSystemAdmin">): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = `CMP${String(Math.floor(100000 + Math.random() * 900000))}`;
    const taken = await ctx.db.selectFrom("companies").select("id").where("companyCode", "=", code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new AppError("Could not find a free company code; try again");
}

export const createCompany = mutation({
  access: "isSystemAdmin",
  args: z.object({
    ...companyFields,
    displayName: companyFields.displayName.default(null),
    description: companyFields.description.default(null),
    industry: companyFields.industry.default(null),
    size: companyFields.size.default(null),
    emailDomain: companyFields.emailDomain.default(null),
    allowJoinRequests: companyFields.allowJoinRequests.default(true),
    requireApproval: companyFields.requireApproval.default(true),
    defaultLanguage: companyFields.defaultLanguage.default("en"),
    ownerEmail: z.string().min(1, "The owner's e-mail is required"),
    ownerName: z.string().trim().max(120).nullable().default(null),
  }),
  handler: async (ctx, args) => {
    const ownerEmail = normalizeEmail(args.ownerEmail);
    const { ownerEmail: _e, ownerName, ...fields } = args;
    const companyId = newId();
    const companyCode = await newCompanyCode(ctx);
    await ctx.db
      .insertInto("companies")
      .values({ id: companyId, companyCode, ...fields })
      .execute();
    let owner = await ctx.db.selectFrom("users").select(["id", "passwordHash", "activeCompanyId"]).where("email", "=", ownerEmail).executeTakeFirst();
    const newAccount = !owner;
    if (!owner) {
      const id = newId();
      await ctx.db
        .insertInto("users")
        .values({
          id,
          email: ownerEmail,
          name: ownerName,
          passwordHash: null,
          username: null,
          pinHash: null,
          globalRole: null,
          language: args.defaultLanguage,
          activeCompanyId: companyId,
        })
        .execute();
      owner = { id, passwordHash: null, activeCompanyId: companyId };
    } else if (!owner.activeCompanyId) {
      await ctx.db.updateTable("users").set({ activeCompanyId: companyId }).where("id", "=", owner.id).execute();
    }
    await ctx.db.insertInto("memberships").values({ id: newId(), companyId, userId: owner.id, role: "OWNER" }).execute();
    invalidates(ctx.db, { userId: owner.id, companyId });
    const url = ctx.services.config.publicUrl;
    const howToSignIn = owner.passwordHash
      ? `Sign in at ${url} with your e-mail ${ownerEmail}.`
      : `To set your password, open ${url}, choose "Forgot password?" and enter ${ownerEmail}; we will e-mail you a code.`;
    await enqueue(ctx.db, {
      channel: "email",
      to: ownerEmail,
      companyId,
      subject: `You're the owner of ${fields.name} on Tumble`,
      body: `A Tumble administrator created the company ${fields.name} (code ${companyCode}) with you as its owner. ${howToSignIn}`,
    });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "company",
      entityId: companyId,
      after: { ...fields, companyCode, ownerEmail },
    });
    return { companyId, companyCode, ownerId: owner.id, newAccount };
  },
});

export const updateCompany = mutation({
  access: "isSystemAdmin",
  args: z.object({
    companyId: z.string().min(1),
    ...Object.fromEntries(Object.entries(companyFields).map(([k, v]) => [k, v.optional()])),
    companyCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6,12}$/, "A company code has 6 to 12 letters and digits")
      .optional(),
  }) as z.ZodType<{ companyId: string; companyCode?: string } & Partial<{ [K in keyof typeof companyFields]: z.output<(typeof companyFields)[K]> }>>,
  handler: async (ctx, args) => {
    const { companyId, ...changes } = args;
    const before = await companyOrThrow(ctx, companyId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return { changed: false };
    const after = await ctx.db.updateTable("companies").set(set).where("id", "=", companyId).returningAll().executeTakeFirstOrThrow();
    invalidates(ctx.db, { companyId });
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "update", entity: "company", entityId: companyId, before, after });
    return { changed: true };
  },
});

export const setCompanySuspended = mutation({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1), suspended: z.boolean(), reason: z.string().trim().max(500).nullable().default(null) }),
  handler: async (ctx, args) => {
    await companyOrThrow(ctx, args.companyId);
    const open = await ctx.db
      .selectFrom("companySuspensions")
      .selectAll()
      .where("companyId", "=", args.companyId)
      .where("reactivatedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (args.suspended) {
      if (open) throw new AppError(MESSAGES.alreadySuspended);
      await ctx.db.insertInto("companySuspensions").values({ id: newId(), companyId: args.companyId, reason: args.reason, suspendedBy: ctx.user.id }).execute();
    } else {
      if (!open) throw new AppError(MESSAGES.notSuspended);
      await ctx.db.updateTable("companySuspensions").set({ reactivatedAt: new Date(), reactivatedBy: ctx.user.id }).where("id", "=", open.id).execute();
    }
    // Its members' identities change: touch their membership rows so every cached identity and
    // live subscription of theirs is resolved again now.
    const members = await ctx.db
      .updateTable("memberships")
      .set({ role: sql`role` })
      .where("companyId", "=", args.companyId)
      .returning("userId")
      .execute();
    for (const m of members) invalidates(ctx.db, { userId: m.userId });
    invalidates(ctx.db, { companyId: args.companyId });
    await audit(ctx.db, {
      companyId: args.companyId,
      actorId: ctx.user.id,
      action: args.suspended ? "suspend" : "reactivate",
      entity: "company",
      entityId: args.companyId,
      before: { suspended: !!open },
      after: { suspended: args.suspended, reason: args.reason },
    });
    return { suspended: args.suspended };
  },
});

// ---- Users ----

export const listUsers = query({
  access: "isSystemAdmin",
  args: z.object({
    search: z.string().trim().max(120).default(""),
    role: z.enum(["all", "system", "none", ...SYSTEM_ROLES]).default("all"),
    status: z.enum(["all", "active", "disabled"]).default("all"),
  }),
  handler: async (ctx, args) => {
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
  },
});

async function userOrThrow(ctx: QueryCtx<"isSystemAdmin">, userId: string) {
  const row = await ctx.db.selectFrom("users").select(["id", "email", "globalRole", "isAnonymous"]).where("id", "=", userId).executeTakeFirst();
  if (!row || row.isAnonymous) throw new AppError(MESSAGES.userNotFound);
  return row;
}

/**
 * Gives, changes or takes an account's global role (decision 0060): giving one (or SUPER_ADMIN)
 * waits for a second system administrator (`status: "pending"`, see approveChange); taking one
 * away applies at once, but never from the last administrator who can sign in.
 */
export const setGlobalRole = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1), globalRole: z.enum(SYSTEM_ROLES).nullable() }),
  handler: async (ctx, args): Promise<{ changed: boolean } & ChangeOutcome> => {
    const target = await userOrThrow(ctx, args.userId);
    if (target.globalRole === args.globalRole) return { changed: false, status: "applied", changeId: null };
    const touchesSuper = target.globalRole === "SUPER_ADMIN" || args.globalRole === "SUPER_ADMIN";
    if (touchesSuper && !ctx.permissions.isSuperAdmin) throw new AppError(MESSAGES.onlySuperAdminGrantsSuperAdmin);
    if (target.globalRole === "SUPER_ADMIN") {
      // Lock every super admin row so two concurrent demotions cannot both see another one left.
      const supers = await ctx.db.selectFrom("users").select("id").where("globalRole", "=", "SUPER_ADMIN").forUpdate().execute();
      if (supers.length <= 1) throw new AppError(MESSAGES.lastSuperAdmin);
    }
    const outcome = await changeGlobalRole(ctx.db, actorOf(ctx), target, args.globalRole, new Date(ctx.now));
    return { changed: outcome.status === "applied", ...outcome };
  },
});

const actorOf = (ctx: QueryCtx<"isSystemAdmin">): PlatformActor => ({ id: ctx.user.id, isSuperAdmin: ctx.permissions.isSuperAdmin });

/** The changes waiting for a second system administrator (or every change), newest first, with whether the caller may approve each. */
export const listChanges = query({
  access: "isSystemAdmin",
  args: z.object({ status: z.enum(["pending", "all"]).default("pending") }),
  handler: (ctx, args) => listPlatformChanges(ctx.db, actorOf(ctx), args.status),
});

/** Approves another administrator's pending change (never one's own, nor a role given to oneself) and applies it. */
export const approveChange = mutation({
  access: "isSystemAdmin",
  args: z.object({ changeId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    await approvePlatformChange(ctx.db, actorOf(ctx), args.changeId, new Date(ctx.now));
    return { status: "approved" as const };
  },
});

/** Rejects a pending change: any system administrator, the requester too (withdrawing it). */
export const rejectChange = mutation({
  access: "isSystemAdmin",
  args: z.object({ changeId: z.string().min(1).max(64), reason: z.string().trim().max(500).nullable().default(null) }),
  handler: async (ctx, args) => {
    await rejectPlatformChange(ctx.db, actorOf(ctx), args.changeId, args.reason || null, new Date(ctx.now));
    return { status: "rejected" as const };
  },
});

export const setUserDisabled = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1), disabled: z.boolean(), reason: z.string().trim().max(500).nullable().default(null) }),
  handler: async (ctx, args) => {
    const target = await userOrThrow(ctx, args.userId);
    if (args.userId === ctx.user.id && args.disabled) throw new AppError(MESSAGES.notYourself);
    if (target.globalRole === "SUPER_ADMIN" && args.disabled && !ctx.permissions.isSuperAdmin) throw new AppError(MESSAGES.onlySuperAdminGrantsSuperAdmin);
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
  },
});

export const endSessions = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1) }),
  handler: async (ctx, args) => {
    await userOrThrow(ctx, args.userId);
    const ended = await ctx.db
      .updateTable("sessions")
      .set({ revokedAt: new Date() })
      .where("userId", "=", args.userId)
      .where("revokedAt", "is", null)
      .returning("id")
      .execute();
    invalidates(ctx.db, { userId: args.userId });
    await audit(ctx.db, {
      companyId: null,
      actorId: ctx.user.id,
      action: "endSessions",
      entity: "user",
      entityId: args.userId,
      after: { sessionsEnded: ended.length },
    });
    return { ended: ended.length };
  },
});
