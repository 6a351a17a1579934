import { describe, expect, it } from "vitest";
import { PERMISSION_FLAGS, permissionsFor, permissionsInCompany, type Permissions } from "./permissions.ts";
import {
  ACCESS_GATES,
  AREA_TABLE,
  AREAS,
  canSeeSubScreen,
  canSeeTab,
  defaultSubScreenFor,
  deniedGate,
  gateAllows,
  gateFlag,
  resolveRoute,
  visibleSubScreens,
  visibleTabs,
  type Area,
} from "./routes.ts";

// Users, in the column order of the tables below.
const USERS: Array<[string, Permissions | null]> = [
  ["signed out", null],
  ["no role", permissionsFor(null, null)],
  ["MEMBER", permissionsFor("MEMBER", null)],
  ["MANAGING_MEMBER", permissionsFor("MANAGING_MEMBER", null)],
  ["STAFF", permissionsFor("STAFF", null)],
  ["SUPERVISOR", permissionsFor("SUPERVISOR", null)],
  ["MANAGER", permissionsFor("MANAGER", null)],
  ["ADMIN", permissionsFor("ADMIN", null)],
  ["OWNER", permissionsFor("OWNER", null)],
  ["SYSTEM_ADMIN", permissionsFor(null, "SYSTEM_ADMIN")],
];

function only(...flags: string[]): Permissions {
  const p = {} as Permissions;
  for (const flag of PERMISSION_FLAGS) p[flag] = flags.includes(flag);
  return p;
}

describe("area table", () => {
  it("lists the areas, defaults and sub-screens of spec section 2 in order", () => {
    expect(AREA_TABLE.map((d) => [d.area, d.defaultSubScreen, d.subScreens.join(" ")])).toEqual([
      ["user", "profile", "profile my-requests company-info employment announcements email-preferences"],
      [
        "laundromat",
        "collection-record",
        "collection-record collections-list admin-collections cash-dashboard cash-accounts physical-counts reconciliation equipment-config reports economics",
      ],
      ["company", "locations", "locations users join-requests geo-zones import settings email-templates email-dashboard"],
      ["employee-management", "dashboard", "dashboard profiles scheduling time-entry-verification kiosk analytics"],
      ["payroll", "dashboard", "dashboard employees pay-periods reports"],
      ["marketing", "claim", "claim verify dashboard"],
      ["system-admin", "dashboard", "dashboard companies users theme backup export demo balance-admin"],
    ]);
  });

  it("has a gate for every sub-screen and none for anything else", () => {
    for (const d of AREA_TABLE) expect(Object.keys(ACCESS_GATES[d.area].subScreens)).toEqual([...d.subScreens]);
  });
});

describe("resolveRoute", () => {
  it("resolves every listed sub-screen", () => {
    for (const d of AREA_TABLE) {
      for (const sub of d.subScreens) {
        expect(resolveRoute(`/${d.area}/${sub}`)).toEqual({ kind: "screen", area: d.area, subScreen: sub });
      }
    }
  });

  it("redirects a bare area root to its default sub-screen", () => {
    expect(resolveRoute("/user")).toEqual({ kind: "redirect", to: "/user/profile" });
    expect(resolveRoute("/laundromat")).toEqual({ kind: "redirect", to: "/laundromat/collection-record" });
    expect(resolveRoute("/company/")).toEqual({ kind: "redirect", to: "/company/locations" });
    expect(resolveRoute("/employee-management")).toEqual({ kind: "redirect", to: "/employee-management/dashboard" });
    expect(resolveRoute("/payroll?x=1")).toEqual({ kind: "redirect", to: "/payroll/dashboard" });
    expect(resolveRoute("/marketing#top")).toEqual({ kind: "redirect", to: "/marketing/claim" });
    expect(resolveRoute("/system-admin")).toEqual({ kind: "redirect", to: "/system-admin/dashboard" });
  });

  it("ignores query strings and fragments and tolerates trailing slashes", () => {
    const screen = { kind: "screen", area: "laundromat", subScreen: "reports" };
    expect(resolveRoute("/laundromat/reports?from=2024-01-01")).toEqual(screen);
    expect(resolveRoute("/laundromat/reports#chart")).toEqual(screen);
    expect(resolveRoute("/laundromat/reports/")).toEqual(screen);
    expect(resolveRoute("/laundromat/reports/?a=b#c")).toEqual(screen);
    expect(resolveRoute("/laundromat/reports?next=/company/users")).toEqual(screen);
  });

  it("sends / and unknown paths to the user profile", () => {
    for (const p of ["/", "", "?x=1", "/nope", "/User/profile", "/users", "/marketing-demo", "/profile"]) {
      expect(resolveRoute(p), p).toEqual({ kind: "redirect", to: "/user/profile" });
    }
  });

  it("sends unknown sub-tabs of areas without a prompt to the user profile", () => {
    for (const p of ["/user/nope", "/laundromat/nope", "/company/nope", "/system-admin/nope", "/laundromat/reports/extra"]) {
      expect(resolveRoute(p), p).toEqual({ kind: "redirect", to: "/user/profile" });
    }
  });

  it("gives the prompts of employee-management, payroll and marketing for unknown sub-tabs", () => {
    expect(resolveRoute("/employee-management/nope")).toEqual({
      kind: "prompt",
      area: "employee-management",
      subScreen: null,
      prompt: "Select an employee management section from the navigation.",
    });
    expect(resolveRoute("/payroll/nope/")).toEqual({
      kind: "prompt",
      area: "payroll",
      subScreen: null,
      prompt: "Select a payroll section from the navigation.",
    });
    for (const p of ["/marketing/abc123", "/marketing/claim/extra", "/marketing/Claim"]) {
      expect(resolveRoute(p), p).toEqual({
        kind: "prompt",
        area: "marketing",
        subScreen: null,
        prompt: "Select a marketing section from the navigation.",
      });
    }
  });
});

