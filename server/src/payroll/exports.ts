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

export function providerCsv(period: DateRange, lines: PayLine[]): string {
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
      ];
    }),
  );
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
export function payrollJournalRows(period: DateRange, lines: PayLine[]): JournalRow[] {
  const memo = `Payroll ${period.startsOn} to ${period.endsOn}`;
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
