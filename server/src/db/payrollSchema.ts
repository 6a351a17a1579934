import type { Generated } from "kysely";
import type { Cents, DefaultTimestamp, Json, NullableTimestamp, Timestamp } from "./columnTypes.ts";

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
  /** The newest lock's version (pay_period_versions); 0 before the first lock (migration 0039). */
  version: Generated<number>;
  createdAt: DefaultTimestamp;
}

/** One lock of a period: its frozen figures, kept after a reopen (migration 0039). */
export interface PayPeriodVersionsTable {
  companyId: string;
  periodId: string;
  version: number;
  frozen: Json<unknown>;
  grossCents: Cents;
  lockedBy: string | null;
  lockedAt: Timestamp;
  lockReason: string | null;
  reopenedBy: string | null;
  reopenedAt: NullableTimestamp;
  reopenReason: string | null;
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
  /** A bonus or commission earned over several workweeks: the first and last day they cover (migration 0041). */
  coversFrom: string | null;
  coversTo: string | null;
}

export interface PayrollTables {
  payPeriods: PayPeriodsTable;
  payrollAdjustments: PayrollAdjustmentsTable;
  payPeriodVersions: PayPeriodVersionsTable;
}

// The person's id at the payroll provider (migration 0039), declared beside the payroll tables
// that use it so the employees module's file is left to its own changes.
declare module "./employeesSchema.ts" {
  interface EmployeesTable {
    payrollExternalId: string | null;
  }
}
