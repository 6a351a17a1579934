import type { Generated } from "kysely";
import type { Cents, DefaultTimestamp, Json, NullableTimestamp } from "./columnTypes.ts";

// Pay periods and adjustments (issue 18, migration 0028, docs/decisions/0037-payroll.md). Merged
// into DB in schema.ts.

/** A period of the pay calendar that something happened to (periods nobody touched are computed, not stored). */
export interface PayPeriodsTable {
  /** Deterministic per company and dates (payroll/periods.ts periodIdOf), so a computed period keeps its id once stored. */
  id: string;
  companyId: string;
  startsOn: string;
  endsOn: string;
  payDate: string | null;
  /** 'open' | 'locked' | 'paid'. */
  status: Generated<string>;
  lockedBy: string | null;
  lockedAt: NullableTimestamp;
  /** Why it was locked with unverified time inside. */
  overrideReason: string | null;
  /** The computed figures at lock (lines, not included entries, totals); null while open. */
  frozen: Json<unknown> | null;
  reopenedBy: string | null;
  reopenedAt: NullableTimestamp;
  reopenReason: string | null;
  paidBy: string | null;
  paidAt: NullableTimestamp;
  /** Its time or pay changed after it was paid: the difference is paid in the next open period. */
  changedAfterPaid: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface PayrollAdjustmentsTable {
  id: string;
  companyId: string;
  periodId: string;
  employeeId: string;
  /** 'bonus' | 'commission' | 'reimbursement' | 'deduction' (ADJUSTMENT_KINDS). */
  kind: string;
  /** Positive; the kind says whether it adds or subtracts. */
  amountCents: Cents;
  reason: string;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface PayrollTables {
  payPeriods: PayPeriodsTable;
  payrollAdjustments: PayrollAdjustmentsTable;
}
