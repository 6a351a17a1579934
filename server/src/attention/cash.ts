import type { AttentionContributor } from "../runtime/attention.ts";

// The cash ledger on the home's attention list: transactions waiting for approval, and physical
// counts handed in with a difference nobody has accepted or sent back yet (not one's own: another
// person reviews a count, docs/decisions/0060-two-person-rules.md).
export const attention: AttentionContributor[] = [
  {
    key: "cashApprovals",
    link: "laundromat/cash-dashboard",
    count: (eb, { companyId, permissions }) =>
      companyId && (permissions.canExportReports || permissions.canApproveDraws)
        ? eb.selectFrom("cashTransactions").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "pending")
        : null,
  },
  {
    key: "countVariances",
    link: "laundromat/physical-counts",
    count: (eb, { companyId, userId, permissions }) =>
      companyId && permissions.canApproveDraws
        ? eb
            .selectFrom("physicalCounts")
            .select(eb.fn.countAll().as("n"))
            .where("companyId", "=", companyId)
            .where("status", "=", "submitted")
            .where("varianceCents", "<>", 0)
            .where("countedBy", "<>", userId)
        : null,
  },
];
