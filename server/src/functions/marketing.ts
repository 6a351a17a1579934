import { z } from "zod";
import type { Kysely, Selectable } from "kysely";
import { deliveryMethodOf, type Language } from "@tumble/domain/campaignLabels";
import { addDays } from "@tumble/domain/datePresets";
import { campaignPhase, todayIn } from "@tumble/domain/businessDate";
import { campaignFieldSchemas, datesInOrder, DATES_OUT_OF_ORDER } from "@tumble/domain/campaignForm";
import { usesPlaceholder } from "@tumble/domain/campaignPlaceholders";
import { claimMessage, validateClaim } from "@tumble/domain/claimForm";
import { centsToDollars, dollarsToCents, formatUSD } from "@tumble/domain/money";
import { phoneDigits, PHONE_DIGITS } from "@tumble/domain/phone";
import { hashSecretSlow, verifySecretSlow } from "../auth/passwords.ts";
import type { CampaignsTable } from "../db/marketingSchema.ts";
import type { DB } from "../db/schema.ts";
import {
  CLAIM_RATE_LIMIT,
  CLAIM_RATE_WINDOW_MS,
  CODE_TTL_MS,
  DEMO_RATE_LIMIT,
  DEMO_RATE_WINDOW_MS,
  MAX_CODE_ATTEMPTS,
  claimRateKey,
  codeMessage,
  demoRateKey,
  newClaimCode,
  newFriendlyId,
  newVerificationCode,
  normalizeClaimCode,
} from "../marketing/claims.ts";
import { companyTimeZone } from "../marketing/companyTimeZone.ts";
import { demoCampaign } from "../marketing/demo.ts";
import { ensureDemoCompanyId, findDemoCompanyId } from "../marketing/demoCompany.ts";
import { publicTemplateConfig, templateConfigSchema } from "../marketing/templateConfig.ts";
import { audit } from "../runtime/audit.ts";
import { enqueue } from "../mail/outbox.ts";
import { action, mutation, query } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { readsCampaign } from "../runtime/tracking.ts";

// Marketing promotions (spec sections 2, 3, 4, 7, 8 and 9): campaigns, their public landing
// data, customers' claims with an e-mailed or texted 6-digit code, and staff verification.
// Amounts travel as dollars (offerAmount, budget) and are stored as cents
// (docs/decisions/0008-campaign-amounts.md). Start and end are business dates in the campaign's
// time zone, both inclusive (docs/decisions/0019-forms-and-business-dates.md).

