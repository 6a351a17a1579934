import { addDays, addMonths, daysBetweenInclusive } from "./datePresets.ts";
import type { ExpenseCategory } from "./cashLedger.ts";
import { refusalTable } from "./refusals.ts";
import { spreadCollection } from "./reportBuckets.ts";
import { weekStart } from "./reports.ts";

// Store economics (issue 35, docs/decisions/0074-store-economics.md): the figures a laundromat
// owner recites — turns per day, revenue per cycle, the utility ratio, labour share, payback of a
// machine — and the store P&L, from what Tumble already holds for a coin store without telemetry.
// Shared by the server (which reads the sums) and the screens (which label them). Money is
// integer cents; dates are business dates (yyyy-MM-dd) in the store's zone; months are yyyy-MM.

// ---- Periods ----

export const PNL_PERIODS = ["month", "quarter", "year"] as const;
export type PnlPeriod = (typeof PNL_PERIODS)[number];
export const PNL_COMPARISONS = ["previous", "lastYear"] as const;
export type PnlComparison = (typeof PNL_COMPARISONS)[number];

export interface DateSpan {
  from: string;
  to: string;
}

/** The calendar month, quarter or year holding `anchor`. */
export function periodRange(period: PnlPeriod, anchor: string): DateSpan {
  const y = anchor.slice(0, 4);
  const m = Number(anchor.slice(5, 7));
  const firstMonth = period === "month" ? m : period === "quarter" ? m - ((m - 1) % 3) : 1;
  const months = period === "month" ? 1 : period === "quarter" ? 3 : 12;
  const from = `${y}-${String(firstMonth).padStart(2, "0")}-01`;
  return { from, to: addDays(addMonths(from, months), -1) };
}

/** The period compared with `period` holding `anchor`: the one before it, or the same one a year earlier. */
export function comparisonPeriod(period: PnlPeriod, anchor: string, comparison: PnlComparison): DateSpan {
  const { from } = periodRange(period, anchor);
  const back = comparison === "lastYear" ? 12 : period === "month" ? 1 : period === "quarter" ? 3 : 12;
  return periodRange(period, addMonths(from, -back));
}

/** Every month (yyyy-MM) from `from` to `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = `${from.slice(0, 7)}-01`; m <= to; m = addMonths(m, 1)) months.push(m.slice(0, 7));
  return months;
}

// ---- Prices ----

/** A vend price row (machine_prices): an equipment type's, or one machine's override. */
export interface PriceRow {
  equipmentTypeId: string | null;
  machineId: string | null;
  effectiveFrom: string;
  priceCents: number;
  /** Dryers: the minutes priceCents buys. */
  perMinutes: number | null;
  /** Dryers: a typical cycle's minutes. */
  typicalCycleMinutes: number | null;
}

/**
 * What one cycle costs a customer under a price row, in cents (a fraction for dryers): the price
 * itself, or for a dryer priced per minutes price × typical cycle minutes ÷ per minutes (25¢ per
 * 8 minutes with a 40-minute cycle: 125¢). Null when a dryer's typical cycle is not known.
 */
export function cyclePriceCents(row: Pick<PriceRow, "priceCents" | "perMinutes" | "typicalCycleMinutes">): number | null {
  if (row.priceCents <= 0) return null;
  if (row.perMinutes === null) return row.priceCents;
  if (!row.typicalCycleMinutes || row.perMinutes <= 0) return null;
  return (row.priceCents * row.typicalCycleMinutes) / row.perMinutes;
}

/**
 * The price in effect for a machine on `day`: the machine's own latest row from on or before
 * that day, else its equipment type's latest; null when neither has one yet.
 */
export function priceOn(rows: readonly PriceRow[], machineId: string, equipmentTypeId: string, day: string): PriceRow | null {
  let own: PriceRow | null = null;
  let type: PriceRow | null = null;
  for (const r of rows) {
    if (r.effectiveFrom > day) continue;
    if (r.machineId === machineId) {
      if (!own || r.effectiveFrom > own.effectiveFrom) own = r;
    } else if (r.machineId === null && r.equipmentTypeId === equipmentTypeId) {
      if (!type || r.effectiveFrom > type.effectiveFrom) type = r;
    }
  }
  return own ?? type;
}

// ---- Per machine ----