// Expected gate of every cell, written from spec sections 2 and 6 independently of ACCESS_GATES.
// Column letters follow USERS: out, no role, MEMBER, MANAGING_MEMBER, STAFF, SUPERVISOR, MANAGER,
// ADMIN, OWNER, SYSTEM_ADMIN.
const SIGNED_IN = "-XXXXXXXXX";
const MEMBERSHIP = "--XXXXXXXX";
const MANAGER_UP = "------XXXX";
const ADMIN_UP = "-------XXX";
const EXPORTERS = "---X-XXXXX";
const SYSADMIN = "---------X";
const SUPERVISOR_UP = "-----XXXXX";

const SUB_SCREEN_ACCESS: Record<string, string> = {
  "user/profile": SIGNED_IN,
  "user/my-requests": SIGNED_IN,
  "user/company-info": MEMBERSHIP,
  "user/employment": MEMBERSHIP,
  "user/announcements": MEMBERSHIP,
  "user/email-preferences": SIGNED_IN,
  "laundromat/collection-record": MEMBERSHIP,
  "laundromat/collections-list": MEMBERSHIP,
  "laundromat/admin-collections": ADMIN_UP,
  "laundromat/cash-dashboard": EXPORTERS,
  "laundromat/cash-accounts": MANAGER_UP,
  "laundromat/physical-counts": MANAGER_UP,
  "laundromat/reconciliation": ADMIN_UP,
  "laundromat/equipment-config": ADMIN_UP,
  "laundromat/reports": EXPORTERS,
  "laundromat/economics": EXPORTERS,
  "company/locations": MANAGER_UP,
  "company/users": MANAGER_UP,
  "company/join-requests": MANAGER_UP,
  "company/geo-zones": MANAGER_UP,
  "company/import": MANAGER_UP,
  "company/settings": MANAGER_UP,
  "company/email-templates": MANAGER_UP,
  "company/email-dashboard": MANAGER_UP,
  "employee-management/dashboard": SUPERVISOR_UP,
  "employee-management/profiles": MANAGER_UP,
  "employee-management/scheduling": SUPERVISOR_UP,
  "employee-management/time-entry-verification": SUPERVISOR_UP,
  "employee-management/kiosk": MANAGER_UP,
  "employee-management/analytics": MANAGER_UP,
  "payroll/dashboard": MANAGER_UP,
  "payroll/employees": MANAGER_UP,
  "payroll/pay-periods": MANAGER_UP,
  "payroll/reports": MANAGER_UP,
  "marketing/claim": MEMBERSHIP,
  "marketing/verify": MANAGER_UP,
  "marketing/dashboard": MANAGER_UP,
  "system-admin/dashboard": SYSADMIN,
  "system-admin/companies": SYSADMIN,
  "system-admin/users": SYSADMIN,
  "system-admin/theme": SYSADMIN,
  "system-admin/backup": SYSADMIN,
  "system-admin/export": SYSADMIN,
  "system-admin/demo": SYSADMIN,
  "system-admin/balance-admin": SYSADMIN,
};

