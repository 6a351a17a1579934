import type { Kysely } from "kysely";
import { toCsv } from "@tumble/domain/csv";
import { centsToDollarString } from "@tumble/domain/money";
import { roundHalfAwayFromZero, type PayLine } from "@tumble/domain/payroll";
import type { DateRange } from "@tumble/domain/payPeriods";
import type { DB } from "../db/schema.ts";

// The provider export and the accounting journal (docs/decisions/0037-payroll.md lists the
// columns). Plain UTF-8 without a byte-order mark: these files are read by the provider's and the
// ledger's importers. Formula-looking text is escaped (a name starting with "=" stays text), a
// negative amount ("-5.00", a deduction beyond the wages) is not.

/** Minutes as hours with two decimals, rounded half away from zero: 165 → "2.75", 50 → "0.83". */
export function hoursText(minutes: number): string {
  return centsToDollarString(roundHalfAwayFromZero(BigInt(minutes) * 100n, 60n));
}
const money = (cents: number) => centsToDollarString(cents);

export const PROVIDER_COLUMNS = [
  "employee_id",
  "employee_name",
  "pay_type",
  "period_start",
  "period_end",
  "regular_hours",
  "overtime_hours",
  "double_hours",
  "hourly_rates",
  "regular_rate",
  "overtime_rate",
  "double_rate",
  "straight_time_pay",
  "overtime_premium",
  "double_premium",
  "salary",
  "bonus",
  "commission",
  "reimbursement",
  "deduction",
  "gross",
  // Added with versions (decision 0054): which lock's figures these are; empty while the period is open.
  "version",
] as const;

/** The weighted regular rate of the workweeks paid in the period (straight time over hours), in cents an hour. */
function regularRateCents(line: PayLine): number {
  const paid = line.workweeks.filter((w) => w.paidInPeriod && w.minutes > 0);
  const minutes = paid.reduce((s, w) => s + w.minutes, 0);
  if (!minutes) return 0;
  // From the weeks' rates (each rounded to the cent): for the provider's information; the pay columns are exact.
  const cm = paid.reduce((s, w) => s + BigInt(w.regularRateCents) * BigInt(w.minutes), 0n);
  return roundHalfAwayFromZero(cm, BigInt(minutes));
}

