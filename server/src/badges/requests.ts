import type { BadgeContributor } from "../runtime/badges.ts";

// Employees' requests (docs/decisions/0033): the caller's own pending ones on user/my-requests
// (beside the join-request count on the same sub-tab, so the user tab counts every pending request
// of the user), swaps offered to the caller, and the company's pending ones for approvers on the employee-management dashboard.
type Count = BadgeContributor["count"];

/** Requests in `status` whose `side` (the requester, or the coworker offered a swap) is the caller's profile. */
const callersRequests =
  (side: "r.employeeId" | "r.targetEmployeeId", status: "pending" | "offered"): Count =>
  (eb, { companyId, userId }) =>
    companyId
      ? eb
          .selectFrom("requests as r")
          .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "r.companyId").onRef("e.id", "=", side))
          .select(eb.fn.countAll().as("n"))
          .where("r.companyId", "=", companyId)
          .where("e.userId", "=", userId)
          .where("r.status", "=", status)
      : null;

export const badges: BadgeContributor[] = [
  { key: "myEmployeeRequests", subTab: "user/my-requests", countsTowardTab: true, count: callersRequests("r.employeeId", "pending") },
  // A swap offered to the caller waits for their answer before any approver sees it.
  { key: "swapOffersToMe", subTab: "user/my-requests", countsTowardTab: true, count: callersRequests("r.targetEmployeeId", "offered") },
  {
    key: "pendingEmployeeRequests",
    subTab: "employee-management/dashboard",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canApproveTimeOff
        ? eb.selectFrom("requests").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")
        : null,
  },
];
