import { sql, type Kysely } from "kysely";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { moveLegs, needsApproval } from "@tumble/domain/cashLedger";
import { ledgerAccountId } from "../cash/accounts.ts";
import { createEntry } from "../cash/ledger.ts";
import { cashSettings } from "../cash/settings.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// Bank lines nobody deposited — a service fee, interest, a charge — are booked from the statement
// (issue 29), so the bank account in the books follows the statement: a debit to an expense of a
// category, a credit to other income. The entry needs approval as an expense does. A line stays
// booked while its entry is pending or approved and not reversed; a rejected, cancelled or
// reversed booking frees the line again.

/** SQL: the line's booking stands (pending or approved, not reversed). `l` is the bank line. */
export const lineBooked = sql<boolean>`exists (
  select 1 from cash_transactions bt
   where bt.company_id = l.company_id and bt.id = l.booking_id and bt.status in ('pending', 'approved')
     and not exists (select 1 from cash_transactions br where br.company_id = bt.company_id and br.reverses_id = bt.id))`;

/** The standing bookings of the given lines. */
export async function standingBookings(db: Kysely<DB>, companyId: string, lineIds: string[]) {
  if (!lineIds.length) return new Map<string, { transactionId: string; status: string; category: string | null }>();
  const rows = await db
    .selectFrom("bankLines as l")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "l.companyId").onRef("t.id", "=", "l.bookingId"))
    .select(["l.id", "t.id as transactionId", "t.status", "t.category"])
    .where("l.companyId", "=", companyId)
    .where("l.id", "in", lineIds)
    .where(lineBooked)
    .execute();
  return new Map(rows.map((r) => [r.id, { transactionId: r.transactionId, status: r.status, category: r.category }]));
}

/** Books a locked bank line: returns the entry and whether it waits for approval. */
export async function bookLine(
  db: Kysely<DB>,
  companyId: string,
  line: { id: string; accountId: string; date: string; description: string; amountCents: number },
  category: string | undefined,
  actorId: string,
): Promise<{ transactionId: string; status: "pending" | "approved" }> {
  const matched = await db
    .selectFrom("bankLineMatches")
    .select("transactionId")
    .where("companyId", "=", companyId)
    .where("bankLineId", "=", line.id)
    .executeTakeFirst();
  if (matched) throw refused(reconciliationRefusal("lineMatched"));
  if ((await standingBookings(db, companyId, [line.id])).size) throw refused(reconciliationRefusal("lineBooked"));
  const debit = line.amountCents < 0;
  if (debit && !category) throw refused(reconciliationRefusal("needsCategory"));
  const legs = debit
    ? moveLegs(line.accountId, await ledgerAccountId(db, companyId, "expense", category!), -line.amountCents)
    : moveLegs(await ledgerAccountId(db, companyId, "other_income"), line.accountId, line.amountCents);
  const { requireApproval } = await cashSettings(db, companyId);
  const status = needsApproval("expense", requireApproval) ? "pending" : "approved";
  const transactionId = await createEntry(db, {
    companyId,
    kind: "bank_entry",
    status,
    storeId: null,
    businessDate: line.date,
    legs,
    description: `Bank statement ${line.date}: ${line.description}`,
    requestedBy: actorId,
    category: debit ? category! : null,
  });
  await db.updateTable("bankLines").set({ bookingId: transactionId }).where("companyId", "=", companyId).where("id", "=", line.id).execute();
  return { transactionId, status };
}
