import { describe, expect, it } from "vitest";
import { MESSAGES as SERVER_AUTH_MESSAGES } from "../../../../server/src/auth/passwordFlows.ts";
import { TOO_MANY_ATTEMPTS } from "../../../../server/src/runtime/rateLimit.ts";
import { ACCOUNT_DISABLED_MESSAGE, COMPANY_SUSPENDED_MESSAGE } from "../../../../server/src/systemAdmin/accountState.ts";
import en from "../../../public/locales/en/auth.json";
import es from "../../../public/locales/es/auth.json";
import { mapAuthError, type AuthMode } from "./authErrors.ts";

// Spec section 8, "Auth error mapping": a server message is classified by its content.

describe("mapAuthError", () => {
  it("maps the server's sign-in messages to their fields and keys", () => {
    expect(mapAuthError("Invalid password", "signIn")).toEqual({ field: "password", key: "invalidPassword" });
    expect(mapAuthError("Account not found", "signIn")).toEqual({ field: "email", key: "accountNotFound", hint: "tryEmployeeRegistration" });
    expect(mapAuthError("Account not found", "forgotPassword")).toEqual({ field: "email", key: "accountNotFound" });
    expect(mapAuthError("An account with this e-mail already exists", "signUp")).toEqual({ field: "email", key: "accountExists", hint: "signInInstead" });
    expect(mapAuthError("Password is too short", "signUp")).toEqual({ field: "password", key: "passwordValidationFailed" });
    expect(mapAuthError("Something else broke", "resetPassword")).toEqual({ field: "form", key: "resetPasswordFailed" });
  });

  it("maps the server's own password-length messages to passwordValidationFailed, in every mode that sets a password", () => {
    for (const mode of ["signUp", "resetPassword", "joinCompany"] as const) {
      expect(mapAuthError(SERVER_AUTH_MESSAGES.passwordTooShort, mode)).toEqual({ field: "password", key: "passwordValidationFailed" });
      expect(mapAuthError(SERVER_AUTH_MESSAGES.passwordTooLong, mode)).toEqual({ field: "password", key: "passwordValidationFailed" });
    }
    expect(en.errors.passwordValidationFailed).toBeTruthy();
    expect(es.errors.passwordValidationFailed).toBeTruthy();
  });

  it("tells a rate-limited user to wait, in every mode, in both languages", () => {
    const modes: AuthMode[] = ["signIn", "signUp", "forgotPassword", "resetPassword", "joinCompany", "employeeSignUp"];
    for (const mode of modes) expect(mapAuthError(TOO_MANY_ATTEMPTS, mode)).toEqual({ field: "form", key: "tooManyAttempts" });
    expect(en.errors.tooManyAttempts).toMatch(/wait/i);
    expect(es.errors.tooManyAttempts).toMatch(/espera/i);
  });

  it("says why a disabled account or a suspended company cannot sign in, in both languages", () => {
    expect(mapAuthError(ACCOUNT_DISABLED_MESSAGE, "signIn")).toEqual({ field: "form", key: "accountDisabled" });
    expect(mapAuthError(COMPANY_SUSPENDED_MESSAGE, "signIn")).toEqual({ field: "form", key: "companySuspended" });
    expect(es.errors.accountDisabled).toMatch(/desactivada/);
    expect(es.errors.companySuspended).toMatch(/suspendida/);
  });
});