export interface MachineInputs {
  machineId: string;
  equipmentTypeId: string;
  installedOn: string | null;
  /**
   * The machine's verified collections (date, coins and bills in cents) from the range's start
   * through its first collection after the range's end, ascending.
   */
  collections: ReadonlyArray<{ date: string; cents: number }>;
  /** Its last collection before the range, if any. */
  previous: string | null;
  /** Card and app revenue of the machine by business date (other_revenue lines with the machine). */
  card: ReadonlyMap<string, number>;
  app: ReadonlyMap<string, number>;
  /** Price rows of the machine and of its equipment type. */
  prices: readonly PriceRow[];
  /**
   * Cycle-counter readings recorded on its verified collections, by business date (the previous
   * collection's included). Between two readings the counter's difference is the cycles, spread
   * evenly over the collection's days, instead of the estimate from revenue ÷ price.
   */
  meters?: ReadonlyMap<string, number>;
}

export interface MachineFigures {
  /** Coins and bills collected, spread over the days each box was filling, that fall on the days in service. */
  coinsCents: number;
  cardCents: number;
  appCents: number;
  revenueCents: number;
  /** Days of the range from the install date (or the range's start) to the last day a collection covers (or today). */
  daysInService: number;
  /** Estimated cycles (revenue ÷ the cycle price of each day), one decimal; null without a price. */
  cycles: number | null;
  /** Cycles per priced day in service, two decimals. */
  turnsPerDay: number | null;
  revenuePerCycleCents: number | null;
  revenuePerDayCents: number | null;
  /** Revenue on days without a price: not turned into cycles. */
  unpricedCents: number;
  /** Turns per day by weekday (0 = Monday … 6 = Sunday), two decimals; null for a weekday without a priced day. */
  turnsByWeekday: Array<number | null>;
  /** Per Monday week of the days in service: revenue, how many of its days were in service, and the cycles of its priced days. */
  weeks: Array<{ week: string; cents: number; days: number; cycles: number; pricedDays: number }>;
  /** Days in service whose cycles come from meter readings rather than revenue ÷ price. */
  meteredDays: number;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * One machine's figures for the days `from`–`to` (no later than `today`). Each collection is
 * spread over the days since the machine's previous collection exactly as the reports' daily
 * estimate spreads it (spreadCollection: whole cents, the left-over cents on the latest days,
 * at most 35 days back); a machine's first collection spreads back to its install date. Card and
 * app revenue stay on their own day. Each day's revenue ÷ that day's cycle price is its cycles,
 * so a price change inside the range counts day by day. The days in service run from the
 * install date (or `from`) to the last day a collection covers — days after the latest
 * collection hold money not yet collected — or to `to`/today when no collection covers any day.
 */
export function machineFigures(input: MachineInputs, from: string, to: string, today: string): MachineFigures {
  const start = input.installedOn && input.installedOn > from ? input.installedOn : from;
  const lastDay = to < today ? to : today;
  const coins = new Map<string, number>();
  let previous = input.previous;
  const first = input.collections[0];
  if (previous === null && first && input.installedOn && input.installedOn <= first.date) previous = addDays(input.installedOn, -1);
  let coveredThrough: string | null = null;
  // Cycles per day from the counter, where a collection and the one before it both have a reading
  // and it did not go back (a replaced or reset counter is read as no reading).
  const metered = new Map<string, number>();
  for (const c of input.collections) {
    const days = spreadCollection(c.cents, previous, c.date);
    for (const day of days) {
      if (day.date >= start && day.date <= lastDay) coins.set(day.date, (coins.get(day.date) ?? 0) + day.cents);
    }
    const reading = input.meters?.get(c.date);
    const before = previous === null ? undefined : input.meters?.get(previous);
    if (reading !== undefined && before !== undefined && reading >= before && days.length) {
      const perDay = (reading - before) / days.length;
      for (const day of days) if (day.date >= start && day.date <= lastDay) metered.set(day.date, perDay);
    }
    if (coveredThrough === null || c.date > coveredThrough) coveredThrough = c.date;
    previous = c.date;
  }
  const end = coveredThrough !== null && coveredThrough >= start && coveredThrough < lastDay ? coveredThrough : lastDay;
  const figures: MachineFigures = {
    coinsCents: 0,
    cardCents: 0,
    appCents: 0,
    revenueCents: 0,
    daysInService: 0,
    cycles: null,
    turnsPerDay: null,
    revenuePerCycleCents: null,
    revenuePerDayCents: null,
    unpricedCents: 0,
    turnsByWeekday: [],
    weeks: [],
    meteredDays: 0,
  };
  let cycles = 0;
  let pricedDays = 0;
  let pricedCents = 0;
  const weekdayCycles = Array<number>(7).fill(0);
  const weekdayDays = Array<number>(7).fill(0);
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const c = coins.get(day) ?? 0;
    const card = input.card.get(day) ?? 0;
    const app = input.app.get(day) ?? 0;
    const cents = c + card + app;
    figures.coinsCents += c;
    figures.cardCents += card;
    figures.appCents += app;
    figures.daysInService += 1;
    const week = weekStart(day);
    let last = figures.weeks[figures.weeks.length - 1];
    if (last?.week !== week) figures.weeks.push((last = { week, cents: 0, days: 0, cycles: 0, pricedDays: 0 }));
    last.cents += cents;
    last.days += 1;
    const counted = metered.get(day);
    const row = counted === undefined ? priceOn(input.prices, input.machineId, input.equipmentTypeId, day) : null;
    const price = row ? cyclePriceCents(row) : null;
    if (counted === undefined && price === null) {
      figures.unpricedCents += cents;
      continue;
    }
    const dayCycles = counted ?? cents / price!;
    if (counted !== undefined) figures.meteredDays += 1;
    last.cycles += dayCycles;
    last.pricedDays += 1;
    pricedDays += 1;
    pricedCents += cents;
    cycles += dayCycles;
    const wd = weekdayIndex(day);
    weekdayCycles[wd] += dayCycles;
    weekdayDays[wd] += 1;
  }
  figures.revenueCents = figures.coinsCents + figures.cardCents + figures.appCents;
  figures.revenuePerDayCents = figures.daysInService ? Math.round(figures.revenueCents / figures.daysInService) : null;
  if (pricedDays) {
    figures.cycles = round(cycles, 1);
    figures.turnsPerDay = round(cycles / pricedDays, 2);
    figures.revenuePerCycleCents = cycles > 0 ? Math.round(pricedCents / cycles) : null;
  }
  figures.turnsByWeekday = weekdayCycles.map((c, i) => (weekdayDays[i] ? round(c / weekdayDays[i], 2) : null));
  return figures;
}

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A machine turning (or, unpriced, earning) under this share of its type's median in a week is below it that week. */
export const FLAG_BELOW_SHARE = 0.5;
/** …and flagged when that holds for at least this many of the range's latest whole weeks in a row. */
export const FLAG_WEEKS = 3;

