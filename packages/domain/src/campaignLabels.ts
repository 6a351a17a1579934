// Spec sections 3 and 9: campaign offer types and delivery methods with their English and Spanish
// labels.

import type { SupportedLanguage } from "./languagePriority.ts";

export type Language = SupportedLanguage;

export const OFFER_TYPES = ["free_wash", "free_dry", "discount_percent", "discount_fixed", "credit", "free_product", "bogo", "custom"] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const DELIVERY_METHODS = ["email", "sms", "both"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = "email";

export const OFFER_TYPE_LABELS: Record<Language, Record<OfferType, string>> = {
  en: {
    free_wash: "Free Wash",
    free_dry: "Free Dry",
    discount_percent: "Percentage Discount",
    discount_fixed: "Discount (Fixed Amount)",
    credit: "Account Credit",
    free_product: "Free Product",
    bogo: "Buy One Get One",
    custom: "Special Offer",
  },
  es: {
    free_wash: "Lavado Gratis",
    free_dry: "Secado Gratis",
    discount_percent: "Descuento Porcentual",
    discount_fixed: "Descuento (Monto Fijo)",
    credit: "Crédito en Cuenta",
    free_product: "Producto Gratis",
    bogo: "Compra Uno y Llévate Otro",
    custom: "Oferta Especial",
  },
};

export const DELIVERY_METHOD_LABELS: Record<Language, Record<DeliveryMethod, string>> = {
  en: { email: "Email Only", sms: "SMS Only", both: "Email and SMS" },
  es: { email: "Solo Correo Electrónico", sms: "Solo SMS", both: "Correo Electrónico y SMS" },
};

export function isOfferType(value: unknown): value is OfferType {
  return typeof value === "string" && (OFFER_TYPES as readonly string[]).includes(value);
}

export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return typeof value === "string" && (DELIVERY_METHODS as readonly string[]).includes(value);
}

/** A stored value, or the default (email) when missing or unknown. */
export function deliveryMethodOf(value: unknown): DeliveryMethod {
  return isDeliveryMethod(value) ? value : DEFAULT_DELIVERY_METHOD;
}

/** The label, or "" for a missing or unknown offer type. */
export function offerTypeLabel(value: unknown, language: Language = "en"): string {
  return isOfferType(value) ? OFFER_TYPE_LABELS[language][value] : "";
}

/** The label, or "" for a missing or unknown delivery method. */
export function deliveryMethodLabel(value: unknown, language: Language = "en"): string {
  return isDeliveryMethod(value) ? DELIVERY_METHOD_LABELS[language][value] : "";
}
