import { describe, expect, it } from "vitest";
import { EMPLOYMENT_MESSAGES, employmentMessage, linkProfileSchema, localizeEmploymentMessage } from "./employment.ts";

describe("linking one's account to an employee profile", () => {
  it("needs a username and a PIN, trimmed", () => {
    expect(linkProfileSchema.parse({ username: " ana ", pin: " 4829 " })).toEqual({ username: "ana", pin: "4829" });
    expect(linkProfileSchema.safeParse({ username: "", pin: "" }).error?.issues.map((i) => i.message)).toEqual([
      employmentMessage("usernameRequired"),
      employmentMessage("pinRequired"),
    ]);
  });

  it("has every message in Spanish, and leaves others as they are", () => {
    for (const m of Object.values(EMPLOYMENT_MESSAGES)) expect(localizeEmploymentMessage(m.en, "es")).toBe(m.es);
    expect(localizeEmploymentMessage("Something else", "es")).toBe("Something else");
  });
});
