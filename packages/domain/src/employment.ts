import { z } from "zod";
import type { SupportedLanguage } from "./languagePriority.ts";

// The member's own employment (user/employment, issue 16): linking one's account to the employee
// profile a manager made, with the kiosk username and PIN the manager gave. Shared by
// employment:link and its form.

/** Link attempts per account, and per client address, in LINK_WINDOW_MINUTES. */
export const LINK_ATTEMPTS_PER_ACCOUNT = 5;
export const LINK_ATTEMPTS_PER_ADDRESS = 20;
export const LINK_WINDOW_MINUTES = 15;

export const EMPLOYMENT_MESSAGES = {
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
} as const satisfies Record<string, Record<SupportedLanguage, string>>;

export type EmploymentMessageKey = keyof typeof EMPLOYMENT_MESSAGES;

export function employmentMessage(key: EmploymentMessageKey): string {
  return EMPLOYMENT_MESSAGES[key].en;
}

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(EMPLOYMENT_MESSAGES).map((m) => [m.en, m]));

/** An employment message (English, from a schema or the server) in `language`; others as they are. */
export function localizeEmploymentMessage(message: string, language: SupportedLanguage): string {
  return BY_ENGLISH.get(message)?.[language] ?? message;
}

/** employment:link and its form: the kiosk username and PIN (checked against the profile, not for shape). */
export const linkProfileSchema = z.object({
  username: z.string().trim().min(1, employmentMessage("usernameRequired")).max(100),
  pin: z.string().trim().min(1, employmentMessage("pinRequired")).max(20),
});
export type LinkProfileValues = z.input<typeof linkProfileSchema>;
