import { describe, expect, it } from "vitest";
import { emailSchema, employeeSignUpSchema, passwordResetSchema, passwordSignUpSchema, pinSchema, usernameSchema } from "./employeeFormSchemas.ts";
import {
  canSubmitEmployeeForm,
  EMPLOYEE_FORM_MESSAGES as M,
  employeeFormErrors,
  pinInput,
  pinStrength,
  shouldCheckUsernameAvailability,
  suggestUsernames,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validatePin,
  validateUsername,
} from "./employeeForm.ts";

function issues(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("messages", () => {
  it("are the spec's exact texts", () => {
    expect(M).toEqual({
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
    });
  });
});

describe("email", () => {
  it.each([
    ["", M.emailRequired],
    ["   ", M.emailRequired],
    ["bob", M.emailInvalid],
    ["bob@", M.emailInvalid],
    ["bob@example", M.emailInvalid],
    ["bob smith@example.com", M.emailInvalid],
    ["@example.com", M.emailInvalid],
    ["bob@example.com", null],
    [" Bob.Smith+laundry@Example.co.uk ", null],
  ])("%j → %j", (email, message) => {
    expect(validateEmail(email)).toBe(message);
    expect(issues(emailSchema.safeParse(email))).toEqual(message === null ? [] : [message]);
  });

  it("is trimmed and lowercased by the schema", () => {
    expect(emailSchema.parse("  Bob@Example.COM ")).toBe("bob@example.com");
  });
});

describe("username", () => {
  it.each([
    ["", M.usernameRequired],
    ["  ", M.usernameRequired],
    ["ab", M.usernameTooShort],
    ["1a", M.usernameTooShort],
    ["abc", null],
    ["a".repeat(20), null],
    ["a".repeat(21), M.usernameTooLong],
    ["1abc", M.usernameFormat],
    ["_abc", M.usernameFormat],
    ["ab-c", M.usernameFormat],
    ["ab c", M.usernameFormat],
    ["José", M.usernameFormat],
    ["Jane_Doe_2", null],
  ])("%j → %j", (username, message) => {
    expect(validateUsername(username)).toBe(message);
    expect(issues(usernameSchema.safeParse(username))).toEqual(message === null ? [] : [message]);
  });

  it("is checked for availability only from 3 characters and without errors", () => {
    expect(shouldCheckUsernameAvailability("ab")).toBe(false);
    expect(shouldCheckUsernameAvailability("1abc")).toBe(false);
    expect(shouldCheckUsernameAvailability("abc")).toBe(true);
    expect(shouldCheckUsernameAvailability("a".repeat(21))).toBe(false);
  });
});

describe("PIN", () => {
  it.each([
    ["", M.pinRequired],
    ["1", M.pinTooShort],
    ["123", M.pinTooShort],
    ["12a", M.pinTooShort],
    ["1234", null],
    ["12345", null],
    ["123456", null],
    ["1234567", M.pinTooLong],
    ["12a4", M.pinDigitsOnly],
    ["12 4", M.pinDigitsOnly],
    ["١٢٣٤", M.pinDigitsOnly],
    ["1111", M.pinAllSame],
    ["000000", M.pinAllSame],
    ["1112", null],
    ["0000a", M.pinDigitsOnly],
  ])("%j → %j", (pin, message) => {
    expect(validatePin(pin)).toBe(message);
    expect(issues(pinSchema.safeParse(pin))).toEqual(message === null ? [] : [message]);
  });

  it("rates strength against the 4-digit minimum", () => {
    expect(["", "1", "123"].map(pinStrength)).toEqual(["weak", "weak", "weak"]);
    expect(pinStrength("1234")).toBe("medium");
    expect(pinStrength("12345")).toBe("strong");
    expect(pinStrength("123456")).toBe("strong");
  });

  it("keeps only digits in the input, up to the maximum", () => {
    expect(pinInput("12a3-45678")).toBe("123456");
    expect(pinInput("12a3-45678", 4)).toBe("1234");
  });
});

describe("password", () => {
  it("needs 8 characters", () => {
    expect(validatePassword("1234567")).toBe("passwordTooShort");
    expect(validatePassword("12345678")).toBe(null);
  });

  it("needs a matching confirmation on sign-up", () => {
    expect(validatePasswordConfirmation("secret123", "")).toBe("passwordConfirmRequired");
    expect(validatePasswordConfirmation("secret123", "secret124")).toBe("passwordsDoNotMatch");
    expect(validatePasswordConfirmation("secret123", "secret123")).toBe(null);
  });

  it("applies the same rules in the schemas", () => {
    expect(passwordSignUpSchema.parse({ email: "A@B.co", password: "longenough", confirmPassword: "longenough" })).toEqual({
      email: "a@b.co",
      password: "longenough",
      confirmPassword: "longenough",
    });
    expect(issues(passwordSignUpSchema.safeParse({ email: "a@b.co", password: "short", confirmPassword: "short" }))).toEqual(["passwordTooShort"]);
    expect(issues(passwordSignUpSchema.safeParse({ email: "a@b.co", password: "longenough", confirmPassword: "different" }))).toEqual(["passwordsDoNotMatch"]);
    expect(issues(passwordResetSchema.safeParse({ email: "a@b.co", code: "12345678", newPassword: "1234567" }))).toEqual(["passwordTooShort"]);
  });
});

describe("employee form", () => {
  const good = { email: "Kim@Example.com", username: "kim_1", pin: "4821" };

  it("enables submit only when all fields are filled and valid", () => {
    expect(canSubmitEmployeeForm(good)).toBe(true);
    expect(canSubmitEmployeeForm({ ...good, email: "" })).toBe(false);
    expect(canSubmitEmployeeForm({ ...good, username: "1kim" })).toBe(false);
    expect(canSubmitEmployeeForm({ ...good, pin: "4444" })).toBe(false);
    expect(employeeFormErrors({ email: "", username: "", pin: "" })).toEqual({
      email: M.emailRequired,
      username: M.usernameRequired,
      pin: M.pinRequired,
    });
  });

  it("builds the sign-up payload with a lowercased e-mail", () => {
    expect(employeeSignUpSchema.parse({ ...good, companyId: "c1" })).toEqual({
      email: "kim@example.com",
      username: "kim_1",
      pin: "4821",
      companyId: "c1",
    });
    expect(employeeSignUpSchema.safeParse({ ...good, companyId: "" }).success).toBe(false);
    expect(issues(employeeSignUpSchema.safeParse({ ...good, pin: "1234567", companyId: "c1" }))).toEqual([M.pinTooLong]);
  });
});

describe("suggestUsernames", () => {
  it("numbers the name, skipping taken ones case-insensitively", () => {
    expect(suggestUsernames("maria", ["maria"])).toEqual(["maria1", "maria2", "maria3"]);
    expect(suggestUsernames("maria", ["Maria", "MARIA1", "maria3"])).toEqual(["maria2", "maria4", "maria5"]);
  });

  it("offers the cleaned name first when it differs from what was typed", () => {
    expect(suggestUsernames("Maria Lopez!", [])).toEqual(["marialopez", "marialopez1", "marialopez2"]);
    expect(suggestUsernames("Maria Lopez!", ["marialopez"])).toEqual(["marialopez1", "marialopez2", "marialopez3"]);
  });

  it("always returns valid usernames", () => {
    const inputs = ["99 bottles", "_x", "a", "", "!!!", "a".repeat(30), "Zoë-Ann", "b".repeat(19)];
    for (const input of inputs) {
      const suggestions = suggestUsernames(input, ["user1"], 5);
      expect(suggestions, input).toHaveLength(5);
      for (const s of suggestions) expect(validateUsername(s), `${input} → ${s}`).toBe(null);
      expect(new Set(suggestions).size).toBe(5);
      expect(suggestions).not.toContain("user1");
    }
    expect(suggestUsernames("a", [])).toEqual(["a01", "a02", "a03"]);
    expect(suggestUsernames("99 bottles", [])).toEqual(["bottles", "bottles1", "bottles2"]);
    expect(suggestUsernames("a".repeat(20), [])).toEqual(["a".repeat(19) + "1", "a".repeat(19) + "2", "a".repeat(19) + "3"]);
  });

  it("is deterministic", () => {
    expect(suggestUsernames("joe", ["joe1"])).toEqual(suggestUsernames("joe", ["joe1"]));
    expect(suggestUsernames("joe", [], 0)).toEqual([]);
  });
});
