import { EMPLOYEE_FORM_MESSAGES, PASSWORD_MIN_LENGTH, validateEmail } from "@tumble/domain/employeeForm";

// Spec section 8, "Auth error mapping": a server message is classified by its content into an
// inline field error (plus an optional hint) and a translated message.

export type AuthMode = "signIn" | "signUp" | "forgotPassword" | "resetPassword" | "joinCompany" | "employeeSignUp";

export type AuthField = "email" | "password" | "confirm" | "code" | "form";

export interface AuthErrorView {
  field: AuthField;
  /** Key in the auth namespace, under `errors.` */
  key: string;
  /** Optional follow-up offered under the field. */
  hint?: "tryEmployeeRegistration" | "signInInstead";
}

const MODE_FALLBACK: Record<AuthMode, string> = {
  signIn: "signInFailed",
  signUp: "signUpFailed",
  forgotPassword: "resetCodeFailed",
  resetPassword: "resetPasswordFailed",
  joinCompany: "signUpFailed",
  employeeSignUp: "signUpFailed",
};

export function mapAuthError(message: string, mode: AuthMode): AuthErrorView {
  const text = message.toLowerCase();
  if (/invalid\s*(password|credentials|secret)|incorrect password|wrong password/.test(text)) {
    return { field: "password", key: "invalidPassword" };
  }
  if (/account.*not found|invalidaccountid|user not found|no account|not registered/.test(text)) {
    if (mode === "signIn") return { field: "email", key: "accountNotFound", hint: "tryEmployeeRegistration" };
    if (mode === "forgotPassword") return { field: "email", key: "accountNotFound" };
    return { field: "form", key: MODE_FALLBACK[mode] };
  }
  if (/already exists/.test(text)) return { field: "email", key: "accountExists", hint: "signInInstead" };
  if (/validation|invalid e-?mail/.test(text)) return { field: "email", key: "invalidEmail" };
  // The server says "Password must be at least 8 characters" (server/src/auth/passwordFlows.ts).
  if (/weak|too (short|long)|password.*(short|length|requirement|at (least|most) \d+ characters)/.test(text)) {
    return { field: "password", key: "passwordValidationFailed" };
  }
  if (/invalid url/.test(text)) return { field: "form", key: "serverConfigError" };
  // The server's sign-in, sign-up and reset limits (docs/decisions/0014): say so rather than "failed".
  if (/too many attempts/.test(text)) return { field: "form", key: "tooManyAttempts" };
  // A system administrator's decisions (server/src/systemAdmin/accountState.ts).
  if (/account has been disabled/.test(text)) return { field: "form", key: "accountDisabled" };
  if (/company has been suspended/.test(text)) return { field: "form", key: "companySuspended" };
  return { field: "form", key: MODE_FALLBACK[mode] };
}

export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** Trimmed and lowercased, as every flow sends it. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Key (under `errors.`) of what is wrong with an e-mail, or undefined when it looks fine. */
export function emailErrorKey(email: string): "emailRequired" | "invalidEmail" | undefined {
  const problem = validateEmail(normaliseEmail(email));
  if (problem === null) return undefined;
  return problem === EMPLOYEE_FORM_MESSAGES.emailRequired ? "emailRequired" : "invalidEmail";
}