/**
 * Whether a machine is far below its type's median: its figure per day (turns where every day is
 * priced, else revenue) was under FLAG_BELOW_SHARE of the type's median in each of its latest
 * FLAG_WEEKS weeks with a median (a week only counts with a median above zero). `weeksBelow`
 * counts the latest run.
 */
export function belowMedianFlag(weeks: ReadonlyArray<{ own: number; median: number | null }>): {
  flagged: boolean;
  weeksBelow: number;
} {
  let weeksBelow = 0;
  for (let i = weeks.length - 1; i >= 0; i--) {
    const w = weeks[i];
    if (w.median === null || w.median <= 0) continue;
    if (w.own < w.median * FLAG_BELOW_SHARE) weeksBelow += 1;
    else break;
  }
  return { flagged: weeksBelow >= FLAG_WEEKS, weeksBelow };
}

// ---- Payback ----

export const DAYS_PER_YEAR = 365;

/**
 * Payback and annual return of a machine's purchase price from what it earns per day in service
 * (a machine bought mid-year counts only its days since install): its net per day is its revenue
 * per day less the store's expenses as a share of revenue (`expenseShare`, 0–1, the same for
 * every machine of the store), payback months = price ÷ (net per day × 365 ÷ 12), return = net
 * per day × 365 ÷ price, both one decimal. Null without a price, days or a positive net.
 */
export function payback(input: { purchasePriceCents: number | null; revenueCents: number; daysInService: number; expenseShare: number }): {
  netPerDayCents: number | null;
  paybackMonths: number | null;
  roiPercent: number | null;
} {
  if (!input.daysInService) return { netPerDayCents: null, paybackMonths: null, roiPercent: null };
  const share = Math.min(Math.max(input.expenseShare, 0), 1);
  const net = (input.revenueCents * (1 - share)) / input.daysInService;
  const netPerDayCents = Math.round(net);
  if (!input.purchasePriceCents || input.purchasePriceCents <= 0 || net <= 0) return { netPerDayCents, paybackMonths: null, roiPercent: null };
  return {
    netPerDayCents,
    paybackMonths: round(input.purchasePriceCents / ((net * DAYS_PER_YEAR) / 12), 1),
    roiPercent: round(((net * DAYS_PER_YEAR) / input.purchasePriceCents) * 100, 1),
  };
}

