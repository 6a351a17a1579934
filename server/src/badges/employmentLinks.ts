import type { BadgeContributor } from "../runtime/badges.ts";

// Link requests waiting for a manager's approval (issue 31), on the profiles sub-tab, for those
// who manage employees; one's own request is not counted (another manager decides it).
export const badges: BadgeContributor[] = [
  {
    key: "pendingEmployeeLinks",
    subTab: "employee-management/profiles",
    countsTowardTab: true,
    count: (eb, { companyId, userId, permissions }) =>
      companyId && permissions.canManageEmployees
        ? eb
            .selectFrom("employeeLinkRequests")
            .select(eb.fn.countAll().as("n"))
            .where("companyId", "=", companyId)
            .where("status", "=", "pending")
            .where("method", "=", "approval")
            .where("userId", "<>", userId)
        : null,
  },
];
