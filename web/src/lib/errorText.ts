import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizePayrollMessage } from "@tumble/domain/payrollMessages";
import { localizePayrollOutputMessage } from "@tumble/domain/payrollOutputs";
import { localizeRequestMessage } from "@tumble/domain/requests";
import { localizeTimeClockMessage } from "@tumble/domain/timeClock";
import { localizeTwoPersonMessage } from "@tumble/domain/twoPersonRules";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "./i18n";

const ARG_PREFIX = /^Invalid argument "[^"]*": /;

/**
 * A failed workforce call's message in the reader's language: a refusal the server names (payroll,
 * payroll outputs, requests, time clock, two-person rules, argument validation), else as sent, else the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  const text = extractErrorMessage(error, fallback);
  const language = currentLanguage();
  const bare = text.replace(ARG_PREFIX, "");
  return (
    localizePayrollMessage(text, language) ??
    localizeTwoPersonMessage(text, language) ??
    localizePayrollOutputMessage(text, language) ??
    localizeRequestMessage(bare, language) ??
    localizeValidationMessage(localizeTimeClockMessage(text, language), language)
  );
}
