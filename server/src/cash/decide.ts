import { notify } from "../notifications/notify.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { postLines } from "./ledger.ts";

// Deciding a pending cash transaction (cashTransactions:approve, reject, cancel): the decision,
// the approved entry's posting and the audit, and the notice to whoever asked for it.

/** The locked pending entry being decided (cashTransactions' lockedEntry). */
interface PendingEntry {
  id: string;
  kind: string;
  requestedBy: string | null;
  amountCents: string | number;
}

export async function decideEntry(ctx: MutationCtx<"member">, entry: PendingEntry, status: "approved" | "rejected" | "cancelled", reason: string | null) {
  const transactionId = entry.id;
  await ctx.db
    .updateTable("cashTransactions")
    .set({ status, decidedBy: ctx.user.id, decidedAt: new Date(), decisionReason: reason })
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", transactionId)
    .execute();
  if (status === "approved") await postLines(ctx.db, ctx.company.id, transactionId);
  await audit(ctx.db, {
    companyId: ctx.company.id,
    actorId: ctx.user.id,
    action: status === "approved" ? "approve" : status === "rejected" ? "reject" : "cancel",
    entity: "cashTransaction",
    entityId: transactionId,
    before: { status: "pending" },
    after: { status, reason },
  });
  // The requester withdrawing their own request needs no notice.
  if (status === "cancelled" || !entry.requestedBy) return;
  const params = { transactionKind: entry.kind, approved: status === "approved", amountCents: Number(entry.amountCents), reason };
  await notify(ctx.db, {
    companyId: ctx.company.id,
    userId: entry.requestedBy,
    kind: "cash.decided",
    params,
    link: `/laundromat/cash-dashboard?open=${transactionId}`,
  });
}
