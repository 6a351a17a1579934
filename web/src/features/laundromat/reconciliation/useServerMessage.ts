import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";
import { formatDisplayDate } from "../collections/format";
import { knownServerMessage } from "./periodRules";

/** A failed call's message as the server words it, in the reader's language when it is one of the period rules. */
export function useServerMessage(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation("reconciliation");
  return useCallback(
    (error: unknown, fallback: string) => {
      const message = extractErrorMessage(error, fallback);
      const known = knownServerMessage(message);
      if (known) {
        const values = Object.fromEntries(Object.entries(known.values).map(([k, v]) => [k, formatDisplayDate(v)]));
        return t(`serverErrors.${known.key}`, { ...values, defaultValue: message });
      }
      return localizeValidationMessage(message, currentLanguage());
    },
    [t],
  );
}
