import { z } from "zod";
import { OVERTIME_PRESETS, PAY_FREQUENCIES, WEEKDAYS } from "./companySettings.ts";
import type { PayType } from "./employees.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// Payroll (issue 18): the contract between the payroll functions and the payroll screens, and the
// pure pay calculation (further below). Gross pay only: taxes and withholding belong to the
// payroll provider. Money is integer cents; minutes are whole minutes of verified time.
//
// How the figures relate (the FLSA "regular rate" method, 29 CFR 778.115):
// - every verified minute worked on a day of the period is paid at straight time, at the rate in
//   effect that day (`regularCents` of a line holds this straight time for ALL hours);
// - overtime is decided per fixed workweek over all stores; its premium (half the week's regular
//   rate per overtime hour, a whole regular rate per double-time hour) is paid in the period in
//   which the workweek ends (`overtimeCents`, `doubleCents` hold those premiums);
// - so a line's wages = regular (straight time) + overtime premium + double premium + salary +
//   bonus + commission; gross = wages + reimbursements − deductions.

export const PAY_PERIOD_STATUSES = ["open", "locked", "paid"] as const;
export type PayPeriodStatus = (typeof PAY_PERIOD_STATUSES)[number];

/** Kinds of a period adjustment: reimbursement is not wages; deduction subtracts from gross. */
export const ADJUSTMENT_KINDS = ["bonus", "commission", "reimbursement", "deduction"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** Largest single adjustment (one million dollars), in cents. */
export const MAX_ADJUSTMENT_CENTS = 100_000_000;
export const PAYROLL_REASON_MAX = 500;

export interface PayPeriodWarnings {
  /** Entries (closed or still open) whose clock-in falls inside the period and that are not approved. */
  unverifiedEntries: number;
  /** Employees with verified time (or salary days) in the period but no rate in effect on some of those days. */
  employeesWithoutRate: number;
  /** Verified minutes beyond the published schedule of the period, summed over employees (absent when not known). */
  overScheduleMinutes?: number;
}

/** One pay period as listed (payPeriods:list) and as the head of its detail. */
export interface PayPeriodSummary {
  id: string;
  /** First day, ISO yyyy-MM-dd, inclusive. */
  startsOn: string;
  /** Last day, ISO yyyy-MM-dd, inclusive. */
  endsOn: string;
  /** The day the provider pays (null: not set). */
  payDate: string | null;
  status: PayPeriodStatus;
  /** Employees with a line in the period (time, salary or adjustments). */
  employeeCount: number;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleMinutes: number;
  /** Overtime and double-time premiums of the period (what overtime costs beyond straight time). */
  overtimeCostCents: number;
  grossCents: number;
  warnings: PayPeriodWarnings;
}

/** An adjustment on one employee's line. amountCents is positive; the kind says how it counts. */
export interface PayAdjustment {
  id: string;
  kind: AdjustmentKind;
  amountCents: number;
  reason: string;
  /** Epoch ms. */
  createdAt: number;
  createdByName: string | null;
}

/** A verified time entry paid on a day (the drill-down under a day). */
export interface PayEntry {
  entryId: string;
  /** Epoch ms. */
  clockInAt: number;
  /** Epoch ms. */
  clockOutAt: number;
  breakMinutes: number;
  /** Worked minutes (clock-in to clock-out less breaks). */
  minutes: number;
}

/**
 * Verified minutes of one business date at one store at one rate (the day an entry belongs to is
 * the date of its clock-in in the store's time zone).
 */
export interface PayDay {
  date: string;
  storeId: string;
  storeName: string;
  /** Hourly rate in effect that date (null: no rate: the minutes are not paid, see warnings). */
  rateCents: number | null;
  minutes: number;
  /** Of those minutes, classified as overtime / double time (their premium is paid when the workweek ends). */
  overtimeMinutes: number;
  doubleMinutes: number;
  /** Straight time of the minutes at the rate, rounded to the cent for display. */
  straightCents: number;
  entries: PayEntry[];
}

/** One fixed 7-day workweek touching the period, decided on all of its days and stores. */
export interface PayWorkweek {
  startsOn: string;
  endsOn: string;
  /** Verified hourly minutes of the whole week (including days outside the period). */
  minutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleMinutes: number;
  /** Straight-time earnings of the whole week, rounded for display. */
  straightTimeCents: number;
  /** Weighted regular rate of the week (straight time / hours), per hour, rounded for display. */
  regularRateCents: number;
  /** Premium of the week: 0.5 × regular rate per overtime hour + 1 × regular rate per double hour, rounded for display. */
  premiumCents: number;
  /** True when the week ends inside this period: its premium is paid here. */
  paidInPeriod: boolean;
}

/** One employee's pay for the period. */
export interface PayLine {
  employeeId: string;
  name: string;
  /** The pay type in effect on the period's last day (or the last rate before it). */
  payType: PayType | null;
  position: string | null;
  /** Statement language (en/es) of the employee. */
  language: "en" | "es";
  /** In-period hourly minutes not classified as overtime or double time. */
  regularMinutes: number;
  /** Overtime minutes of the workweeks ending in the period. */
  overtimeMinutes: number;
  /** Double-time minutes of the workweeks ending in the period (California preset). */
  doubleMinutes: number;
  /** Straight time of every in-period hourly minute at the rate of its day. */
  regularCents: number;
  /** Overtime premium (0.5 × the week's regular rate per hour) of the weeks ending in the period. */
  overtimeCents: number;
  /** Double-time premium (1 × the week's regular rate per hour) of the weeks ending in the period. */
  doubleCents: number;
  /** The salaried part of the period (see the decision record: the salary rate is per period, prorated by day). */
  salaryCents: number;
  adjustments: PayAdjustment[];
  /** regular + overtime + double + salary + bonuses + commissions. */
  wagesCents: number;
  reimbursementCents: number;
  deductionCents: number;
  /** wages + reimbursements − deductions. */
  grossCents: number;
  /** Dates of the period with time or salary but no rate in effect. */
  datesWithoutRate: string[];
  days: PayDay[];
  workweeks: PayWorkweek[];
}

/** An entry inside the period that is not verified, so not paid (blocks locking without an override). */
export interface NotIncludedEntry {
  entryId: string;
  employeeId: string;
  employeeName: string;
  storeName: string;
  clockInAt: number;
  clockOutAt: number | null;
  /** open (still on the clock), pending (waiting for review) or rejected. */
  status: "open" | "pending" | "rejected";
}

/** Who did something to a period, when and why. */
export interface PayPeriodEvent {
  byName: string | null;
  /** Epoch ms. */
  at: number;
  reason: string | null;
}

export interface PayPeriodDetail extends PayPeriodSummary {
  lines: PayLine[];
  notIncluded: NotIncludedEntry[];
  /** Last lock (null while never locked or after a reopen); overrideReason when locked over unverified time. */
  locked: (PayPeriodEvent & { overrideReason: string | null }) | null;
  /** Last reopen (owner, with reason). */
  reopened: PayPeriodEvent | null;
  paid: PayPeriodEvent | null;
  /** True when the figures are the snapshot frozen at lock (locked or paid), not computed now. */
  frozen: boolean;
}

// ---- function arguments (the functions validate with these; the screens' forms may reuse them) ----

const periodId = z.string().min(1).max(64);
const reason = z.string().trim().min(1, "A reason is required").max(PAYROLL_REASON_MAX, `At most ${PAYROLL_REASON_MAX} characters`);

export const periodArgsSchema = z.object({ periodId });
export const lockArgsSchema = z.object({
  periodId,
  /** Required when unverified time is inside the period. */
  overrideReason: reason.optional(),
});
export type LockArgs = z.input<typeof lockArgsSchema>;
export const reopenArgsSchema = z.object({ periodId, reason });
export type ReopenArgs = z.input<typeof reopenArgsSchema>;
export const adjustArgsSchema = z.object({
  periodId,
  employeeId: z.string().min(1).max(64),
  kind: z.enum(ADJUSTMENT_KINDS),
  /** Positive cents; the kind decides whether it adds or subtracts. */
  amountCents: z
    .number("Enter an amount")
    .int("Amounts are whole cents")
    .min(1, "The amount must be more than zero")
    .max(MAX_ADJUSTMENT_CENTS, "The amount is too large"),
  reason,
});
export type AdjustArgs = z.input<typeof adjustArgsSchema>;
export const statementArgsSchema = z.object({ periodId, employeeId: z.string().min(1).max(64) });
export const journalArgsSchema = z
  .object({ from: businessDateSchema, to: businessDateSchema })
  .refine((v) => v.from <= v.to, { message: "The start date must be on or before the end date", path: ["to"] });

/** payroll:getSettings result / payroll:updateSettings args: the payroll fields of the workforce settings section. */
export const payrollSettingsSchema = z.object({
  payFrequency: z.enum(PAY_FREQUENCIES),
  /** First day of a period; weekly and bi-weekly periods count from it (semi-monthly and monthly ignore it). */
  payAnchorDate: businessDateSchema.nullable(),
  workweekStart: z.enum(WEEKDAYS),
  overtimePreset: z.enum(OVERTIME_PRESETS),
});
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export const updatePayrollSettingsSchema = payrollSettingsSchema.partial();
export type UpdatePayrollSettingsArgs = z.input<typeof updatePayrollSettingsSchema>;

/** payroll:statement and payroll:exportCsv / journalCsv results: a file as base64. */
export interface PayrollFile {
  fileName: string;
  contentType: string;
  base64: string;
}
