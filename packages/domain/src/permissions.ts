// Spec section 6: which company roles hold which permission flags. Kept as data so the server's
// access checks and the web's tab filter read the same table.

export const COMPANY_ROLES = ["MEMBER", "MANAGING_MEMBER", "STAFF", "SUPERVISOR", "MANAGER", "ADMIN", "OWNER"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const SYSTEM_ROLES = ["SUPER_ADMIN", "COMPANIES_ADMIN", "SYSTEM_ADMIN"] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const PERMISSION_FLAGS = [
  "canVerify",
  "canManageStores",
  "canExportReports",
  "canManageUsers",
  "canImportData",
  "canManageMembers",
  "canApproveDraws",
  "canManageJoinRequests",
  "canManageEmployees",
  "canManageSchedules",
  "canViewTimeClocks",
  "canManageKiosks",
  "canApproveTimeOff",
  "isMember",
  "isManagingMember",
  "isAdmin",
  "isSystemAdmin",
  "isSuperAdmin",
  "hasCompanyMembership",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

const MANAGER_UP: CompanyRole[] = ["MANAGER", "ADMIN", "OWNER"];
const SUPERVISOR_UP: CompanyRole[] = ["SUPERVISOR", "MANAGER", "ADMIN", "OWNER"];

/** Flag → company roles holding it. isSystemAdmin and isSuperAdmin come only from system roles. */
export const FLAG_ROLES: Record<PermissionFlag, readonly CompanyRole[]> = {
  canVerify: SUPERVISOR_UP,
  canManageStores: MANAGER_UP,
  canManageUsers: MANAGER_UP,
  canImportData: MANAGER_UP,
  canManageJoinRequests: MANAGER_UP,
  canManageEmployees: MANAGER_UP,
  canManageKiosks: MANAGER_UP,
  canExportReports: [...SUPERVISOR_UP, "MANAGING_MEMBER"],
  canManageMembers: ["ADMIN", "OWNER", "MANAGING_MEMBER"],
  canApproveDraws: [...MANAGER_UP, "MANAGING_MEMBER"],
  canManageSchedules: SUPERVISOR_UP,
  canViewTimeClocks: SUPERVISOR_UP,
  canApproveTimeOff: SUPERVISOR_UP,
  isMember: COMPANY_ROLES,
  hasCompanyMembership: COMPANY_ROLES,
  isManagingMember: ["MANAGING_MEMBER", "ADMIN", "OWNER"],
  isAdmin: ["ADMIN", "OWNER"],
  isSystemAdmin: [],
  isSuperAdmin: [],
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === "string" && (COMPANY_ROLES as readonly string[]).includes(value);
}

export function isSystemRole(value: unknown): value is SystemRole {
  return typeof value === "string" && (SYSTEM_ROLES as readonly string[]).includes(value);
}

/** Every flag for a company role (or none) and a global role (or none). System admins hold all. */
export function permissionsFor(role: string | null | undefined, globalRole: string | null | undefined): Permissions {
  const systemAdmin = isSystemRole(globalRole);
  const companyRole = isCompanyRole(role) ? role : null;
  const result = {} as Permissions;
  for (const flag of PERMISSION_FLAGS) {
    result[flag] = systemAdmin || (companyRole !== null && FLAG_ROLES[flag].includes(companyRole));
  }
  result.isSuperAdmin = globalRole === "SUPER_ADMIN";
  return result;
}

/** Flags a system role holds without any company. Every other flag acts in the active company. */
export const PLATFORM_FLAGS = ["isSystemAdmin", "isSuperAdmin"] as const satisfies readonly PermissionFlag[];
export type PlatformFlag = (typeof PLATFORM_FLAGS)[number];

export function isPlatformFlag(flag: PermissionFlag): flag is PlatformFlag {
  return (PLATFORM_FLAGS as readonly string[]).includes(flag);
}

/**
 * The flags a caller can use right now. System admins hold every flag (section 6), but company
 * flags act in the active company, and the server refuses them without one; so without an
 * active company only the platform flags remain. The navigation reads this, so a system admin
 * who belongs to no company is not offered screens that could only fail.
 */
export function permissionsInCompany(permissions: Permissions, companyId: string | null | undefined): Permissions {
  if (companyId) return permissions;
  const result = {} as Permissions;
  for (const flag of PERMISSION_FLAGS) result[flag] = isPlatformFlag(flag) && permissions[flag];
  return result;
}

/** Spec section 6: "You don't have permission to {action}". */
export const ACCESS_ACTIONS: Record<PermissionFlag, string> = {
  canVerify: "verify collections",
  canManageStores: "manage stores",
  canExportReports: "export reports",
  canManageUsers: "manage users",
  canImportData: "import data",
  canManageMembers: "manage members",
  canApproveDraws: "approve cash withdrawals",
  canManageJoinRequests: "manage join requests",
  canManageEmployees: "manage employees",
  canManageSchedules: "manage schedules",
  canViewTimeClocks: "view time clocks",
  canManageKiosks: "manage kiosks",
  canApproveTimeOff: "approve time off",
  isMember: "member access",
  isManagingMember: "managing member access",
  isAdmin: "administrator access",
  isSystemAdmin: "system administrator access",
  isSuperAdmin: "super administrator access",
  hasCompanyMembership: "company membership",
};

export function accessDeniedMessage(flag?: string): string {
  const action = flag && flag in ACCESS_ACTIONS ? ACCESS_ACTIONS[flag as PermissionFlag] : "this feature";
  return `You don't have permission to ${action}`;
}
