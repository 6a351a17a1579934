import { localizeEmploymentMessage } from "@tumble/domain/employment";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeGeoMessage } from "@tumble/domain/geoZones";
import { refusalText } from "@tumble/domain/refusals";
import { localizeTimeClockMessage } from "@tumble/domain/timeClock";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";

/** A refused punch's (or link's) message in the reader's language: by its code, else by its English (geo-zone, time-clock and validation rules). */
export function punchErrorText(error: unknown, fallback: string): string {
  const language = currentLanguage();
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  const message = extractErrorMessage(error, fallback);
  for (const localize of [localizeTimeClockMessage, localizeGeoMessage, localizeEmploymentMessage, localizeValidationMessage]) {
    const text = localize(message, language);
    if (text !== message) return text;
  }
  return message;
}

/** A geo rule's message from the server (a flagged punch's reason) in the reader's language. */
export function geoText(message: string): string {
  return localizeGeoMessage(message, currentLanguage());
}
