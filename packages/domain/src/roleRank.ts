import type { CompanyRole } from "./permissions.ts";

// Who may hand out which role: nobody grants or changes a role above their own.
export const ROLE_RANK: Record<CompanyRole, number> = {
  MEMBER: 1,
  MANAGING_MEMBER: 2,
  STAFF: 2,
  SUPERVISOR: 3,
  MANAGER: 4,
  ADMIN: 5,
  OWNER: 6,
};

export function canAssignRole(actorRole: string | null | undefined, target: CompanyRole, actorIsSystemAdmin = false): boolean {
  if (actorIsSystemAdmin) return true;
  const rank = ROLE_RANK[actorRole as CompanyRole];
  return rank !== undefined && ROLE_RANK[target] <= rank;
}
