import { describe, expect, it } from "vitest";
import {
  confirmLinkSchema,
  declineLinkSchema,
  EMPLOYMENT_MESSAGES,
  employmentMessage,
  linkProfileSchema,
  localizeEmploymentMessage,
  maskEmail,
  wrongCodeMessage,
} from "./employment.ts";

describe("linking one's account to an employee profile", () => {
  it("needs a username and a PIN, trimmed", () => {
    expect(linkProfileSchema.parse({ username: " ana ", pin: " 4829 " })).toEqual({ username: "ana", pin: "4829" });
    expect(linkProfileSchema.safeParse({ username: "", pin: "" }).error?.issues.map((i) => i.message)).toEqual([
      employmentMessage("usernameRequired"),
      employmentMessage("pinRequired"),
    ]);
  });

  it("takes the e-mailed code as six digits, and a decline's reason up to 500 characters", () => {
    expect(confirmLinkSchema.parse({ code: " 048213 " })).toEqual({ code: "048213" });
    for (const code of ["", "12345", "1234567", "12a456"]) {
      expect(confirmLinkSchema.safeParse({ code }).error?.issues.map((i) => i.message)).toEqual([employmentMessage("codeRequired")]);
    }
    expect(declineLinkSchema.parse({ requestId: "r1", reason: "  Not our Ana " })).toEqual({ requestId: "r1", reason: "Not our Ana" });
    expect(declineLinkSchema.safeParse({ requestId: "r1", reason: "x".repeat(501) }).error?.issues[0].message).toBe(employmentMessage("reasonTooLong"));
  });

  it("shows where a code went without reading the address out", () => {
    expect(maskEmail("maria.garcia@example.com")).toBe("m***@example.com");
    expect(maskEmail("a@b.co")).toBe("a***@b.co");
    expect(maskEmail("not-an-address")).toBe("***");
  });

  it("has every message in Spanish, the tries left too, and leaves others as they are", () => {
    for (const m of Object.values(EMPLOYMENT_MESSAGES)) expect(localizeEmploymentMessage(m.en, "es")).toBe(m.es);
    expect(wrongCodeMessage(3)).toBe("Wrong code. 3 tries left.");
    expect(wrongCodeMessage(1)).toBe("Wrong code. 1 try left.");
    expect(localizeEmploymentMessage(wrongCodeMessage(3), "es")).toBe("Código incorrecto. Te quedan 3 intentos.");
    expect(localizeEmploymentMessage(wrongCodeMessage(1), "es")).toBe("Código incorrecto. Te queda 1 intento.");
    expect(localizeEmploymentMessage(wrongCodeMessage(2), "en")).toBe("Wrong code. 2 tries left.");
    expect(localizeEmploymentMessage("Something else", "es")).toBe("Something else");
  });
});