// The gate each cell declares (the flag names an Access Denied message).
const SUB_SCREEN_GATES: Record<string, unknown> = {
  "user/profile": "signedIn",
  "user/my-requests": "signedIn",
  "user/company-info": "membership",
  "user/employment": "membership",
  "user/announcements": "membership",
  "user/email-preferences": "signedIn",
  "laundromat/collection-record": "membership",
  "laundromat/collections-list": "membership",
  "laundromat/admin-collections": "isAdmin",
  "laundromat/cash-dashboard": "canExportReports",
  "laundromat/cash-accounts": "canManageStores",
  "laundromat/physical-counts": "canManageStores",
  "laundromat/reconciliation": "isAdmin",
  "laundromat/equipment-config": "isAdmin",
  "laundromat/reports": "canExportReports",
  "laundromat/economics": "canExportReports",
  "company/locations": "canManageStores",
  "company/users": "canManageUsers",
  "company/join-requests": "canManageJoinRequests",
  "company/geo-zones": "canManageStores",
  "company/import": "canImportData",
  "company/settings": "canManageStores",
  "company/email-templates": "canManageStores",
  "company/email-dashboard": { anyOf: ["canManageStores", "isSystemAdmin"] },
  "employee-management/dashboard": "canViewTimeClocks",
  "employee-management/profiles": "canManageEmployees",
  "employee-management/scheduling": "canManageSchedules",
  "employee-management/time-entry-verification": "canViewTimeClocks",
  "employee-management/kiosk": "canManageKiosks",
  "employee-management/analytics": "canManageEmployees",
  "payroll/dashboard": "canManageStores",
  "payroll/employees": "canManageStores",
  "payroll/pay-periods": "canManageStores",
  "payroll/reports": "canManageStores",
  "marketing/claim": "membership",
  "marketing/verify": "canManageStores",
  "marketing/dashboard": "canManageStores",
  "system-admin/dashboard": "isSystemAdmin",
  "system-admin/companies": "isSystemAdmin",
  "system-admin/users": "isSystemAdmin",
  "system-admin/theme": "isSystemAdmin",
  "system-admin/backup": "isSystemAdmin",
  "system-admin/export": "isSystemAdmin",
  "system-admin/demo": "isSystemAdmin",
  "system-admin/balance-admin": "isSystemAdmin",
};

describe("sub-screen gates", () => {
  it("covers every area/sub-screen pair", () => {
    const pairs = AREA_TABLE.flatMap((d) => d.subScreens.map((s) => `${d.area}/${s}`));
    expect(Object.keys(SUB_SCREEN_ACCESS).sort()).toEqual([...pairs].sort());
    expect(Object.keys(SUB_SCREEN_GATES).sort()).toEqual([...pairs].sort());
  });

  for (const [cell, gate] of Object.entries(SUB_SCREEN_GATES)) {
    const [area, sub] = cell.split("/") as [Area, string];
    it(`${cell} declares ${JSON.stringify(gate)}`, () => {
      expect(ACCESS_GATES[area].subScreens[sub]).toEqual(gate);
    });
  }

  for (const [cell, row] of Object.entries(SUB_SCREEN_ACCESS)) {
    const [area, sub] = cell.split("/") as [Area, string];
    USERS.forEach(([name, permissions], i) => {
      const expected = row[i] === "X";
      it(`${name} ${expected ? "may" : "may not"} open ${cell}`, () => {
        expect(canSeeSubScreen(area, sub, permissions)).toBe(expected);
        expect(deniedGate(area, sub, permissions) === null).toBe(expected);
      });
    });
  }

  it("denies sub-screens that do not exist", () => {
    const all = permissionsFor(null, "SUPER_ADMIN");
    expect(canSeeSubScreen("user", "nope", all)).toBe(false);
    expect(canSeeSubScreen("user", "toString", all)).toBe(false);
    expect(canSeeSubScreen("payroll", "claim", all)).toBe(false);
  });

  it("requires the area's route gate as well as the finer sub-screen gate", () => {
    // A user who may manage schedules but not employees enters /employee-management/* for scheduling only (decision 0056).
    const schedulerOnly = only("canManageSchedules", "hasCompanyMembership", "isMember");
    expect(canSeeSubScreen("employee-management", "scheduling", schedulerOnly)).toBe(true);
    expect(deniedGate("employee-management", "profiles", schedulerOnly)).toBe("canManageEmployees");
    // Managing employees alone does not open scheduling, verification or the kiosk.
    const employeesOnly = only("canManageEmployees");
    expect(canSeeSubScreen("employee-management", "profiles", employeesOnly)).toBe(true);
    expect(canSeeSubScreen("employee-management", "time-entry-verification", employeesOnly)).toBe(false);
    expect(canSeeSubScreen("employee-management", "scheduling", employeesOnly)).toBe(false);
    expect(deniedGate("employee-management", "kiosk", employeesOnly)).toBe("canManageKiosks");
    // Marketing claim needs membership only, although the marketing tab needs canManageStores.
    const member = only("hasCompanyMembership");
    expect(canSeeSubScreen("marketing", "claim", member)).toBe(true);
    expect(canSeeTab("marketing", member)).toBe(false);
    expect(canSeeSubScreen("marketing", "verify", member)).toBe(false);
  });

  it("reads membership from hasCompanyMembership alone", () => {
    expect(canSeeSubScreen("laundromat", "collection-record", only("hasCompanyMembership"))).toBe(true);
    expect(canSeeSubScreen("laundromat", "collection-record", only("isMember"))).toBe(false);
  });
});

