import type { BadgeContributor } from "../runtime/badges.ts";

// Inactive stores, for whoever manages stores.
export const badges: BadgeContributor[] = [
  {
    key: "inactiveStores",
    subTab: "company/locations",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canManageStores
        ? eb.selectFrom("stores").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("isActive", "=", false)
        : null,
  },
];
