// First: the kiosk runs under the Content-Security-Policy without 'unsafe-eval' (decision 0017),
// so zod must parse without compiling before the tables below build their schemas.
import "../../lib/zodJitless";
// Imported for its refusal table: a punch for a job that has ended or is worked at another store
// is refused by the employees module, by code like the time clock's own refusals.
import "@tumble/domain/employeeRefusals";
import { refusalText } from "@tumble/domain/refusals";
import { localizeTimeClockMessage } from "@tumble/domain/timeClock";
import type { SupportedLanguage } from "@tumble/domain/languagePriority";

/** A refusal the kiosk shows, in its language: by the refusal's code (decision 0067), else by its English. */
export function kioskRefusalText(error: unknown, language: SupportedLanguage): string {
  return (
    refusalText((error as { data?: unknown } | null)?.data, language) ??
    localizeTimeClockMessage(error instanceof Error ? error.message : String(error), language)
  );
}