// ---- Ratios and bands ----

export type Band = "low" | "good" | "watch" | "problem";

/**
 * The usual bands (trade press and operator calculators): utilities 20–25 % of gross is a well-run
 * store, 30 % and more a problem, between them worth watching, under 20 % low (often a bill not
 * entered yet). Labour 20 % and under is good for an unattended or lightly attended store,
 * 30 % and more a problem.
 */
export const UTILITY_BANDS = { low: 20, goodTo: 25, problemFrom: 30 } as const;
export const LABOUR_BANDS = { goodTo: 20, problemFrom: 30 } as const;

/** A cost as a percentage of revenue, one decimal; null without revenue. */
export function percentOf(costCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((costCents * 1000) / revenueCents) / 10;
}

export function utilityBand(percent: number | null): Band | null {
  if (percent === null) return null;
  if (percent >= UTILITY_BANDS.problemFrom) return "problem";
  if (percent > UTILITY_BANDS.goodTo) return "watch";
  return percent < UTILITY_BANDS.low ? "low" : "good";
}

export function labourBand(percent: number | null): Band | null {
  if (percent === null) return null;
  if (percent >= LABOUR_BANDS.problemFrom) return "problem";
  return percent > LABOUR_BANDS.goodTo ? "watch" : "good";
}

// ---- A utility ratio rising beyond the store's own normal ----

/**
 * A store's normal utility ratio is the median of its 12 months before (at least 6 of them with
 * revenue: a new store has no normal yet). The month rises beyond it when it is at least 3 points
 * and a sixth above it: both, so a 10 % store moving to 13 % counts and noise of a point does not.
 * The median of a whole year takes the seasons in (gas in winter, water in summer).
 */
export const UTILITY_RISE = { months: 12, minMonths: 6, points: 3, share: 1 / 6 } as const;

export interface UtilityRise {
  normalPercent: number | null;
  currentPercent: number | null;
  rising: boolean;
}

/** Whether `current` (a month's utility ratio) rises beyond the median of `before` (the months before it). */
export function utilityRise(before: ReadonlyArray<number | null>, current: number | null): UtilityRise {
  const known = before.slice(-UTILITY_RISE.months).filter((p): p is number => p !== null);
  const normal = known.length >= UTILITY_RISE.minMonths ? median(known) : null;
  const normalPercent = normal === null ? null : Math.round(normal * 10) / 10;
  const rising = normal !== null && current !== null && current - normal >= UTILITY_RISE.points && current - normal >= normal * UTILITY_RISE.share;
  return { normalPercent, currentPercent: current, rising };
}

// ---- Utility bills into months ----

/**
 * A bill's amount split into the months its period touches, by days: every day of the period
 * gets the amount ÷ days rounded toward zero and the cents left over go one each to the latest
 * days (the rule of the reports' daily estimate, without its 35-day cap), so the months add up to
 * the bill exactly and a longer month carries more.
 */
export function prorateToMonths(amountCents: number, periodStart: string, periodEnd: string): Array<{ month: string; cents: number }> {
  if (!Number.isInteger(amountCents)) throw new RangeError(`Not whole cents: ${amountCents}`);
  if (periodEnd < periodStart) return [];
  const days = daysBetweenInclusive(periodStart, periodEnd);
  const each = Math.trunc(amountCents / days);
  const left = amountCents - each * days;
  const firstExtra = addDays(periodEnd, -(Math.abs(left) - 1)); // days from here on get one more cent
  const out: Array<{ month: string; cents: number }> = [];
  for (const month of monthsBetween(periodStart, periodEnd)) {
    const monthStart = `${month}-01`;
    const monthEnd = addDays(addMonths(monthStart, 1), -1);
    const a = monthStart > periodStart ? monthStart : periodStart;
    const b = monthEnd < periodEnd ? monthEnd : periodEnd;
    const n = daysBetweenInclusive(a, b);
    const extra = left === 0 || b < firstExtra ? 0 : daysBetweenInclusive(a > firstExtra ? a : firstExtra, b);
    out.push({ month, cents: each * n + Math.sign(left) * extra });
  }
  return out;
}