describe("gates", () => {
  it("evaluates each kind of gate", () => {
    expect(gateAllows("signedIn", only())).toBe(true);
    expect(gateAllows("signedIn", null)).toBe(false);
    expect(gateAllows("membership", only())).toBe(false);
    expect(gateAllows("canVerify", only("canVerify"))).toBe(true);
    expect(gateAllows("canVerify", only("canManageStores"))).toBe(false);
    const either = { anyOf: ["canManageStores", "isSystemAdmin"] } as const;
    expect(gateAllows(either, only("isSystemAdmin"))).toBe(true);
    expect(gateAllows(either, only("canManageStores"))).toBe(true);
    expect(gateAllows(either, only("canManageUsers"))).toBe(false);
    expect(gateAllows(either, null)).toBe(false);
  });

  it("names the flag an Access Denied message is about", () => {
    expect(gateFlag("signedIn")).toBe(null);
    expect(gateFlag("membership")).toBe("hasCompanyMembership");
    expect(gateFlag("isAdmin")).toBe("isAdmin");
    expect(gateFlag({ anyOf: ["canManageStores", "isSystemAdmin"] })).toBe("canManageStores");
  });

  it("reports the failing gate for a denied screen", () => {
    const member = permissionsFor("MEMBER", null);
    expect(deniedGate("laundromat", "admin-collections", member)).toBe("isAdmin");
    expect(deniedGate("company", "users", member)).toBe("canManageStores");
    expect(deniedGate("laundromat", "collection-record", permissionsFor(null, null))).toBe("membership");
    expect(deniedGate("user", "profile", null)).toBe("signedIn");
  });
});

// Visible main tabs per user, from section 6 "Tab visibility" and section 2.
const TABS: Record<string, Area[]> = {
  "signed out": [],
  "no role": ["user"],
  MEMBER: ["user", "laundromat"],
  MANAGING_MEMBER: ["user", "laundromat"],
  STAFF: ["user", "laundromat"],
  SUPERVISOR: ["user", "laundromat", "employee-management"],
  MANAGER: ["user", "laundromat", "company", "employee-management", "payroll", "marketing"],
  ADMIN: ["user", "laundromat", "company", "employee-management", "payroll", "marketing"],
  OWNER: ["user", "laundromat", "company", "employee-management", "payroll", "marketing"],
  SYSTEM_ADMIN: [...AREAS],
};

describe("visible tabs", () => {
  for (const [name, permissions] of USERS) {
    it(`${name} sees ${TABS[name].join(", ") || "no tab"}`, () => {
      expect(visibleTabs(permissions)).toEqual(TABS[name]);
      for (const area of AREAS) expect(canSeeTab(area, permissions)).toBe(TABS[name].includes(area));
    });
  }

  it("lists the sub-tabs each role may open, in navigation order", () => {
    expect(visibleSubScreens("laundromat", permissionsFor("SUPERVISOR", null))).toEqual([
      "collection-record",
      "collections-list",
      "cash-dashboard",
      "reports",
      "economics",
    ]);
    expect(visibleSubScreens("laundromat", permissionsFor("MANAGER", null))).toEqual([
      "collection-record",
      "collections-list",
      "cash-dashboard",
      "cash-accounts",
      "physical-counts",
      "reports",
      "economics",
    ]);
    expect(visibleSubScreens("user", permissionsFor(null, null))).toEqual(["profile", "my-requests", "email-preferences"]);
  });
});

