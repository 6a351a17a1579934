import type { Kysely } from "kysely";
import { deliveryMethodOf, type Language } from "@tumble/domain/campaignLabels";
import { validateClaim } from "@tumble/domain/claimForm";
import { marketingRefusal } from "@tumble/domain/marketingRefusals";
import { phoneDigits, PHONE_DIGITS } from "@tumble/domain/phone";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { hashSecretSlow } from "../auth/passwords.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { readsCampaign } from "../runtime/tracking.ts";
import { assertOpen, phaseAt } from "./campaignViews.ts";
import { CODE_TTL_MS, newClaimCode, newVerificationCode } from "./claims.ts";
import { enqueueCode } from "./codeDelivery.ts";

// Customers' claims from the landing page (spec section 9; staff file walk-in claims the same
// way), and the status a phone number's claim shows there.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export interface ClaimInput {
  customerName: string;
  email?: string;
  phone?: string;
  campaignId: string;
  companyId: string;
  /** The language the customer reads; the code's message is written in it. */
  language?: Language;
}

/** Who files the claim: a member of the campaign's company files it as staff. */
export interface Claimant {
  userId: string | null;
  companyId: string | null;
}

/**
 * A customer's claim. The claim and its code's message commit together; the outbox delivers the
 * message right after.
 */
export async function recordClaim(db: Kysely<DB>, now: number, claimant: Claimant, args: ClaimInput) {
  const language: Language = args.language ?? "en";
  const customerName = args.customerName.trim();
  const email = args.email?.trim().toLowerCase() || null;
  const phone = args.phone ? phoneDigits(args.phone) || null : null;

  const campaign = await db.selectFrom("campaigns").selectAll().where("id", "=", args.campaignId).where("companyId", "=", args.companyId).executeTakeFirst();
  if (!campaign) throw refused(marketingRefusal("notAvailable"));
  assertOpen(campaign, now);
  const method = deliveryMethodOf(campaign.deliveryMethod);
  const invalid = validateClaim({ customerName, email: email ?? "", phone: phone ?? "", consent: true }, method);
  if (invalid) throw refused(marketingRefusal(invalid));
  if (email && !EMAIL.test(email)) throw refused(marketingRefusal("invalidEmail"));
  if (phone && phone.length !== PHONE_DIGITS) throw refused(marketingRefusal("phoneRequired"));

  const code = newVerificationCode();
  const codeHash = await hashSecretSlow(code);
  const claimCode = newClaimCode();
  const member = claimant.userId !== null && claimant.companyId === campaign.companyId;
  const trx = db;
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
      if (dup) throw refused(marketingRefusal("duplicatePhone"));
    }
    if (email) {
      const dup = await trx
        .selectFrom("campaignClaims")
        .select("id")
        .where("companyId", "=", campaign.companyId)
        .where("campaignId", "=", campaign.id)
        .where("email", "=", email)
        .executeTakeFirst();
      if (dup) throw refused(marketingRefusal("duplicateEmail"));
    }
    if (locked.maxParticipants !== null) {
      const { n } = await trx
        .selectFrom("campaignClaims")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("companyId", "=", campaign.companyId)
        .where("campaignId", "=", campaign.id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= locked.maxParticipants) throw refused(marketingRefusal("full"));
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
        recordedBy: member ? claimant.userId : null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(marketingRefusal(phone ? "duplicatePhone" : "duplicateEmail"));
    throw error;
  }

  const delivery = await enqueueCode(db, {
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
}

type ClaimStatus = "pending" | "verified" | "used";

/**
 * The status of a phone number's claim, and nothing else (spec section 7: phone in, status out).
 * With `campaignId`, the claim on that campaign (the landing page names its campaign). Without
 * it, the most recent claim by that phone on a campaign open for claims now: the caller's active
 * company's campaigns for a member, any company's for a visitor (whose landing pages are public).
 */
export async function claimStatusByPhone(
  db: Kysely<DB>,
  now: number,
  { phone, campaignId, companyId }: { phone: string; campaignId?: string; companyId: string | null },
): Promise<{ status: ClaimStatus } | null> {
  const digits = phoneDigits(phone);
  if (digits.length !== PHONE_DIGITS) return null;
  if (campaignId === undefined) return latestOpenClaimStatus(db, now, digits, companyId);
  readsCampaign(db, campaignId);
  const campaign = await db.selectFrom("campaigns").select(["id", "companyId"]).where("id", "=", campaignId).executeTakeFirst();
  if (!campaign) return null;
  const row = await db
    .selectFrom("campaignClaims")
    .select("status")
    .where("companyId", "=", campaign.companyId)
    .where("campaignId", "=", campaign.id)
    .where("phone", "=", digits)
    .executeTakeFirst();
  return row ? { status: row.status as ClaimStatus } : null;
}

async function latestOpenClaimStatus(db: Kysely<DB>, now: number, digits: string, companyId: string | null) {
  let q = db
    .selectFrom("campaignClaims as cc")
    .innerJoin("campaigns as c", (join) => join.onRef("c.id", "=", "cc.campaignId").onRef("c.companyId", "=", "cc.companyId"))
    .select(["cc.status", "c.startDate", "c.endDate", "c.timeZone"])
    .where("cc.phone", "=", digits)
    .where("c.isActive", "=", true)
    // Every zone's today is within a day of UTC's; the exact test per zone follows.
    .where("c.endDate", ">=", addDays(todayIn("UTC", now), -1));
  if (companyId) q = q.where("cc.companyId", "=", companyId);
  const rows = await q.orderBy("cc.createdAt", "desc").orderBy("cc.id").limit(50).execute();
  const open = rows.find((row) => phaseAt(row, now) === "open");
  return open ? { status: open.status as ClaimStatus } : null;
}
