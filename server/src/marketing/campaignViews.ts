import type { Selectable } from "kysely";
import { deliveryMethodOf } from "@tumble/domain/campaignLabels";
import { campaignPhase, todayIn } from "@tumble/domain/businessDate";
import { campaignDays } from "@tumble/domain/campaignForm";
import { usesPlaceholder } from "@tumble/domain/campaignPlaceholders";
import { centsToDollars } from "@tumble/domain/money";
import { marketingRefusal } from "@tumble/domain/marketingRefusals";
import type { CampaignsTable } from "../db/marketingSchema.ts";
import { refused } from "../runtime/errors.ts";
import { publicTemplateConfig } from "./templateConfig.ts";

// A stored campaign as the answers show it (the landing page's part, or all of it for its
// company's managers), and whether it is open for claims. Amounts are stored as cents and shown
// as dollars too (docs/decisions/0008-campaign-amounts.md); start and end are business dates in
// the campaign's time zone, both inclusive (docs/decisions/0019-forms-and-business-dates.md),
// answered as startsOn/endsOn and as the spec's epoch ms (docs/decisions/0069-the-spec-contract.md).

export type CampaignRow = Selectable<CampaignsTable>;

export const cents = (value: string | number | null): number | null => (value === null ? null : Number(value));
export const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** The budget, in dollars and cents, only for a campaign whose public texts print it. */
function publicBudget(row: CampaignRow) {
  const budgetCents = cents(row.budgetCents);
  const texts = [JSON.stringify(row.templateConfig ?? {}), row.offerDescription ?? ""];
  return budgetCents !== null && texts.some((text) => usesPlaceholder(text, "budget")) ? { budget: centsToDollars(budgetCents), budgetCents } : {};
}

/** What the landing page needs, and nothing else (no authors or timestamps; the budget only when shown). */
export function toPublicCampaign(row: CampaignRow) {
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
    // startsOn/endsOn are the business dates; startDate/endDate the spec's epoch ms.
    ...campaignDays(row.startDate, row.endDate, row.timeZone),
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
export function toCampaign(row: CampaignRow) {
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
export function phaseAt(campaign: DatedCampaign, now: number) {
  return campaignPhase(campaign, todayIn(campaign.timeZone, now));
}

/** Active, started and not ended; throws the customer-facing reason otherwise. */
export function assertOpen(campaign: DatedCampaign & Pick<CampaignRow, "isActive">, now: number): void {
  if (!campaign.isActive) throw refused(marketingRefusal("notAvailable"));
  const phase = phaseAt(campaign, now);
  if (phase === "expired") throw refused(marketingRefusal("expired"));
  if (phase === "comingSoon") throw refused(marketingRefusal("notStarted"));
}
