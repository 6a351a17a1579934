import { z } from "zod";
import { refusalTable } from "./refusals.ts";
import type { SupportedLanguage } from "./languagePriority.ts";

// What payroll hands to an accountant (issue 30, docs/decisions/0054-payroll-outputs.md): the
// versions of a period's frozen figures, the provider file formats, the provider's id of each
// person, and the open periods left behind. Shared by the server's functions and the screens.

/** The export formats: our own columns, or a provider's import layout (server/src/payroll/exports.ts). */
export const PAYROLL_FORMATS = ["generic", "gusto", "adp", "paychex"] as const;
export type PayrollFormat = (typeof PAYROLL_FORMATS)[number];

/** A person's id at the payroll provider: what Gusto, ADP ("File #") and Paychex ("Worker ID") accept. */
export const PAYROLL_EXTERNAL_ID = /^[A-Za-z0-9_-]{1,20}$/;
export const payrollExternalIdSchema = z
  .string()
  .trim()
  .max(20, "The provider id is at most 20 characters")
  .refine((id) => id === "" || PAYROLL_EXTERNAL_ID.test(id), "The provider id has letters, digits, - or _ only")
  .transform((id) => (id ? id : null));

/** One lock of a period, as the period detail lists it. */
export interface PayPeriodVersionInfo {
  version: number;
  grossCents: number;
  lockedAt: number;
  lockedByName: string | null;
  lockReason: string | null;
  reopenedAt: number | null;
  reopenedByName: string | null;
  reopenReason: string | null;
}

/** The provider file of a period, with the people it could not name by their provider id. */
export interface PayrollExport {
  fileName: string;
  contentType: string;
  base64: string;
  format: PayrollFormat;
  /** The version of the frozen figures written; null while the period is open (figures not final). */
  version: number | null;
  /** People in the file without a provider id: a preset writes our id, which the provider will not know. */
  missingExternalIds: { employeeId: string; name: string }[];
  /** People whose deductions the format has no column for (Gusto): entered at the provider by hand. */
  deductionsLeftOut: { employeeId: string; name: string; amountCents: number }[];
}

/** An open period is left behind when it ended more than this many days ago. */
export const STALE_AFTER_DAYS = 3;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * How many days ago an open period ended, when it is left behind: it ended more than
 * STALE_AFTER_DAYS days before `today`, or its pay date has passed. Null: not stale.
 */
export function staleDays(period: { endsOn: string; payDate: string | null; status: string }, today: string): number | null {
  if (period.status !== "open") return null;
  const ago = dayNumber(today) - dayNumber(period.endsOn);
  if (ago <= 0) return null;
  const payDatePassed = period.payDate !== null && period.payDate < today;
  return ago > STALE_AFTER_DAYS || payDatePassed ? ago : null;
}

const PAYROLL_OUTPUTS = refusalTable("payrollOutputs", {
  versionNotFound: { en: "This version of the period does not exist", es: "Esta versión del periodo no existe" },
  externalIdTaken: {
    en: "Another employee already has this provider id",
    es: "Otro empleado ya tiene este ID del proveedor",
  },
  externalIdFormat: {
    en: "The provider id has letters, digits, - or _ only",
    es: "El ID del proveedor solo lleva letras, dígitos, - o _",
  },
  externalIdLength: { en: "The provider id is at most 20 characters", es: "El ID del proveedor tiene como máximo 20 caracteres" },
});
export const PAYROLL_OUTPUT_MESSAGES = PAYROLL_OUTPUTS.texts;
export type PayrollOutputMessageKey = keyof typeof PAYROLL_OUTPUT_MESSAGES;

/** The English text (an argument check's message). */
export const payrollOutputMessage = (key: PayrollOutputMessageKey): string => PAYROLL_OUTPUT_MESSAGES[key].en;
/** A refusal for the server to throw, with its code. */
export const payrollOutputRefusal = PAYROLL_OUTPUTS.refusal;

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(PAYROLL_OUTPUT_MESSAGES).map((m) => [m.en, m]));

/** One of these messages (as the server sends it) in `language`; null when it is not one of them. */
export function localizePayrollOutputMessage(message: string, language: SupportedLanguage): string | null {
  return BY_ENGLISH.get(message)?.[language] ?? null;
}
