import type { Kysely } from "kysely";
import { DEFAULT_VARIANCE_THRESHOLD_CENTS } from "@tumble/domain/cashLedger";
import type { DB } from "../db/schema.ts";

export interface CashSettings {
  /** Deposits, transfers, expenses and replenishments wait for an approver (withdrawals always do). */
  requireApproval: boolean;
  /** Counts hide the expected figure from the counter unless a count says otherwise. */
  blindCounts: boolean;
  /** A count's variance beyond this (either way) needs a reason and a note. */
  varianceThresholdCents: number;
  /** A second collection of a machine on one date above this needs a second verifier; null: one verifier with a reason. */
  duplicateApprovalCents: number | null;
}

export const DEFAULT_CASH_SETTINGS: CashSettings = {
  requireApproval: false,
  blindCounts: false,
  varianceThresholdCents: DEFAULT_VARIANCE_THRESHOLD_CENTS,
  duplicateApprovalCents: null,
};

/** The company's cash settings; a company that never changed them has the defaults. */
export async function cashSettings(db: Kysely<DB>, companyId: string): Promise<CashSettings> {
  const row = await db.selectFrom("cashSettings").selectAll().where("companyId", "=", companyId).executeTakeFirst();
  if (!row) return { ...DEFAULT_CASH_SETTINGS };
  return {
    requireApproval: row.requireApproval,
    blindCounts: row.blindCounts,
    varianceThresholdCents: Number(row.varianceThresholdCents),
    duplicateApprovalCents: row.duplicateApprovalCents === null ? null : Number(row.duplicateApprovalCents),
  };
}
