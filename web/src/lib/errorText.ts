import { extractErrorMessage } from "@tumble/domain/errorMessage";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/payrollMessages";
// The access checks' and the runtime's refusals (any call may meet one: rate limits,
// idempotency keys), read by code as well.
import "@tumble/domain/accessRefusals";
import "@tumble/domain/runtimeRefusals";
import { localizePayrollOutputMessage } from "@tumble/domain/payrollOutputs";
import { refusalText, refusalTextOfMessage } from "@tumble/domain/refusals";
import { localizeRequestMessage } from "@tumble/domain/requests";
import { localizeTimeClockMessage } from "@tumble/domain/timeClock";
import { localizeTwoPersonMessage } from "@tumble/domain/twoPersonRules";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "./i18n";

/**
 * A failed call's message in the reader's language: by the refusal's code when it carries one
 * (errorData, @tumble/domain/refusals: the tables imported here and by the screen, an argument's
 * refusal included), else by its English text where a module's table still matches it (requests,
 * time clock, two-person rules, validation rules), else as sent, else the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  const language = currentLanguage();
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  const text = extractErrorMessage(error, fallback);
  return (
    refusalTextOfMessage(text, language) ??
    localizeTwoPersonMessage(text, language) ??
    localizePayrollOutputMessage(text, language) ??
    localizeRequestMessage(text, language) ??
    localizeValidationMessage(localizeTimeClockMessage(text, language), language)
  );
}
