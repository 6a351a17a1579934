import type { TFunction } from "i18next";
import { EMPLOYEE_FORM_MESSAGES } from "@tumble/domain/employeeForm";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeEmployeeMessage, type EmployeeStatus, type PayType } from "@tumble/domain/employees";
import { refusalText } from "@tumble/domain/refusals";
import { formatUSD } from "@tumble/domain/money";
import { localizeTwoPersonMessage } from "@tumble/domain/twoPersonRules";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../../lib/i18n";

// The profiles screen's texts that come from rules or the server: a rule's English message shown in
// the reader's language (employee rules, username and PIN rules, the shared validation rules).

const ARG_PREFIX = /^Invalid argument "[^"]*": /;
/** The username, PIN and e-mail rules' English texts (the spec's words) → their key under "rules". */
const RULE_KEYS = new Map<string, string>(Object.entries(EMPLOYEE_FORM_MESSAGES).map(([key, text]) => [text, key]));

/** A rule's message (or a server refusal) in the reader's language; anything unknown as sent. */
export function ruleText(t: TFunction<"employees">, message: string): string;
export function ruleText(t: TFunction<"employees">, message: string | null | undefined): string | undefined;
export function ruleText(t: TFunction<"employees">, message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const text = message.replace(ARG_PREFIX, "");
  const language = currentLanguage();
  const own = localizeEmployeeMessage(text, language) ?? localizeTwoPersonMessage(text, language);
  if (own) return own;
  const shared = localizeValidationMessage(text, language);
  if (shared !== text) return shared;
  const key = RULE_KEYS.get(text);
  return key ? t(`rules.${key}`, { defaultValue: text }) : text;
}

/**
 * A failed call's message in the reader's language, or `fallback`: by its refusal code when it
 * carries one (the employee table is loaded here, docs/decisions/0067), else by its English.
 */
export function errorText(t: TFunction<"employees">, error: unknown, fallback: string): string {
  const coded = refusalText((error as { data?: unknown } | null)?.data, currentLanguage());
  return coded ?? ruleText(t, extractErrorMessage(error, fallback));
}

/** "$15.00 / hour", "$2,000.00 / pay period" or "No rate". */
export function payText(t: TFunction<"employees">, rateCents: number | null | undefined, payType: PayType | string | null | undefined): string {
  if (rateCents === null || rateCents === undefined || !payType) return t("pay.none");
  return t(payType === "salary" ? "pay.salary" : "pay.hourly", { amount: formatUSD(rateCents) });
}

export const STATUS_COLORS: Record<EmployeeStatus, string> = {
  pending: "yellow",
  active: "teal",
  inactive: "gray",
  terminated: "red",
};
