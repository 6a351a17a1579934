import { z } from "zod";
import { refusalTable } from "./refusals.ts";
import type { SupportedLanguage } from "./languagePriority.ts";

// The member's own employment (user/employment, issue 16): linking one's account to the employee
// profile a manager made. The kiosk username and PIN the manager gave are the first step only
// (issue 31, docs/decisions/0030-geo-zones.md "Linking"): a profile with an e-mail address then
// needs the code e-mailed to it, one without needs a manager's approval. Shared by
// employment:link / employment:confirmLink / employmentLinks:* and their screens.

/** Link attempts per account, and per client address, in LINK_WINDOW_MINUTES. */
export const LINK_ATTEMPTS_PER_ACCOUNT = 5;
export const LINK_ATTEMPTS_PER_ADDRESS = 20;
export const LINK_WINDOW_MINUTES = 15;
/** How long an e-mailed link code works, and how many wrong tries it takes. */
export const LINK_CODE_MINUTES = 15;
export const LINK_CODE_TRIES = 5;
/** A decline's reason, at most. */
export const LINK_REASON_MAX = 500;

/** How a link request is proven: the code e-mailed to the profile, or a manager's approval. */
export type LinkMethod = "code" | "approval";
/** pending → linked (code right, or approved) | declined (by a manager) | cancelled (withdrawn, or replaced by a newer one). */
export type LinkRequestStatus = "pending" | "linked" | "declined" | "cancelled";

const EMPLOYMENT_TABLE = refusalTable("employment", {
  wrongCredentials: { en: "Wrong username or PIN", es: "Usuario o PIN incorrectos" },
  usernameRequired: { en: "Enter your kiosk username", es: "Escribe tu usuario del kiosco" },
  pinRequired: { en: "Enter your PIN", es: "Escribe tu PIN" },
  alreadyLinked: {
    en: "Your account already has an employee profile in this company",
    es: "Tu cuenta ya tiene un perfil de empleado en esta empresa",
  },
  profileTaken: {
    en: "This employee profile is already linked to another account. Ask your manager.",
    es: "Este perfil de empleado ya está vinculado a otra cuenta. Pregunta a tu gerente.",
  },
  otherEmail: {
    en: "This employee profile has a different e-mail address. Sign in with that address, or ask your manager.",
    es: "Este perfil de empleado tiene otro correo electrónico. Inicia sesión con ese correo o pregunta a tu gerente.",
  },
  notActive: {
    en: "This employee profile is not active. Ask your manager.",
    es: "Este perfil de empleado no está activo. Pregunta a tu gerente.",
  },
  linkPending: {
    en: "Someone already asked to link this employee profile and a manager has not decided yet. Ask your manager.",
    es: "Alguien ya pidió vincular este perfil de empleado y un gerente aún no decide. Pregunta a tu gerente.",
  },
  oneRequestAtATime: {
    en: "You already have a link request waiting. Withdraw it before asking again.",
    es: "Ya tienes una solicitud de vinculación pendiente. Retírala antes de pedir otra.",
  },
  codeRequired: { en: "Enter the 6-digit code from the e-mail", es: "Escribe el código de 6 dígitos del correo" },
  noCodeWaiting: {
    en: "No code is waiting. Enter your kiosk username and PIN to get one.",
    es: "No hay ningún código pendiente. Escribe tu usuario del kiosco y tu PIN para recibir uno.",
  },
  codeExpired: {
    en: "This code has expired. Enter your kiosk username and PIN again for a new one.",
    es: "Este código venció. Escribe de nuevo tu usuario del kiosco y tu PIN para recibir otro.",
  },
  codeLocked: {
    en: "Too many wrong codes. Enter your kiosk username and PIN again for a new one.",
    es: "Demasiados códigos incorrectos. Escribe de nuevo tu usuario del kiosco y tu PIN para recibir otro.",
  },
  requestNotFound: { en: "This link request was not found", es: "No se encontró esta solicitud de vinculación" },
  requestDecided: {
    en: "This link request was already decided or withdrawn",
    es: "Esta solicitud de vinculación ya se decidió o se retiró",
  },
  ownRequest: {
    en: "You cannot decide a link request to your own account; another manager must",
    es: "No puedes decidir una solicitud de vinculación a tu propia cuenta; debe hacerlo otro gerente",
  },
  requesterLinked: {
    en: "This account is already linked to another employee profile in this company",
    es: "Esta cuenta ya está vinculada a otro perfil de empleado en esta empresa",
  },
  profileLinked: {
    en: "This employee profile is already linked to an account",
    es: "Este perfil de empleado ya está vinculado a una cuenta",
  },
  profileInactive: {
    en: "This employee profile is not active; reactivate it before approving",
    es: "Este perfil de empleado no está activo; reactívalo antes de aprobar",
  },
  profileOtherEmail: {
    en: "This employee profile now has a different e-mail address than the account asking",
    es: "Este perfil de empleado ahora tiene un correo distinto del de la cuenta que lo pide",
  },
  reasonTooLong: { en: `Keep the reason to ${LINK_REASON_MAX} characters`, es: `El motivo puede tener hasta ${LINK_REASON_MAX} caracteres` },
  /** A wrong link code, with the tries left. */
  wrongCode: {
    en: ({ triesLeft }: { triesLeft: number }) => `Wrong code. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`,
    es: ({ triesLeft }: { triesLeft: number }) => `Código incorrecto. ${triesLeft === 1 ? "Te queda 1 intento" : `Te quedan ${triesLeft} intentos`}.`,
  },
});
const { wrongCode: _wrongCode, ...FIXED } = EMPLOYMENT_TABLE.texts;
/** The fixed sentences (the schemas' messages among them). */
export const EMPLOYMENT_MESSAGES = FIXED;
/** A refusal for the server to throw, with its code ("employment.<key>", refusals.ts). */
export const employmentRefusal = EMPLOYMENT_TABLE.refusal;

