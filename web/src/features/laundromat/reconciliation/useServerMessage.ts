import { useCallback } from "react";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
// Imported for its refusal table, which refusalText reads by code.
import "@tumble/domain/reconciliation";
import { refusalText } from "@tumble/domain/refusals";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";
import { formatDisplayDate } from "../collections/format";

/** A refusal's errorData with its business dates (yyyy-MM-dd) as the screen prints dates. */
function withDisplayDates(data: unknown): unknown {
  if (typeof data !== "object" || data === null) return data;
  const { params } = data as { params?: unknown };
  if (typeof params !== "object" || params === null) return data;
  const shown = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? formatDisplayDate(v) : v]));
  return { ...data, params: shown };
}

/** A failed call's message in the reader's language: by its refusal code (reconciliation's, cash's), else a known rule's English, else as sent. */
export function useServerMessage(): (error: unknown, fallback: string) => string {
  return useCallback((error: unknown, fallback: string) => {
    const language = currentLanguage();
    const coded = refusalText(withDisplayDates((error as { data?: unknown } | null)?.data), language);
    return coded ?? localizeValidationMessage(extractErrorMessage(error, fallback), language);
  }, []);
}
