import type { TFunction } from "i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { refusalText } from "@tumble/domain/refusals";
// Imported for its refusal table, which schedulingError reads by code (and by English for a rule).
import "@tumble/domain/scheduling";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";
import type { Conflict } from "./types";

/** A server refusal in the reader's language by its code (an argument's included); else a rule's message (a constraint's) by its English; anything unknown as sent. */
export function schedulingError(t: TFunction<"scheduling">, error: unknown): string {
  const language = currentLanguage();
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  return localizeValidationMessage(extractErrorMessage(error, t("messages.failed")), language);
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
