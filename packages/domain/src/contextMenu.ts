// Spec section 3 "Context-menu context" and section 6 "Context-menu rights": what a right-click
// (or long-press) menu may offer for a kind of element, as a pure function of the user's roles.
//
// Levels: admin = ADMIN or SYSTEM_ADMIN; manager = admin or MANAGER; supervisor = manager or
// SUPERVISOR. OWNER holds every ADMIN right (section 6 gives owners all admin flags) and every
// system role counts as SYSTEM_ADMIN (section 6: "All count as system admins").

import { SYSTEM_ROLES } from "./permissions.ts";

export const CONTEXT_TYPES = ["collection", "equipment", "system-admin", "profile", "settings", "generic"] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

export interface ContextMenuPermissions {
  canView: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canCreate: boolean;
  canExport: boolean;
  /** The element belongs to the user. */
  isOwner: boolean;
  isAdmin: boolean;
}

export interface ContextMenuContext<T = unknown> {
  type: ContextType;
  subType?: string;
  data?: T;
  permissions: ContextMenuPermissions;
}

export interface ContextMenuUser {
  /** Role in the active company (null or UNASSIGNED without one). */
  role: string | null | undefined;
  globalRole: string | null | undefined;
  userId?: string | null;
}

export type RightsLevel = "admin" | "manager" | "supervisor" | "none";

export function rightsLevel({ role, globalRole }: ContextMenuUser): RightsLevel {
  const systemAdmin = typeof globalRole === "string" && (SYSTEM_ROLES as readonly string[]).includes(globalRole);
  if (systemAdmin || role === "ADMIN" || role === "OWNER") return "admin";
  if (role === "MANAGER") return "manager";
  if (role === "SUPERVISOR") return "supervisor";
  return "none";
}

const RANK: Record<RightsLevel, number> = { none: 0, supervisor: 1, manager: 2, admin: 3 };

export function atLeast(level: RightsLevel, needed: Exclude<RightsLevel, "none">): boolean {
  return RANK[level] >= RANK[needed];
}

/**
 * The rights for a context: canEdit, canCreate and canExport need supervisor+, canDelete
 * manager+, with the spec's overrides per type. `ownerId` marks whose element it is.
 */
export function contextMenuPermissions(user: ContextMenuUser, type: ContextType, ownerId?: string | null): ContextMenuPermissions {
  const level = rightsLevel(user);
  const supervisor = atLeast(level, "supervisor");
  const manager = atLeast(level, "manager");
  const admin = atLeast(level, "admin");
  const isOwner = ownerId != null && user.userId != null && ownerId === user.userId;
  const base: ContextMenuPermissions = {
    canView: true,
    canEdit: supervisor,
    canDelete: manager,
    canCreate: supervisor,
    canExport: supervisor,
    isOwner,
    isAdmin: admin,
  };
  switch (type) {
    case "collection":
      return { ...base, canEdit: true, canDelete: manager };
    case "equipment":
      return { ...base, canEdit: manager, canDelete: admin };
    case "system-admin":
      return { canView: admin, canEdit: admin, canDelete: admin, canCreate: admin, canExport: admin, isOwner, isAdmin: admin };
    case "profile":
      return { ...base, canEdit: true, canDelete: false };
    case "settings":
      return { ...base, canEdit: manager };
    default:
      return base;
  }
}

/** Menu items that only an admin is offered, whatever the context. */
export const ADMIN_ONLY_ITEMS = ["backup", "logs", "manage-users"] as const;

/** Whether a menu item with this id may be shown to the user. */
export function menuItemAllowed(itemId: string, permissions: ContextMenuPermissions): boolean {
  return (ADMIN_ONLY_ITEMS as readonly string[]).includes(itemId) ? permissions.isAdmin : true;
}

export function buildContext<T>(
  user: ContextMenuUser,
  type: ContextType,
  data?: T,
  options: { subType?: string; ownerId?: string | null } = {},
): ContextMenuContext<T> {
  return { type, subType: options.subType, data, permissions: contextMenuPermissions(user, type, options.ownerId) };
}
