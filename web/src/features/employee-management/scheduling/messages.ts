import type { TFunction } from "i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { SCHEDULING_MESSAGES } from "@tumble/domain/scheduling";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";
import type { Conflict } from "./types";

const ARG_PREFIX = /^Invalid argument "[^"]*": /;
const KNOWN = new Map<string, string>([
  ...Object.entries(SCHEDULING_MESSAGES).map(([key, text]) => [text, `messages.${key}`] as [string, string]),
  ["This week already has shifts: remove them first", "messages.weekNotEmpty"],
  ["That week has no shifts to copy", "messages.nothingToCopy"],
  ["This week has no shifts to save", "messages.nothingToSave"],
  ["Only active employees can be scheduled", "messages.inactiveEmployee"],
  ["Shift not found", "messages.shiftNotFound"],
  ["This store already has a template of this name", "messages.templateExists"],
  ["Enter a time as HH:mm", "messages.clock"],
]);

/** A server refusal or rule message in the reader's language; anything unknown as sent. */
export function schedulingError(t: TFunction<"scheduling">, error: unknown): string {
  const text = extractErrorMessage(error, t("messages.failed")).replace(ARG_PREFIX, "");
  const key = KNOWN.get(text);
  if (key) return t(key);
  return localizeValidationMessage(text, currentLanguage());
}

/** One conflict as a sentence: "Overlaps a shift at North", "Rest 7.98 h (minimum 8 h)". */
export function conflictText(
  t: TFunction<"scheduling">,
  c: Pick<Conflict, "kind" | "otherStoreId" | "hours" | "limit">,
  storeName: (id: string) => string,
): string {
  switch (c.kind) {
    case "overlap":
      return t("conflicts.overlap", { store: storeName(c.otherStoreId ?? "") });
    case "rest":
      return t("conflicts.rest", { hours: c.hours, limit: c.limit, store: storeName(c.otherStoreId ?? "") });
    case "weeklyHours":
      return t("conflicts.weeklyHours", { hours: c.hours, limit: c.limit });
    case "timeOff":
      return t("conflicts.timeOff");
    case "outsideStores":
      return t("conflicts.outsideStores");
  }
}
