import type { BadgeContributor } from "../runtime/badges.ts";

// The user's own pending join requests, and the requests a manager decides.
export const badges: BadgeContributor[] = [
  {
    key: "myRequests",
    subTab: "user/my-requests",
    countsTowardTab: true,
    count: (eb, { userId }) => eb.selectFrom("joinRequests").select(eb.fn.countAll().as("n")).where("userId", "=", userId).where("status", "=", "PENDING"),
  },
  {
    key: "joinRequests",
    subTab: "company/join-requests",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canManageJoinRequests
        ? eb.selectFrom("joinRequests").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "PENDING")
        : null,
  },
];
