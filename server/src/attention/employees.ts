import { sql } from "kysely";
import type { AttentionContributor } from "../runtime/attention.ts";

// Self-registrations waiting for their profile to be completed and link requests waiting for a
// manager (not one's own), for those who manage employees: both are dealt with on the profiles.
export const attention: AttentionContributor[] = [
  {
    key: "employeesToComplete",
    link: "employee-management/profiles",
    count: (eb, { companyId, userId, permissions }) =>
      companyId && permissions.canManageEmployees
        ? sql`(${eb.selectFrom("employees").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")}) + (${eb
            .selectFrom("employeeLinkRequests")
            .select(eb.fn.countAll().as("n"))
            .where("companyId", "=", companyId)
            .where("status", "=", "pending")
            .where("method", "=", "approval")
            .where("userId", "<>", userId)})`
        : null,
  },
];