export type EmploymentMessageKey = keyof typeof EMPLOYMENT_MESSAGES;

export function employmentMessage(key: EmploymentMessageKey): string {
  return EMPLOYMENT_MESSAGES[key].en;
}

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(EMPLOYMENT_MESSAGES).map((m) => [m.en, m]));

/** A wrong code's message, with the tries left (localizeEmploymentMessage reads it back). */
export function wrongCodeMessage(triesLeft: number): string {
  return EMPLOYMENT_TABLE.text("wrongCode", "en", { triesLeft });
}
const WRONG_CODE = /^Wrong code\. (\d+) (?:try|tries) left\.$/;

/** An employment message (English, from a schema or the server) in `language`; others as they are. */
export function localizeEmploymentMessage(message: string, language: SupportedLanguage): string {
  const wrong = WRONG_CODE.exec(message);
  if (wrong) {
    return EMPLOYMENT_TABLE.text("wrongCode", language, { triesLeft: Number(wrong[1]) });
  }
  return BY_ENGLISH.get(message)?.[language] ?? message;
}

/**
 * The address a code went to, as the screen shows it: the first letter of the name, then ***, then
 * the domain ("m***@example.com"), so a person recognises their own address without it being read out.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The shape of a link code: six digits. */
export const LINK_CODE = /^\d{6}$/;

/** employment:link and its form: the kiosk username and PIN (checked against the profile, not for shape). */
export const linkProfileSchema = z.object({
  username: z.string().trim().min(1, employmentMessage("usernameRequired")).max(100),
  pin: z.string().trim().min(1, employmentMessage("pinRequired")).max(20),
});
export type LinkProfileValues = z.input<typeof linkProfileSchema>;

/** employment:confirmLink and its form: the 6-digit code e-mailed to the profile. */
export const confirmLinkSchema = z.object({
  code: z.string().trim().regex(LINK_CODE, employmentMessage("codeRequired")),
});
export type ConfirmLinkValues = z.input<typeof confirmLinkSchema>;

/** employmentLinks:decline: the request and an optional reason the requester is told. */
export const declineLinkSchema = z.object({
  requestId: z.string().min(1).max(64),
  reason: z.string().trim().max(LINK_REASON_MAX, employmentMessage("reasonTooLong")).optional(),
});
