import type { SupportedLanguage } from "./languagePriority.ts";

// What the payroll functions refuse, in English (as the server sends it) and Spanish (as the
// screens show it, in the "tú" of the payroll screens). The screens look a message up by its English text.

type Message = Record<SupportedLanguage, string>;

export const PAYROLL_MESSAGES = {
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
} as const satisfies Record<string, Message>;
export type PayrollMessageKey = keyof typeof PAYROLL_MESSAGES;

/** The server's text of a message. */
export const payrollMessage = (key: PayrollMessageKey): string => PAYROLL_MESSAGES[key].en;

/** Locking refused: `count` entries inside the period are not verified. */
export function unverifiedMessage(count: number, language: SupportedLanguage = "en"): string {
  const one = count === 1;
  return language === "es"
    ? `${count} ${one ? "registro de tiempo" : "registros de tiempo"} de este periodo ${one ? "no está verificado" : "no están verificados"}: ${one ? "verifícalo" : "verifícalos"} primero o indica un motivo para bloquearlo de todos modos`
    : `${count} time ${one ? "entry" : "entries"} in this period ${one ? "is" : "are"} not verified: verify ${one ? "it" : "them"} first, or give a reason to lock anyway`;
}

const BY_ENGLISH = new Map<string, Message>(Object.values(PAYROLL_MESSAGES).map((m) => [m.en, m]));
const UNVERIFIED = /^(\d+) time entr(?:y|ies) in this period (?:is|are) not verified/;

/** A change refused because its time or pay falls in a locked period. */
export function periodLockedMessage(startsOn: string, endsOn: string, language: SupportedLanguage = "en"): string {
  return language === "es"
    ? `El periodo de pago del ${startsOn} al ${endsOn} está bloqueado: un propietario debe reabrirlo para cambiar su tiempo o su pago`
    : `The pay period ${startsOn} – ${endsOn} is locked: an owner reopens it to change its time or pay`;
}
const PERIOD_LOCKED = /^The pay period (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2}) is locked/;

/** Locking refused: the period has not ended yet. */
export function earlyLockMessage(endsOn: string, language: SupportedLanguage = "en"): string {
  return language === "es"
    ? `Este periodo termina el ${endsOn}: indica un motivo para bloquearlo antes`
    : `This period ends on ${endsOn}: give a reason to lock it before then`;
}
export const EARLY_LOCK = /^This period ends on (\d{4}-\d{2}-\d{2}): give a reason/;

/** Locking or paying refused until confirmed: an earlier period with pay is still open. */
export function earlierOpenMessage(startsOn: string, endsOn: string, language: SupportedLanguage = "en"): string {
  return language === "es"
    ? `El periodo del ${startsOn} al ${endsOn}, anterior a este, sigue abierto: bloquéalo primero o confirma para continuar`
    : `The period ${startsOn} – ${endsOn} before this one is still open: lock it first, or confirm to go on`;
}
export const EARLIER_OPEN = /^The period (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2}) before this one is still open/;

/** A payroll message (as the server sends it) in `language`; null when it is not one of these. */
export function localizePayrollMessage(message: string, language: SupportedLanguage): string | null {
  const known = BY_ENGLISH.get(message);
  if (known) return known[language];
  const unverified = UNVERIFIED.exec(message);
  if (unverified) return unverifiedMessage(Number(unverified[1]), language);
  const locked = PERIOD_LOCKED.exec(message);
  if (locked) return periodLockedMessage(locked[1], locked[2], language);
  const early = EARLY_LOCK.exec(message);
  if (early) return earlyLockMessage(early[1], language);
  const earlier = EARLIER_OPEN.exec(message);
  return earlier ? earlierOpenMessage(earlier[1], earlier[2], language) : null;
}
