import { accessDeniedMessage, ACCESS_ACTIONS, type PermissionFlag } from "./permissions.ts";
import { refusalTable } from "./refusals.ts";

// What the access checks refuse (spec section 6), in English (what the server sends) and Spanish,
// with codes "access.<key>" (refusals.ts): no session, a permission flag the caller lacks, a role
// the caller may not grant, and a member ranked above the caller.

/** Spanish for "You don't have permission to {action}", one per flag. */
const DENIED_ES: Record<PermissionFlag, string> = {
  canVerify: "No tienes permiso para verificar recaudaciones",
  canManageStores: "No tienes permiso para gestionar tiendas",
  canExportReports: "No tienes permiso para exportar informes",
  canManageUsers: "No tienes permiso para gestionar usuarios",
  canImportData: "No tienes permiso para importar datos",
  canManageMembers: "No tienes permiso para gestionar miembros",
  canApproveDraws: "No tienes permiso para aprobar retiros de efectivo",
  canManageJoinRequests: "No tienes permiso para gestionar solicitudes de ingreso",
  canManageEmployees: "No tienes permiso para gestionar empleados",
  canManageSchedules: "No tienes permiso para gestionar horarios",
  canViewTimeClocks: "No tienes permiso para ver los relojes de fichaje",
  canManageKiosks: "No tienes permiso para gestionar quioscos",
  canApproveTimeOff: "No tienes permiso para aprobar tiempo libre",
  isMember: "No tienes acceso de miembro",
  isManagingMember: "No tienes acceso de miembro gestor",
  isAdmin: "No tienes acceso de administrador",
  isSystemAdmin: "No tienes acceso de administrador del sistema",
  isSuperAdmin: "No tienes acceso de superadministrador",
  hasCompanyMembership: "No perteneces a ninguna empresa",
};

/** The roles' Spanish names, as the screens show them (common:roles). */
const ROLE_ES: Record<string, string> = {
  MEMBER: "Miembro",
  MANAGING_MEMBER: "Miembro gestor",
  STAFF: "Personal",
  SUPERVISOR: "Supervisor",
  MANAGER: "Gerente",
  ADMIN: "Administrador",
  OWNER: "Propietario",
};

const knownFlag = (flag: string | undefined): PermissionFlag | null => (flag && Object.hasOwn(ACCESS_ACTIONS, flag) ? (flag as PermissionFlag) : null);

const ACCESS_TABLE = refusalTable("access", {
  notSignedIn: { en: "Not signed in", es: "No has iniciado sesión" },
  /** A permission flag the caller lacks; without a known flag, "this feature". */
  denied: {
    en: ({ flag }: { flag?: string }) => accessDeniedMessage(flag),
    es: ({ flag }: { flag?: string }) => {
      const known = knownFlag(flag);
      return known ? DENIED_ES[known] : "No tienes permiso para usar esta función";
    },
  },
  cannotGrantRole: {
    en: ({ role }: { role: string }) => `You cannot grant the ${role} role`,
    es: ({ role }: { role: string }) => `No puedes otorgar el rol ${ROLE_ES[role] ?? role}`,
  },
  higherRole: { en: "You cannot change a member with a higher role than yours", es: "No puedes cambiar a un miembro con un rol superior al tuyo" },
});

export const ACCESS_REFUSAL_TEXTS = ACCESS_TABLE.texts;
/** A refusal for the server to throw, with its code ("access.<key>"). */
export const accessRefusal = ACCESS_TABLE.refusal;

/** The refusal of a permission flag the caller lacks (none: "this feature"), with its code access.denied. */
export const accessDenied = (flag?: string) => ACCESS_TABLE.refusal("denied", flag ? { flag } : {});
