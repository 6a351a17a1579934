import type { TFunction } from "i18next";
import { localizeAnnouncementMessage } from "@tumble/domain/announcements";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { currentLanguage } from "../../../lib/i18n";

const ARG_PREFIX = /^Invalid argument "[^"]*": /;

/** A rule's message or a server refusal in the reader's language; anything unknown as sent. */
export function ruleText(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const text = message.replace(ARG_PREFIX, "");
  return localizeAnnouncementMessage(text, currentLanguage()) ?? text;
}

/** A failed call's message in the reader's language, or the screen's fallback. */
export function errorText(t: TFunction<"announcements">, error: unknown): string {
  return ruleText(extractErrorMessage(error, t("errors.generic"))) ?? t("errors.generic");
}
