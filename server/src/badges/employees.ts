import type { BadgeContributor } from "../runtime/badges.ts";

// Self-registrations waiting for a manager to complete the profile, for those who manage employees.
export const badges: BadgeContributor[] = [
  {
    key: "pendingEmployeeRegistrations",
    subTab: "employee-management/profiles",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canManageEmployees
        ? eb.selectFrom("employees").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")
        : null,
  },
];
