import { z } from "zod";
import { DELIVERY_METHODS, OFFER_TYPES, type Language } from "./campaignLabels.ts";
import { businessDateOf, startOfBusinessDay } from "./businessDate.ts";
import { addDays } from "./datePresets.ts";
import { ruleMessage } from "./validationMessages.ts";
import { businessDateSchema, centsSchema, requiredText, timeZoneSchema } from "./zodSchemas.ts";

// The campaign editor's rules (spec sections 3 and 9), shared by marketing:createCampaign /
// updateCampaign and the dashboard's form. Start and end are business dates in the campaign's
// time zone, both inclusive (docs/decisions/0019-forms-and-business-dates.md); on the wire they
// are also epoch ms, as the spec's data model has them (docs/decisions/0069-the-spec-contract.md).

export const CAMPAIGN_TYPES = ["ACQUISITION", "SEASONAL", "RETENTION", "REFERRAL"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_TYPE_LABELS: Record<Language, Record<CampaignType, string>> = {
  en: { ACQUISITION: "New customers", SEASONAL: "Seasonal", RETENTION: "Returning customers", REFERRAL: "Referral" },
  es: { ACQUISITION: "Clientes nuevos", SEASONAL: "De temporada", RETENTION: "Clientes habituales", REFERRAL: "Recomendación" },
};

export const CAMPAIGN_TEMPLATES = ["full", "standard", "minimal", "hero"] as const;
export type CampaignTemplate = (typeof CAMPAIGN_TEMPLATES)[number];

export const CAMPAIGN_TEMPLATE_LABELS: Record<Language, Record<CampaignTemplate, string>> = {
  en: { full: "Full page", standard: "Claim card (standard)", minimal: "Minimal", hero: "Hero" },
  es: { full: "Página completa", standard: "Tarjeta de solicitud (estándar)", minimal: "Mínima", hero: "Portada" },
};

/** A type's label; a stored type outside the list shows as it is. */
export function campaignTypeLabel(value: string, language: Language = "en"): string {
  return (CAMPAIGN_TYPE_LABELS[language] as Record<string, string>)[value] ?? value;
}

export function campaignTemplateLabel(value: string, language: Language = "en"): string {
  return (CAMPAIGN_TEMPLATE_LABELS[language] as Record<string, string>)[value] ?? value;
}

/** The most a campaign's offer or budget may be, in cents ($1,000,000). */
export const MAX_CAMPAIGN_CENTS = 100_000_000;
export const MAX_PARTICIPANTS = 10_000_000;

/** Fields both the API and the form check the same way. */
export const campaignFieldSchemas = {
  name: requiredText(ruleMessage("campaignNameRequired"), 200),
  displayName: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  campaignType: requiredText(ruleMessage("campaignTypeRequired"), 40),
  startDate: businessDateSchema,
  endDate: businessDateSchema,
  timeZone: timeZoneSchema.optional(),
  isActive: z.boolean().optional(),
  offerType: z.enum(OFFER_TYPES).optional(),
  offerDescription: z.string().trim().max(500).optional(),
  deliveryMethod: z.enum(DELIVERY_METHODS).optional(),
  maxParticipants: z
    .number(ruleMessage("participantsWhole"))
    .int(ruleMessage("participantsWhole"))
    .min(1, ruleMessage("participantsWhole"))
    .max(MAX_PARTICIPANTS)
    .nullable()
    .optional(),
};

/** The instants the wire's epoch ms may name: within the business dates' years (1900–2199). */
const FIRST_INSTANT = Date.UTC(1900, 0, 2);
const LAST_INSTANT = Date.UTC(2199, 11, 30);

/** A campaign's start or end as the API takes it: a business date, or epoch ms (spec section 3). */
export const campaignDayInputSchema = z.union([businessDateSchema, z.number().int().min(FIRST_INSTANT).max(LAST_INSTANT)]);
export type CampaignDayInput = z.infer<typeof campaignDayInputSchema>;

/** The business date meant: epoch ms is the calendar day containing that instant in the campaign's zone. */
export function campaignDayOf(value: CampaignDayInput, timeZone: string): string {
  return typeof value === "number" ? businessDateOf(value, timeZone) : value;
}

/**
 * A campaign's days as the API returns them: the business dates (startsOn, endsOn, both
 * inclusive) and, as the spec's data model has them, epoch ms from the first moment of the first
 * day to the last moment of the last day in the campaign's zone (startDate, endDate).
 */
export function campaignDays(startsOn: string, endsOn: string, timeZone: string) {
  return {
    startsOn,
    endsOn,
    startDate: startOfBusinessDay(startsOn, timeZone),
    endDate: startOfBusinessDay(addDays(endsOn, 1), timeZone) - 1,
  };
}

/** End on or after start: a one-day campaign starts and ends on the same date. */
export function datesInOrder(value: { startDate?: string; endDate?: string }): boolean {
  return value.startDate === undefined || value.endDate === undefined || value.endDate >= value.startDate;
}
export const DATES_OUT_OF_ORDER = ruleMessage("datesOutOfOrder");

/** The editor's values: amounts in cents, as the money inputs give them. */
export const campaignFormSchema = z
  .object({
    ...campaignFieldSchemas,
    offerAmountCents: centsSchema(MAX_CAMPAIGN_CENTS),
    budgetCents: centsSchema(MAX_CAMPAIGN_CENTS).nullable(),
  })
  .refine(datesInOrder, { message: DATES_OUT_OF_ORDER, path: ["endDate"] });
export type CampaignFormValues = z.input<typeof campaignFormSchema>;

/**
 * A new campaign's editor: also ends today or later in its zone (issue 34). Only the editor asks
 * it; the API still takes a past campaign (an expired one is how its landing page is tried).
 */
export const newCampaignFormSchema = (today: string) =>
  campaignFormSchema.refine((v) => v.endDate >= today, { message: ruleMessage("endInPast"), path: ["endDate"] });
