// Spec section 2 "Area routes" and "Access per route", section 6 "Tab visibility" and "Sub-tab
// gates": the area table, path resolution and the gate of every tab and sub-screen, as data, so
// the web router, the navigation and the route guard read one table.

import type { PermissionFlag, Permissions } from "./permissions.ts";

export const AREAS = ["user", "laundromat", "company", "employee-management", "payroll", "marketing", "system-admin"] as const;
export type Area = (typeof AREAS)[number];

export interface AreaDefinition {
  readonly area: Area;
  readonly defaultSubScreen: string;
  /** In navigation order. */
  readonly subScreens: readonly string[];
}

export const AREA_TABLE: readonly AreaDefinition[] = [
  {
    area: "user",
    defaultSubScreen: "profile",
    subScreens: ["profile", "my-requests", "company-info", "employment", "announcements", "email-preferences"],
  },
  {
    area: "laundromat",
    defaultSubScreen: "collection-record",
    subScreens: [
      "collection-record",
      "collections-list",
      "admin-collections",
      "cash-dashboard",
      "cash-accounts",
      "physical-counts",
      "reconciliation",
      "equipment-config",
      "reports",
      "economics",
    ],
  },
  {
    area: "company",
    defaultSubScreen: "locations",
    subScreens: ["locations", "users", "join-requests", "geo-zones", "import", "settings", "email-templates", "email-dashboard"],
  },
  {
    area: "employee-management",
    defaultSubScreen: "dashboard",
    subScreens: ["dashboard", "profiles", "scheduling", "time-entry-verification", "kiosk", "analytics"],
  },
  { area: "payroll", defaultSubScreen: "dashboard", subScreens: ["dashboard", "employees", "pay-periods", "reports"] },
  { area: "marketing", defaultSubScreen: "claim", subScreens: ["claim", "verify", "dashboard"] },
  {
    area: "system-admin",
    defaultSubScreen: "dashboard",
    subScreens: ["dashboard", "companies", "users", "theme", "backup", "export", "demo", "balance-admin"],
  },
];

/** Where `/` and every unknown path go. */
export const FALLBACK_PATH = "/user/profile";

/** Areas whose unknown sub-paths stay in the area, showing this prompt instead of a screen. */
export const UNKNOWN_SUB_SCREEN_PROMPTS: Partial<Record<Area, string>> = {
  "employee-management": "Select an employee management section from the navigation.",
  payroll: "Select a payroll section from the navigation.",
  marketing: "Select a marketing section from the navigation.",
};

export function isArea(value: string): value is Area {
  return (AREAS as readonly string[]).includes(value);
}

export function areaDefinition(area: Area): AreaDefinition {
  return AREA_TABLE.find((d) => d.area === area)!;
}

export function isSubScreenOf(area: Area, subScreen: string): boolean {
  return areaDefinition(area).subScreens.includes(subScreen);
}

export function routePath(area: Area, subScreen?: string | null): string {
  return subScreen ? `/${area}/${subScreen}` : `/${area}`;
}

export type RouteResolution =
  | { readonly kind: "screen"; readonly area: Area; readonly subScreen: string }
  | { readonly kind: "prompt"; readonly area: Area; readonly subScreen: null; readonly prompt: string }
  | { readonly kind: "redirect"; readonly to: string };

/**
 * Resolves a location path. The query string and fragment are ignored; empty segments (trailing or
 * doubled slashes) are tolerated. Matching is exact and case-sensitive; a path deeper than
 * `/area/sub-screen` is an unknown sub-screen.
 */
export function resolveRoute(pathname: string): RouteResolution {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/").filter((s) => s.length > 0);
  const [first, second] = segments;
  if (first === undefined || !isArea(first)) return { kind: "redirect", to: FALLBACK_PATH };
  const definition = areaDefinition(first);
  if (second === undefined) return { kind: "redirect", to: routePath(first, definition.defaultSubScreen) };
  if (segments.length === 2 && definition.subScreens.includes(second)) {
    return { kind: "screen", area: first, subScreen: second };
  }
  const prompt = UNKNOWN_SUB_SCREEN_PROMPTS[first];
  if (prompt !== undefined) return { kind: "prompt", area: first, subScreen: null, prompt };
  return { kind: "redirect", to: FALLBACK_PATH };
}

// ---- Access gates ----

/**
 * "signedIn": any signed-in user; "membership": hasCompanyMembership; a flag: that flag;
 * `{ anyOf }`: at least one of the flags.
 */
export type Gate = "signedIn" | "membership" | PermissionFlag | { readonly anyOf: readonly PermissionFlag[] };

export interface AreaGates {
  /** Section 6 "Tab visibility": whether the main tab is listed. */
  readonly tab: Gate;
  /** Section 2 "Access per route": what every path under the area needs, before the sub-screen's own gate. */
  readonly route: Gate;
  /** Sections 2 and 6: each sub-screen's own gate. */
  readonly subScreens: Readonly<Record<string, Gate>>;
}