// ---- The P&L ----

export const REVENUE_LINES = ["coins", "card", "app", "wash_dry_fold", "vending", "retail", "other"] as const;
export type RevenueLine = (typeof REVENUE_LINES)[number];
export const OTHER_REVENUE_SOURCES = ["card", "app", "wash_dry_fold", "vending", "retail", "other"] as const satisfies readonly RevenueLine[];
export type OtherRevenueSource = (typeof OTHER_REVENUE_SOURCES)[number];

export const UTILITIES = ["electricity", "gas", "water_sewer"] as const;
export type Utility = (typeof UTILITIES)[number];
export const RECURRING_CATEGORIES = ["rent", "insurance", "loan", "other"] as const;
export type RecurringCategory = (typeof RECURRING_CATEGORIES)[number];

/**
 * The P&L's expense lines. "utilities" is the ledger's utilities posting when a month has no
 * bills to split it by utility. Loan payments are not an operating expense: they are shown below
 * operating profit.
 */
export const EXPENSE_LINES = ["electricity", "gas", "water_sewer", "utilities", "rent", "insurance", "repairs", "supplies", "wages", "fees", "other"] as const;
export type ExpenseLine = (typeof EXPENSE_LINES)[number];
export const UTILITY_LINES = ["electricity", "gas", "water_sewer", "utilities"] as const satisfies readonly ExpenseLine[];
export type PnlLine = RevenueLine | ExpenseLine | "loan";

