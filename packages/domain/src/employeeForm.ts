// Spec section 5 "Employee form" and "Password sign-up or reset", section 4 "Username check" and
// "PIN field": the rules with their exact messages, as plain validators (first failing message or
// null); employeeFormSchemas.ts builds zod schemas on them, so the form and the server reject the
// same input.
//
// The PIN maximum: the spec's rules say 4–6 digits while its input widget takes 4. Every check
// here accepts 4–6 digits; the widget may still offer 4.

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;

export const EMPLOYEE_FORM_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be at least 3 characters",
  usernameTooLong: "Username must be no more than 20 characters",
  usernameFormat: "Username must start with a letter and contain only letters, numbers, and underscores",
  pinRequired: "PIN is required",
  pinTooShort: "PIN must be at least 4 digits",
  pinTooLong: "PIN must be no more than 6 digits",
  pinDigitsOnly: "PIN must contain only numbers",
  pinAllSame: "PIN cannot be all the same number",
} as const;

/** Translation keys (auth namespace) of the password rules. */
export type PasswordErrorKey = "passwordTooShort" | "passwordConfirmRequired" | "passwordsDoNotMatch";

const M = EMPLOYEE_FORM_MESSAGES;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_SHAPE = /^[A-Za-z][A-Za-z0-9_]*$/;

export function validateEmail(email: string): string | null {
  const value = email.trim();
  if (value === "") return M.emailRequired;
  if (!EMAIL_SHAPE.test(value)) return M.emailInvalid;
  return null;
}

export function validateUsername(username: string): string | null {
  if (username.trim() === "") return M.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH) return M.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return M.usernameTooLong;
  if (!USERNAME_SHAPE.test(username)) return M.usernameFormat;
  return null;
}

/** Checks in the spec's order: required, at least 4, at most 6, digits only, not all one digit. */
export function validatePin(pin: string): string | null {
  if (pin === "") return M.pinRequired;
  if (pin.length < PIN_MIN_LENGTH) return M.pinTooShort;
  if (pin.length > PIN_MAX_LENGTH) return M.pinTooLong;
  if (!/^\d+$/.test(pin)) return M.pinDigitsOnly;
  if (/^(\d)\1*$/.test(pin)) return M.pinAllSame;
  return null;
}

export function validatePassword(password: string): PasswordErrorKey | null {
  return password.length < PASSWORD_MIN_LENGTH ? "passwordTooShort" : null;
}

/** Sign-up only: the confirmation is required and must match. */
export function validatePasswordConfirmation(password: string, confirmation: string): PasswordErrorKey | null {
  if (confirmation === "") return "passwordConfirmRequired";
  if (confirmation !== password) return "passwordsDoNotMatch";
  return null;
}

/** The availability check runs only for a username of 3+ characters without a format error. */
export function shouldCheckUsernameAvailability(username: string): boolean {
  return username.length >= USERNAME_MIN_LENGTH && validateUsername(username) === null;
}

export type PinStrength = "weak" | "medium" | "strong";

/** Strength bar: weak under the minimum of 4 digits, medium at 4, strong above. */
export function pinStrength(pin: string): PinStrength {
  if (pin.length < PIN_MIN_LENGTH) return "weak";
  return pin.length === PIN_MIN_LENGTH ? "medium" : "strong";
}

/** What the PIN input keeps of a keystroke or paste: digits only, at most `max`. */
export function pinInput(value: string, max: number = PIN_MAX_LENGTH): string {
  return value.replace(/\D/g, "").slice(0, max);
}

export interface EmployeeFormValues {
  email: string;
  username: string;
  pin: string;
}

export interface EmployeeFormErrors {
  email: string | null;
  username: string | null;
  pin: string | null;
}

export function employeeFormErrors(values: EmployeeFormValues): EmployeeFormErrors {
  return { email: validateEmail(values.email), username: validateUsername(values.username), pin: validatePin(values.pin) };
}

/** Submit is enabled only when all three fields are filled and error-free. */
export function canSubmitEmployeeForm(values: EmployeeFormValues): boolean {
  const errors = employeeFormErrors(values);
  return errors.email === null && errors.username === null && errors.pin === null;
}

// ---- Username suggestions ----

function usernameBase(desired: string): string {
  const cleaned = desired
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "")
    .replace(/^[^a-z]+/, "");
  return (cleaned === "" ? "user" : cleaned).slice(0, USERNAME_MAX_LENGTH);
}

function withSuffix(base: string, n: number): string {
  let suffix = String(n);
  if (base.length + suffix.length < USERNAME_MIN_LENGTH) suffix = suffix.padStart(USERNAME_MIN_LENGTH - base.length, "0");
  return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
}

/**
 * Up to `count` valid usernames close to `desired` that are neither taken nor `desired` itself
 * (compared case-insensitively). Deterministic: the cleaned, lowercased name first (when valid and
 * different from what was typed), then the name with 1, 2, 3 … appended, trimmed to fit 20 characters.
 */
export function suggestUsernames(desired: string, taken: Iterable<string>, count = 3): string[] {
  const unavailable = new Set([...taken].map((t) => t.toLowerCase()));
  unavailable.add(desired.toLowerCase());
  const base = usernameBase(desired);
  const result: string[] = [];
  const offer = (candidate: string) => {
    if (result.length < count && validateUsername(candidate) === null && !unavailable.has(candidate)) {
      result.push(candidate);
      unavailable.add(candidate);
    }
  };
  offer(base);
  for (let n = 1; result.length < count && n < 100_000; n++) offer(withSuffix(base, n));
  return result;
}