export const MESSAGES = {
  notAvailable: "This promotion is not available",
  expired: "This promotion has expired",
  notStarted: "This promotion has not started yet",
  full: "This promotion has reached its maximum number of participants",
  duplicatePhone: "A claim with this phone number already exists for this campaign",
  duplicateEmail: "A claim with this email already exists for this campaign",
  invalidEmail: "Please enter a valid email address",
  claimNotFound: "Claim not found",
  campaignNotFound: "Campaign not found",
  alreadyVerified: "This claim has already been verified",
  alreadyUsed: "This claim has already been used",
  notVerified: "This claim has not been verified yet",
  locked: "Too many incorrect codes: this claim is locked",
  codeExpired: "The verification code has expired. Send a new code to the customer.",
  wrongCode: (left: number) => `Incorrect verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
  dates: DATES_OUT_OF_ORDER,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), "At most 2 decimal places");
const campaignFields = {
  ...campaignFieldSchemas,
  offerAmount: dollars,
  budget: dollars.nullable().optional(),
  templateConfig: templateConfigSchema.optional(),
};

type CampaignRow = Selectable<CampaignsTable>;

const cents = (value: string | number | null): number | null => (value === null ? null : Number(value));
const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** The budget, in dollars and cents, only for a campaign whose public texts print it. */
function publicBudget(row: CampaignRow) {
  const budgetCents = cents(row.budgetCents);
  const texts = [JSON.stringify(row.templateConfig ?? {}), row.offerDescription ?? ""];
  return budgetCents !== null && texts.some((text) => usesPlaceholder(text, "budget")) ? { budget: centsToDollars(budgetCents), budgetCents } : {};
}

/** What the landing page needs, and nothing else (no authors or timestamps; the budget only when shown). */
function toPublicCampaign(row: CampaignRow) {
  const offerCents = cents(row.offerAmountCents) ?? 0;
  return {
    ...publicBudget(row),
    _id: row.id,
    campaignId: row.id,
    friendlyId: row.friendlyId,
    companyId: row.companyId,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    campaignType: row.campaignType,
    startDate: row.startDate,
    endDate: row.endDate,
    timeZone: row.timeZone,
    isActive: row.isActive,
    offerAmount: centsToDollars(offerCents),
    offerAmountCents: offerCents,
    offerType: row.offerType,
    offerDescription: row.offerDescription,
    deliveryMethod: deliveryMethodOf(row.deliveryMethod),
    maxParticipants: row.maxParticipants,
    templateConfig: publicTemplateConfig(row.templateConfig),
  };
}

/** The whole campaign, for its company's managers. */
function toCampaign(row: CampaignRow) {
  const budgetCents = cents(row.budgetCents);
  return {
    ...toPublicCampaign(row),
    budget: budgetCents === null ? null : centsToDollars(budgetCents),
    budgetCents,
    _creationTime: ms(row.createdAt)!,
    updatedAt: ms(row.updatedAt)!,
  };
}

type DatedCampaign = Pick<CampaignRow, "startDate" | "endDate" | "timeZone">;

/** Open from midnight of the start date through the end date's last moment, in the campaign's zone. */
function phaseAt(campaign: DatedCampaign, now: number) {
  return campaignPhase(campaign, todayIn(campaign.timeZone, now));
}

/** Active, started and not ended; throws the customer-facing reason otherwise. */
function assertOpen(campaign: DatedCampaign & Pick<CampaignRow, "isActive">, now: number): void {
  if (!campaign.isActive) throw new AppError(MESSAGES.notAvailable);
  const phase = phaseAt(campaign, now);
  if (phase === "expired") throw new AppError(MESSAGES.expired);
  if (phase === "comingSoon") throw new AppError(MESSAGES.notStarted);
}

async function uniqueFriendlyId(db: Kysely<DB>, name: string): Promise<string> {
  for (;;) {
    const candidate = newFriendlyId(name);
    const taken = await db.selectFrom("campaigns").select("id").where("friendlyId", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

interface CampaignInput {
  name: string;
  displayName?: string;
  description?: string;
  campaignType: string;
  startDate: string;
  endDate: string;
  timeZone?: string;
  isActive?: boolean;
  offerAmountCents: number;
  offerType?: string;
  offerDescription?: string;
  deliveryMethod?: string;
  budgetCents?: number | null;
  maxParticipants?: number | null;
  templateConfig?: unknown;
}

/** `everyCompany` reads every company's campaigns: a friendly id is unique across them all (it is a public link). */
async function insertCampaign(db: Kysely<DB>, everyCompany: Kysely<DB>, companyId: string, createdBy: string | null, input: CampaignInput) {
  if (!datesInOrder(input)) throw new AppError(MESSAGES.dates);
  const id = newId();
  const friendlyId = await uniqueFriendlyId(everyCompany, input.name);
  invalidates(db, { campaignId: id });
  await db
    .insertInto("campaigns")
    .values({
      id,
      companyId,
      friendlyId,
      name: input.name,
      displayName: input.displayName || null,
      description: input.description || null,
      campaignType: input.campaignType.toUpperCase(),
      startDate: input.startDate,
      endDate: input.endDate,
      timeZone: input.timeZone ?? (await companyTimeZone(db, companyId)),
      isActive: input.isActive ?? true,
      offerAmountCents: input.offerAmountCents,
      offerType: input.offerType ?? "credit",
      offerDescription: input.offerDescription || null,
      deliveryMethod: input.deliveryMethod ?? "email",
      budgetCents: input.budgetCents ?? null,
      maxParticipants: input.maxParticipants ?? null,
      templateConfig: JSON.stringify(input.templateConfig ?? { template: "standard" }),
      createdBy,
    })
    .execute();
  return { campaignId: id, friendlyId };
}

// ---------------------------------------------------------------------------------------------
// Campaigns (staff)

export const createCampaign = mutation({
  access: "canManageStores",
  args: z.object(campaignFields),
  handler: async (ctx, args) => {
    const { offerAmount, budget, ...rest } = args;
    const result = await insertCampaign(ctx.db, ctx.unscopedDb, ctx.company.id, ctx.user.id, {
      ...rest,
      offerAmountCents: dollarsToCents(offerAmount),
      budgetCents: budget == null ? null : dollarsToCents(budget),
    });
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "create",
      entity: "campaign",
      entityId: result.campaignId,
      after: { name: args.name },
    });
    return result;
  },
});

export const updateCampaign = mutation({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64), ...z.object(campaignFields).partial().shape }),
  handler: async (ctx, { campaignId, offerAmount, budget, templateConfig, ...rest }) => {
    const before = await ctx.db
      .selectFrom("campaigns")
      .selectAll()
      .where("id", "=", campaignId)
      .where("companyId", "=", ctx.company.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError(MESSAGES.campaignNotFound);
    if (!datesInOrder({ startDate: rest.startDate ?? before.startDate, endDate: rest.endDate ?? before.endDate })) throw new AppError(MESSAGES.dates);
    const set: Record<string, unknown> = { updatedAt: new Date() };
    if (rest.name !== undefined) set.name = rest.name;
    if (rest.displayName !== undefined) set.displayName = rest.displayName || null;
    if (rest.description !== undefined) set.description = rest.description || null;
    if (rest.campaignType !== undefined) set.campaignType = rest.campaignType.toUpperCase();
    if (rest.startDate !== undefined) set.startDate = rest.startDate;
    if (rest.endDate !== undefined) set.endDate = rest.endDate;
    if (rest.timeZone !== undefined) set.timeZone = rest.timeZone;
    if (rest.isActive !== undefined) set.isActive = rest.isActive;
    if (offerAmount !== undefined) set.offerAmountCents = dollarsToCents(offerAmount);
    if (rest.offerType !== undefined) set.offerType = rest.offerType;
    if (rest.offerDescription !== undefined) set.offerDescription = rest.offerDescription || null;
    if (rest.deliveryMethod !== undefined) set.deliveryMethod = rest.deliveryMethod;
    if (budget !== undefined) set.budgetCents = budget === null ? null : dollarsToCents(budget);
    if (rest.maxParticipants !== undefined) set.maxParticipants = rest.maxParticipants;
    if (templateConfig !== undefined) set.templateConfig = JSON.stringify(templateConfig);
    invalidates(ctx.db, { campaignId });
    await ctx.db.updateTable("campaigns").set(set).where("id", "=", campaignId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "update",
      entity: "campaign",
      entityId: campaignId,
      before: { name: before.name, isActive: before.isActive },
      after: { name: rest.name ?? before.name, isActive: rest.isActive ?? before.isActive },
    });
    return { campaignId, friendlyId: before.friendlyId };
  },
});

export const setCampaignActive = mutation({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64), isActive: z.boolean() }),
  handler: async (ctx, { campaignId, isActive }) => {
    invalidates(ctx.db, { campaignId });
    const result = await ctx.db
      .updateTable("campaigns")
      .set({ isActive, updatedAt: new Date() })
      .where("id", "=", campaignId)
      .where("companyId", "=", ctx.company.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(MESSAGES.campaignNotFound);
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: isActive ? "activate" : "deactivate",
      entity: "campaign",
      entityId: campaignId,
    });
    return { campaignId, isActive };
  },
});

/** Every campaign of the company, newest first, with its claims, verifications and redemptions. */
export const getCampaigns = query({
  access: "canManageStores",
  args: z.object({}),
  handler: async (ctx) => {
    const companyId = ctx.company.id;
    const rows = await ctx.db.selectFrom("campaigns").selectAll().where("companyId", "=", companyId).orderBy("createdAt", "desc").limit(500).execute();
    const counts = await ctx.db
      .selectFrom("campaignClaims")
      .select((eb) => [
        "campaignId",
        eb.fn.countAll<string>().as("claims"),
        eb.fn.count<string>("verifiedAt").as("verifications"),
        eb.fn.count<string>("usedAt").as("redemptions"),
      ])
      .where("companyId", "=", companyId)
      .groupBy("campaignId")
      .execute();
    const byCampaign = new Map(counts.map((c) => [c.campaignId, c]));
    return rows.map((row) => {
      const c = byCampaign.get(row.id);
      return {
        ...toCampaign(row),
        stats: { claims: Number(c?.claims ?? 0), verifications: Number(c?.verifications ?? 0), redemptions: Number(c?.redemptions ?? 0) },
      };
    });
  },
});

/** Active campaigns open for claims today, for the staff walk-in claim screen. */
export const getActiveCampaigns = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("campaigns")
      .selectAll()
      .where("companyId", "=", ctx.company.id)
      .where("isActive", "=", true)
      // Every zone's today is within a day of UTC's; the exact test per zone follows.
      .where("endDate", ">=", addDays(todayIn("UTC", ctx.now), -1))
      .orderBy("createdAt", "desc")
      .limit(100)
      .execute();
    return rows
      .filter((row) => phaseAt(row, ctx.now) === "open")
      .map((row) => ({
        _id: row.id,
        companyId: row.companyId,
        friendlyId: row.friendlyId,
        name: row.name,
        displayName: row.displayName,
        deliveryMethod: deliveryMethodOf(row.deliveryMethod),
        endDate: row.endDate,
        timeZone: row.timeZone,
      }));
  },
});

/** The claims of one campaign, newest first (dashboard). */
export const getCampaignClaims = query({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64) }),
  handler: async (ctx, { campaignId }) => {
    const rows = await claimRows(ctx.db, ctx.company.id).where("cl.campaignId", "=", campaignId).orderBy("cl.createdAt", "desc").limit(200).execute();
    return rows.map(toStaffClaim);
  },
});

// ---------------------------------------------------------------------------------------------
// The public landing page and demo page

/** A campaign by database id for the landing page: null when missing or inactive. */
export const getCampaignById = query({
  access: "public",
  args: z.object({ campaignId: z.string().max(64) }),
  handler: async (ctx, { campaignId }) => {
    readsCampaign(ctx.db, campaignId);
    const row = await ctx.db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).where("isActive", "=", true).executeTakeFirst();
    return row ? toPublicCampaign(row) : null;
  },
});

/** A campaign by friendly id for the landing page: null when missing or inactive. */
export const getCampaignByFriendlyIdPublic = query({
  access: "public",
  args: z.object({ friendlyId: z.string().max(120) }),
  handler: async (ctx, { friendlyId }) => {
    const row = await ctx.db.selectFrom("campaigns").selectAll().where("friendlyId", "=", friendlyId).executeTakeFirst();
    // A friendly id never changes hands: once found, only this campaign's writes concern the page.
    if (row) readsCampaign(ctx.db, row.id);
    return row?.isActive ? toPublicCampaign(row) : null;
  },
});

/** The demo company's campaigns as the demo page lists them: name, description, template, state, link. */
export const listDemoCampaigns = query({
  access: "public",
  args: z.object({}),
  handler: async (ctx) => {
    const companyId = await findDemoCompanyId(ctx.db);
    if (!companyId) return [];
    const rows = await ctx.db
      .selectFrom("campaigns")
      .select(["name", "description", "templateConfig", "isActive", "friendlyId"])
      .where("companyId", "=", companyId)
      .orderBy("createdAt", "desc")
      .limit(50)
      .execute();
    return rows.map((r) => ({
      name: r.name,
      description: r.description,
      template: publicTemplateConfig(r.templateConfig).template ?? "standard",
      isActive: r.isActive,
      friendlyId: r.friendlyId,
    }));
  },
});

/** /marketing-demo's buttons: the spec's demo campaign, for any visitor, always in the demo company. */
export const createDemoCampaign = mutation({
  access: "public",
  args: z.object({ template: z.enum(["full", "standard"]) }),
  handler: async (ctx, { template }) => {
    await ctx.services.rateLimiter.hit(demoRateKey(ctx.clientAddress), DEMO_RATE_LIMIT, DEMO_RATE_WINDOW_MS, Date.now(), ctx.db);
    const companyId = await ensureDemoCompanyId(ctx.db);
    // The demo company has no stores: the landing page shows a sample address.
    const timeZone = await companyTimeZone(ctx.db, companyId);
    const demo = demoCampaign(template, ctx.now, timeZone, { address: "123 Main Street", phone: null, hours: null });
    const { friendlyId } = await insertCampaign(ctx.db, ctx.unscopedDb, companyId, ctx.user?.id ?? null, { ...demo, timeZone, isActive: true });
    return { friendlyId, url: `/marketing/${friendlyId}` };
  },
});

// ---------------------------------------------------------------------------------------------
// Claims

const claimArgs = z.object({
  customerName: z.string().max(200),
  email: z.string().max(320).optional(),
  phone: z.string().max(40).optional(),
  campaignId: z.string().max(64),
  companyId: z.string().max(64),
  /** The language the customer reads; the code's message is written in it. */
  language: z.enum(["en", "es"]).optional(),
});

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

interface Delivery {
  channel: "email" | "sms";
  /** "pending": queued in the outbox with the claim, delivered once it commits. */
  status: "sent" | "failed" | "pending";
  /** A failed e-mail's reason, sanitised for the customer (spec section 8). */
  error: string | null;
}

/** Queues the code the campaign's way, in the caller's transaction (docs/decisions/0011). */
async function enqueueCode(
  db: Kysely<DB>,
  target: {
    companyId: string;
    email: string | null;
    phone: string | null;
    deliveryMethod: string;
    campaignName: string;
    claimCode: string;
    code: string;
    offerAmountCents: number;
    language: Language;
  },
): Promise<Delivery[]> {
  const method = deliveryMethodOf(target.deliveryMethod);
  const message = codeMessage(target);
  const queued: Delivery[] = [];
  if ((method === "email" || method === "both") && target.email) {
    await enqueue(db, {
      channel: "email",
      to: target.email,
      subject: message.subject,
      body: message.body,
      companyId: target.companyId,
      template: {
        kind: "claimCode",
        language: target.language,
        data: {
          campaignName: target.campaignName,
          claimCode: target.claimCode,
          code: target.code,
          offer: target.offerAmountCents > 0 ? formatUSD(target.offerAmountCents) : "",
        },
      },
    });
    queued.push({ channel: "email", status: "pending", error: null });
  }
  if ((method === "sms" || method === "both") && target.phone) {
    await enqueue(db, { channel: "sms", to: `+1${target.phone}`, body: message.sms, companyId: target.companyId });
    queued.push({ channel: "sms", status: "pending", error: null });
  }
  return queued;
}

/**
 * A customer's claim (public; staff use it for walk-ins too). The claim and its code's message
 * commit together; the outbox delivers the message right after.
 */
export const submitClaim = mutation({
  access: "public",
  args: claimArgs,
  // Counted before the transaction, so refused claims (duplicates, closed campaigns) count too.
  limitsBeforeTransaction: ({ clientAddress }) => [{ key: claimRateKey(clientAddress), limit: CLAIM_RATE_LIMIT, windowMs: CLAIM_RATE_WINDOW_MS }],
  handler: async (ctx, args) => {
    const language: Language = args.language ?? "en";
    const customerName = args.customerName.trim();
    const email = args.email?.trim().toLowerCase() || null;
    const phone = args.phone ? phoneDigits(args.phone) || null : null;

    const campaign = await ctx.db
      .selectFrom("campaigns")
      .selectAll()
      .where("id", "=", args.campaignId)
      .where("companyId", "=", args.companyId)
      .executeTakeFirst();
    if (!campaign) throw new AppError(MESSAGES.notAvailable);
    assertOpen(campaign, ctx.now);
    const method = deliveryMethodOf(campaign.deliveryMethod);
    const invalid = validateClaim({ customerName, email: email ?? "", phone: phone ?? "", consent: true }, method);
    if (invalid) throw new AppError(claimMessage(invalid));
    if (email && !EMAIL.test(email)) throw new AppError(MESSAGES.invalidEmail);
    if (phone && phone.length !== PHONE_DIGITS) throw new AppError(claimMessage("phoneRequired"));

    const code = newVerificationCode();
    const codeHash = await hashSecretSlow(code);
    const claimCode = newClaimCode();
    const member = ctx.user && ctx.company?.id === campaign.companyId;
    const trx = ctx.db;
    // Only this campaign's live queries (its landing pages) re-run for the claim.
    invalidates(trx, { campaignId: campaign.id });
    try {
      // One claim at a time per campaign, so the participant limit holds under concurrency.
      const locked = await trx
        .selectFrom("campaigns")
        .select(["id", "isActive", "startDate", "endDate", "timeZone", "maxParticipants"])
        .where("id", "=", campaign.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertOpen(locked, Date.now());
      if (phone) {
        const dup = await trx
          .selectFrom("campaignClaims")
          .select("id")
          .where("companyId", "=", campaign.companyId)
          .where("campaignId", "=", campaign.id)
          .where("phone", "=", phone)
          .executeTakeFirst();
        if (dup) throw new AppError(MESSAGES.duplicatePhone);
      }
      if (email) {
        const dup = await trx
          .selectFrom("campaignClaims")
          .select("id")
          .where("companyId", "=", campaign.companyId)
          .where("campaignId", "=", campaign.id)
          .where("email", "=", email)
          .executeTakeFirst();
        if (dup) throw new AppError(MESSAGES.duplicateEmail);
      }
      if (locked.maxParticipants !== null) {
        const { n } = await trx
          .selectFrom("campaignClaims")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("companyId", "=", campaign.companyId)
          .where("campaignId", "=", campaign.id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= locked.maxParticipants) throw new AppError(MESSAGES.full);
      }
      await trx
        .insertInto("campaignClaims")
        .values({
          id: newId(),
          companyId: campaign.companyId,
          campaignId: campaign.id,
          claimCode,
          customerName,
          email,
          phone,
          codeHash,
          codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
          source: member ? "staff" : "public",
          recordedBy: member && ctx.user ? ctx.user.id : null,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(phone ? MESSAGES.duplicatePhone : MESSAGES.duplicateEmail);
      throw error;
    }

    const delivery = await enqueueCode(ctx.db, {
      companyId: campaign.companyId,
      email,
      phone,
      deliveryMethod: method,
      campaignName: campaign.displayName ?? campaign.name,
      claimCode,
      code,
      offerAmountCents: Number(campaign.offerAmountCents),
      language,
    });
    return { claimId: claimCode, delivery };
  },
});

/**
 * The status of a phone number's claim on the campaign the landing page shows, and nothing else:
 * only that campaign's claims are looked at, so a phone number reveals nothing about other
 * campaigns or companies.
 */
export const getClaimByPhone = query({
  access: "public",
  args: z.object({ phone: z.string().max(40), campaignId: z.string().max(64) }),
  handler: async (ctx, { phone, campaignId }) => {
    const digits = phoneDigits(phone);
    if (digits.length !== PHONE_DIGITS) return null;
    readsCampaign(ctx.db, campaignId);
    const campaign = await ctx.db.selectFrom("campaigns").select(["id", "companyId"]).where("id", "=", campaignId).executeTakeFirst();
    if (!campaign) return null;
    const row = await ctx.db
      .selectFrom("campaignClaims")
      .select("status")
      .where("companyId", "=", campaign.companyId)
      .where("campaignId", "=", campaign.id)
      .where("phone", "=", digits)
      .executeTakeFirst();
    return row ? { status: row.status as "pending" | "verified" | "used" } : null;
  },
});

function claimRows(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom("campaignClaims as cl")
    .innerJoin("campaigns as c", (j) => j.onRef("c.id", "=", "cl.campaignId").onRef("c.companyId", "=", "cl.companyId"))
    .select([
      "cl.id",
      "cl.claimCode",
      "cl.customerName",
      "cl.email",
      "cl.phone",
      "cl.status",
      "cl.attempts",
      "cl.codeExpiresAt",
      "cl.source",
      "cl.createdAt",
      "cl.verifiedAt",
      "cl.usedAt",
      "cl.campaignId",
      "c.name as campaignName",
      "c.displayName as campaignDisplayName",
      "c.offerAmountCents",
      "c.offerType",
    ])
    .where("cl.companyId", "=", companyId)
    .where("c.companyId", "=", companyId);
}

type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimRows>["execute"]>>[number];

function toStaffClaim(row: ClaimRow) {
  return {
    _id: row.id,
    claimId: row.claimCode,
    campaignId: row.campaignId,
    campaignName: row.campaignDisplayName ?? row.campaignName,
    customerName: row.customerName,
    email: row.email,
    phone: row.phone,
    status: row.status as "pending" | "verified" | "used",
    attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts),
    locked: row.attempts >= MAX_CODE_ATTEMPTS,
    codeExpiresAt: ms(row.codeExpiresAt)!,
    source: row.source,
    offerAmountCents: Number(row.offerAmountCents),
    offerType: row.offerType,
    _creationTime: ms(row.createdAt)!,
    verifiedAt: ms(row.verifiedAt),
    usedAt: ms(row.usedAt),
  };
}

/** Staff look-up by claim ID or phone number, within the company. */
export const findClaims = query({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64).optional(), phone: z.string().max(40).optional() }),
  handler: async (ctx, { claimId, phone }) => {
    const code = claimId ? normalizeClaimCode(claimId) : "";
    const digits = phone ? phoneDigits(phone) : "";
    if (!code && !digits) return [];
    let q = claimRows(ctx.db, ctx.company.id);
    if (code) q = q.where((eb) => eb.or([eb("cl.claimCode", "=", code), eb("cl.id", "=", claimId!.trim())]));
    if (digits) q = q.where("cl.phone", "=", digits);
    const rows = await q.orderBy("cl.createdAt", "desc").limit(20).execute();
    return rows.map(toStaffClaim);
  },
});

async function claimForStaff(db: Kysely<DB>, companyId: string, claimId: string) {
  const code = normalizeClaimCode(claimId);
  const row = await db
    .selectFrom("campaignClaims as cl")
    .innerJoin("campaigns as c", (j) => j.onRef("c.id", "=", "cl.campaignId").onRef("c.companyId", "=", "cl.companyId"))
    .select([
      "cl.id",
      "cl.claimCode",
      "cl.status",
      "cl.attempts",
      "cl.codeHash",
      "cl.codeExpiresAt",
      "cl.email",
      "cl.phone",
      "cl.companyId",
      "cl.campaignId",
      "c.deliveryMethod",
      "c.name",
      "c.displayName",
      "c.offerAmountCents",
      "c.templateConfig",
    ])
    .where("cl.companyId", "=", companyId)
    .where((eb) => eb.or([eb("cl.claimCode", "=", code), eb("cl.id", "=", claimId.trim())]))
    .executeTakeFirst();
  if (!row) throw new AppError(MESSAGES.claimNotFound);
  // The caller writes this claim: only its campaign's live queries re-run.
  invalidates(db, { campaignId: row.campaignId });
  return row;
}

/**
 * Staff enter the customer's code. An action, so that a wrong try is counted even though the call
 * then fails: each statement commits on its own, and the counter moves atomically.
 */
export const verifyClaim = action({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64), code: z.string().max(20) }),
  handler: async (ctx, { claimId, code }) => {
    const companyId = ctx.company.id;
    const claim = await claimForStaff(ctx.db, companyId, claimId);
    if (claim.status === "used") throw new AppError(MESSAGES.alreadyUsed);
    if (claim.status === "verified") throw new AppError(MESSAGES.alreadyVerified);
    if (claim.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(MESSAGES.locked);
    if (ms(claim.codeExpiresAt)! < Date.now()) throw new AppError(MESSAGES.codeExpired);
    const right = /^\d{6}$/.test(code.trim()) && (await verifySecretSlow(claim.codeHash, code.trim()));
    if (!right) {
      const counted = await ctx.db
        .updateTable("campaignClaims")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", claim.id)
        .where("companyId", "=", companyId)
        .returning("attempts")
        .executeTakeFirstOrThrow();
      const left = MAX_CODE_ATTEMPTS - counted.attempts;
      throw new AppError(left <= 0 ? MESSAGES.locked : MESSAGES.wrongCode(left), { attemptsLeft: Math.max(0, left) });
    }
    const updated = await ctx.db
      .updateTable("campaignClaims")
      .set({ status: "verified", verifiedAt: new Date(), verifiedBy: ctx.user.id })
      .where("id", "=", claim.id)
      .where("companyId", "=", companyId)
      .where("status", "=", "pending")
      .where("attempts", "<", MAX_CODE_ATTEMPTS)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(MESSAGES.alreadyVerified);
    return { claimId: claim.claimCode, status: "verified" as const };
  },
});

/** The credit has been handed over. */
export const markClaimUsed = mutation({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64) }),
  handler: async (ctx, { claimId }) => {
    const companyId = ctx.company.id;
    const claim = await claimForStaff(ctx.db, companyId, claimId);
    if (claim.status === "used") throw new AppError(MESSAGES.alreadyUsed);
    if (claim.status !== "verified") throw new AppError(MESSAGES.notVerified);
    await ctx.db
      .updateTable("campaignClaims")
      .set({ status: "used", usedAt: new Date(), usedBy: ctx.user.id })
      .where("id", "=", claim.id)
      .where("companyId", "=", companyId)
      .where("status", "=", "verified")
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "redeem",
      entity: "campaignClaim",
      entityId: claim.id,
      before: { status: "verified" },
      after: { status: "used" },
    });
    return { claimId: claim.claimCode, status: "used" as const };
  },
});

/** A new code for a pending claim (expired or locked), sent the campaign's way; tries start again. */
export const resendClaimCode = mutation({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64) }),
  handler: async (ctx, { claimId }) => {
    const companyId = ctx.company.id;
    const claim = await claimForStaff(ctx.db, companyId, claimId);
    if (claim.status === "used") throw new AppError(MESSAGES.alreadyUsed);
    if (claim.status === "verified") throw new AppError(MESSAGES.alreadyVerified);
    const code = newVerificationCode();
    const codeHash = await hashSecretSlow(code);
    await ctx.db
      .updateTable("campaignClaims")
      .set({ codeHash, codeExpiresAt: new Date(Date.now() + CODE_TTL_MS), attempts: 0 })
      .where("id", "=", claim.id)
      .where("companyId", "=", companyId)
      .where("status", "=", "pending")
      .execute();
    const language = publicTemplateConfig(claim.templateConfig).defaultLanguage ?? "en";
    const delivery = await enqueueCode(ctx.db, {
      companyId,
      email: claim.email,
      phone: claim.phone,
      deliveryMethod: claim.deliveryMethod,
      campaignName: claim.displayName ?? claim.name,
      claimCode: claim.claimCode,
      code,
      offerAmountCents: Number(claim.offerAmountCents),
      language,
    });
    return { claimId: claim.claimCode, delivery };
  },
});
