import type { BadgeContributor } from "../runtime/badges.ts";

// Cash transactions waiting for approval, for those who approve draws or export reports.
export const badges: BadgeContributor[] = [
  {
    key: "pendingCashTransactions",
    subTab: "laundromat/cash-dashboard",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && (permissions.canExportReports || permissions.canApproveDraws)
        ? eb.selectFrom("cashTransactions").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")
        : null,
  },
];
