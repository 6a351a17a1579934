import type { Kysely } from "kysely";
import { cashRefusal } from "@tumble/domain/cashLedger";
import { addDays } from "@tumble/domain/datePresets";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// Closed periods (reconciliation closes them) accept no posting: a rule of the ledger, so the
// ledger owns it and reconciliation depends on cash, never the other way.

/**
 * Refuses an entry of a store dated inside one of its closed periods. The store's row is key-share-locked
 * first: closing a period takes it for update, so a posting and a close never pass each other.
 */
export async function assertPeriodOpen(db: Kysely<DB>, companyId: string, storeId: string | null, businessDate: string): Promise<void> {
  if (!storeId) return;
  await db.selectFrom("stores").select("id").where("companyId", "=", companyId).where("id", "=", storeId).forKeyShare().executeTakeFirst();
  const closed = await closedPeriodHolding(db, companyId, storeId, businessDate);
  if (closed) throw refused(cashRefusal("closedPeriod", { from: closed.from, to: closed.to }));
}

import { isoDate } from "../db/isoDate.ts";

export { isoDate };

/**
 * The first day on or after `businessDate` outside every closed period of the store: where a
 * correction of something dated in a closed period is posted, so the closed figures never move.
 */
export async function firstOpenDate(
  db: Kysely<DB>,
  companyId: string,
  storeId: string,
  businessDate: string,
): Promise<{ date: string; closed: { from: string; to: string } | null }> {
  let date = businessDate;
  let closed: { from: string; to: string } | null = null;
  for (;;) {
    const period = await closedPeriodHolding(db, companyId, storeId, date);
    if (!period) return { date, closed };
    closed ??= period;
    date = addDays(period.to, 1);
  }
}

/** The store's closed period that holds `businessDate`, if any. */
async function closedPeriodHolding(db: Kysely<DB>, companyId: string, storeId: string, businessDate: string): Promise<{ from: string; to: string } | null> {
  const period = await db
    .selectFrom("reconciliations")
    .select(["fromDate", "toDate"])
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("status", "=", "closed")
    .where("fromDate", "<=", businessDate)
    .where("toDate", ">=", businessDate)
    .executeTakeFirst();
  return period ? { from: isoDate(period.fromDate), to: isoDate(period.toDate) } : null;
}
