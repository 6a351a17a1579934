import { z } from "zod";
import { COMPANY_SEARCH_LIMIT, COMPANY_SEARCH_MIN_LENGTH, COMPANY_SIZES, DOMAIN_SUGGESTION_LIMIT, normalizeCompanyCode } from "@tumble/domain/companyCode";
import { COMPANY_ROLES } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { accessRefusal } from "@tumble/domain/accessRefusals";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import { companyFields, toCompany } from "../companies/publicCompany.ts";
import { admit, approveRequest, pendingRequestOfCompany } from "../companies/joinRequests.ts";
import { enqueue } from "../mail/outbox.ts";
import { notify } from "../notifications/notify.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Finding a company and asking to join it (spec sections 2 "Company finder", 4 "Join request",
// 5 "Company code input" / "Company name search").

const NEW_ACTIVITY_MS = 24 * 60 * 60 * 1000;

export const searchCompanies = query({
  // The sign-in card's "join a company" mode searches before there is an account (spec section 2,
  // "Company finder"): public, limited per client address against enumeration.
  access: "public",
  rateLimit: { perMinute: 30 },
  args: z.object({
    query: z.string().max(100),
    industry: z.string().max(50).optional(),
    size: z.enum(COMPANY_SIZES).optional(),
    allowJoinRequests: z.boolean().optional(),
    limit: z.number().int().min(1).max(COMPANY_SEARCH_LIMIT).optional(),
  }),
  handler: async (ctx, args) => {
    const text = args.query.trim();
    if (text.length < COMPANY_SEARCH_MIN_LENGTH) throw refused(companyRefusal("searchTooShort"));
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let q = companyFields(ctx.db).where((eb) => eb.or([eb("c.name", "ilike", pattern), eb("c.displayName", "ilike", pattern)]));
    if (args.industry) q = q.where("c.industry", "=", args.industry);
    if (args.size) q = q.where("c.size", "=", args.size);
    if (args.allowJoinRequests !== undefined) q = q.where("c.allowJoinRequests", "=", args.allowJoinRequests);
    const rows = await q
      .orderBy("c.name")
      .limit(args.limit ?? COMPANY_SEARCH_LIMIT)
      .execute();
    return rows.map(toCompany);
  },
});

export const validateCompanyCode = query({
  access: "public",
  rateLimit: { perMinute: 30 },
  args: z.object({ companyCode: z.string().max(50) }),
  handler: async (ctx, { companyCode }) => {
    const code = normalizeCompanyCode(companyCode);
    if (code.length < 6) return { isValid: false, message: "Company codes are typically 6-12 characters long", company: null };
    const row = await companyFields(ctx.db).where("c.companyCode", "=", code).executeTakeFirst();
    if (!row) return { isValid: false, message: "No company found with this code", company: null };
    if (!row.allowJoinRequests) return { isValid: false, message: "This company is not accepting join requests", company: toCompany(row) };
    return { isValid: true, message: `Found ${row.displayName ?? row.name}`, company: toCompany(row) };
  },
});

/** Up to three companies whose e-mail domain is the caller's, that the caller is not in yet. */
export const getEligibleCompaniesByDomain = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const domain = ctx.user.email?.split("@")[1];
    if (!domain) return [];
    const rows = await companyFields(ctx.db)
      .where("c.emailDomain", "=", domain)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("memberships as mm").select("mm.id").whereRef("mm.companyId", "=", "c.id").where("mm.userId", "=", ctx.user.id))),
      )
      .orderBy("c.name")
      .limit(DOMAIN_SUGGESTION_LIMIT)
      .execute();
    return rows.map(toCompany);
  },
});

export const requestToJoin = mutation({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64), message: z.string().max(500).optional() }),
  handler: async (ctx, { companyId, message }) => {
    if (ctx.user.isAnonymous) throw refused(companyRefusal("guestCannotJoin"));
    const company = await ctx.db
      .selectFrom("companies")
      .select(["id", "name", "allowJoinRequests", "requireApproval"])
      .where("id", "=", companyId)
      .where("isActive", "=", true)
      .executeTakeFirst();
    if (!company) throw refused(companyRefusal("companyNotFound"));
    if (!company.allowJoinRequests) throw refused(companyRefusal("notAcceptingJoinRequests"));
    const member = await ctx.db.selectFrom("memberships").select("id").where("companyId", "=", companyId).where("userId", "=", ctx.user.id).executeTakeFirst();
    if (member) throw refused(companyRefusal("alreadyMember"));
    const pending = await ctx.db
      .selectFrom("joinRequests")
      .select("id")
      .where("companyId", "=", companyId)
      .where("userId", "=", ctx.user.id)
      .where("status", "=", "PENDING")
      .executeTakeFirst();
    if (pending) throw refused(companyRefusal("alreadyPending"));

    const id = newId();
    const admitted = !company.requireApproval;
    await ctx.db
      .insertInto("joinRequests")
      .values({ id, companyId, userId: ctx.user.id, status: admitted ? "APPROVED" : "PENDING", message: message?.trim() || null, decidedBy: null })
      .execute();
    if (admitted) await admit(ctx.db, companyId, ctx.user.id, "MEMBER");
    return { requestId: id, status: admitted ? "APPROVED" : "PENDING" };
  },
});

