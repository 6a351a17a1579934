import { sql } from "kysely";
import type { AttentionContributor } from "../runtime/attention.ts";

// Employees' requests (docs/decisions/0033): the company's pending ones for those who approve them,
// and the caller's own waiting ones (their requests, swaps offered to them, their join requests).
export const attention: AttentionContributor[] = [
  {
    key: "employeeRequests",
    link: "employee-management/dashboard",
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canApproveTimeOff
        ? eb.selectFrom("requests").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")
        : null,
  },
  {
    key: "myRequests",
    link: "user/my-requests",
    count: (eb, { companyId, userId }) => {
      const joins = eb.selectFrom("joinRequests").select(eb.fn.countAll().as("n")).where("userId", "=", userId).where("status", "=", "PENDING");
      if (!companyId) return joins;
      const own = (side: "r.employeeId" | "r.targetEmployeeId", status: string) =>
        eb
          .selectFrom("requests as r")
          .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "r.companyId").onRef("e.id", "=", side))
          .select(eb.fn.countAll().as("n"))
          .where("r.companyId", "=", companyId)
          .where("e.userId", "=", userId)
          .where("r.status", "=", status);
      return sql`(${joins}) + (${own("r.employeeId", "pending")}) + (${own("r.targetEmployeeId", "offered")})`;
    },
  },
];
