import type { SupportedLanguage } from "./languagePriority.ts";
import { refusalTable } from "./refusals.ts";

// Two-person rules (docs/decisions/0060-two-person-rules.md): nobody decides, corrects, approves,
// re-rates or adjusts pay on their own employee profile, and on the platform a change that gives
// power (a global role, a higher balance-adjustment threshold) waits for a second administrator.
// One refusal per rule, in English (as the server sends it) and Spanish (as the screens show it,
// in the "tú" of the workforce and console screens), sent with its code ("twoPerson.ownPay", refusals.ts).

const TWO_PERSON = refusalTable("twoPerson", {
  // ---- A company's people: one's own employee profile ----
  ownPay: {
    en: "Nobody sets their own pay rate or jobs: another manager, admin or owner does",
    es: "Nadie fija su propia tarifa ni sus trabajos: lo hace otro gerente, administrador o propietario",
  },
  ownAdjustment: {
    en: "Nobody adds a bonus, commission, reimbursement or deduction to their own pay: another manager, admin or owner does",
    es: "Nadie agrega un bono, una comisión, un reembolso ni una deducción a su propio pago: lo hace otro gerente, administrador o propietario",
  },
  ownEmployment: {
    en: "Nobody changes their own hire date, end date or status: another manager, admin or owner does",
    es: "Nadie cambia su propia fecha de contratación, fecha de baja ni estado: lo hace otro gerente, administrador o propietario",
  },
  ownRegistration: {
    en: "Nobody completes their own registration: another manager, admin or owner does",
    es: "Nadie completa su propio registro: lo hace otro gerente, administrador o propietario",
  },
  ownRequest: {
    en: "Nobody decides their own request, or a swap that gives them the shift: another approver does",
    es: "Nadie decide su propia solicitud ni un cambio de turno que le da el turno: lo hace otra persona que aprueba",
  },
  ownTimeAdded: {
    en: "Nobody adds a worked shift for themselves: another manager or supervisor does",
    es: "Nadie agrega un turno trabajado para sí mismo: lo hace otro gerente o supervisor",
  },
  // ---- The platform: changes that give power wait for a second administrator ----
  ownPlatformChange: {
    en: "Another system administrator must approve your change",
    es: "Otro administrador del sistema debe aprobar tu cambio",
  },
  grantToApprover: {
    en: "Nobody approves a role given to themselves: another system administrator does",
    es: "Nadie aprueba un rol que se le da a sí mismo: lo hace otro administrador del sistema",
  },
  superApprovesSuper: {
    en: "Only another super administrator can approve the super administrator role",
    es: "Solo otro superadministrador puede aprobar el rol de superadministrador",
  },
  changePending: {
    en: "A change of this is already waiting for a second administrator: approve or reject it first",
    es: "Ya hay un cambio de esto esperando a un segundo administrador: apruébalo o recházalo primero",
  },
  changeNotPending: { en: "This change has already been decided", es: "Este cambio ya se decidió" },
  changeNotFound: { en: "Change not found", es: "No se encontró el cambio" },
  lastPlatformAdmin: {
    en: "The last system administrator cannot lose that role: grant it to someone else first",
    es: "El último administrador del sistema no puede perder ese rol: dáselo primero a otra persona",
  },
});
export const TWO_PERSON_MESSAGES = TWO_PERSON.texts;
export type TwoPersonMessageKey = keyof typeof TWO_PERSON_MESSAGES;

/** The server's text of a message. */
export const twoPersonMessage = (key: TwoPersonMessageKey): string => TWO_PERSON_MESSAGES[key].en;
/** A two-person refusal for the server to throw, with its code. */
export const twoPersonRefusal = TWO_PERSON.refusal;

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(TWO_PERSON_MESSAGES).map((m) => [m.en, m]));

/** A two-person refusal (as the server sends it) in `language`; null when it is not one of these. */
export function localizeTwoPersonMessage(message: string, language: SupportedLanguage): string | null {
  return BY_ENGLISH.get(message)?.[language] ?? null;
}

/** The platform changes that give power and so wait for a second system administrator. */
export const PLATFORM_CHANGE_KINDS = ["globalRole", "approvalThreshold"] as const;
export type PlatformChangeKind = (typeof PLATFORM_CHANGE_KINDS)[number];
export const PLATFORM_CHANGE_STATUSES = ["pending", "approved", "rejected"] as const;
export type PlatformChangeStatus = (typeof PLATFORM_CHANGE_STATUSES)[number];

/**
 * Whether moving an account from one global role to another gives power (and so waits for a
 * second administrator): any role to an account without one, or super administrator to one
 * without it. Taking a role away, or moving between the equal system roles, does not.
 */
export function globalRoleGivesPower(from: string | null, to: string | null): boolean {
  if (to === null || from === to) return false;
  if (from === null) return true;
  return to === "SUPER_ADMIN";
}