export const getUserPendingRequests = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("joinRequests as r")
      .innerJoin("companies as c", "c.id", "r.companyId")
      .select([
        "r.id",
        "r.companyId",
        "r.status",
        "r.message",
        "r.decisionReason",
        "r.requestedAt",
        "r.updatedAt",
        "c.name as companyName",
        "c.displayName as companyDisplayName",
      ])
      .where("r.userId", "=", ctx.user.id)
      .orderBy("r.requestedAt", "desc")
      .limit(100)
      .execute();
    return rows.map((r) => {
      const updatedAt = new Date(r.updatedAt).getTime();
      return {
        _id: r.id,
        companyId: r.companyId,
        companyName: r.companyDisplayName ?? r.companyName,
        status: r.status,
        message: r.message,
        decisionReason: r.decisionReason,
        requestedAt: new Date(r.requestedAt).getTime(),
        updatedAt,
        hasNewActivity: r.status !== "PENDING" && ctx.now - updatedAt < NEW_ACTIVITY_MS,
      };
    });
  },
});

export const cancelJoinRequest = mutation({
  access: "signedIn",
  args: z.object({ requestId: z.string().max(64) }),
  handler: async (ctx, { requestId }) => {
    const done = await ctx.db
      .updateTable("joinRequests")
      .set({ status: "CANCELLED", updatedAt: new Date() })
      .where("id", "=", requestId)
      .where("userId", "=", ctx.user.id)
      .where("status", "=", "PENDING")
      .returning("id")
      .executeTakeFirst();
    if (!done) throw refused(companyRefusal("ownRequestNotPending"));
    return null;
  },
});

export const getPendingRequestsForCompany = query({
  access: "canManageJoinRequests",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("joinRequests as r")
      .innerJoin("users as u", "u.id", "r.userId")
      .select(["r.id", "r.status", "r.message", "r.requestedAt", "u.id as userId", "u.email", "u.name", "u.username"])
      .where("r.companyId", "=", ctx.company.id)
      .where("r.status", "=", "PENDING")
      .orderBy("r.requestedAt")
      .limit(200)
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      status: r.status,
      message: r.message,
      requestedAt: new Date(r.requestedAt).getTime(),
      userId: r.userId,
      email: r.email,
      name: r.name,
      username: r.username,
    }));
  },
});

export const approveJoinRequest = mutation({
  access: "canManageJoinRequests",
  args: z.object({ requestId: z.string().max(64), role: z.enum(COMPANY_ROLES) }),
  handler: async (ctx, { requestId, role }) => {
    if (!canAssignRole(ctx.company.role, role, ctx.permissions.isSystemAdmin)) throw refused(accessRefusal("cannotGrantRole", { role }), AccessError);
    await approveRequest(ctx.db, { companyId: ctx.company.id, requestId, role, actorId: ctx.user.id });
    await sendJoinRequestDecided(ctx, requestId);
    return null;
  },
});

export const denyJoinRequest = mutation({
  access: "canManageJoinRequests",
  args: z.object({ requestId: z.string().max(64), reason: z.string().max(500).optional() }),
  handler: async (ctx, { requestId, reason }) => {
    const request = await pendingRequestOfCompany(ctx.db, ctx.company.id, requestId);
    // The requester's own badge and request list live outside this company.
    invalidates(ctx.db, { userId: request.userId });
    await ctx.db
      .updateTable("joinRequests")
      .set({ status: "DENIED", decidedBy: ctx.user.id, decisionReason: reason?.trim() || null, updatedAt: new Date() })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", requestId)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "deny",
      entity: "joinRequest",
      entityId: requestId,
      before: { status: "PENDING" },
      after: { status: "DENIED", reason: reason ?? null },
    });
    const notice = { kind: "joinRequest.denied", params: { reason: reason?.trim() || null }, link: "/user/my-requests" } as const;
    await notify(ctx.db, { companyId: ctx.company.id, userId: request.userId, ...notice });
    await sendJoinRequestDecided(ctx, requestId);
    return null;
  },
});

/**
 * The joinRequestDecided e-mail to the requester (mail/templates/catalog.ts), in their language,
 * with the reason of a denial; not sent when they turned join-request e-mails off.
 */
async function sendJoinRequestDecided(ctx: MutationCtx<"canManageJoinRequests">, requestId: string): Promise<void> {
  const decided = await ctx.db
    .selectFrom("joinRequests as r")
    .innerJoin("users as u", "u.id", "r.userId")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .select(["u.email", "r.status", "r.decisionReason", "c.name", "c.displayName"])
    .where("r.companyId", "=", ctx.company.id)
    .where("r.id", "=", requestId)
    .executeTakeFirst();
  if (!decided?.email) return;
  await enqueue(ctx.db, {
    channel: "email",
    to: decided.email,
    companyId: ctx.company.id,
    template: {
      kind: "joinRequestDecided",
      data: {
        companyName: decided.displayName || decided.name,
        approved: decided.status === "APPROVED",
        reason: decided.decisionReason ?? "",
        url: ctx.services.config.publicUrl,
      },
    },
  });
}
