import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeGeoMessage } from "@tumble/domain/geoZones";
import { refusalText } from "@tumble/domain/refusals";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";

const ARGUMENT = /^Invalid argument "[^"]+": (.+)$/;

/** A failed call's message in the reader's language: by its refusal code, else where it is a known geo or validation rule. */
export function geoErrorText(error: unknown, fallback: string): string {
  const language = currentLanguage();
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  const message = extractErrorMessage(error, fallback);
  const rule = ARGUMENT.exec(message)?.[1];
  const localized = localizeGeoMessage(rule ?? message, language);
  if (rule && localized !== rule) return localized;
  return localizeValidationMessage(localizeGeoMessage(message, language), language);
}

/** A geo rule's message (English, from a schema or the server) in the reader's language. */
export function geoText(message: string): string {
  return localizeGeoMessage(message, currentLanguage());
}
