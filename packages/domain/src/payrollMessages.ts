import type { SupportedLanguage } from "./languagePriority.ts";
import { refusalTable } from "./refusals.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

// What the payroll functions refuse, in English (as the server sends it) and Spanish (as the
// screens show it, in the "tú" of the payroll screens). Each is sent with its code
// ("payroll.notLocked", refusals.ts), by which the screens translate it.

const PAYROLL = refusalTable("payroll", {
  periodNotFound: { en: "Pay period not found", es: "No se encontró este periodo de pago" },
  employeeNotFound: { en: "Employee not found", es: "Empleado no encontrado" },
  noLine: { en: "This employee has nothing in this period", es: "Este empleado no tiene nada en este periodo" },
  adjustNotOpen: { en: "Adjustments are added to open periods only", es: "Los ajustes solo se agregan a periodos abiertos" },
  coversAfterPeriod: {
    en: "A bonus is paid for weeks already worked: the weeks it covers must end by the period's last day",
    es: "Un bono se paga por semanas ya trabajadas: las semanas que cubre deben terminar a más tardar el último día del periodo",
  },
  adjustPaid: {
    en: "This period is paid: add the correction to the next open period",
    es: "Este periodo está pagado: agrega la corrección al siguiente periodo abierto",
  },
  maxJournalDays: { en: "Choose at most 366 days", es: "Elige como máximo 366 días" },
  notOpen: { en: "Only an open period can be locked", es: "Solo se puede bloquear un periodo abierto" },
  notLocked: { en: "Only a locked period can be marked paid", es: "Solo un periodo bloqueado se puede marcar como pagado" },
  paidCannotReopen: {
    en: "A paid period cannot be reopened: add corrections to the next open period as adjustments",
    es: "Un periodo pagado no se puede reabrir: agrega las correcciones como ajustes en el siguiente periodo abierto",
  },
  openCannotReopen: { en: "This period is already open", es: "Este periodo ya está abierto" },
  /** Locking refused: `count` entries inside the period are not verified. */
  unverified: {
    en: ({ count }: { count: number }) =>
      `${count} time ${count === 1 ? "entry" : "entries"} in this period ${count === 1 ? "is" : "are"} not verified: verify ${count === 1 ? "it" : "them"} first, or give a reason to lock anyway`,
    es: ({ count }: { count: number }) => {
      const one = count === 1;
      return `${count} ${one ? "registro de tiempo" : "registros de tiempo"} de este periodo ${one ? "no está verificado" : "no están verificados"}: ${one ? "verifícalo" : "verifícalos"} primero o indica un motivo para bloquearlo de todos modos`;
    },
  },
  /** A change refused because its time or pay falls in a locked period. */
  periodLocked: {
    en: ({ startsOn, endsOn }: Range) => `The pay period ${startsOn} – ${endsOn} is locked: an owner reopens it to change its time or pay`,
    es: ({ startsOn, endsOn }: Range) =>
      `El periodo de pago del ${startsOn} al ${endsOn} está bloqueado: un propietario debe reabrirlo para cambiar su tiempo o su pago`,
  },
  /** Locking refused: the period has not ended yet. */
  earlyLock: {
    en: ({ endsOn }: { endsOn: string }) => `This period ends on ${endsOn}: give a reason to lock it before then`,
    es: ({ endsOn }: { endsOn: string }) => `Este periodo termina el ${endsOn}: indica un motivo para bloquearlo antes`,
  },
  /** Locking or paying refused until confirmed: an earlier period with pay is still open. */
  earlierOpen: {
    en: ({ startsOn, endsOn }: Range) => `The period ${startsOn} – ${endsOn} before this one is still open: lock it first, or confirm to go on`,
    es: ({ startsOn, endsOn }: Range) => `El periodo del ${startsOn} al ${endsOn}, anterior a este, sigue abierto: bloquéalo primero o confirma para continuar`,
  },
  /** A payroll setting the workforce section's rule refuses: the field and the rule's English (a zod issue's message), sent as it is. */
  invalidSetting: {
    en: ({ message }: Setting) => message,
    es: ({ message }: Setting) => localizeValidationMessage(message, "es"),
  },
});
type Range = { startsOn: string; endsOn: string };
type Setting = { field: string; message: string };

export const PAYROLL_REFUSAL_TEXTS = PAYROLL.texts;
/** A payroll refusal for the server to throw: its English message and its code. */
export const payrollRefusal = PAYROLL.refusal;
export type PayrollRefusalKey = keyof typeof PAYROLL.texts;

/** The server's text of a message. */
export const payrollMessage = (key: Exclude<PayrollRefusalKey, "unverified" | "periodLocked" | "earlyLock" | "earlierOpen" | "invalidSetting">): string =>
  PAYROLL.text(key, "en");

/** Locking refused: `count` entries inside the period are not verified. */
export const unverifiedMessage = (count: number, language: SupportedLanguage = "en"): string => PAYROLL.text("unverified", language, { count });

/** A change refused because its time or pay falls in a locked period. */
export const periodLockedMessage = (startsOn: string, endsOn: string, language: SupportedLanguage = "en"): string =>
  PAYROLL.text("periodLocked", language, { startsOn, endsOn });

/** Locking refused: the period has not ended yet. */
export const earlyLockMessage = (endsOn: string, language: SupportedLanguage = "en"): string => PAYROLL.text("earlyLock", language, { endsOn });

/** Locking or paying refused until confirmed: an earlier period with pay is still open. */
export const earlierOpenMessage = (startsOn: string, endsOn: string, language: SupportedLanguage = "en"): string =>
  PAYROLL.text("earlierOpen", language, { startsOn, endsOn });
