import type { TFunction } from "i18next";
import { BANK_MESSAGES } from "@tumble/domain/bankStatement";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";

// The statement reader's messages (packages/domain/src/bankStatement.ts) come from the server in
// English; the import screen shows them in the reader's language. A message it does not know
// (papaparse's own, say) is shown as it came.

const quoted = (template: (text: string) => string) => {
  const [before, after] = template("\u0000").split("\u0000") as [string, string];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(before)}(.*)${escape(after)}$`);
};

const PATTERNS: Array<[RegExp, string]> = [
  [quoted(BANK_MESSAGES.badDate), "rowErrors.badDate"],
  [quoted(BANK_MESSAGES.tooManyDecimals), "rowErrors.tooManyDecimals"],
  [quoted(BANK_MESSAGES.badAmount), "rowErrors.badAmount"],
  [quoted(BANK_MESSAGES.missingColumn), "rowErrors.missingColumn"],
];

const FIXED: Record<string, string> = {
  [BANK_MESSAGES.noAmountColumn]: "rowErrors.noAmountColumn",
  [BANK_MESSAGES.noDateColumn]: "rowErrors.noDateColumn",
  [BANK_MESSAGES.noDescriptionColumn]: "rowErrors.noDescriptionColumn",
  [BANK_MESSAGES.noAmount]: "rowErrors.noAmount",
  [BANK_MESSAGES.bothAmounts]: "rowErrors.bothAmounts",
  [BANK_MESSAGES.empty]: "rowErrors.empty",
  [BANK_MESSAGES.badOfx]: "rowErrors.badOfx",
};

/** A statement row's error in the reader's language. */
export function rowErrorText(message: string, t: TFunction<"bank">): string {
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  for (const [pattern, key] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return t(key, { text: m[1] });
  }
  // The rest (a line after today, too old, of zero) through the shared table of server messages.
  return localizeValidationMessage(message, currentLanguage());
}
