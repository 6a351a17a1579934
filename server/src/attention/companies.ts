import type { AttentionContributor } from "../runtime/attention.ts";

// Requests to join the company, for those who decide them.
export const attention: AttentionContributor[] = [
  {
    key: "joinRequests",
    link: "company/join-requests",
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canManageJoinRequests
        ? eb.selectFrom("joinRequests").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "PENDING")
        : null,
  },
];
