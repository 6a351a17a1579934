import { z } from "zod";
import { campaignDayInputSchema, campaignFieldSchemas } from "@tumble/domain/campaignForm";
import { addCampaign, campaignsWithStats, changeCampaignActive, editCampaign, openCampaigns } from "../marketing/campaigns.ts";
import { CLAIM_CURSOR, checkClaimCode, claimsOfCampaign, claimsOfCampaignPage, redeemClaim, searchClaims, sendNewClaimCode } from "../marketing/claimReview.ts";
import { CLAIM_RATE_LIMIT, CLAIM_RATE_WINDOW_MS, claimRateKey } from "../marketing/claims.ts";
import { claimStatusByPhone, recordClaim } from "../marketing/claimsPublic.ts";
import { addDemoCampaign, demoCampaignList } from "../marketing/demoCampaigns.ts";
import { publicCampaignByFriendlyId, publicCampaignById } from "../marketing/landing.ts";
import { templateConfigSchema } from "../marketing/templateConfig.ts";
import { action, mutation, query } from "../runtime/define.ts";
import { cursorArg, pageSizeArg } from "../runtime/paging.ts";

// Marketing promotions (spec sections 2, 3, 4, 7, 8 and 9): campaigns, their public landing
// data, customers' claims with an e-mailed or texted 6-digit code, and staff verification.
// Amounts travel as dollars (offerAmount, budget) and are stored as cents
// (docs/decisions/0008-campaign-amounts.md). Start and end are business dates in the campaign's
// time zone, both inclusive (docs/decisions/0019-forms-and-business-dates.md); the wire also
// takes and gives them as epoch ms (docs/decisions/0069-the-spec-contract.md). The logic is in
// server/src/marketing.

const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), "At most 2 decimal places");
const campaignFields = {
  ...campaignFieldSchemas,
  // Spec section 3: epoch ms (the day containing that instant in the campaign's zone), or yyyy-MM-dd.
  startDate: campaignDayInputSchema,
  endDate: campaignDayInputSchema,
  offerAmount: dollars,
  budget: dollars.nullable().optional(),
  templateConfig: templateConfigSchema.optional(),
};

// ---------------------------------------------------------------------------------------------
// Campaigns (staff)

export const createCampaign = mutation({
  access: "canManageStores",
  args: z.object(campaignFields),
  handler: (ctx, args) => addCampaign(ctx.db, ctx.unscopedDb, ctx.company.id, ctx.user.id, args),
});

export const updateCampaign = mutation({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64), ...z.object(campaignFields).partial().shape }),
  handler: (ctx, args) => editCampaign(ctx.db, ctx.company.id, ctx.user.id, args),
});

export const setCampaignActive = mutation({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64), isActive: z.boolean() }),
  handler: (ctx, { campaignId, isActive }) => changeCampaignActive(ctx.db, ctx.company.id, ctx.user.id, campaignId, isActive),
});

/** Every campaign of the company, newest first, with its claims, verifications and redemptions. */
export const getCampaigns = query({
  access: "canManageStores",
  args: z.object({}),
  handler: (ctx) => campaignsWithStats(ctx.db, ctx.company.id),
});

/** Active campaigns open for claims today, for the staff walk-in claim screen. */
export const getActiveCampaigns = query({
  access: "member",
  args: z.object({}),
  handler: (ctx) => openCampaigns(ctx.db, ctx.company.id, ctx.now),
});

/** The claims of one campaign, newest first (dashboard). */
export const getCampaignClaims = query({
  access: "canManageStores",
  args: z.object({ campaignId: z.string().max(64) }),
  handler: (ctx, { campaignId }) => claimsOfCampaign(ctx.db, ctx.company.id, campaignId),
});

/**
 * The claims of one campaign a page at a time (newest first, then by id), of one status when
 * given, with the cursor of the next page, null on the last: the dashboard pages through every
 * claim instead of stopping at a cap.
 */
