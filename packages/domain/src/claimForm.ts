// Spec sections 4 and 5 "Claim form" and section 8: validation of a promotion claim, in the spec's
// order, with English and Spanish texts, and the payload sent to submitClaim.
//
// A required phone counts as entered only with all 10 digits; a partly typed number gets the same
// 'Please enter your phone number' message.

import { DEFAULT_DELIVERY_METHOD, type DeliveryMethod, type Language } from "./campaignLabels.ts";
// Imported for its refusal table: a claim's arguments refused by the server are said by their code.
import "./argumentRefusals.ts";
import { stripServerDecorations } from "./errorMessage.ts";
import { CLAIM_RULE_TEXTS, DUPLICATE_CLAIM_CODES } from "./marketingRefusals.ts";
import { isCompletePhone, phoneDigits } from "./phone.ts";
import { refusalCode, refusalText } from "./refusals.ts";

export const CLAIM_MESSAGES = {
  ...CLAIM_RULE_TEXTS,
  duplicate: {
    en: "This phone number/email has already claimed this offer!",
    es: "¡Este número de teléfono o correo electrónico ya solicitó esta oferta!",
  },
  submitFailed: { en: "Failed to submit claim", es: "No se pudo enviar la solicitud" },
  alreadyVerified: { en: "This phone number already claimed the offer!", es: "¡Este número de teléfono ya solicitó la oferta!" },
  alreadyUsed: { en: "This phone number already used this offer.", es: "Este número de teléfono ya canjeó esta oferta." },
  success: { en: "Claim Successful!", es: "¡Solicitud recibida!" },
  submitAnother: { en: "Submit Another Claim", es: "Enviar otra solicitud" },
  terms: {
    en: "By claiming this offer, you agree to our terms and conditions.",
    es: "Al solicitar esta oferta, acepta nuestros términos y condiciones.",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ClaimMessageKey = keyof typeof CLAIM_MESSAGES;
export type ClaimValidationKey = "nameRequired" | "emailRequired" | "phoneRequired" | "consentEmailRequired" | "consentSmsRequired";

export interface ClaimFormValues {
  customerName: string;
  email: string;
  phone: string;
  consent: boolean;
}

export function claimMessage(key: ClaimMessageKey, language: Language = "en"): string {
  return CLAIM_MESSAGES[key][language];
}

function wantsEmail(method: DeliveryMethod): boolean {
  return method === "email" || method === "both";
}

function wantsSms(method: DeliveryMethod): boolean {
  return method === "sms" || method === "both";
}

/**
 * The first failing rule, in the spec's order: name; e-mail (email or both); phone (sms or both);
 * consent, worded for e-mail (email or both) or SMS. Null when the claim may be sent.
 */
export function validateClaim(values: ClaimFormValues, deliveryMethod: DeliveryMethod = DEFAULT_DELIVERY_METHOD): ClaimValidationKey | null {
  if (values.customerName.trim() === "") return "nameRequired";
  if (wantsEmail(deliveryMethod) && values.email.trim() === "") return "emailRequired";
  if (wantsSms(deliveryMethod) && !isCompletePhone(values.phone)) return "phoneRequired";
  if (!values.consent) return wantsEmail(deliveryMethod) ? "consentEmailRequired" : "consentSmsRequired";
  return null;
}

export interface ClaimSubmission {
  customerName: string;
  email?: string;
  phone?: string;
}

/** Name and e-mail trimmed, phone reduced to its digits; empty optional fields are left out. */
export function claimSubmission(values: ClaimFormValues): ClaimSubmission {
  const result: ClaimSubmission = { customerName: values.customerName.trim() };
  const email = values.email.trim();
  const phone = phoneDigits(values.phone);
  if (email !== "") result.email = email;
  if (phone !== "") result.phone = phone;
  return result;
}

export type ClaimStatus = "pending" | "verified" | "used";

/** Submit is disabled while submitting, without consent, or when an existing claim is past pending. */
export function canSubmitClaim(state: { submitting: boolean; consent: boolean; existingStatus: ClaimStatus | null }): boolean {
  return !state.submitting && state.consent && (state.existingStatus === null || state.existingStatus === "pending");
}

/**
 * The toast for a failed submit: a claim that exists (marketing.duplicatePhone or duplicateEmail)
 * as the duplicate text, any other refusal by its code (errorData, decision 0067) in `language`;
 * without a code, the duplicate text for 'already exists', else the message or the default.
 */
export function claimSubmitErrorMessage(error: unknown, language: Language = "en"): string {
  if (DUPLICATE_CLAIM_CODES.includes(refusalCode(error) ?? "")) return claimMessage("duplicate", language);
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  const raw = typeof error === "string" ? error : error instanceof Error ? error.message : "";
  if (raw.includes("already exists")) return claimMessage("duplicate", language);
  const message = stripServerDecorations(raw);
  return message !== "" ? message : claimMessage("submitFailed", language);
}
