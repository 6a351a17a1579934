import { refusalTable } from "./refusals.ts";

// What campaigns and claims refuse, in English (what the server sends) and Spanish (the "usted" of
// the claim form), with codes "marketing.<key>" (refusals.ts). Light enough for the landing page.

/** The claim form's rules, which the server also refuses a claim by (claimForm.ts shows them). */
export const CLAIM_RULE_TEXTS = {
  nameRequired: { en: "Please enter your name", es: "Por favor, ingrese su nombre" },
  emailRequired: { en: "Please enter your email", es: "Por favor, ingrese su correo electrónico" },
  phoneRequired: { en: "Please enter your phone number", es: "Por favor, ingrese su número de teléfono" },
  consentEmailRequired: {
    en: "Please agree to receive verification emails",
    es: "Por favor, acepte recibir correos electrónicos de verificación",
  },
  consentSmsRequired: {
    en: "Please agree to receive SMS verification codes",
    es: "Por favor, acepte recibir códigos de verificación por SMS",
  },
} as const;

const MARKETING_TABLE = refusalTable("marketing", {
  ...CLAIM_RULE_TEXTS,
  notAvailable: { en: "This promotion is not available", es: "Esta promoción no está disponible" },
  expired: { en: "This promotion has expired", es: "Esta promoción ha vencido" },
  notStarted: { en: "This promotion has not started yet", es: "Esta promoción aún no ha comenzado" },
  full: { en: "This promotion has reached its maximum number of participants", es: "Esta promoción alcanzó su número máximo de participantes" },
  duplicatePhone: {
    en: "A claim with this phone number already exists for this campaign",
    es: "Ya existe una solicitud con este número de teléfono para esta campaña",
  },
  duplicateEmail: {
    en: "A claim with this email already exists for this campaign",
    es: "Ya existe una solicitud con este correo electrónico para esta campaña",
  },
  invalidEmail: { en: "Please enter a valid email address", es: "Por favor, ingrese un correo electrónico válido" },
  claimNotFound: { en: "Claim not found", es: "No se encontró la solicitud" },
  campaignNotFound: { en: "Campaign not found", es: "No se encontró la campaña" },
  alreadyVerified: { en: "This claim has already been verified", es: "Esta solicitud ya fue verificada" },
  alreadyUsed: { en: "This claim has already been used", es: "Esta solicitud ya fue canjeada" },
  notVerified: { en: "This claim has not been verified yet", es: "Esta solicitud aún no ha sido verificada" },
  locked: { en: "Too many incorrect codes: this claim is locked", es: "Demasiados códigos incorrectos: esta solicitud está bloqueada" },
  codeExpired: {
    en: "The verification code has expired. Send a new code to the customer.",
    es: "El código de verificación venció. Envíe un código nuevo al cliente.",
  },
  wrongCode: {
    en: ({ left }: { left: number }) => `Incorrect verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
    es: ({ left }: { left: number }) => `Código de verificación incorrecto. ${left === 1 ? "Queda 1 intento" : `Quedan ${left} intentos`}.`,
  },
  dates: { en: "The end date cannot be before the start date", es: "La fecha de fin no puede ser anterior a la de inicio" },
});
/** A refusal for the server to throw, with its code ("marketing.<key>", refusals.ts). */
export const marketingRefusal = MARKETING_TABLE.refusal;
export const MARKETING_REFUSAL_TEXTS = MARKETING_TABLE.texts;
/** The codes of a claim refused because one with its phone or e-mail exists. */
export const DUPLICATE_CLAIM_CODES: readonly string[] = ["marketing.duplicatePhone", "marketing.duplicateEmail"];
