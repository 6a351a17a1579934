import { z } from "zod";
import { OVERTIME_PRESETS, PAY_FREQUENCIES, WEEKDAYS, type WorkforceSettings } from "./companySettings.ts";
import { rateOn, type PayType, type RateRow } from "./employees.ts";
import { startOfBusinessDay } from "./businessDate.ts";
import { addDays, calculationRange, datesOf, workweekStartOf, type DateRange } from "./payPeriods.ts";
import { workedMinutesOf, type ReviewStatus } from "./timeEntryReview.ts";
import { businessDateSchema } from "./zodSchemas.ts";
import { dateInZone } from "./zonedTime.ts";

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
export const ADJUSTMENT_KINDS = ["bonus", "discretionary_bonus", "commission", "reimbursement", "deduction"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
/**
 * Pay that enters the regular rate (29 CFR 778.117 commissions, 778.208–.210 non-discretionary
 * bonuses); a bonus is non-discretionary unless the employer says otherwise (778.211).
 */
export const REGULAR_RATE_KINDS: readonly AdjustmentKind[] = ["bonus", "commission"];
/** Wages: every kind but reimbursements (not pay) and deductions. */
export const WAGE_KINDS: readonly AdjustmentKind[] = ["bonus", "discretionary_bonus", "commission"];

/** Largest single adjustment (one million dollars), in cents. */
export const MAX_ADJUSTMENT_CENTS = 100_000_000;
export const PAYROLL_REASON_MAX = 500;

export interface PayPeriodWarnings {
  /** Entries (closed or still open) worked in part inside the period that wait for review (open or pending; rejected ones do not count). */
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

/** A period as payPeriods:list gives it: `current` marks the one holding the company's today. */
export interface PayPeriodListItem extends PayPeriodSummary {
  current: boolean;
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
  /**
   * A bonus or commission earned over several workweeks (29 CFR 778.209): the first and last day
   * of the workweeks it covers (absent: the workweeks the period pays).
   */
  coversFrom?: string | null;
  coversTo?: string | null;
}

/**
 * A verified time entry paid on a day (the drill-down under a day). An entry across midnight is
 * listed on each date it touches with the part worked that date: from/to are that part's bounds.
 */
export interface PayEntry {
  entryId: string;
  /** Epoch ms: the later of the clock-in and the date's local midnight. */
  clockInAt: number;
  /** Epoch ms: the earlier of the clock-out and the next local midnight. */
  clockOutAt: number;
  /** The part of the entry's break counted on this date (a punched break on the date it was taken; a corrected total shared in proportion to time). */
  breakMinutes: number;
  /** Worked minutes of this part (its span less its break). */
  minutes: number;
}

/**
 * Verified minutes of one business date at one store at one rate: time is counted on the date it
 * was worked in the store's time zone, an entry across midnight being split there (decision 0048).
 */
export interface PayDay {
  date: string;
  storeId: string;
  storeName: string;
  /** The job the minutes were worked in (null: the profile's own; absent on older frozen figures). */
  jobId?: string | null;
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
  /** The overtime owed on bonuses and commissions, which raise the regular rate (its own line; absent on older frozen figures). */
  bonusPremiumCents?: number;
  /** The salaried part of the period (see the decision record: the salary rate is per period, prorated by day). */
  salaryCents: number;
  adjustments: PayAdjustment[];
  /** regular + overtime + double + premium on bonuses + salary + bonuses + commissions. */
  wagesCents: number;
  reimbursementCents: number;
  deductionCents: number;
  /** wages + reimbursements − deductions. */
  grossCents: number;
  /** Dates of the period with time or salary but no rate in effect. */
  datesWithoutRate: string[];
  days: PayDay[];
  workweeks: PayWorkweek[];
  /** The employee's last day is in this period: their final pay (absent on figures frozen before it existed). */
  finalPay?: boolean;
  /** Differences of periods already paid, paid on this line (included in wages and gross). */
  priorPeriods?: PriorPeriodAdjustment[];
  /** Hours and pay per job, for a person with more than one job (absent otherwise). */
  jobs?: PayJobLine[];
}

/** One job's part of a line: its hours and straight time (overtime is decided on the whole workweek, over all jobs). */
export interface PayJobLine {
  /** null: the profile's own job. */
  jobId: string | null;
  /** The job's title (the profile's position for its own job). */
  title: string | null;
  minutes: number;
  straightCents: number;
  salaryCents: number;
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
export const markPaidArgsSchema = z.object({ periodId, confirmEarlierOpen: z.boolean().optional() });
export const lockArgsSchema = z.object({
  periodId,
  /** Required when unverified time is inside the period, or when it is locked before its last day. */
  overrideReason: reason.optional(),
  /** Goes on although an earlier period with pay in it is still open. */
  confirmEarlierOpen: z.boolean().optional(),
});
export type LockArgs = z.input<typeof lockArgsSchema>;
export const reopenArgsSchema = z.object({ periodId, reason });
export type ReopenArgs = z.input<typeof reopenArgsSchema>;
export const adjustArgsSchema = z
  .object({
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
    /** A bonus or commission earned over earlier workweeks too: the first and last day it covers. */
    coversFrom: businessDateSchema.nullable().optional(),
    coversTo: businessDateSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.coversFrom && !v.coversTo) return;
    if (!v.coversFrom || !v.coversTo) ctx.addIssue({ code: "custom", path: ["coversTo"], message: "Give both the first and the last day it covers" });
    else if (v.coversFrom > v.coversTo) ctx.addIssue({ code: "custom", path: ["coversTo"], message: "The start date must be on or before the end date" });
    else if (daysBetween(v.coversFrom, v.coversTo) > MAX_COVERED_DAYS)
      ctx.addIssue({ code: "custom", path: ["coversTo"], message: `A bonus covers at most ${MAX_COVERED_DAYS} days` });
    if (!REGULAR_RATE_KINDS.includes(v.kind))
      ctx.addIssue({ code: "custom", path: ["coversFrom"], message: "Only a bonus or commission is earned over workweeks" });
  });
export type AdjustArgs = z.input<typeof adjustArgsSchema>;
/** A year and a week: the longest stretch one bonus may be spread over. */
export const MAX_COVERED_DAYS = 371;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
export const statementArgsSchema = z.object({ periodId, employeeId: z.string().min(1).max(64) });
export const journalArgsSchema = z
  .object({ from: businessDateSchema, to: businessDateSchema })
  .refine((v) => v.from <= v.to, { message: "The start date must be on or before the end date", path: ["to"] });

/** payroll:getSettings result / payroll:updateSettings args: the payroll fields of the workforce settings section. */
export const payrollSettingsSchema = z.object({
  payFrequency: z.enum(PAY_FREQUENCIES),
  /** First day of a period; weekly and bi-weekly periods count from it (semi-monthly and monthly ignore it). */
  payAnchorDate: businessDateSchema.nullable(),
  /** Periods that end before this date are not offered (null: the last twelve). */
  payrollStartsOn: businessDateSchema.nullable(),
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

// ---- the pay calculation ----

/** A time entry as the calculation reads it (the server supplies the effective times and review status). */
export interface PayInputEntry {
  id: string;
  employeeId: string;
  storeId: string;
  storeName: string;
  /** The store's IANA time zone: its minutes count on the dates they were worked there (cut at local midnight). */
  timeZone: string;
  clockInAt: number;
  clockOutAt: number | null;
  breakMinutes: number;
  /**
   * The punched breaks (epoch ms), given when the entry's times are its punches: each counts on
   * the date it was taken. Absent (a correction gives only a total), the break is shared among the
   * dates in proportion to time.
   */
  breaks?: { start: number; end: number }[];
  /** reviewStatus() of timeEntryReview.ts: only "approved" is paid. */
  status: ReviewStatus;
  /** The job it was worked in (PayInputEmployee.jobs); null or absent: the profile's own job. */
  jobId?: string | null;
}

/** A further job of an employee with its own rate history (the profile's own job uses PayInputEmployee.rates). */
export interface PayInputJob {
  id: string;
  title: string;
  /** Its last day: no salary after it. */
  endedOn?: string | null;
  rates: readonly RateRow[];
}

export interface PayInputEmployee {
  id: string;
  name: string;
  position: string | null;
  language: "en" | "es";
  /** An employee who is not active is paid salary only through a known end date. */
  active: boolean;
  /** Hire date: no salary before it. */
  employedFrom?: string | null;
  /** End date (a leaver's last day): salary through it, none after; a line of the period holding it is the final pay. */
  employedTo?: string | null;
  /** The profile's own job's rates. */
  rates: readonly RateRow[];
  /** Further jobs (one person, several rates): their hours add up in the workweek with the rest. */
  jobs?: readonly PayInputJob[];
}

export interface PayInputAdjustment extends PayAdjustment {
  employeeId: string;
  /** For one with coversFrom/To: the employee's hours of the covered workweeks and their overtime, as payroll decided them. */
  coverage?: { minutes: number; overtimeMinutes: number; doubleMinutes: number };
}

export interface PayCalculationInput {
  period: DateRange;
  workweekStart: WorkforceSettings["workweekStart"];
  overtimePreset: WorkforceSettings["overtimePreset"];
  employees: readonly PayInputEmployee[];
  /** Entries worked (in part) in calculationRange(period); time outside it is ignored. */
  entries: readonly PayInputEntry[];
  adjustments: readonly PayInputAdjustment[];
}

export interface PayCalculation {
  lines: PayLine[];
  notIncluded: NotIncludedEntry[];
  totals: Omit<PayPeriodSummary, "id" | "startsOn" | "endsOn" | "payDate" | "status">;
}

// Exact rationals over bigint: money stays exact until the one rounding of each figure.
interface Ratio {
  n: bigint;
  d: bigint;
}
const ZERO: Ratio = { n: 0n, d: 1n };
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
function ratio(n: bigint, d: bigint): Ratio {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const plus = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d + b.n * a.d, a.d * b.d);

/** Rounds to a whole number, half away from zero. */
export function roundHalfAwayFromZero(n: bigint, d: bigint): number {
  if (d < 0n) [n, d] = [-n, -d];
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return Number(negative ? -q : q);
}
const round = (r: Ratio) => roundHalfAwayFromZero(r.n, r.d);

const DAY_REGULAR = 8 * 60;
const DAY_DOUBLE = 12 * 60;
const WEEK_REGULAR = 40 * 60;

interface Split {
  regular: number;
  overtime: number;
  double: number;
}

/** Splits `minutes` worked after `before` minutes of the same day by the California daily rules. */
function dailySplit(before: number, minutes: number, seventhDay: boolean): Split {
  const within = (lo: number, hi: number) => Math.max(0, Math.min(before + minutes, hi) - Math.max(before, lo));
  if (seventhDay) return { regular: 0, overtime: within(0, DAY_REGULAR), double: within(DAY_REGULAR, Infinity) };
  return { regular: within(0, DAY_REGULAR), overtime: within(DAY_REGULAR, DAY_DOUBLE), double: within(DAY_DOUBLE, Infinity) };
}

interface PaidEntry {
  entry: PayInputEntry;
  /** The part of the entry worked on `date`. */
  part: EntryPart;
  date: string;
  minutes: number;
  rateCents: number;
  split: Split;
}

/** The part of an entry (or a shift) worked on one business date. */
export interface EntryPart {
  date: string;
  fromAt: number;
  toAt: number;
  breakMinutes: number;
  minutes: number;
}

const MINUTE_MS = 60_000;

/**
 * Cuts an entry at each local midnight of its store's zone, so every minute counts on the date
 * (and in the workweek) it was worked. Minutes are whole as in workedMinutesOf: the parts' spans
 * are cut from the rounded span at the rounded offset of each midnight, so the parts add up to the
 * entry. A punched break counts on the date it was taken (a break across midnight on both dates);
 * a break known only as a total (a correction) is shared in proportion to the parts' spans
 * (rounded cumulatively).
 */
export function datedParts(entry: Pick<PayInputEntry, "clockInAt" | "clockOutAt" | "breakMinutes" | "timeZone" | "breaks">): EntryPart[] {
  const start = entry.clockInAt;
  const end = entry.clockOutAt ?? start;
  const first = dateIn(start, entry.timeZone);
  const whole = { date: first, fromAt: start, toAt: end, breakMinutes: entry.breakMinutes, minutes: workedMinutesOf(entry) };
  // The common case needs no zone arithmetic: clock-out on the clock-in's date (or exactly at its end).
  if (end <= start || dateIn(end - 1, entry.timeZone) === first) return [whole];
  const bounds = [start];
  const dates = [first];
  for (
    let date = addDays(first, 1), at = startOfBusinessDay(date, entry.timeZone);
    at < end;
    date = addDays(date, 1), at = startOfBusinessDay(date, entry.timeZone)
  ) {
    bounds.push(at);
    dates.push(date);
  }
  bounds.push(end);
  const span = Math.round((end - start) / MINUTE_MS);
  const breakTotal = Math.min(entry.breakMinutes, span);
  const offset = (at: number) => Math.min(span, Math.max(0, Math.round((at - start) / MINUTE_MS)));
  const cuts = bounds.map(offset);
  const punched = entry.breaks?.length ? punchedBreakParts(entry.breaks, offset, cuts, breakTotal) : null;
  const breakBy = (minutes: number) => (span ? roundHalfAwayFromZero(BigInt(breakTotal) * BigInt(minutes), BigInt(span)) : 0);
  const parts = dates.map((date, i) => {
    const from = cuts[i];
    const to = cuts[i + 1];
    const breakMinutes = punched ? punched[i] : breakBy(to) - breakBy(from);
    return { date, fromAt: bounds[i], toAt: bounds[i + 1], breakMinutes, minutes: to - from - breakMinutes };
  });
  const worked = parts.filter((p) => p.minutes > 0);
  return worked.length ? worked : [whole];
}

/**
 * Break minutes of each part (between consecutive `cuts`, minute offsets from the clock-in) from
 * the punched breaks: each is laid on the same whole-minute grid as the midnights, clipped to the
 * entry (overlaps counted once). The entry's total is rounded from the exact durations, so laying
 * each break on the grid may differ from it by a minute per break: that minute is given to (or
 * taken from) the part with the most break, the earliest on a tie, that has room. Null when the
 * punches do not account for the total (more than that rounding apart): then the total is shared
 * in proportion to time.
 */
function punchedBreakParts(breaks: { start: number; end: number }[], offset: (at: number) => number, cuts: number[], breakTotal: number): number[] | null {
  const laid = breaks
    .map((b) => [offset(b.start), offset(b.end)] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of laid) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  const parts = cuts.slice(0, -1).map((from, i) => merged.reduce((s, [a, b]) => s + Math.max(0, Math.min(b, cuts[i + 1]) - Math.max(a, from)), 0));
  let difference = breakTotal - parts.reduce((s, p) => s + p, 0);
  if (Math.abs(difference) > breaks.length) return null;
  while (difference !== 0) {
    const step = difference > 0 ? 1 : -1;
    let best = -1;
    for (let i = 0; i < parts.length; i++) {
      const fits = step > 0 ? parts[i] < cuts[i + 1] - cuts[i] : parts[i] > 0;
      if (fits && (best < 0 || parts[i] > parts[best])) best = i;
    }
    // Cannot happen (the total is at most the span and at least zero); kept from looping forever.
    if (best < 0) return null;
    parts[best] += step;
    difference -= step;
  }
  return parts;
}

/**
 * Classifies one employee's verified hourly entries of one workweek, in clock-in order: the
 * California preset first takes daily overtime (over 8 h at 1.5×, over 12 h at 2×; on the seventh
 * consecutive day of the week the first 8 h at 1.5× and the rest at 2×); the weekly rule then turns
 * the regular minutes beyond 40 h into overtime, so daily overtime is never counted twice.
 */
function classifyWeek(entries: Omit<PaidEntry, "split">[], weekDates: string[], preset: WorkforceSettings["overtimePreset"]): PaidEntry[] {
  const sorted = [...entries].sort((a, b) => a.part.fromAt - b.part.fromAt || a.entry.id.localeCompare(b.entry.id));
  const worked = new Set(sorted.filter((e) => e.minutes > 0).map((e) => e.date));
  const allSeven = weekDates.every((d) => worked.has(d));
  const dayTotals = new Map<string, number>();
  let weekRegular = 0;
  return sorted.map((e) => {
    const before = dayTotals.get(e.date) ?? 0;
    dayTotals.set(e.date, before + e.minutes);
    const split: Split =
      preset === "california" ? dailySplit(before, e.minutes, allSeven && e.date === weekDates[6]) : { regular: e.minutes, overtime: 0, double: 0 };
    const overWeek = Math.max(0, Math.min(split.regular, weekRegular + split.regular - WEEK_REGULAR));
    weekRegular += split.regular - overWeek;
    return { ...e, split: { regular: split.regular - overWeek, overtime: split.overtime + overWeek, double: split.double } };
  });
}

const inRange = (date: string, range: DateRange) => date >= range.startsOn && date <= range.endsOn;

const dateIn = dateInZone;

/**
 * Computes a period from verified time, effective-dated rates and adjustments (issue 18
 * "Pay calculation"; decision 0037). Pure: the same input always gives the same figures.
 */
export function calculatePayPeriod(input: PayCalculationInput): PayCalculation {
  const { period } = input;
  const range = calculationRange(period, input.workweekStart);
  const periodDays = datesOf(period);
  const byEmployee = new Map<string, PayInputEntry[]>();
  const notIncluded: NotIncludedEntry[] = [];
  const names = new Map(input.employees.map((e) => [e.id, e.name]));
  for (const entry of input.entries) {
    // The dates the entry was worked on: from its clock-in's to its clock-out's (the instant before it).
    const date = dateIn(entry.clockInAt, entry.timeZone);
    const lastDate = entry.clockOutAt !== null && entry.clockOutAt > entry.clockInAt ? dateIn(entry.clockOutAt - 1, entry.timeZone) : date;
    if (date > range.endsOn || lastDate < range.startsOn) continue;
    if (entry.status !== "approved") {
      // Listed (and blocking the lock) on every period it touches: its time would be paid in each.
      if (date <= period.endsOn && lastDate >= period.startsOn)
        notIncluded.push({
          entryId: entry.id,
          employeeId: entry.employeeId,
          employeeName: names.get(entry.employeeId) ?? "",
          storeName: entry.storeName,
          clockInAt: entry.clockInAt,
          clockOutAt: entry.clockOutAt,
          status: entry.status,
        });
      continue;
    }
    const list = byEmployee.get(entry.employeeId) ?? [];
    list.push(entry);
    byEmployee.set(entry.employeeId, list);
  }
  notIncluded.sort((a, b) => a.clockInAt - b.clockInAt || a.entryId.localeCompare(b.entryId));

  const lines: PayLine[] = [];
  for (const employee of input.employees) {
    const line = employeeLine(employee, byEmployee.get(employee.id) ?? [], input, periodDays);
    if (line) lines.push(line);
  }
  lines.sort((a, b) => a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));

  const sum = (f: (l: PayLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    lines,
    notIncluded,
    totals: {
      employeeCount: lines.length,
      regularMinutes: sum((l) => l.regularMinutes),
      overtimeMinutes: sum((l) => l.overtimeMinutes),
      doubleMinutes: sum((l) => l.doubleMinutes),
      overtimeCostCents: sum((l) => l.overtimeCents + l.doubleCents + (l.bonusPremiumCents ?? 0)),
      grossCents: sum((l) => l.grossCents),
      warnings: {
        unverifiedEntries: notIncluded.filter((e) => e.status !== "rejected").length,
        employeesWithoutRate: lines.filter((l) => l.datesWithoutRate.length > 0).length,
      },
    },
  };
}

function employeeLine(employee: PayInputEmployee, entries: PayInputEntry[], input: PayCalculationInput, periodDays: string[]): PayLine | null {
  const { period } = input;
  const withoutRate = new Set<string>();
  const hourly: Omit<PaidEntry, "split">[] = [];
  // Each job pays at its own rate; all of them are one person's hours in the workweek (29 CFR
  // 778.115: the regular rate is the week's straight time over all jobs / all hours).
  const jobs = new Map((employee.jobs ?? []).map((j) => [j.id, j]));
  const ratesOf = (jobId: string | null | undefined) => (jobId ? (jobs.get(jobId)?.rates ?? []) : employee.rates);
  for (const entry of entries)
    for (const part of datedParts(entry)) {
      const { date, minutes } = part;
      const rate = rateOn(ratesOf(entry.jobId), date);
      if (!rate) {
        if (inRange(date, period) && minutes > 0) withoutRate.add(date);
        continue;
      }
      // Salaried days are exempt: their time is recorded, not paid by the hour.
      if (rate.payType !== "hourly") continue;
      hourly.push({ entry, part, date, minutes, rateCents: rate.rateCents });
    }

  // Workweeks touching the period, each decided on all of its days.
  const weeks = new Map<string, Omit<PaidEntry, "split">[]>();
  for (let w = workweekStartOf(period.startsOn, input.workweekStart); w <= period.endsOn; w = addDays(w, 7)) weeks.set(w, []);
  for (const e of hourly) weeks.get(workweekStartOf(e.date, input.workweekStart))?.push(e);

  const dayBuckets = new Map<string, PayDay & { cm: bigint }>();
  const workweeks: PayWorkweek[] = [];
  let inPeriodCentMinutes = 0n; // minutes × cents per hour: exact straight time ×60
  let overtimePremium = ZERO;
  let doublePremium = ZERO;
  let regularMinutes = 0;
  let overtimeMinutes = 0;
  let doubleMinutes = 0;
  // Hours of the workweeks paid here: a bonus or commission of the period is spread over them.
  let paidWeekMinutes = 0;
  for (const [startsOn, list] of weeks) {
    const endsOn = addDays(startsOn, 6);
    const paidHere = inRange(endsOn, period);
    const classified = classifyWeek(list, datesOf({ startsOn, endsOn }), input.overtimePreset);
    let weekMinutes = 0;
    let weekCm = 0n;
    const weekSplit: Split = { regular: 0, overtime: 0, double: 0 };
    for (const e of classified) {
      weekMinutes += e.minutes;
      weekCm += BigInt(e.minutes) * BigInt(e.rateCents);
      weekSplit.regular += e.split.regular;
      weekSplit.overtime += e.split.overtime;
      weekSplit.double += e.split.double;
      if (!inRange(e.date, period)) continue;
      inPeriodCentMinutes += BigInt(e.minutes) * BigInt(e.rateCents);
      // A week ending after the period is decided in the next one: here its time is straight time only.
      const ot = paidHere ? e.split.overtime : 0;
      const dt = paidHere ? e.split.double : 0;
      regularMinutes += e.minutes - ot - dt;
      const jobId = e.entry.jobId ?? null;
      const key = `${e.date}|${e.entry.storeId}|${jobId ?? ""}|${e.rateCents}`;
      const bucket = dayBuckets.get(key) ?? {
        date: e.date,
        storeId: e.entry.storeId,
        storeName: e.entry.storeName,
        jobId,
        rateCents: e.rateCents,
        minutes: 0,
        overtimeMinutes: 0,
        doubleMinutes: 0,
        straightCents: 0,
        entries: [],
        cm: 0n,
      };
      bucket.minutes += e.minutes;
      bucket.overtimeMinutes += ot;
      bucket.doubleMinutes += dt;
      bucket.cm += BigInt(e.minutes) * BigInt(e.rateCents);
      bucket.entries.push({ entryId: e.entry.id, clockInAt: e.part.fromAt, clockOutAt: e.part.toAt, breakMinutes: e.part.breakMinutes, minutes: e.minutes });
      dayBuckets.set(key, bucket);
    }
    // Regular rate (29 CFR 778.115) = weekCm / 60 / (weekMinutes / 60) cents an hour; the premium
    // is half of it per overtime hour and all of it per double-time hour.
    const otPremium = weekMinutes ? ratio(weekCm * BigInt(weekSplit.overtime), 120n * BigInt(weekMinutes)) : ZERO;
    const dtPremium = weekMinutes ? ratio(weekCm * BigInt(weekSplit.double), 60n * BigInt(weekMinutes)) : ZERO;
    if (paidHere) {
      overtimePremium = plus(overtimePremium, otPremium);
      doublePremium = plus(doublePremium, dtPremium);
      overtimeMinutes += weekSplit.overtime;
      doubleMinutes += weekSplit.double;
      paidWeekMinutes += weekMinutes;
    }
    if (weekMinutes > 0)
      workweeks.push({
        startsOn,
        endsOn,
        minutes: weekMinutes,
        ...{ regularMinutes: weekSplit.regular, overtimeMinutes: weekSplit.overtime, doubleMinutes: weekSplit.double },
        straightTimeCents: roundHalfAwayFromZero(weekCm, 60n),
        regularRateCents: roundHalfAwayFromZero(weekCm, BigInt(weekMinutes)),
        premiumCents: round(plus(otPremium, dtPremium)),
        paidInPeriod: paidHere,
      });
  }

  // Salary: the rate is per pay period; each calendar day of the period on which the person was
  // employed earns 1/length of the rate in effect that day (docs/decisions/0053: a leaver is paid
  // through their last day, a new hire from their first).
  let salary = ZERO;
  const salaryByJob = new Map<string | null, Ratio>();
  const employedOn = (date: string) =>
    (employee.active || Boolean(employee.employedTo)) &&
    (!employee.employedFrom || date >= employee.employedFrom) &&
    (!employee.employedTo || date <= employee.employedTo);
  const allJobs: Array<{ id: string | null; endedOn?: string | null }> = [{ id: null }, ...jobs.values()];
  for (const date of periodDays)
    if (employedOn(date))
      for (const job of allJobs) {
        if (job.endedOn && date > job.endedOn) continue;
        const rate = rateOn(ratesOf(job.id), date);
        if (rate?.payType !== "salary") continue;
        const day = ratio(BigInt(rate.rateCents), BigInt(periodDays.length));
        salary = plus(salary, day);
        salaryByJob.set(job.id, plus(salaryByJob.get(job.id) ?? ZERO, day));
      }

  const adjustments = input.adjustments
    .filter((a) => a.employeeId === employee.id)
    .map(({ employeeId: _employeeId, coverage: _coverage, ...a }) => a)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  // Per job, for a person with several: the hours and straight time of each (the premium stays whole).
  let jobLines: PayJobLine[] | undefined;
  if (jobs.size) {
    const byJob = new Map<string | null, { minutes: number; cm: bigint }>();
    for (const b of dayBuckets.values()) {
      const j = byJob.get(b.jobId ?? null) ?? { minutes: 0, cm: 0n };
      j.minutes += b.minutes;
      j.cm += b.cm;
      byJob.set(b.jobId ?? null, j);
    }
    jobLines = allJobs
      .map((job) => ({
        jobId: job.id,
        title: job.id === null ? employee.position : (jobs.get(job.id)?.title ?? null),
        minutes: byJob.get(job.id)?.minutes ?? 0,
        straightCents: roundHalfAwayFromZero(byJob.get(job.id)?.cm ?? 0n, 60n),
        salaryCents: round(salaryByJob.get(job.id) ?? ZERO),
      }))
      .filter((j) => j.minutes > 0 || j.salaryCents > 0);
  }
  const days = [...dayBuckets.values()]
    .map(({ cm, ...d }) => ({ ...d, straightCents: roundHalfAwayFromZero(cm, 60n), entries: d.entries.sort((a, b) => a.clockInAt - b.clockInAt) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.storeName.localeCompare(b.storeName) || (a.rateCents ?? 0) - (b.rateCents ?? 0));

  const salaryCents = round(salary);
  const hasTime = days.length > 0 || withoutRate.size > 0 || overtimeMinutes + doubleMinutes > 0;
  if (!hasTime && salary.n === 0n && adjustments.length === 0) return null;

  const regularCents = roundHalfAwayFromZero(inPeriodCentMinutes, 60n);
  const overtimeCents = round(overtimePremium);
  const doubleCents = round(doublePremium);
  const total = (kind: AdjustmentKind) => adjustments.filter((a) => a.kind === kind).reduce((s, a) => s + a.amountCents, 0);
  // Bonuses and commissions raise the regular rate of the workweeks they were earned in (29 CFR
  // 778.209: spread over the period's workweeks, here in proportion to their hours), so each
  // overtime hour owes half of the added rate and each double-time hour all of it: B × OT / (2 × hours)
  // + B × DT / hours over the period's paid weeks.
  // One earned over named workweeks (coversFrom/To) is spread over those weeks the same way, with
  // their hours and overtime, wherever they were paid (the extra premium is paid here).
  const premiumOver = (amount: number, weeks: { minutes: number; overtimeMinutes: number; doubleMinutes: number }) =>
    weeks.minutes && amount
      ? plus(
          ratio(BigInt(amount) * BigInt(weeks.overtimeMinutes), 2n * BigInt(weeks.minutes)),
          ratio(BigInt(amount) * BigInt(weeks.doubleMinutes), BigInt(weeks.minutes)),
        )
      : ZERO;
  const paidWeeks = { minutes: paidWeekMinutes, overtimeMinutes, doubleMinutes };
  const bonusPremiumCents = round(
    input.adjustments
      .filter((a) => a.employeeId === employee.id && REGULAR_RATE_KINDS.includes(a.kind))
      .reduce((sum, a) => plus(sum, premiumOver(a.amountCents, a.coversFrom && a.coverage ? a.coverage : paidWeeks)), ZERO),
  );
  const wagesCents = regularCents + overtimeCents + doubleCents + bonusPremiumCents + salaryCents + WAGE_KINDS.reduce((s, k) => s + total(k), 0);
  const reimbursementCents = total("reimbursement");
  const deductionCents = total("deduction");
  const lastRate = rateOn(employee.rates, period.endsOn);
  return {
    employeeId: employee.id,
    name: employee.name,
    payType: lastRate?.payType ?? null,
    position: employee.position,
    language: employee.language,
    regularMinutes,
    overtimeMinutes,
    doubleMinutes,
    regularCents,
    overtimeCents,
    doubleCents,
    bonusPremiumCents,
    salaryCents,
    adjustments,
    wagesCents,
    reimbursementCents,
    deductionCents,
    grossCents: wagesCents + reimbursementCents - deductionCents,
    datesWithoutRate: [...withoutRate].sort(),
    days,
    workweeks,
    finalPay: Boolean(employee.employedTo && period.startsOn <= employee.employedTo && employee.employedTo <= period.endsOn),
    ...(jobLines ? { jobs: jobLines } : {}),
  };
}

/**
 * Pay owed for a period already paid, found when its time changed afterwards: the paid period's
 * figures never move; the difference (recomputed overtime included, for the workweeks it belongs
 * to) is paid in the first open period after it, on the employee's line there.
 */
export interface PriorPeriodAdjustment {
  periodId: string;
  startsOn: string;
  endsOn: string;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleMinutes: number;
  /** Overtime and double-time premiums in the difference. */
  premiumCents: number;
  wagesCents: number;
  reimbursementCents: number;
  deductionCents: number;
  grossCents: number;
}

const PRIOR_FIELDS = [
  "regularMinutes",
  "overtimeMinutes",
  "doubleMinutes",
  "wagesCents",
  "reimbursementCents",
  "deductionCents",
  "grossCents",
] as const satisfies ReadonlyArray<keyof PayLine & keyof PriorPeriodAdjustment>;

/**
 * Per employee: the paid period recomputed now, less what was paid for it then, less what later
 * periods already carried for it. Employees whose difference is nothing are left out.
 */
export function priorPeriodDifferences(
  period: { id: string; startsOn: string; endsOn: string },
  now: readonly PayLine[],
  paid: readonly PayLine[],
  carried: ReadonlyArray<{ employeeId: string; adjustment: PriorPeriodAdjustment }>,
): Array<{ line: PayLine; adjustment: PriorPeriodAdjustment }> {
  const ids = [...new Set([...now, ...paid].map((l) => l.employeeId))].sort();
  const out: Array<{ line: PayLine; adjustment: PriorPeriodAdjustment }> = [];
  for (const id of ids) {
    const a = now.find((l) => l.employeeId === id);
    const b = paid.find((l) => l.employeeId === id);
    const before = carried.filter((c) => c.employeeId === id && c.adjustment.periodId === period.id).map((c) => c.adjustment);
    const diff = (f: (typeof PRIOR_FIELDS)[number]) => (a?.[f] ?? 0) - (b?.[f] ?? 0) - before.reduce((s, c) => s + c[f], 0);
    const premium = (l: PayLine | undefined) => (l ? l.overtimeCents + l.doubleCents + (l.bonusPremiumCents ?? 0) : 0);
    const adjustment: PriorPeriodAdjustment = {
      periodId: period.id,
      startsOn: period.startsOn,
      endsOn: period.endsOn,
      regularMinutes: diff("regularMinutes"),
      overtimeMinutes: diff("overtimeMinutes"),
      doubleMinutes: diff("doubleMinutes"),
      premiumCents: premium(a) - premium(b) - before.reduce((s, c) => s + c.premiumCents, 0),
      wagesCents: diff("wagesCents"),
      reimbursementCents: diff("reimbursementCents"),
      deductionCents: diff("deductionCents"),
      grossCents: diff("grossCents"),
    };
    if (PRIOR_FIELDS.every((f) => adjustment[f] === 0)) continue;
    out.push({ line: (a ?? b)!, adjustment });
  }
  return out;
}

/** A calculation with prior-period differences added to its employees' lines (a line is opened where there is none) and its totals. */
export function withPriorPeriods(calc: PayCalculation, differences: ReadonlyArray<{ line: PayLine; adjustment: PriorPeriodAdjustment }>): PayCalculation {
  if (!differences.length) return calc;
  const lines = calc.lines.map((l) => ({ ...l, priorPeriods: [...(l.priorPeriods ?? [])] }));
  for (const { line, adjustment } of differences) {
    let target = lines.find((l) => l.employeeId === line.employeeId);
    if (!target) {
      target = {
        ...line,
        regularMinutes: 0,
        overtimeMinutes: 0,
        doubleMinutes: 0,
        regularCents: 0,
        overtimeCents: 0,
        doubleCents: 0,
        bonusPremiumCents: 0,
        salaryCents: 0,
        adjustments: [],
        wagesCents: 0,
        reimbursementCents: 0,
        deductionCents: 0,
        grossCents: 0,
        datesWithoutRate: [],
        days: [],
        workweeks: [],
        finalPay: false,
        priorPeriods: [],
      };
      lines.push(target);
    }
    target.priorPeriods!.push(adjustment);
    target.wagesCents += adjustment.wagesCents;
    target.reimbursementCents += adjustment.reimbursementCents;
    target.deductionCents += adjustment.deductionCents;
    target.grossCents += adjustment.grossCents;
  }
  lines.sort((a, b) => a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));
  const sum = (f: (l: PayLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    ...calc,
    lines,
    totals: {
      ...calc.totals,
      employeeCount: lines.length,
      overtimeCostCents: sum(
        (l) => l.overtimeCents + l.doubleCents + (l.bonusPremiumCents ?? 0) + (l.priorPeriods ?? []).reduce((s, p) => s + p.premiumCents, 0),
      ),
      grossCents: sum((l) => l.grossCents),
    },
  };
}
