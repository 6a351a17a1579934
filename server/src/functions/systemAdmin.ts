import { z } from "zod";
import { companyCodeSchema } from "@tumble/domain/companyForms";
import { SYSTEM_ROLES } from "@tumble/domain/permissions";
import { mutation, query } from "../runtime/define.ts";
import { addCompany, companiesOfPlatform, companyFields, editCompany, membersOfCompany, suspendOrReactivate } from "../systemAdmin/companies.ts";
import { platformDashboard } from "../systemAdmin/dashboard.ts";
import {
  approveChange as approvePlatformChange,
  listChanges as listPlatformChanges,
  rejectChange as rejectPlatformChange,
  type ChangeOutcome,
} from "../systemAdmin/platformChanges.ts";
import { actorOf, disableOrEnableUser, endUserSessions, setUserGlobalRole, usersOfPlatform } from "../systemAdmin/users.ts";

export { MESSAGES } from "../systemAdmin/messages.ts";

// Issue 20: the platform console (spec section 6, system roles). Every function here is for
// system admins only and acts across companies, so none is scoped by an active company; every
// change is audited with company_id null (or the company it concerns). The logic is in
// server/src/systemAdmin.

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
  handler: async (ctx, args) => platformDashboard(ctx, args.timeZone),
});

// ---- Companies ----

export const listCompanies = query({
  access: "isSystemAdmin",
  args: z.object({ search: z.string().trim().max(120).default(""), status: z.enum(["all", "active", "suspended"]).default("all") }),
  handler: async (ctx, args) => companiesOfPlatform(ctx, args),
});

export const listCompanyMembers = query({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1) }),
  handler: async (ctx, args) => membersOfCompany(ctx, args.companyId),
});

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
  handler: async (ctx, args) => addCompany(ctx, args),
});

export const updateCompany = mutation({
  access: "isSystemAdmin",
  args: z.object({
    companyId: z.string().min(1),
    ...Object.fromEntries(Object.entries(companyFields).map(([k, v]) => [k, v.optional()])),
    companyCode: companyCodeSchema.optional(),
  }) as z.ZodType<{ companyId: string; companyCode?: string } & Partial<{ [K in keyof typeof companyFields]: z.output<(typeof companyFields)[K]> }>>,
  handler: async (ctx, args) => editCompany(ctx, args),
});

export const setCompanySuspended = mutation({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1), suspended: z.boolean(), reason: z.string().trim().max(500).nullable().default(null) }),
  handler: async (ctx, args) => suspendOrReactivate(ctx, args),
});

// ---- Users ----

export const listUsers = query({
  access: "isSystemAdmin",
  args: z.object({
    search: z.string().trim().max(120).default(""),
    role: z.enum(["all", "system", "none", ...SYSTEM_ROLES]).default("all"),
    status: z.enum(["all", "active", "disabled"]).default("all"),
  }),
  handler: async (ctx, args) => usersOfPlatform(ctx, args),
});

/**
 * Gives, changes or takes an account's global role (decision 0060): giving one (or SUPER_ADMIN)
 * waits for a second system administrator (`status: "pending"`, see approveChange); taking one
 * away applies at once, but never from the last administrator who can sign in.
 */
export const setGlobalRole = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1), globalRole: z.enum(SYSTEM_ROLES).nullable() }),
  handler: async (ctx, args): Promise<{ changed: boolean } & ChangeOutcome> => setUserGlobalRole(ctx, args),
});

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
  handler: async (ctx, args) => disableOrEnableUser(ctx, args),
});

export const endSessions = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1) }),
  handler: async (ctx, args) => endUserSessions(ctx, args.userId),
});