describe("a system admin who belongs to no company", () => {
  // The server refuses every company-level function without an active company, system admins
  // included; the navigation offers them only what they can use.
  const noCompany = permissionsInCompany(permissionsFor(null, "SYSTEM_ADMIN"), null);

  it("keeps only the platform flags without an active company, and every flag with one", () => {
    expect(PERMISSION_FLAGS.filter((f) => noCompany[f])).toEqual(["isSystemAdmin"]);
    expect(PERMISSION_FLAGS.filter((f) => permissionsInCompany(permissionsFor(null, "SUPER_ADMIN"), undefined)[f])).toEqual(["isSystemAdmin", "isSuperAdmin"]);
    expect(permissionsInCompany(permissionsFor("OWNER", "SYSTEM_ADMIN"), "c1")).toEqual(permissionsFor("OWNER", "SYSTEM_ADMIN"));
    expect(permissionsInCompany(permissionsFor("STAFF", null), "c1")).toEqual(permissionsFor("STAFF", null));
  });

  it("sees the user tab without company screens, and system administration, but no company tab", () => {
    expect(visibleTabs(noCompany)).toEqual(["user", "system-admin"]);
    expect(visibleSubScreens("user", noCompany)).toEqual(["profile", "my-requests", "email-preferences"]);
    for (const area of ["laundromat", "company", "employee-management", "payroll", "marketing"] as const) {
      expect(canSeeTab(area, noCompany), area).toBe(false);
      expect(visibleSubScreens(area, noCompany), area).toEqual([]);
    }
    // Typing a company screen's address is refused for want of a company, not of a role.
    expect(deniedGate("laundromat", "collection-record", noCompany)).toBe("membership");
    expect(deniedGate("company", "email-dashboard", noCompany)).toBe("canManageStores");
    expect(canSeeSubScreen("system-admin", "dashboard", noCompany)).toBe(true);
  });

  it("sees every tab again once they act in a company", () => {
    expect(visibleTabs(permissionsInCompany(permissionsFor("MEMBER", "SYSTEM_ADMIN"), "c1"))).toEqual([...AREAS]);
  });
});

describe("tabs of screens not built yet", () => {
  it("lists an area only when a sub-screen the user may open is built", () => {
    const owner = permissionsFor("OWNER", null);
    const built = new Set(["user/profile", "laundromat/collection-record", "company/users", "marketing/verify"]);
    const isBuilt = (area: Area, sub: string) => built.has(`${area}/${sub}`);
    expect(visibleTabs(owner, isBuilt)).toEqual(["user", "laundromat", "company", "marketing"]);
    // A built screen the user may not open does not make the tab worth listing.
    const supervisor = permissionsFor("SUPERVISOR", null);
    expect(visibleTabs(supervisor, (area, sub) => area === "user" || (area === "laundromat" && sub === "admin-collections"))).toEqual(["user"]);
    // System administration, none of whose screens exist yet, is not offered.
    const noCompany = permissionsInCompany(permissionsFor(null, "SYSTEM_ADMIN"), null);
    expect(visibleTabs(noCompany, (area) => area !== "system-admin")).toEqual(["user"]);
  });
});

describe("defaultSubScreenFor", () => {
  it("returns the default when permitted", () => {
    const owner = permissionsFor("OWNER", null);
    for (const d of AREA_TABLE.filter((d) => d.area !== "system-admin")) {
      expect(defaultSubScreenFor(d.area, owner)).toBe(d.defaultSubScreen);
    }
  });

  it("falls back to the first permitted sub-screen", () => {
    // Synthetic flag sets: the route gate (membership) holds, the default's own gate does not.
    expect(defaultSubScreenFor("marketing", only("canManageStores"))).toBe("verify");
    expect(defaultSubScreenFor("laundromat", only("canExportReports"))).toBe(null);
    expect(defaultSubScreenFor("laundromat", only("canExportReports", "hasCompanyMembership"))).toBe("collection-record");
    expect(defaultSubScreenFor("employee-management", only("canManageSchedules"))).toBe("scheduling");
    expect(defaultSubScreenFor("employee-management", only("canManageEmployees", "canManageKiosks"))).toBe("profiles");
  });

  it("returns null when nothing is permitted", () => {
    expect(defaultSubScreenFor("company", permissionsFor("STAFF", null))).toBe(null);
    expect(defaultSubScreenFor("system-admin", permissionsFor("OWNER", null))).toBe(null);
    expect(defaultSubScreenFor("user", null)).toBe(null);
    expect(defaultSubScreenFor("marketing", permissionsFor("STAFF", null))).toBe("claim");
  });
});
