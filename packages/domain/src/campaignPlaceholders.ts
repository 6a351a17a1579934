// Spec sections 3 and 8: filling the ${x}, {{x}} and {x} placeholders of campaign text. Unknown or
// empty placeholders become empty text; the caller warns about the ones listed in `missing`.
//
// offerAmount and budget are integer cents, like every amount in the product, and print as USD.
// startDate and endDate are business dates (yyyy-MM-dd) and print in the US long form, in the
// page's language ("January 5, 2026", "5 de enero de 2026").
// {name} falls back to the display name and {displayName} to the name.

import { deliveryMethodLabel, offerTypeLabel, type Language } from "./campaignLabels.ts";
import { formatLongDate } from "./dateFormat.ts";
import { formatUSD } from "./money.ts";

export interface PlaceholderCampaign {
  name?: string | null;
  displayName?: string | null;
  description?: string | null;
  campaignType?: string | null;
  offerAmount?: number | null;
  budget?: number | null;
  offerType?: string | null;
  deliveryMethod?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  maxParticipants?: number | null;
}

export const PLACEHOLDER_VARIABLES = [
  "offerAmount",
  "budget",
  "offerType",
  "deliveryMethod",
  "startDate",
  "endDate",
  "name",
  "displayName",
  "description",
  "campaignType",
  "maxParticipants",
] as const;
export type PlaceholderVariable = (typeof PLACEHOLDER_VARIABLES)[number];

/** Variables that may be empty without a warning. */
export const OPTIONAL_PLACEHOLDERS: readonly string[] = ["maxParticipants", "budget"];

function text(value: string | null | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

function amount(cents: number | null | undefined): string {
  return typeof cents === "number" && Number.isSafeInteger(cents) ? formatUSD(cents) : "";
}

/** The text one placeholder becomes; "" when unknown or empty. */
export function placeholderValue(variable: string, campaign: PlaceholderCampaign, language: Language = "en"): string {
  switch (variable) {
    case "offerAmount":
      return amount(campaign.offerAmount);
    case "budget":
      return amount(campaign.budget);
    case "offerType":
      return offerTypeLabel(campaign.offerType, language);
    case "deliveryMethod":
      return deliveryMethodLabel(campaign.deliveryMethod, language);
    case "startDate":
      return formatLongDate(campaign.startDate, language);
    case "endDate":
      return formatLongDate(campaign.endDate, language);
    case "name":
      return text(campaign.name) || text(campaign.displayName);
    case "displayName":
      return text(campaign.displayName) || text(campaign.name);
    case "description":
      return text(campaign.description);
    case "campaignType":
      return text(campaign.campaignType);
    case "maxParticipants":
      return typeof campaign.maxParticipants === "number" && Number.isFinite(campaign.maxParticipants) ? String(campaign.maxParticipants) : "";
    default:
      return "";
  }
}

// ${x}, then {{x}}, then {x}; spaces inside the brackets are allowed.
const PLACEHOLDER = /\$\{\s*([A-Za-z_]\w*)\s*\}|\{\{\s*([A-Za-z_]\w*)\s*\}\}|\{\s*([A-Za-z_]\w*)\s*\}/g;

/** Whether `text` prints `variable` in any of the three bracket styles. */
export function usesPlaceholder(text: string, variable: PlaceholderVariable): boolean {
  for (const match of text.matchAll(PLACEHOLDER)) if ((match[1] ?? match[2] ?? match[3]) === variable) return true;
  return false;
}

export interface FilledText {
  text: string;
  /** Variables referenced but empty (or unknown), in order of first use, without maxParticipants and budget. */
  missing: string[];
}

export function fillPlaceholders(template: string, campaign: PlaceholderCampaign, language: Language = "en"): FilledText {
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (_match, a?: string, b?: string, c?: string) => {
    const variable = (a ?? b ?? c)!;
    const value = placeholderValue(variable, campaign, language);
    if (value === "" && !OPTIONAL_PLACEHOLDERS.includes(variable) && !missing.includes(variable)) missing.push(variable);
    return value;
  });
  return { text, missing };
}

/**
 * A campaign as the API returns it — offerAmount and budget in dollars beside offerAmountCents and
 * budgetCents (docs/decisions/0008-campaign-amounts.md), its days as startsOn/endsOn beside the
 * epoch ms startDate/endDate (docs/decisions/0069-the-spec-contract.md) — as placeholder input.
 */
export function placeholderCampaignOf(
  campaign: Omit<PlaceholderCampaign, "offerAmount" | "budget" | "startDate" | "endDate"> & {
    offerAmountCents?: number | null;
    budgetCents?: number | null;
    startsOn?: string | null;
    endsOn?: string | null;
  },
): PlaceholderCampaign {
  return {
    ...campaign,
    offerAmount: campaign.offerAmountCents ?? null,
    budget: campaign.budgetCents ?? null,
    startDate: campaign.startsOn ?? null,
    endDate: campaign.endsOn ?? null,
  };
}
