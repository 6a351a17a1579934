import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizePayrollMessage } from "@tumble/domain/payrollMessages";
import { currentLanguage } from "./i18n";

/** A failed payroll call's message in the reader's language (a refusal the server names), else as sent, else the fallback. */
export function payrollErrorText(error: unknown, fallback: string): string {
  const text = extractErrorMessage(error, fallback);
  return localizePayrollMessage(text, currentLanguage()) ?? text;
}
