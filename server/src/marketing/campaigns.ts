import type { Kysely } from "kysely";
import { deliveryMethodOf } from "@tumble/domain/campaignLabels";
import { addDays } from "@tumble/domain/datePresets";
import { todayIn } from "@tumble/domain/businessDate";
import { campaignDayOf, campaignDays, datesInOrder, type CampaignDayInput } from "@tumble/domain/campaignForm";
import { dollarsToCents } from "@tumble/domain/money";
import { marketingRefusal } from "@tumble/domain/marketingRefusals";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { phaseAt, toCampaign } from "./campaignViews.ts";
import { newFriendlyId } from "./claims.ts";
import { companyTimeZone } from "./companyTimeZone.ts";

// Campaigns as their company's managers make and list them (spec sections 2 and 3). Amounts
// arrive as dollars (offerAmount, budget) and are stored as cents
// (docs/decisions/0008-campaign-amounts.md).

async function uniqueFriendlyId(db: Kysely<DB>, name: string): Promise<string> {
  for (;;) {
    const candidate = newFriendlyId(name);
    const taken = await db.selectFrom("campaigns").select("id").where("friendlyId", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

export interface CampaignInput {
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
export async function insertCampaign(db: Kysely<DB>, everyCompany: Kysely<DB>, companyId: string, createdBy: string | null, input: CampaignInput) {
  if (!datesInOrder(input)) throw refused(marketingRefusal("dates"));
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

/** A campaign's fields as the API takes them: amounts in dollars; days as business dates or epoch ms. */
export interface CampaignFields extends Omit<CampaignInput, "offerAmountCents" | "budgetCents" | "startDate" | "endDate"> {
  offerAmount: number;
  budget?: number | null;
  startDate: CampaignDayInput;
  endDate: CampaignDayInput;
}

/** A new campaign of the company, audited. */
export async function addCampaign(db: Kysely<DB>, everyCompany: Kysely<DB>, companyId: string, userId: string, args: CampaignFields) {
  const { offerAmount, budget, ...rest } = args;
  const timeZone = rest.timeZone ?? (await companyTimeZone(db, companyId));
  const result = await insertCampaign(db, everyCompany, companyId, userId, {
    ...rest,
    timeZone,
    startDate: campaignDayOf(rest.startDate, timeZone),
    endDate: campaignDayOf(rest.endDate, timeZone),
    offerAmountCents: dollarsToCents(offerAmount),
    budgetCents: budget == null ? null : dollarsToCents(budget),
  });
  await audit(db, {
    companyId,
    actorId: userId,
    action: "create",
    entity: "campaign",
    entityId: result.campaignId,
    after: { name: args.name },
  });
  return result;
}

/** The fields to change; those left out keep their value. */
export interface CampaignChanges extends Partial<CampaignFields> {
  campaignId: string;
}

export async function editCampaign(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  { campaignId, offerAmount, budget, templateConfig, ...rest }: CampaignChanges,
) {
  const before = await db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).where("companyId", "=", companyId).forUpdate().executeTakeFirst();
  if (!before) throw refused(marketingRefusal("campaignNotFound"));
  // Epoch ms names a day in the campaign's zone: the new one when it changes too.
  const timeZone = rest.timeZone ?? before.timeZone;
  const startDate = rest.startDate === undefined ? undefined : campaignDayOf(rest.startDate, timeZone);
  const endDate = rest.endDate === undefined ? undefined : campaignDayOf(rest.endDate, timeZone);
  if (!datesInOrder({ startDate: startDate ?? before.startDate, endDate: endDate ?? before.endDate })) throw refused(marketingRefusal("dates"));
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (rest.name !== undefined) set.name = rest.name;
  if (rest.displayName !== undefined) set.displayName = rest.displayName || null;
  if (rest.description !== undefined) set.description = rest.description || null;
  if (rest.campaignType !== undefined) set.campaignType = rest.campaignType.toUpperCase();
  if (startDate !== undefined) set.startDate = startDate;
  if (endDate !== undefined) set.endDate = endDate;
  if (rest.timeZone !== undefined) set.timeZone = rest.timeZone;
  if (rest.isActive !== undefined) set.isActive = rest.isActive;
  if (offerAmount !== undefined) set.offerAmountCents = dollarsToCents(offerAmount);
  if (rest.offerType !== undefined) set.offerType = rest.offerType;
  if (rest.offerDescription !== undefined) set.offerDescription = rest.offerDescription || null;
  if (rest.deliveryMethod !== undefined) set.deliveryMethod = rest.deliveryMethod;
  if (budget !== undefined) set.budgetCents = budget === null ? null : dollarsToCents(budget);
  if (rest.maxParticipants !== undefined) set.maxParticipants = rest.maxParticipants;
  if (templateConfig !== undefined) set.templateConfig = JSON.stringify(templateConfig);
  invalidates(db, { campaignId });
  await db.updateTable("campaigns").set(set).where("id", "=", campaignId).where("companyId", "=", companyId).execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "update",
    entity: "campaign",
    entityId: campaignId,
    before: { name: before.name, isActive: before.isActive },
    after: { name: rest.name ?? before.name, isActive: rest.isActive ?? before.isActive },
  });
  return { campaignId, friendlyId: before.friendlyId };
}

export async function changeCampaignActive(db: Kysely<DB>, companyId: string, userId: string, campaignId: string, isActive: boolean) {
  invalidates(db, { campaignId });
  const result = await db
    .updateTable("campaigns")
    .set({ isActive, updatedAt: new Date() })
    .where("id", "=", campaignId)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw refused(marketingRefusal("campaignNotFound"));
  await audit(db, {
    companyId,
    actorId: userId,
    action: isActive ? "activate" : "deactivate",
    entity: "campaign",
    entityId: campaignId,
  });
  return { campaignId, isActive };
}

/** Every campaign of the company, newest first, with its claims, verifications and redemptions. */
export async function campaignsWithStats(db: Kysely<DB>, companyId: string) {
  const rows = await db.selectFrom("campaigns").selectAll().where("companyId", "=", companyId).orderBy("createdAt", "desc").limit(500).execute();
  const counts = await db
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
}

/** Active campaigns open for claims today, for the staff walk-in claim screen. */
export async function openCampaigns(db: Kysely<DB>, companyId: string, now: number) {
  const rows = await db
    .selectFrom("campaigns")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("isActive", "=", true)
    // Every zone's today is within a day of UTC's; the exact test per zone follows.
    .where("endDate", ">=", addDays(todayIn("UTC", now), -1))
    .orderBy("createdAt", "desc")
    .limit(100)
    .execute();
  return rows
    .filter((row) => phaseAt(row, now) === "open")
    .map((row) => ({
      _id: row.id,
      companyId: row.companyId,
      friendlyId: row.friendlyId,
      name: row.name,
      displayName: row.displayName,
      deliveryMethod: deliveryMethodOf(row.deliveryMethod),
      ...campaignDays(row.startDate, row.endDate, row.timeZone),
      timeZone: row.timeZone,
    }));
}
