import { describe, expect, it } from "vitest";
import { accessDeniedMessage, COMPANY_ROLES, PERMISSION_FLAGS, permissionsFor } from "./permissions.ts";

// The whole table of spec section 6, written out independently of FLAG_ROLES: one row per flag,
// one letter per role in the order MEMBER, MANAGING_MEMBER, STAFF, SUPERVISOR, MANAGER, ADMIN, OWNER.
const EXPECTED: Record<string, string> = {
  canVerify: "---XXXX",
  canManageStores: "----XXX",
  canManageUsers: "----XXX",
  canImportData: "----XXX",
  canManageJoinRequests: "----XXX",
  canManageEmployees: "----XXX",
  canManageKiosks: "----XXX",
  canExportReports: "-X-XXXX",
  canManageMembers: "-X---XX",
  canApproveDraws: "-X--XXX",
  canManageSchedules: "---XXXX",
  canViewTimeClocks: "---XXXX",
  canApproveTimeOff: "---XXXX",
  isMember: "XXXXXXX",
  hasCompanyMembership: "XXXXXXX",
  isManagingMember: "-X---XX",
  isAdmin: "-----XX",
  isSystemAdmin: "-------",
  isSuperAdmin: "-------",
};

describe("permission flags", () => {
  it("covers every flag of the spec", () => {
    expect([...PERMISSION_FLAGS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const flag of PERMISSION_FLAGS) {
    COMPANY_ROLES.forEach((role, i) => {
      const expected = EXPECTED[flag][i] === "X";
      it(`${role} ${expected ? "holds" : "lacks"} ${flag}`, () => {
        expect(permissionsFor(role, null)[flag]).toBe(expected);
      });
    });
  }

  it("gives nothing to a user without a role", () => {
    for (const role of [null, undefined, "UNASSIGNED", "bogus"]) {
      expect(Object.values(permissionsFor(role, null)).some(Boolean)).toBe(false);
    }
  });

  it("gives system roles every flag; only SUPER_ADMIN is super admin", () => {
    for (const globalRole of ["SUPER_ADMIN", "COMPANIES_ADMIN", "SYSTEM_ADMIN"]) {
      const p = permissionsFor(null, globalRole);
      for (const flag of PERMISSION_FLAGS) {
        if (flag !== "isSuperAdmin") expect(p[flag], `${globalRole} ${flag}`).toBe(true);
      }
      expect(p.isSuperAdmin).toBe(globalRole === "SUPER_ADMIN");
    }
  });

  it("builds the Access Denied message for every action", () => {
    expect(accessDeniedMessage("canApproveDraws")).toBe("You don't have permission to approve cash withdrawals");
    expect(accessDeniedMessage("hasCompanyMembership")).toBe("You don't have permission to company membership");
    expect(accessDeniedMessage()).toBe("You don't have permission to this feature");
  });
});
