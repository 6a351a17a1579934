import type { Generated } from "kysely";
import type { Cents, DefaultTimestamp, NullableCents, NullableTimestamp } from "./columnTypes.ts";

// Platform data tools (migration 0031): system admins' balance adjustments and their threshold,
// and the demo seed's mark on companies; the platform changes that wait for a second system
// administrator (migration 0047). Merged into DB in schema.ts.

declare module "./companiesSchema.ts" {
  interface CompaniesTable {
    /** Made by the demo seed: demo:reset may delete and make it again (migration 0031). */
    demoSeed: Generated<boolean>;
  }
}

export interface BalanceAdjustmentsTable {
  id: string;
  companyId: string;
  accountId: string;
  /** Signed: positive adds to the account, negative takes from it. */
  amountCents: Cents;
  reason: string;
  status: "pending" | "posted" | "rejected";
  requestedBy: string;
  requestedAt: DefaultTimestamp;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  decisionReason: string | null;
  /** The ledger's adjustment entry, once posted. */
  transactionId: string | null;
  balanceBeforeCents: NullableCents;
  balanceAfterCents: NullableCents;
}

export interface BalanceAdminSettingsTable {
  id: Generated<boolean>;
  approvalThresholdCents: Generated<string | number>;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

/** A change that gives power, waiting for a second system administrator (migration 0047, decision 0060). */
export interface PlatformChangesTable {
  id: string;
  kind: "globalRole" | "approvalThreshold";
  targetUserId: string | null;
  globalRole: string | null;
  beforeGlobalRole: string | null;
  thresholdCents: NullableCents;
  beforeThresholdCents: NullableCents;
  status: Generated<"pending" | "approved" | "rejected">;
  requestedBy: string;
  requestedAt: DefaultTimestamp;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  decisionReason: string | null;
}

export interface BalanceAdminTables {
  balanceAdjustments: BalanceAdjustmentsTable;
  balanceAdminSettings: BalanceAdminSettingsTable;
  platformChanges: PlatformChangesTable;
}