/** Where a figure comes from. */
export const FIGURE_SOURCES = ["collections", "otherRevenue", "ledger", "bank", "bills", "recurring", "payroll"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

/** The ledger's expense categories as P&L lines. */
const LEDGER_LINE: Record<ExpenseCategory, ExpenseLine> = {
  supplies: "supplies",
  repairs: "repairs",
  utilities: "utilities",
  rent: "rent",
  wages: "wages",
  fees: "fees",
  other: "other",
};

/** One store's month (storeId null: the company's postings tied to no store, such as bank lines booked to expenses). */
export interface StoreMonthInputs {
  storeId: string | null;
  month: string;
  /** Verified collections of the month's business dates, changers left out. */
  collectionsCents: number;
  otherRevenue: Partial<Record<OtherRevenueSource, number>>;
  /** Approved postings to expense accounts by ledger category: entered in the ledger… */
  ledger: Partial<Record<ExpenseCategory, number>>;
  /** …and booked from bank lines. */
  bank: Partial<Record<ExpenseCategory, number>>;
  /** Utility bills prorated into the month. */
  bills: Partial<Record<Utility, number>>;
  /** Recurring expenses running in the month. */
  recurring: Partial<Record<RecurringCategory, number>>;
  /** Payroll's labour cost of the month at the store; null when payroll has none. */
  payrollCents: number | null;
}

export interface PnlFigure<L extends string> {
  line: L;
  cents: number;
  sources: FigureSource[];
}

export interface Superseded {
  line: ExpenseLine;
  source: "ledger" | "bank";
  cents: number;
  /** The source counted instead. */
  by: "bills" | "recurring" | "payroll";
}

export interface Pnl {
  revenue: Array<PnlFigure<RevenueLine>>;
  revenueCents: number;
  expenses: Array<PnlFigure<ExpenseLine>>;
  expenseCents: number;
  operatingProfitCents: number;
  marginPercent: number | null;
  loanPaymentsCents: number;
  afterLoansCents: number;
  utilityCents: number;
  utilityPercent: number | null;
  utilityBand: Band | null;
  labourCents: number;
  labourPercent: number | null;
  labourBand: Band | null;
  /**
   * How many months have revenue, and how many of those have labour recorded (payroll or wages
   * posted): the labour share is of the latter's revenue only, so a year whose payroll began in
   * its autumn is not a year of cheap labour; and a comparison with fewer months of revenue than
   * the period (history that begins inside it) is said to be one.
   */
  months: { revenue: number; labour: number };
  /** Ledger and bank postings left out because a more specific record covers them (decision 0074). */
  superseded: Superseded[];
}

/** What covers a store-month's costs more specifically than its postings: bills, recurring rent, payroll. */
export interface Coverage {
  bills: boolean;
  rent: boolean;
  payroll: boolean;
}

/**
 * What covers `row`: its own bills, recurring rent and payroll; for the postings tied to no store
 * (storeId null), whether any store of `rows` has them in the same month.
 */
export function covered(row: StoreMonthInputs, rows: readonly StoreMonthInputs[]): Coverage {
  const of = (r: StoreMonthInputs): Coverage => ({ bills: sum(r.bills) !== 0, rent: (r.recurring.rent ?? 0) !== 0, payroll: r.payrollCents !== null });
  if (row.storeId !== null) return of(row);
  const c: Coverage = { bills: false, rent: false, payroll: false };
  for (const r of rows) {
    if (r.storeId === null || r.month !== row.month) continue;
    const o = of(r);
    c.bills ||= o.bills;
    c.rent ||= o.rent;
    c.payroll ||= o.payroll;
  }
  return c;
}

/** The record a ledger or bank posting on `line` gives way to under `coverage`, or null when it counts. */
export function supersededBy(line: ExpenseLine, coverage: Coverage): Superseded["by"] | null {
  if (line === "utilities" && coverage.bills) return "bills";
  if (line === "rent" && coverage.rent) return "recurring";
  if (line === "wages" && coverage.payroll) return "payroll";
  return null;
}

/** The ledger's expense category as a P&L line. */
export function ledgerLine(category: string): ExpenseLine {
  return LEDGER_LINE[category as ExpenseCategory] ?? "other";
}

const sum = (record: Partial<Record<string, number>>) => Object.values(record).reduce<number>((s, v) => s + (v ?? 0), 0);

/**
 * The P&L of any set of store-months (one store's month, a quarter, the company's year), each
 * store-month decided on its own and then added up. Which record counts when two describe the
 * same cost (docs/decisions/0074-store-economics.md):
 * - utilities: a store-month with any utility bill takes electricity, gas and water from the
 *   bills and leaves out the ledger's and bank's 'utilities' postings; without bills the postings
 *   count as one "utilities" line;
 * - rent: recurring rent when the store-month has one running, else ledger and bank 'rent';
 *   insurance and loan payments come only from recurring expenses; recurring 'other' adds to other;
 * - wages: payroll's labour cost when payroll has any for the store-month, else ledger and bank 'wages';
 * - repairs, supplies, fees and other: the ledger's and bank's postings;
 * - postings tied to no store (bank lines booked to expenses) count in the company's figures
 *   only; they give way by the same rules to the company's month as a whole: utilities when any
 *   store has bills that month, rent when any store has recurring rent, wages when any store has payroll.
 * Changers never count as revenue (their cash is change, not income); the ledger's other income is
 * not revenue either (card settlements reach the bank as income already entered as card revenue).
 */
export function assemblePnl(rows: readonly StoreMonthInputs[]): Pnl {
  const revenue = new Map<RevenueLine, { cents: number; sources: Set<FigureSource> }>();
  const expenses = new Map<ExpenseLine, { cents: number; sources: Set<FigureSource> }>();
  const superseded = new Map<string, Superseded>();
  let loan = 0;
  const addRevenue = (line: RevenueLine, cents: number, source: FigureSource) => {
    if (!cents) return;
    const r = revenue.get(line) ?? { cents: 0, sources: new Set() };
    r.cents += cents;
    r.sources.add(source);
    revenue.set(line, r);
  };
  const addExpense = (line: ExpenseLine, cents: number, source: FigureSource) => {
    if (!cents) return;
    const e = expenses.get(line) ?? { cents: 0, sources: new Set() };
    e.cents += cents;
    e.sources.add(source);
    expenses.set(line, e);
  };
  const supersede = (line: ExpenseLine, source: "ledger" | "bank", cents: number, by: Superseded["by"]) => {
    if (!cents) return;
    const key = `${line}:${source}:${by}`;
    const s = superseded.get(key) ?? { line, source, cents: 0, by };
    s.cents += cents;
    superseded.set(key, s);
  };
  for (const r of rows) {
    addRevenue("coins", r.collectionsCents, "collections");
    for (const s of OTHER_REVENUE_SOURCES) addRevenue(s, r.otherRevenue[s] ?? 0, "otherRevenue");
    const has = covered(r, rows);
    for (const u of UTILITIES) addExpense(u, r.bills[u] ?? 0, "bills");
    addExpense("rent", r.recurring.rent ?? 0, "recurring");
    addExpense("insurance", r.recurring.insurance ?? 0, "recurring");
    addExpense("other", r.recurring.other ?? 0, "recurring");
    loan += r.recurring.loan ?? 0;
    if (r.payrollCents !== null) {
      addExpense("wages", r.payrollCents, "payroll");
    }
    for (const [source, postings] of [
      ["ledger", r.ledger],
      ["bank", r.bank],
    ] as const) {
      for (const [category, cents] of Object.entries(postings) as Array<[ExpenseCategory, number]>) {
        const line = ledgerLine(category);
        const by = supersededBy(line, has);
        if (by) supersede(line, source, cents, by);
        else addExpense(line, cents, source);
      }
    }
  }
  const revenueLines = REVENUE_LINES.filter((l) => revenue.has(l)).map((line) => ({
    line,
    cents: revenue.get(line)!.cents,
    sources: FIGURE_SOURCES.filter((s) => revenue.get(line)!.sources.has(s)),
  }));
  const expenseLines = EXPENSE_LINES.filter((l) => expenses.has(l)).map((line) => ({
    line,
    cents: expenses.get(line)!.cents,
    sources: FIGURE_SOURCES.filter((s) => expenses.get(line)!.sources.has(s)),
  }));
  const revenueCents = revenueLines.reduce((s, l) => s + l.cents, 0);
  const expenseCents = expenseLines.reduce((s, l) => s + l.cents, 0);
  const operatingProfitCents = revenueCents - expenseCents;
  const utilityCents = expenseLines.filter((l) => (UTILITY_LINES as readonly string[]).includes(l.line)).reduce((s, l) => s + l.cents, 0);
  const labourCents = expenses.get("wages")?.cents ?? 0;
  const utilityPercent = percentOf(utilityCents, revenueCents);
  // No payroll and no wages posted is not a labour share of 0 %: the share is unknown, not good.
  // Nor is a month without them: the share is of the revenue of the months that have labour.
  const monthRevenue = new Map<string, number>();
  const labourMonths = new Set<string>();
  for (const r of rows) {
    monthRevenue.set(r.month, (monthRevenue.get(r.month) ?? 0) + r.collectionsCents + sum(r.otherRevenue));
    if (r.payrollCents !== null || r.ledger.wages || r.bank.wages) labourMonths.add(r.month);
  }
  const withRevenue = [...monthRevenue].filter(([, cents]) => cents !== 0);
  const withLabour = withRevenue.filter(([month]) => labourMonths.has(month));
  const labourRevenue = withLabour.reduce((s, [, cents]) => s + cents, 0);
  const labourPercent = labourMonths.size ? percentOf(labourCents, labourRevenue) : null;
  return {
    revenue: revenueLines,
    revenueCents,
    expenses: expenseLines,
    expenseCents,
    operatingProfitCents,
    marginPercent: revenueCents > 0 ? Math.round((operatingProfitCents * 1000) / revenueCents) / 10 : null,
    loanPaymentsCents: loan,
    afterLoansCents: operatingProfitCents - loan,
    utilityCents,
    utilityPercent,
    utilityBand: utilityBand(utilityPercent),
    labourCents,
    labourPercent,
    labourBand: labourBand(labourPercent),
    months: { revenue: withRevenue.length, labour: withLabour.length },
    superseded: [...superseded.values()],
  };
}

/** The lines a P&L figure can be opened on (economicsReports:entries). */
export const PNL_LINES = [...REVENUE_LINES.map((l) => `revenue:${l}` as const), ...EXPENSE_LINES.map((l) => `expense:${l}` as const), "expense:loan"] as const;
export type PnlLineKey = (typeof PNL_LINES)[number];

// ---- Refusals ----

const ECONOMICS_REPORT_TABLE = refusalTable("economicsReports", {
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  rangeReversed: { en: "The range's from date is after its to date", es: "La fecha de inicio del período es posterior a su fecha de fin" },
  rangeOverYear: { en: "The machine figures cover at most a year at a time", es: "Las cifras por máquina abarcan como máximo un año a la vez" },
});

export const ECONOMICS_REPORT_REFUSAL_TEXTS = ECONOMICS_REPORT_TABLE.texts;
/** A refusal for the server to throw, with its code ("economicsReports.<key>"). */
export const economicsReportRefusal = ECONOMICS_REPORT_TABLE.refusal;
