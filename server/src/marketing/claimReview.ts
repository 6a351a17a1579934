import { sql, type Kysely } from "kysely";
import { phoneDigits } from "@tumble/domain/phone";
import { marketingRefusal } from "@tumble/domain/marketingRefusals";
import { hashSecretSlow, verifySecretSlow } from "../auth/passwords.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { AppError, refused } from "../runtime/errors.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { PAGE_SIZE_DEFAULT, pageOf } from "../runtime/paging.ts";
import { ms } from "./campaignViews.ts";
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, newVerificationCode, normalizeClaimCode } from "./claims.ts";
import { enqueueCode } from "./codeDelivery.ts";
import { publicTemplateConfig } from "./templateConfig.ts";

// Staff and claims (spec section 9): finding them, checking the customer's code, handing the
// credit over and sending a new code, always within the staff member's company.

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

/** The claims of one campaign, newest first (dashboard). */
export async function claimsOfCampaign(db: Kysely<DB>, companyId: string, campaignId: string) {
  const rows = await claimRows(db, companyId).where("cl.campaignId", "=", campaignId).orderBy("cl.createdAt", "desc").limit(200).execute();
  return rows.map(toStaffClaim);
}

/** "microseconds since 1970 of its creation:id" of the last claim of a page. */
export const CLAIM_CURSOR = /^\d{1,18}:[a-z2-7]{32}$/;

/**
 * The claims of one campaign a page at a time, newest first, then by id; the next page starts
 * after the cursor. The cursor keeps the creation time to the microsecond, so claims made within
 * one millisecond are neither repeated nor skipped.
 */
export async function claimsOfCampaignPage(
  db: Kysely<DB>,
  companyId: string,
  args: { campaignId: string; status?: "pending" | "verified" | "used"; cursor?: string; pageSize?: number },
) {
  const pageSize = args.pageSize ?? PAGE_SIZE_DEFAULT;
  let q = claimRows(db, companyId)
    .select(sql<string>`(extract(epoch from cl.created_at) * 1000000)::bigint::text`.as("createdMicros"))
    .where("cl.campaignId", "=", args.campaignId);
  if (args.status) q = q.where("cl.status", "=", args.status);
  if (args.cursor) {
    const at = args.cursor.indexOf(":");
    const micros = args.cursor.slice(0, at);
    q = q.where(sql<boolean>`(cl.created_at, cl.id) < (to_timestamp(0) + ${micros}::bigint * interval '1 microsecond', ${args.cursor.slice(at + 1)})`);
  }
  const rows = await q
    .orderBy("cl.createdAt", "desc")
    .orderBy("cl.id", "desc")
    .limit(pageSize + 1)
    .execute();
  return pageOf(rows, pageSize, (r) => `${r.createdMicros}:${r.id}`, toStaffClaim);
}

/** Staff look-up by claim ID or phone number, within the company. */
export async function searchClaims(db: Kysely<DB>, companyId: string, { claimId, phone }: { claimId?: string; phone?: string }) {
  const code = claimId ? normalizeClaimCode(claimId) : "";
  const digits = phone ? phoneDigits(phone) : "";
  if (!code && !digits) return [];
  let q = claimRows(db, companyId);
  if (code) q = q.where((eb) => eb.or([eb("cl.claimCode", "=", code), eb("cl.id", "=", claimId!.trim())]));
  if (digits) q = q.where("cl.phone", "=", digits);
  const rows = await q.orderBy("cl.createdAt", "desc").limit(20).execute();
  return rows.map(toStaffClaim);
}

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
  if (!row) throw refused(marketingRefusal("claimNotFound"));
  // The caller writes this claim: only its campaign's live queries re-run.
  invalidates(db, { campaignId: row.campaignId });
  return row;
}

/**
 * Checks the code staff enter. Run outside a transaction, so that a wrong try is counted even
 * though the call then fails: each statement commits on its own, and the counter moves atomically.
 */
export async function checkClaimCode(db: Kysely<DB>, companyId: string, userId: string, claimId: string, code: string) {
  const claim = await claimForStaff(db, companyId, claimId);
  if (claim.status === "used") throw refused(marketingRefusal("alreadyUsed"));
  if (claim.status === "verified") throw refused(marketingRefusal("alreadyVerified"));
  if (claim.attempts >= MAX_CODE_ATTEMPTS) throw refused(marketingRefusal("locked"));
  if (ms(claim.codeExpiresAt)! < Date.now()) throw refused(marketingRefusal("codeExpired"));
  const right = /^\d{6}$/.test(code.trim()) && (await verifySecretSlow(claim.codeHash, code.trim()));
  if (!right) {
    const counted = await db
      .updateTable("campaignClaims")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", claim.id)
      .where("companyId", "=", companyId)
      .returning("attempts")
      .executeTakeFirstOrThrow();
    const left = MAX_CODE_ATTEMPTS - counted.attempts;
    // The attempts left stay beside the code, where a client reads them.
    const { message, data } = left <= 0 ? marketingRefusal("locked") : marketingRefusal("wrongCode", { left });
    throw new AppError(message, { ...data, attemptsLeft: Math.max(0, left) });
  }
  const updated = await db
    .updateTable("campaignClaims")
    .set({ status: "verified", verifiedAt: new Date(), verifiedBy: userId })
    .where("id", "=", claim.id)
    .where("companyId", "=", companyId)
    .where("status", "=", "pending")
    .where("attempts", "<", MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw refused(marketingRefusal("alreadyVerified"));
  return { claimId: claim.claimCode, status: "verified" as const };
}

/** The credit has been handed over. */
export async function redeemClaim(db: Kysely<DB>, companyId: string, userId: string, claimId: string) {
  const claim = await claimForStaff(db, companyId, claimId);
  if (claim.status === "used") throw refused(marketingRefusal("alreadyUsed"));
  if (claim.status !== "verified") throw refused(marketingRefusal("notVerified"));
  await db
    .updateTable("campaignClaims")
    .set({ status: "used", usedAt: new Date(), usedBy: userId })
    .where("id", "=", claim.id)
    .where("companyId", "=", companyId)
    .where("status", "=", "verified")
    .execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "redeem",
    entity: "campaignClaim",
    entityId: claim.id,
    before: { status: "verified" },
    after: { status: "used" },
  });
  return { claimId: claim.claimCode, status: "used" as const };
}

/** A new code for a pending claim (expired or locked), sent the campaign's way; tries start again. */
export async function sendNewClaimCode(db: Kysely<DB>, companyId: string, claimId: string) {
  const claim = await claimForStaff(db, companyId, claimId);
  if (claim.status === "used") throw refused(marketingRefusal("alreadyUsed"));
  if (claim.status === "verified") throw refused(marketingRefusal("alreadyVerified"));
  const code = newVerificationCode();
  const codeHash = await hashSecretSlow(code);
  await db
    .updateTable("campaignClaims")
    .set({ codeHash, codeExpiresAt: new Date(Date.now() + CODE_TTL_MS), attempts: 0 })
    .where("id", "=", claim.id)
    .where("companyId", "=", companyId)
    .where("status", "=", "pending")
    .execute();
  const language = publicTemplateConfig(claim.templateConfig).defaultLanguage ?? "en";
  const delivery = await enqueueCode(db, {
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
}
