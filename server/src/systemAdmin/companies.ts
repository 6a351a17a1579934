import { sql } from "kysely";
import { z } from "zod";
import { COMPANY_SIZES } from "@tumble/domain/companyCode";
import { companyNameSchema, emailDomainSchema } from "@tumble/domain/companyForms";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import { systemAdminRefusal } from "@tumble/domain/systemAdminRefusals";
import { normalizeEmail } from "../auth/passwordFlows.ts";
import { enqueue } from "../mail/outbox.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Companies as the platform console sees them: listed across the platform, created with an owner
// (who is e-mailed how to sign in), edited, suspended and reactivated. Every change is audited.

/** A company's editable fields, as the console sends them. */
export const companyFields = {
  // The console's company form checks the name and the domain with these same schemas.
  name: companyNameSchema,
  displayName: z.string().trim().max(120).nullable(),
  description: z.string().trim().max(2000).nullable(),
  industry: z.string().trim().max(120).nullable(),
  size: z.enum(COMPANY_SIZES).nullable(),
  emailDomain: emailDomainSchema.nullable(),
  allowJoinRequests: z.boolean(),
  requireApproval: z.boolean(),
  defaultLanguage: z.enum(["en", "es"]),
};

export type CompanyFields = { [K in keyof typeof companyFields]: z.output<(typeof companyFields)[K]> };

export async function companiesOfPlatform(ctx: QueryCtx<"isSystemAdmin">, args: { search: string; status: "all" | "active" | "suspended" }) {
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
}

export async function membersOfCompany(ctx: QueryCtx<"isSystemAdmin">, companyId: string) {
  await companyOrThrow(ctx, companyId);
  const rows = await ctx.db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["u.id as userId", "u.email", "u.name", "m.role", "m.joinedAt"])
    .where("m.companyId", "=", companyId)
    .orderBy("m.joinedAt")
    .orderBy("u.id")
    .execute();
  return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() }));
}

async function companyOrThrow(ctx: QueryCtx<"isSystemAdmin">, companyId: string) {
  const row = await ctx.db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirst();
  if (!row) throw refused(systemAdminRefusal("companyNotFound"));
  return row;
}

async function newCompanyCode(ctx: QueryCtx<"isSystemAdmin">): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = `CMP${String(Math.floor(100000 + Math.random() * 900000))}`;
    const taken = await ctx.db.selectFrom("companies").select("id").where("companyCode", "=", code).executeTakeFirst();
    if (!taken) return code;
  }
  throw refused(companyRefusal("noFreeCompanyCode"));
}

/** A new company with its owner: an existing account by e-mail, or a new one without a password; the owner is e-mailed. */
export async function addCompany(ctx: MutationCtx<"isSystemAdmin">, args: CompanyFields & { ownerEmail: string; ownerName: string | null }) {
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
}

export async function editCompany(ctx: MutationCtx<"isSystemAdmin">, args: { companyId: string; companyCode?: string } & Partial<CompanyFields>) {
  const { companyId, ...changes } = args;
  const before = await companyOrThrow(ctx, companyId);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return { changed: false };
  const after = await ctx.db.updateTable("companies").set(set).where("id", "=", companyId).returningAll().executeTakeFirstOrThrow();
  invalidates(ctx.db, { companyId });
  await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "update", entity: "company", entityId: companyId, before, after });
  return { changed: true };
}

/** Suspends or reactivates a company; its members' identities are resolved again at once. */
export async function suspendOrReactivate(ctx: MutationCtx<"isSystemAdmin">, args: { companyId: string; suspended: boolean; reason: string | null }) {
  await companyOrThrow(ctx, args.companyId);
  const open = await ctx.db
    .selectFrom("companySuspensions")
    .selectAll()
    .where("companyId", "=", args.companyId)
    .where("reactivatedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (args.suspended) {
    if (open) throw refused(systemAdminRefusal("alreadySuspended"));
    await ctx.db.insertInto("companySuspensions").values({ id: newId(), companyId: args.companyId, reason: args.reason, suspendedBy: ctx.user.id }).execute();
  } else {
    if (!open) throw refused(systemAdminRefusal("notSuspended"));
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
}
