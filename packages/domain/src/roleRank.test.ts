import { describe, expect, it } from "vitest";
import { canAssignRole } from "./roleRank.ts";

describe("role assignment", () => {
  it("lets a role grant itself and anything below, never above", () => {
    expect(canAssignRole("MANAGER", "MANAGER")).toBe(true);
    expect(canAssignRole("MANAGER", "STAFF")).toBe(true);
    expect(canAssignRole("MANAGER", "ADMIN")).toBe(false);
    expect(canAssignRole("ADMIN", "OWNER")).toBe(false);
    expect(canAssignRole("OWNER", "OWNER")).toBe(true);
    expect(canAssignRole("STAFF", "MEMBER")).toBe(true);
    expect(canAssignRole(null, "MEMBER")).toBe(false);
    expect(canAssignRole(null, "OWNER", true)).toBe(true);
  });
});
