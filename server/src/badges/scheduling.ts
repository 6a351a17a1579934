import type { BadgeContributor } from "../runtime/badges.ts";

// Schedule changes a publish told the caller of that they have not seen yet (their own employee
// profile in the active company), on their employment screen, where their shifts are listed.
export const badges: BadgeContributor[] = [
  {
    key: "unseenScheduleChanges",
    subTab: "user/employment",
    countsTowardTab: true,
    count: (eb, { companyId, userId }) =>
      companyId
        ? eb
            .selectFrom("shiftNotices as n")
            .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "n.companyId").onRef("e.id", "=", "n.employeeId"))
            .select(eb.fn.countAll().as("n"))
            .where("n.companyId", "=", companyId)
            .where("e.userId", "=", userId)
            .where("n.seenAt", "is", null)
        : null,
  },
];
