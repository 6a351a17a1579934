import { EMPLOYEE_FORM_MESSAGES } from "@tumble/domain/employeeForm";
import type { TFunction } from "i18next";

// The employee form's rules speak English (packages/domain/src/employeeForm.ts, the spec's exact
// words); the server answers in English too. Known messages are shown through the auth
// namespace (`employee.messages.<key>`), so Spanish readers see Spanish; anything else as sent.

const SERVER_MESSAGES = {
  usernameAvailable: "Username is available",
  usernameTaken: "Username is already taken",
  companyNotFound: "Company not found",
  accountExistsSignIn: "Account already exists for this email. Please sign in instead.",
} as const;

const KEY_OF = new Map<string, string>([...Object.entries(EMPLOYEE_FORM_MESSAGES), ...Object.entries(SERVER_MESSAGES)].map(([key, text]) => [text, key]));

export function translateEmployeeMessage(t: TFunction<"auth">, message: string): string;
export function translateEmployeeMessage(t: TFunction<"auth">, message: string | null): string | null;
export function translateEmployeeMessage(t: TFunction<"auth">, message: string | null): string | null {
  if (message === null) return null;
  const key = KEY_OF.get(message);
  return key ? t(`employee.messages.${key}`, { defaultValue: message }) : message;
}
