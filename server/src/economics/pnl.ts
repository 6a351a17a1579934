import { sql, type Kysely } from "kysely";
import type { ExpenseCategory } from "@tumble/domain/cashLedger";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays, addMonths, daysBetweenInclusive } from "@tumble/domain/datePresets";
import {
  assemblePnl,
  monthsBetween,
  prorateToMonths,
  type DateSpan,
  type OtherRevenueSource,
  type Pnl,
  type RecurringCategory,
  type StoreMonthInputs,
  type Utility,
  type UtilityRise,
  UTILITY_RISE,
  utilityRise,
} from "@tumble/domain/economics";
import type { DB } from "../db/schema.ts";
import { costLines } from "../labourAnalytics/cost.ts";
import { CALL_PARALLELISM, inParallel } from "../db/parallel.ts";
import { storesOf, type StoreRow } from "../labourAnalytics/read.ts";

// The store P&L (issue 35, docs/decisions/0074-store-economics.md): each store-month's inputs
// summed in SQL — verified collections from the monthly roll-up (changers left out), other
// revenue, approved postings to expense accounts (entered in the ledger or booked from bank
// lines), utility bills prorated into months, recurring expenses running in the month — plus
// payroll's labour cost per store and day (labour analytics' costLines, the one pay calculation),
// then assembled by the domain's rule of which record counts (assemblePnl). Periods are whole
// months, so every sum groups by store and month.

/** SQL: the machine `alias` is not a changer (its cash is change, not income). */
export const notChanger = (alias: string, companyId: string) => sql`
  exists (select 1 from machines m join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where m.company_id = ${companyId} and m.company_id = ${sql.ref(`${alias}.company_id`)} and m.id = ${sql.ref(`${alias}.machine_id`)}
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change')`;

const empty = (storeId: string | null, month: string): StoreMonthInputs => ({
  storeId,
  month,
  collectionsCents: 0,
  otherRevenue: {},
  ledger: {},
  bank: {},
  bills: {},
  recurring: {},
  payrollCents: null,
});

/** The latest business date among the stores at `now`. */
export function latestToday(stores: StoreRow[], now: number): string {
  return stores.map((s) => todayIn(s.timeZone, now)).reduce((a, b) => (a > b ? a : b), "0000-01-01");
}