export function providerCsv(period: DateRange, lines: PayLine[], version: number | null = null): string {
  const sum = (l: PayLine, kind: string) => l.adjustments.filter((a) => a.kind === kind).reduce((s, a) => s + a.amountCents, 0);
  return toCsv(
    [...PROVIDER_COLUMNS],
    lines.map((l) => {
      const rates = [...new Set(l.days.map((d) => d.rateCents).filter((r): r is number => r !== null))].sort((a, b) => a - b);
      const rr = regularRateCents(l);
      return [
        l.employeeId,
        l.name,
        l.payType ?? "",
        period.startsOn,
        period.endsOn,
        hoursText(l.regularMinutes),
        hoursText(l.overtimeMinutes),
        hoursText(l.doubleMinutes),
        rates.map(money).join("|"),
        money(rr),
        money(roundHalfAwayFromZero(BigInt(rr) * 3n, 2n)),
        money(rr * 2),
        money(l.regularCents),
        // The provider has one premium column: the premium on bonuses and commissions is overtime too.
        money(l.overtimeCents + (l.bonusPremiumCents ?? 0)),
        money(l.doubleCents),
        money(l.salaryCents),
        money(sum(l, "bonus") + sum(l, "discretionary_bonus")),
        money(sum(l, "commission")),
        money(l.reimbursementCents),
        money(l.deductionCents),
        money(l.grossCents),
        version === null ? "" : String(version),
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Provider presets (docs/decisions/0054-payroll-outputs.md). Each writes the provider's documented
// import columns, naming people by their provider id (employees.payroll_external_id). Hours go as
// regular / overtime / double time; what a provider cannot derive from hours (the premium on
// bonuses and commissions, pay carried from an earlier paid period) goes as one correction amount.
// Earnings codes and pay component names are set up per company at the provider: the ones below
// are common defaults that the company matches to its own setup.
// ---------------------------------------------------------------------------------------------

export interface PresetInput {
  period: DateRange;
  /** The version of the frozen figures; null while the period is open. */
  version: number | null;
  lines: PayLine[];
  /** Employee id → the person's id at the provider. */
  externalIds: Map<string, string>;
  /** The company's code at the provider (ADP Co Code, Paychex Client ID). */
  clientCode: string | null;
}

const kindSum = (l: PayLine, ...kinds: string[]) => l.adjustments.filter((a) => kinds.includes(a.kind)).reduce((s, a) => s + a.amountCents, 0);
/** Money a provider cannot compute from hours: the premium on bonuses and commissions and late pay for earlier periods. */
const correctionCents = (l: PayLine) => (l.bonusPremiumCents ?? 0) + (l.priorPeriods ?? []).reduce((s, p) => s + p.wagesCents, 0);
/** Blank for zero: at Gusto a zero overwrites what was entered, a blank leaves it (its CSV upload article). */
const amountOrBlank = (cents: number) => (cents ? money(cents) : "");
const hoursOrBlank = (minutes: number) => (minutes ? hoursText(minutes) : "");
const personId = (input: PresetInput, l: PayLine) => input.externalIds.get(l.employeeId) ?? l.employeeId;
const note = (input: PresetInput) =>
  `Payroll ${input.period.startsOn} to ${input.period.endsOn}${input.version === null ? " (not final)" : `, version ${input.version}`}`;

/** "Ana María Peña" → ["Ana María", "Peña"]: the last word is the last name (a provider matches names only when its id is absent). */
function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  return words.length < 2 ? [words[0] ?? "", ""] : [words.slice(0, -1).join(" "), words.at(-1)!];
}

/**
 * Gusto, "Upload payroll data with a CSV" (support.gusto.com, article 999914471): the identity
 * columns first_name, last_name and gusto_employee_id are spelled there as below. The earnings
 * columns are listed there by label (Regular hours, Overtime hours, Bonus, Commission, Correction
 * payment, Reimbursement, Personal note); their exact titles in Gusto's downloadable template could
 * not be verified from public pages and follow the same snake_case spelling. Gusto pays the hours at
 * the rate it holds and has no deduction column (deductions are entered in Gusto; the export warns).
 */
export const GUSTO_COLUMNS = [
  "first_name",
  "last_name",
  "gusto_employee_id",
  "regular_hours",
  "overtime_hours",
  "double_overtime_hours",
  "bonus",
  "commission",
  "correction_payment",
  "reimbursement",
  "personal_note",
] as const;

export function gustoCsv(input: PresetInput): string {
  return toCsv(
    [...GUSTO_COLUMNS],
    input.lines.map((l) => {
      const [first, last] = splitName(l.name);
      return [
        first,
        last,
        input.externalIds.get(l.employeeId) ?? "",
        hoursOrBlank(l.regularMinutes),
        hoursOrBlank(l.overtimeMinutes),
        hoursOrBlank(l.doubleMinutes),
        amountOrBlank(kindSum(l, "bonus", "discretionary_bonus")),
        amountOrBlank(kindSum(l, "commission")),
        amountOrBlank(correctionCents(l)),
        amountOrBlank(l.reimbursementCents),
        note(input),
      ];
    }),
  );
}

/**
 * ADP Workforce Now paydata import (EPI), "Automated Paydata Integration" (apps.adp.com): Co Code,
 * Batch ID and File # first, then hours, Temp Rate, earnings and an adjust deduction. Column titles
 * as third-party exporters write them for ADP's CSV layout; the file is named PR<co code>EPI.csv
 * when uploaded. Temp Rate carries the period's regular rate (straight time over hours), so ADP's
 * time and a half is computed from the same rate; ADP codes are set up per company (defaults below).
 */
export const ADP_COLUMNS = [
  "Co Code",
  "Batch ID",
  "File #",
  "Temp Rate",
  "Reg Hours",
  "O/T Hours",
  "Hours 3 Code",
  "Hours 3 Amount",
  "Reg Earnings",
  "Earnings 3 Code",
  "Earnings 3 Amount",
  "Earnings 4 Code",
  "Earnings 4 Amount",
  "Earnings 5 Code",
  "Earnings 5 Amount",
  "Adjust Ded Code",
  "Adjust Ded Amount",
] as const;
/** Common ADP codes; each company matches them to its own earnings and deduction codes. */
export const ADP_CODES = { double: "D", bonus: "B", commission: "C", reimbursement: "R", correction: "A", deduction: "M" } as const;

export function adpCsv(input: PresetInput): string {
  const batch = `T${input.period.startsOn.replaceAll("-", "").slice(2)}`;
  const rows: string[][] = [];
  for (const l of input.lines) {
    const rr = regularRateCents(l);
    const extra = [
      [ADP_CODES.bonus, kindSum(l, "bonus", "discretionary_bonus")],
      [ADP_CODES.commission, kindSum(l, "commission")],
      [ADP_CODES.reimbursement, l.reimbursementCents],
      [ADP_CODES.correction, correctionCents(l)],
    ].filter(([, cents]) => cents) as [string, number][];
    // Three earnings slots a line: a fourth earning goes on a second line for the same File #.
    const chunks = extra.length ? [extra.slice(0, 3), ...(extra.length > 3 ? [extra.slice(3)] : [])] : [[]];
    chunks.forEach((earnings, i) => {
      const first = i === 0;
      const slot = (n: number) => (earnings[n] ? [earnings[n][0], money(earnings[n][1])] : ["", ""]);
      rows.push([
        input.clientCode ?? "",
        batch,
        personId(input, l),
        first && rr ? money(rr) : "",
        first ? hoursOrBlank(l.regularMinutes) : "",
        first ? hoursOrBlank(l.overtimeMinutes) : "",
        first && l.doubleMinutes ? ADP_CODES.double : "",
        first ? hoursOrBlank(l.doubleMinutes) : "",
        first ? amountOrBlank(l.salaryCents) : "",
        ...slot(0),
        ...slot(1),
        ...slot(2),
        first && l.deductionCents ? ADP_CODES.deduction : "",
        first ? amountOrBlank(l.deductionCents) : "",
      ]);
    });
  }
  return toCsv([...ADP_COLUMNS], rows);
}

/**
 * Paychex Flex, SPI import specification (myapps.paychex.com, "SPI Specification Sheet"): one line
 * per pay component, columns A–P as below. Rate "always overrides any value set up on the
 * employee", so hour lines carry the period's regular rate (1.5× and 2× for overtime and double
 * time) and Paychex pays what was computed here (to the cent of the rounded rate). Pay component
 * names are the company's own in Paychex (defaults below); Line Date is the period's last day.
 */
export const PAYCHEX_COLUMNS = [
  "Client ID",
  "Worker ID",
  "Org",
  "Job Number",
  "Pay Component",
  "Rate",
  "Rate Number",
  "Hours",
  "Units",
  "Line Date",
  "Amount",
  "Check Seq Number",
  "Override State",
  "Override Local",
  "Override Local Jurisdiction",
  "Labor Assignment",
] as const;
export const PAYCHEX_COMPONENTS = {
  regular: "Hourly",
  overtime: "Overtime",
  double: "Double Time",
  salary: "Salary",
  bonus: "Bonus",
  commission: "Commission",
  reimbursement: "Reimbursement",
  correction: "Adjustment",
  deduction: "Deduction",
} as const;

export function paychexCsv(input: PresetInput): string {
  const rows: string[][] = [];
  for (const l of input.lines) {
    const rr = regularRateCents(l);
    const line = (component: string, rateCents: number | null, minutes: number | null, cents: number | null) =>
      rows.push([
        input.clientCode ?? "",
        personId(input, l),
        "",
        "",
        component,
        rateCents === null ? "" : money(rateCents),
        "",
        minutes === null ? "" : hoursText(minutes),
        "",
        input.period.endsOn,
        cents === null ? "" : money(cents),
        "",
        "",
        "",
        "",
        "",
      ]);
    if (l.regularMinutes) line(PAYCHEX_COMPONENTS.regular, rr, l.regularMinutes, null);
    if (l.overtimeMinutes) line(PAYCHEX_COMPONENTS.overtime, roundHalfAwayFromZero(BigInt(rr) * 3n, 2n), l.overtimeMinutes, null);
    if (l.doubleMinutes) line(PAYCHEX_COMPONENTS.double, rr * 2, l.doubleMinutes, null);
    if (l.salaryCents) line(PAYCHEX_COMPONENTS.salary, null, null, l.salaryCents);
    const amounts: [string, number][] = [
      [PAYCHEX_COMPONENTS.bonus, kindSum(l, "bonus", "discretionary_bonus")],
      [PAYCHEX_COMPONENTS.commission, kindSum(l, "commission")],
      [PAYCHEX_COMPONENTS.reimbursement, l.reimbursementCents],
      [PAYCHEX_COMPONENTS.correction, correctionCents(l)],
      [PAYCHEX_COMPONENTS.deduction, l.deductionCents],
    ];
    for (const [component, cents] of amounts) if (cents) line(component, null, null, cents);
  }
  return toCsv([...PAYCHEX_COLUMNS], rows);
}

export const JOURNAL_COLUMNS = ["date", "account", "debit", "credit", "memo", "class"] as const;
export const PAYROLL_ACCOUNTS = {
  expense: "Payroll Expense",
  reimbursements: "Employee Reimbursements",
  payable: "Wages Payable",
  deductions: "Payroll Deductions Payable",
} as const;

interface JournalRow {
  date: string;
  account: string;
  amountCents: number;
  memo: string;
  className: string;
}

/** Splits `total` over weights by largest remainder, so the parts add up exactly. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!sum) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.trunc(x));
  let rest = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest === 0) break;
    const step = Math.sign(rest);
    parts[i] += step;
    rest -= step;
  }
  return parts;
}

/**
 * One period's accrual, by store (class): Payroll Expense (wages) and Employee Reimbursements
 * debited, Wages Payable (gross) and Payroll Deductions Payable credited, dated the period's last
 * day. A line's wages go to its stores in proportion to its minutes there; a line without time
 * (salary, adjustments only) has no class.
 */
export function payrollJournalRows(period: DateRange, lines: PayLine[], version: number | null = null): JournalRow[] {
  // The memo names the version of the frozen figures (decision 0054), so a re-lock is told apart.
  const memo = `Payroll ${period.startsOn} to ${period.endsOn}${version === null ? "" : `, version ${version}`}`;
  const totals = new Map<string, number>();
  const add = (account: string, className: string, cents: number) => {
    if (!cents) return;
    const key = `${account}\u0000${className}`;
    totals.set(key, (totals.get(key) ?? 0) + cents);
  };
  for (const l of lines) {
    const byStore = new Map<string, number>();
    for (const d of l.days) byStore.set(d.storeName, (byStore.get(d.storeName) ?? 0) + d.minutes);
    const stores = [...byStore.keys()].sort();
    const classes = stores.length ? stores : [""];
    const weights = stores.length ? stores.map((s) => byStore.get(s)!) : [1];
    const main = classes[weights.indexOf(Math.max(...weights))];
    const wages = allocate(l.wagesCents, weights);
    classes.forEach((c, i) => {
      add(PAYROLL_ACCOUNTS.expense, c, wages[i]);
      add(PAYROLL_ACCOUNTS.payable, c, -wages[i]);
    });
    add(PAYROLL_ACCOUNTS.reimbursements, main, l.reimbursementCents);
    add(PAYROLL_ACCOUNTS.payable, main, -l.reimbursementCents + l.deductionCents);
    add(PAYROLL_ACCOUNTS.deductions, main, -l.deductionCents);
  }
  const order: string[] = [PAYROLL_ACCOUNTS.expense, PAYROLL_ACCOUNTS.reimbursements, PAYROLL_ACCOUNTS.payable, PAYROLL_ACCOUNTS.deductions];
  return [...totals.entries()]
    .map(([key, cents]) => {
      const [account, className] = key.split("\u0000");
      return { date: period.endsOn, account, amountCents: cents, memo, className };
    })
    .filter((r) => r.amountCents !== 0)
    .sort((a, b) => order.indexOf(a.account) - order.indexOf(b.account) || a.className.localeCompare(b.className));
}

/** Posted lines of the cash ledger with business dates in [from, to]: each line a row, debit when positive. */
export async function cashJournalRows(db: Kysely<DB>, companyId: string, from: string, to: string): Promise<JournalRow[]> {
  const rows = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "e.companyId").onRef("a.id", "=", "e.accountId"))
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "e.companyId").onRef("s.id", "=", "e.storeId"))
    .select(["e.businessDate", "a.name as account", "e.amountCents", "t.kind", "t.description", "s.name as storeName", "e.seq"])
    .where("e.companyId", "=", companyId)
    .where("e.postedAt", "is not", null)
    .where("e.businessDate", ">=", from)
    .where("e.businessDate", "<=", to)
    .orderBy("e.businessDate")
    .orderBy("e.transactionId")
    .orderBy("e.id")
    .limit(100_000)
    .execute();
  return rows.map((r) => ({
    date: r.businessDate,
    account: r.account,
    amountCents: Number(r.amountCents),
    memo: r.description ? `${r.kind}: ${r.description}` : r.kind,
    className: r.storeName ?? "",
  }));
}

export function journalCsv(rows: JournalRow[]): string {
  return toCsv(
    [...JOURNAL_COLUMNS],
    rows.map((r) => [r.date, r.account, r.amountCents > 0 ? money(r.amountCents) : "", r.amountCents < 0 ? money(-r.amountCents) : "", r.memo, r.className]),
  );
}
