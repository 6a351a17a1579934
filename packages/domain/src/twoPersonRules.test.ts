import { describe, expect, it } from "vitest";
import { globalRoleGivesPower, localizeTwoPersonMessage, TWO_PERSON_MESSAGES, twoPersonMessage } from "./twoPersonRules.ts";

describe("two-person refusals", () => {
  it("turns each server text into Spanish, and leaves other texts alone", () => {
    expect(localizeTwoPersonMessage(twoPersonMessage("ownPay"), "es")).toBe(
      "Nadie fija su propia tarifa ni sus trabajos: lo hace otro gerente, administrador o propietario",
    );
    for (const m of Object.values(TWO_PERSON_MESSAGES)) {
      expect(localizeTwoPersonMessage(m.en, "es")).toBe(m.es);
      expect(localizeTwoPersonMessage(m.en, "en")).toBe(m.en);
    }
    expect(new Set(Object.values(TWO_PERSON_MESSAGES).map((m) => m.en)).size).toBe(Object.keys(TWO_PERSON_MESSAGES).length);
    expect(localizeTwoPersonMessage("Employee not found", "es")).toBeNull();
  });
});

describe("which role changes give power", () => {
  it("a role to an account without one, or super administrator to one without it; never a removal or a move between equals", () => {
    expect(globalRoleGivesPower(null, "SYSTEM_ADMIN")).toBe(true);
    expect(globalRoleGivesPower(null, "COMPANIES_ADMIN")).toBe(true);
    expect(globalRoleGivesPower("SYSTEM_ADMIN", "SUPER_ADMIN")).toBe(true);
    expect(globalRoleGivesPower("SUPER_ADMIN", "SYSTEM_ADMIN")).toBe(false);
    expect(globalRoleGivesPower("SYSTEM_ADMIN", "COMPANIES_ADMIN")).toBe(false);
    expect(globalRoleGivesPower("SYSTEM_ADMIN", null)).toBe(false);
    expect(globalRoleGivesPower("SYSTEM_ADMIN", "SYSTEM_ADMIN")).toBe(false);
  });
});
