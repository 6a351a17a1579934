import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizePayrollMessage } from "@tumble/domain/payrollMessages";
import { localizePayrollOutputMessage } from "@tumble/domain/payrollOutputs";
import { localizeTimeClockMessage } from "@tumble/domain/timeClock";
import { currentLanguage } from "./i18n";

/** A failed payroll or time call's message in the reader's language (a refusal the server names), else as sent, else the fallback. */
export function payrollErrorText(error: unknown, fallback: string): string {
  const text = extractErrorMessage(error, fallback);
  const language = currentLanguage();
  return localizePayrollMessage(text, language) ?? localizePayrollOutputMessage(text, language) ?? localizeTimeClockMessage(text, language);
}