export const ACCESS_GATES: Readonly<Record<Area, AreaGates>> = {
  user: {
    tab: "signedIn",
    route: "signedIn",
    subScreens: {
      profile: "signedIn",
      "my-requests": "signedIn",
      "company-info": "membership",
      employment: "membership",
      announcements: "membership",
      "email-preferences": "signedIn",
    },
  },
  laundromat: {
    tab: "membership",
    route: "membership",
    subScreens: {
      "collection-record": "membership",
      "collections-list": "membership",
      "admin-collections": "isAdmin",
      "cash-dashboard": "canExportReports",
      "cash-accounts": "canManageStores",
      "physical-counts": "canManageStores",
      reconciliation: "isAdmin",
      "equipment-config": "isAdmin",
      reports: "canExportReports",
      economics: "canExportReports",
    },
  },
  company: {
    tab: "canManageStores",
    route: "canManageStores",
    subScreens: {
      locations: "canManageStores",
      users: "canManageUsers",
      "join-requests": "canManageJoinRequests",
      "geo-zones": "canManageStores",
      import: "canImportData",
      settings: "canManageStores",
      "email-templates": "canManageStores",
      "email-dashboard": { anyOf: ["canManageStores", "isSystemAdmin"] },
    },
  },
  // Decision 0056: the flags mean what they say. A supervisor (canManageSchedules,
  // canViewTimeClocks, canApproveTimeOff) enters the area, schedules, verifies time and decides
  // requests on the dashboard; profiles and analytics (pay rates, labour cost) stay with
  // canManageEmployees.
  "employee-management": {
    tab: { anyOf: ["canManageEmployees", "canManageSchedules", "canViewTimeClocks", "canApproveTimeOff", "canManageKiosks"] },
    route: { anyOf: ["canManageEmployees", "canManageSchedules", "canViewTimeClocks", "canApproveTimeOff", "canManageKiosks"] },
    subScreens: {
      dashboard: "canViewTimeClocks",
      profiles: "canManageEmployees",
      scheduling: "canManageSchedules",
      "time-entry-verification": "canViewTimeClocks",
      kiosk: "canManageKiosks",
      analytics: "canManageEmployees",
    },
  },
  payroll: {
    tab: "canManageStores",
    route: "canManageStores",
    subScreens: {
      dashboard: "canManageStores",
      employees: "canManageStores",
      "pay-periods": "canManageStores",
      reports: "canManageStores",
    },
  },
  marketing: {
    tab: "canManageStores",
    // Section 2 gives marketing per-screen rules only: claim is open to members.
    route: "signedIn",
    subScreens: { claim: "membership", verify: "canManageStores", dashboard: "canManageStores" },
  },
  "system-admin": {
    tab: "isSystemAdmin",
    route: "isSystemAdmin",
    subScreens: {
      dashboard: "isSystemAdmin",
      companies: "isSystemAdmin",
      users: "isSystemAdmin",
      theme: "isSystemAdmin",
      backup: "isSystemAdmin",
      export: "isSystemAdmin",
      demo: "isSystemAdmin",
      "balance-admin": "isSystemAdmin",
    },
  },
};

/** `permissions` is null for a signed-out visitor, who passes no gate. */
export function gateAllows(gate: Gate, permissions: Permissions | null): boolean {
  if (permissions === null) return false;
  if (gate === "signedIn") return true;
  if (gate === "membership") return permissions.hasCompanyMembership;
  if (typeof gate === "string") return permissions[gate];
  return gate.anyOf.some((flag) => permissions[flag]);
}

/** The permission flag whose absence denies the gate, for the Access Denied message. */
export function gateFlag(gate: Gate): PermissionFlag | null {
  if (gate === "signedIn") return null;
  if (gate === "membership") return "hasCompanyMembership";
  if (typeof gate === "string") return gate;
  return gate.anyOf[0] ?? null;
}

export function canSeeTab(area: Area, permissions: Permissions | null): boolean {
  return gateAllows(ACCESS_GATES[area].tab, permissions);
}

/** Whether the screen may be opened: the area's route gate and the sub-screen's own gate. */
export function canSeeSubScreen(area: Area, subScreen: string, permissions: Permissions | null): boolean {
  const gates = ACCESS_GATES[area];
  const own = Object.hasOwn(gates.subScreens, subScreen) ? gates.subScreens[subScreen] : undefined;
  if (own === undefined) return false;
  return gateAllows(gates.route, permissions) && gateAllows(own, permissions);
}

/** The first gate the user fails for this screen, or null when the screen is allowed. */
export function deniedGate(area: Area, subScreen: string, permissions: Permissions | null): Gate | null {
  const gates = ACCESS_GATES[area];
  if (!gateAllows(gates.route, permissions)) return gates.route;
  const own = Object.hasOwn(gates.subScreens, subScreen) ? gates.subScreens[subScreen] : undefined;
  if (own === undefined) return gates.route;
  return gateAllows(own, permissions) ? null : own;
}

/**
 * The tabs to list. `isBuilt` tells whether a sub-screen has a screen yet: an area is listed only
 * when at least one sub-screen the user may open is built, so nobody is offered a tab of
 * placeholders (or of screens that would only fail).
 */
export function visibleTabs(permissions: Permissions | null, isBuilt: (area: Area, subScreen: string) => boolean = () => true): Area[] {
  return AREAS.filter((area) => canSeeTab(area, permissions) && visibleSubScreens(area, permissions).some((sub) => isBuilt(area, sub)));
}

export function visibleSubScreens(area: Area, permissions: Permissions | null): string[] {
  return areaDefinition(area).subScreens.filter((sub) => canSeeSubScreen(area, sub, permissions));
}

/** The area's default sub-screen if permitted, else the first permitted one, else null. */
export function defaultSubScreenFor(area: Area, permissions: Permissions | null): string | null {
  const definition = areaDefinition(area);
  if (canSeeSubScreen(area, definition.defaultSubScreen, permissions)) return definition.defaultSubScreen;
  return visibleSubScreens(area, permissions)[0] ?? null;
}