/** Every store-month of the stores (and, for the whole company, the postings tied to no store) from `from` to `to`, whole months. */
export async function storeMonths(
  db: Kysely<DB>,
  companyId: string,
  stores: StoreRow[],
  allStores: boolean,
  range: DateSpan,
  settings: WorkforceSettings,
  /** The latest business date among the stores (latestToday): a month after it holds no rent or salary yet. */
  today: string,
  /** The spans whose payroll labour cost is read (the costly part): the whole range unless given. */
  { labour = [range] }: { labour?: DateSpan[] } = {},
): Promise<StoreMonthInputs[]> {
  const ids = stores.map((s) => s.id);
  if (!ids.length) return [];
  const rows = new Map<string, StoreMonthInputs>();
  const row = (storeId: string | null, month: string) => {
    const key = `${storeId ?? ""}|${month}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = empty(storeId, month)));
    return r;
  };
  for (const s of ids) for (const m of monthsBetween(range.from, range.to)) row(s, m);
  const inStores = (column: string) => sql`${sql.ref(column)} in (${sql.join(ids)})`;

  const collectionsQuery = () =>
    sql<{ storeId: string; month: string; cents: string }>`
    select r.store_id as "storeId", to_char(r.month_start, 'YYYY-MM') as month, sum(r.coins_cents + r.bills_cents) as cents
    from revenue_months r
    where r.company_id = ${companyId} and ${inStores("r.store_id")} and r.month_start between ${range.from}::date and ${range.to}::date
      and ${notChanger("r", companyId)}
    group by 1, 2`.execute(db);

  const otherQuery = () =>
    sql<{ storeId: string; month: string; source: OtherRevenueSource; cents: string }>`
    select o.store_id as "storeId", to_char(o.business_date, 'YYYY-MM') as month, o.source, sum(o.amount_cents) as cents
    from other_revenue o
    where o.company_id = ${companyId} and ${inStores("o.store_id")} and o.business_date between ${range.from}::date and ${range.to}::date
    group by 1, 2, 3`.execute(db);

  // Posted lines (approved: seq set) on expense accounts; bank lines booked to expenses are bank_entry entries tied to no store.
  const ledgerQuery = () =>
    sql<{ storeId: string | null; month: string; category: ExpenseCategory; bank: boolean; cents: string }>`
    select e.store_id as "storeId", to_char(e.business_date, 'YYYY-MM') as month, coalesce(a.category, 'other') as category,
      t.kind = 'bank_entry' as bank, sum(e.amount_cents) as cents
    from cash_entries e
    join cash_accounts a on a.company_id = e.company_id and a.id = e.account_id
    join cash_transactions t on t.company_id = e.company_id and t.id = e.transaction_id
    where e.company_id = ${companyId} and a.kind = 'expense' and e.seq is not null
      and e.business_date between ${range.from}::date and ${range.to}::date
      and ${allStores ? sql`(e.store_id is null or ${inStores("e.store_id")})` : inStores("e.store_id")}
    group by 1, 2, 3, 4`.execute(db);

  const billsQuery = () =>
    sql<{ storeId: string; utility: Utility; start: string; end: string; cents: number }>`
    select b.store_id as "storeId", b.utility, to_char(b.period_start, 'YYYY-MM-DD') as start, to_char(b.period_end, 'YYYY-MM-DD') as "end", b.amount_cents as cents
    from utility_bills b
    where b.company_id = ${companyId} and ${inStores("b.store_id")} and b.period_end >= ${range.from}::date and b.period_start <= ${range.to}::date`.execute(
      db,
    );

  const recurringQuery = () =>
    sql<{ storeId: string; category: RecurringCategory; month: string; cents: string }>`
    select x.store_id as "storeId", x.category, to_char(m.month, 'YYYY-MM') as month, sum(x.amount_cents) as cents
    from recurring_expenses x
    join generate_series(${range.from}::date, ${range.to}::date, interval '1 month') as m(month)
      on to_char(m.month, 'YYYY-MM') between x.from_month and coalesce(x.to_month, '9999-12') and to_char(m.month, 'YYYY-MM') <= ${today.slice(0, 7)}
    where x.company_id = ${companyId} and ${inStores("x.store_id")}
    group by 1, 2, 3`.execute(db);

  const labourLinesOf = async () => {
    const lines = [];
    for (const span of labour) {
      const paid = payrollSpan(span, settings, today);
      if (paid) lines.push(...(await costLines(db, companyId, stores, paid, settings)));
    }
    return lines;
  };
  // The sums run side by side on the pool (PGlite takes them one after another).
  const [labourLines, collections, other, ledger, bills, recurring] = await inParallel(CALL_PARALLELISM, [
    labourLinesOf,
    collectionsQuery,
    otherQuery,
    ledgerQuery,
    billsQuery,
    recurringQuery,
  ] as const);
  for (const c of collections.rows) row(c.storeId, c.month).collectionsCents += Number(c.cents);
  for (const o of other.rows) row(o.storeId, o.month).otherRevenue[o.source] = Number(o.cents);
  for (const l of ledger.rows) {
    const r = row(l.storeId, l.month);
    const target = l.bank ? r.bank : r.ledger;
    target[l.category] = (target[l.category] ?? 0) + Number(l.cents);
  }
  const months = new Set(monthsBetween(range.from, range.to));
  for (const b of bills.rows) {
    for (const share of prorateToMonths(Number(b.cents), b.start, b.end)) {
      if (!months.has(share.month)) continue;
      const r = row(b.storeId, share.month);
      r.bills[b.utility] = (r.bills[b.utility] ?? 0) + share.cents;
    }
  }
  for (const x of recurring.rows) row(x.storeId, x.month).recurring[x.category] = Number(x.cents);
  for (const line of labourLines) {
    if (!line.costCents) continue;
    const r = row(line.storeId, line.businessDate.slice(0, 7));
    r.payrollCents = (r.payrollCents ?? 0) + line.costCents;
  }
  return [...rows.values()];
}

/**
 * The part of `span` whose labour cost payroll knows: labour is what was worked and earned, so a
 * salary's days after today are not a cost yet; and nothing before the company's payroll began in
 * Tumble (payrollStartsOn) — those months' wages are unknown to payroll, and the P&L takes the
 * ledger's wages for them, or none (assemblePnl reads the labour share over the months that have it).
 */
export function payrollSpan(span: DateSpan, settings: WorkforceSettings, today: string): DateSpan | null {
  const from = settings.payrollStartsOn && settings.payrollStartsOn > span.from ? settings.payrollStartsOn : span.from;
  const to = span.to < today ? span.to : today;
  return from <= to ? { from, to } : null;
}

export interface StorePnl extends Pnl {
  storeId: string;
  name: string;
}

export interface PnlReport {
  period: DateSpan;
  compare: DateSpan;
  current: Pnl;
  previous: Pnl;
  /** Each store's P&L of the period (the whole company: every store; one store: that one). */
  stores: StorePnl[];
  /** Month by month, for the chart: revenue, expenses (loan payments not among them) and operating profit. */
  months: Array<{
    month: string;
    revenueCents: number;
    /** Of it, verified collections: none in a month with expenses means its coin revenue is missing. */
    collectionsCents: number;
    expenseCents: number;
    operatingProfitCents: number;
    utilityPercent: number | null;
  }>;
  status: PeriodStatus;
  utility: UtilityTrend;
}

/** The utility ratio month by month up to the period's last month begun, and whether it rose beyond normal. */
export interface UtilityTrend {
  /** The month judged: the period's last month not after today. */
  month: string;
  /** The 12 months before it and it, for the scope (the store or every store). */
  months: Array<{ month: string; percent: number | null }>;
  scope: UtilityRise;
  /** Each store, with its own normal (for the whole company, the stores whose ratio rose stand out). */
  stores: Array<UtilityRise & { storeId: string; name: string }>;
}

export interface PeriodStatus {
  /** closed: every day of the period of every store is inside a closed reconciliation; partly: some; open: none. */
  cash: "closed" | "partly" | "open";
  stores: Array<{ storeId: string; name: string; closedDays: number; days: number }>;
  /** Bank lines of the period neither matched to a deposit nor booked. */
  bankLinesOpen: number;
}

/** How much of the period the stores' closed reconciliations cover, and the bank lines still open. */
export async function periodStatus(db: Kysely<DB>, companyId: string, stores: StoreRow[], range: DateSpan): Promise<PeriodStatus> {
  const days = daysBetweenInclusive(range.from, range.to);
  const ids = stores.map((s) => s.id);
  const closed = ids.length
    ? await sql<{ storeId: string; closedDays: string }>`
        select r.store_id as "storeId", count(distinct d.day) as "closedDays"
        from reconciliations r
        join generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day) on d.day between r.from_date and r.to_date
        where r.company_id = ${companyId} and r.status = 'closed' and r.store_id in (${sql.join(ids)})
          and r.to_date >= ${range.from}::date and r.from_date <= ${range.to}::date
        group by 1`.execute(db)
    : { rows: [] };
  const closedBy = new Map(closed.rows.map((r) => [r.storeId, Number(r.closedDays)]));
  const perStore = stores.map((s) => ({ storeId: s.id, name: s.name, closedDays: closedBy.get(s.id) ?? 0, days }));
  const total = perStore.reduce((s, r) => s + r.closedDays, 0);
  const bank = await sql<{ open: string }>`
    select count(*) as open from bank_lines l
    where l.company_id = ${companyId} and l.date between ${range.from}::date and ${range.to}::date
      and not exists (select 1 from bank_line_matches x where x.company_id = l.company_id and x.bank_line_id = l.id)
      and not exists (
        select 1 from cash_transactions bt where bt.company_id = l.company_id and bt.id = l.booking_id and bt.status in ('pending', 'approved')
          and not exists (select 1 from cash_transactions br where br.company_id = bt.company_id and br.reverses_id = bt.id))`.execute(db);
  return {
    cash: perStore.length && total === days * perStore.length ? "closed" : total > 0 ? "partly" : "open",
    stores: perStore,
    bankLinesOpen: Number(bank.rows[0]?.open ?? 0),
  };
}

/** The P&L of the store (or every store) for `period` beside `compare`. */
export async function pnlReport(
  db: Kysely<DB>,
  companyId: string,
  storeId: string | null,
  period: DateSpan,
  compare: DateSpan,
  settings: WorkforceSettings,
  now: number,
): Promise<PnlReport | null> {
  const stores = await storesOf(db, companyId, storeId);
  if (storeId && !stores.length) return null;
  const today = latestToday(stores, now);
  const all = storeId === null;
  // One pass over every month the report shows: the comparison, the period and the utility trend's
  // months before them. Payroll's labour cost (the costly part) only for the comparison and the period,
  // in one run when the comparison comes right before the period.
  const trend = trendMonths(period, today);
  const from = [compare.from, period.from, `${trend.months[0]}-01`].reduce((a, b) => (a < b ? a : b));
  const labour = addDays(compare.to, 1) === period.from ? [{ from: compare.from, to: period.to }] : [compare, period];
  const [rows, status] = await inParallel(CALL_PARALLELISM, [
    () => storeMonths(db, companyId, stores, all, { from, to: period.to }, settings, today, { labour }),
    () => periodStatus(db, companyId, stores, period),
  ] as const);
  const inPeriod = new Set(monthsBetween(period.from, period.to));
  const inCompare = new Set(monthsBetween(compare.from, compare.to));
  const current = rows.filter((r) => inPeriod.has(r.month));
  const previous = rows.filter((r) => inCompare.has(r.month));
  const byMonth = new Map<string, StoreMonthInputs[]>();
  for (const r of current) byMonth.set(r.month, [...(byMonth.get(r.month) ?? []), r]);
  return {
    period,
    compare,
    current: assemblePnl(current),
    previous: assemblePnl(previous),
    stores: stores.map((s) => ({ storeId: s.id, name: s.name, ...assemblePnl(current.filter((r) => r.storeId === s.id)) })),
    months: monthsBetween(period.from, period.to).map((month) => {
      const p = assemblePnl(byMonth.get(month) ?? []);
      return {
        month,
        revenueCents: p.revenueCents,
        collectionsCents: p.revenue.find((r) => r.line === "coins")?.cents ?? 0,
        expenseCents: p.expenseCents,
        operatingProfitCents: p.operatingProfitCents,
        utilityPercent: p.utilityPercent,
      };
    }),
    status,
    utility: utilityTrend(stores, trend, rows),
  };
}

/** The month a utility trend judges (the period's last month begun) and the 12 months before it. */
function trendMonths(period: DateSpan, today: string): { month: string; months: string[] } {
  const last = period.to.slice(0, 7) < today.slice(0, 7) ? period.to.slice(0, 7) : today.slice(0, 7);
  const month = last < period.from.slice(0, 7) ? period.from.slice(0, 7) : last;
  return { month, months: monthsBetween(addMonths(`${month}-01`, -UTILITY_RISE.months), `${month}-01`) };
}

/** The utility ratio of each month of the trend, for the scope and each store, and whether the last rose beyond normal. */
function utilityTrend(stores: StoreRow[], trend: { month: string; months: string[] }, rows: StoreMonthInputs[]): UtilityTrend {
  const percents = (storeId: string | undefined) =>
    trend.months.map((m) => assemblePnl(rows.filter((r) => r.month === m && (storeId === undefined || r.storeId === storeId))).utilityPercent);
  const judge = (series: Array<number | null>) => utilityRise(series.slice(0, -1), series.at(-1) ?? null);
  const scope = percents(undefined);
  return {
    month: trend.month,
    months: trend.months.map((m, i) => ({ month: m, percent: scope[i]! })),
    scope: judge(scope),
    stores: stores.map((s) => ({ storeId: s.id, name: s.name, ...judge(percents(s.id)) })),
  };
}

/** The first and last day of a yyyy-MM month. */
export function monthSpan(month: string): DateSpan {
  const from = `${month}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}
