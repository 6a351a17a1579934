import { z } from "zod";
import { validateEmail, validatePassword, validatePasswordConfirmation, validatePin, validateUsername } from "./employeeForm.ts";

// The employee and password forms' rules (employeeForm.ts) as zod schemas, same rules and same
// messages. A file of their own so the sign-in screen, which needs only the rules, loads no zod.

function ruled(validate: (value: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const message = validate(value);
    if (message !== null) ctx.addIssue({ code: "custom", message });
  });
}

/** Validates, then trims and lowercases. */
export const emailSchema = ruled(validateEmail).transform((email) => email.trim().toLowerCase());
export const usernameSchema = ruled(validateUsername);
export const pinSchema = ruled(validatePin);
export const passwordSchema = ruled(validatePassword);

/** The employee sign-up payload of spec section 3 (e-mail lowercased). */
export const employeeSignUpSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  pin: pinSchema,
  companyId: z.string().min(1),
});
export type EmployeeSignUpInput = z.input<typeof employeeSignUpSchema>;
export type EmployeeSignUpPayload = z.output<typeof employeeSignUpSchema>;

export const passwordSignUpSchema = z.object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() }).superRefine((value, ctx) => {
  const key = validatePasswordConfirmation(value.password, value.confirmPassword);
  if (key !== null) ctx.addIssue({ code: "custom", message: key, path: ["confirmPassword"] });
});

export const passwordResetSchema = z.object({
  email: emailSchema,
  code: z.string().trim().min(1),
  newPassword: passwordSchema,
});