export const getCampaignClaimsPage = query({
  access: "canManageStores",
  args: z.object({
    campaignId: z.string().max(64),
    status: z.enum(["pending", "verified", "used"]).optional(),
    cursor: cursorArg(CLAIM_CURSOR),
    pageSize: pageSizeArg,
  }),
  handler: (ctx, args) => claimsOfCampaignPage(ctx.db, ctx.company.id, args),
});

// ---------------------------------------------------------------------------------------------
// The public landing page and demo page

/** A campaign by database id for the landing page: null when missing or inactive. */
export const getCampaignById = query({
  access: "public",
  args: z.object({ campaignId: z.string().max(64) }),
  handler: (ctx, { campaignId }) => publicCampaignById(ctx.db, campaignId),
});

/** A campaign by friendly id for the landing page: null when missing or inactive. */
export const getCampaignByFriendlyIdPublic = query({
  access: "public",
  args: z.object({ friendlyId: z.string().max(120) }),
  handler: (ctx, { friendlyId }) => publicCampaignByFriendlyId(ctx.db, friendlyId),
});

/** The demo company's campaigns as the demo page lists them: name, description, template, state, link. */
export const listDemoCampaigns = query({
  access: "public",
  args: z.object({}),
  handler: (ctx) => demoCampaignList(ctx.db),
});

/** /marketing-demo's buttons: the spec's demo campaign, for any visitor, always in the demo company. */
export const createDemoCampaign = mutation({
  access: "public",
  args: z.object({ template: z.enum(["full", "standard"]) }),
  handler: (ctx, { template }) => addDemoCampaign(ctx, template),
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

/**
 * A customer's claim (public; staff use it for walk-ins too). The claim and its code's message
 * commit together; the outbox delivers the message right after.
 */
export const submitClaim = mutation({
  access: "public",
  args: claimArgs,
  // Counted before the transaction, so refused claims (duplicates, closed campaigns) count too.
  limitsBeforeTransaction: ({ clientAddress }) => [{ key: claimRateKey(clientAddress), limit: CLAIM_RATE_LIMIT, windowMs: CLAIM_RATE_WINDOW_MS }],
  handler: (ctx, args) => recordClaim(ctx.db, ctx.now, { userId: ctx.user?.id ?? null, companyId: ctx.company?.id ?? null }, args),
});

/**
 * The status of a phone number's claim, and nothing else (spec section 7: `phone`, returns
 * status): on the campaign named when `campaignId` is given, else the most recent claim on a
 * campaign open now (the caller's company's for a member, any company's for a visitor).
 */
export const getClaimByPhone = query({
  access: "public",
  args: z.object({ phone: z.string().max(40), campaignId: z.string().max(64).optional() }),
  handler: (ctx, { phone, campaignId }) => claimStatusByPhone(ctx.db, ctx.now, { phone, campaignId, companyId: ctx.company?.id ?? null }),
});

/** Staff look-up by claim ID or phone number, within the company. */
export const findClaims = query({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64).optional(), phone: z.string().max(40).optional() }),
  handler: (ctx, args) => searchClaims(ctx.db, ctx.company.id, args),
});

/**
 * Staff enter the customer's code. An action, so that a wrong try is counted even though the call
 * then fails: each statement commits on its own, and the counter moves atomically.
 */
export const verifyClaim = action({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64), code: z.string().max(20) }),
  handler: (ctx, { claimId, code }) => checkClaimCode(ctx.db, ctx.company.id, ctx.user.id, claimId, code),
});

/** The credit has been handed over. */
export const markClaimUsed = mutation({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64) }),
  handler: (ctx, { claimId }) => redeemClaim(ctx.db, ctx.company.id, ctx.user.id, claimId),
});

/** A new code for a pending claim (expired or locked), sent the campaign's way; tries start again. */
export const resendClaimCode = mutation({
  access: "canManageStores",
  args: z.object({ claimId: z.string().max(64) }),
  handler: (ctx, { claimId }) => sendNewClaimCode(ctx.db, ctx.company.id, claimId),
});
