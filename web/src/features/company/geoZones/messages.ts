import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeGeoMessage } from "@tumble/domain/geoZones";
import { refusalText } from "@tumble/domain/refusals";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";

/** A failed call's message in the reader's language: by its refusal code (an argument's included), else where it is a known rule. */
export function geoErrorText(error: unknown, fallback: string): string {
  const language = currentLanguage();
  return refusalText((error as { data?: unknown } | null)?.data, language) ?? localizeValidationMessage(extractErrorMessage(error, fallback), language);
}

/** A geo rule's message (English, from a schema or the server) in the reader's language. */
export function geoText(message: string): string {
  return localizeGeoMessage(message, currentLanguage());
}
