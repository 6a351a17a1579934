// Spec sections 3 (DateRange), 4 (Date picker), 5 (Date range) and 9 (Date presets): the quick-select
// presets, their comparison periods and the rules for editing a range. Dates are business dates,
// `yyyy-MM-dd` strings; all arithmetic is on the civil calendar, never on instants, so the result
// does not depend on the machine's time zone.
//
// Semantics where the spec is silent:
// - Every preset ends no later than `today`. "This Month" and "MTD" are the same range (first of
//   the month to today) and differ only in label; likewise "This Year" and "YTD".
// - "Last 7 Days" / "Last 30 Days" include today (today − 6 … today). "Last 3 Months" / "Last 6
//   Months" are the rolling months ending today: (today − N months) + 1 day … today.
// - Q1–Q4 are quarters of the current year, capped at today. A quarter that has not started yet
//   means the most recent one: that quarter of the previous year.
// - Comparison of day presets is the previous day; of month, quarter and year presets (This Month,
//   MTD, Last Month, This Quarter, Last Quarter, Q1–Q4, This Year, YTD, Last Year) the same span one
//   period earlier: the start moves back one period; the end moves back one period too, clamped to
//   the end of that month (Mar 31 → Feb 29), and an end on the last day of its month maps to the
//   last day of the earlier month (Apr 30 → Mar 31), so a whole period compares with a whole
//   period. Rolling presets and custom ranges compare with the equal-length range immediately
//   before. All Time has no comparison.

export const DATE_PRESETS = [
  "today",
  "yesterday",
  "last7Days",
  "last30Days",
  "thisMonth",
  "mtd",
  "lastMonth",
  "last3Months",
  "last6Months",
  "thisYear",
  "ytd",
  "lastYear",
  "thisQuarter",
  "lastQuarter",
  "q1",
  "q2",
  "q3",
  "q4",
  "allTime",
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7Days: "Last 7 Days",
  last30Days: "Last 30 Days",
  thisMonth: "This Month",
  mtd: "MTD",
  lastMonth: "Last Month",
  last3Months: "Last 3 Months",
  last6Months: "Last 6 Months",
  thisYear: "This Year",
  ytd: "YTD",
  lastYear: "Last Year",
  thisQuarter: "This Quarter",
  lastQuarter: "Last Quarter",
  q1: "Q1",
  q2: "Q2",
  q3: "Q3",
  q4: "Q4",
  allTime: "All Time",
};

export const ALL_TIME_START = "2020-01-01";

export interface DateSpan {
  fromDate: string;
  toDate: string;
}

export interface ComparisonSpan {
  compareFromDate: string;
  compareToDate: string;
}

/** Spec section 3. Times are "" unless includeTime is on; compare fields are "" unless comparison is on. */
export interface DateRange {
  fromDate: string;
  toDate: string;
  fromTime: string;
  toTime: string;
  compareFromDate: string;
  compareToDate: string;
  compareFromTime: string;
  compareToTime: string;
  enableComparison: boolean;
  includeTime: boolean;
}

// ---- Civil date arithmetic ----

interface Civil {
  y: number;
  m: number; // 1-12
  d: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function parse(value: string): Civil {
  if (!isIsoDate(value)) throw new RangeError(`Not a yyyy-MM-dd date: "${value}"`);
  const [y, m, d] = value.split("-").map(Number);
  return { y, m, d };
}

function format({ y, m, d }: Civil): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const DAY_MS = 86_400_000;

function toDayNumber(value: string): number {
  const { y, m, d } = parse(value);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function fromDayNumber(n: number): string {
  const date = new Date(n * DAY_MS);
  return format({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
}

export function addDays(value: string, days: number): string {
  return fromDayNumber(toDayNumber(value) + days);
}

/** Moves by whole months, clamping the day to the target month's length (2024-03-31 − 1 → 2024-02-29). */
export function addMonths(value: string, months: number): string {
  const { y, m, d } = parse(value);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return format({ y: ty, m: tm, d: Math.min(d, daysInMonth(ty, tm)) });
}

/** Inclusive number of days from `from` to `to`. */
export function daysBetweenInclusive(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from) + 1;
}

function isLastDayOfMonth(value: string): boolean {
  const { y, m, d } = parse(value);
  return d === daysInMonth(y, m);
}

function endOfMonth(value: string): string {
  const { y, m } = parse(value);
  return format({ y, m, d: daysInMonth(y, m) });
}

function startOfMonth(value: string): string {
  const { y, m } = parse(value);
  return format({ y, m, d: 1 });
}

function quarterStart(y: number, quarter: number): string {
  return format({ y, m: (quarter - 1) * 3 + 1, d: 1 });
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

// ---- Presets ----

export function presetRange(preset: DatePreset, today: string): DateSpan {
  const { y, m } = parse(today);
  const currentQuarter = Math.floor((m - 1) / 3) + 1;
  switch (preset) {
    case "today":
      return { fromDate: today, toDate: today };
    case "yesterday": {
      const day = addDays(today, -1);
      return { fromDate: day, toDate: day };
    }
    case "last7Days":
      return { fromDate: addDays(today, -6), toDate: today };
    case "last30Days":
      return { fromDate: addDays(today, -29), toDate: today };
    case "thisMonth":
    case "mtd":
      return { fromDate: startOfMonth(today), toDate: today };
    case "lastMonth": {
      const start = addMonths(startOfMonth(today), -1);
      return { fromDate: start, toDate: endOfMonth(start) };
    }
    case "last3Months":
      return { fromDate: addDays(addMonths(today, -3), 1), toDate: today };
    case "last6Months":
      return { fromDate: addDays(addMonths(today, -6), 1), toDate: today };
    case "thisYear":
    case "ytd":
      return { fromDate: format({ y, m: 1, d: 1 }), toDate: today };
    case "lastYear":
      return { fromDate: format({ y: y - 1, m: 1, d: 1 }), toDate: format({ y: y - 1, m: 12, d: 31 }) };
    case "thisQuarter":
      return { fromDate: quarterStart(y, currentQuarter), toDate: today };
    case "lastQuarter": {
      const start = addMonths(quarterStart(y, currentQuarter), -3);
      return { fromDate: start, toDate: endOfMonth(addMonths(start, 2)) };
    }
    case "q1":
    case "q2":
    case "q3":
    case "q4": {
      const quarter = Number(preset.slice(1));
      const year = quarter > currentQuarter ? y - 1 : y;
      const start = quarterStart(year, quarter);
      return { fromDate: start, toDate: minDate(endOfMonth(addMonths(start, 2)), today) };
    }
    case "allTime":
      return { fromDate: ALL_TIME_START, toDate: today };
  }
}

type ComparisonKind = "day" | "month" | "quarter" | "year" | "preceding" | "none";

const COMPARISON_KIND: Record<DatePreset, ComparisonKind> = {
  today: "day",
  yesterday: "day",
  last7Days: "preceding",
  last30Days: "preceding",
  thisMonth: "month",
  mtd: "month",
  lastMonth: "month",
  last3Months: "preceding",
  last6Months: "preceding",
  thisYear: "year",
  ytd: "year",
  lastYear: "year",
  thisQuarter: "quarter",
  lastQuarter: "quarter",
  q1: "quarter",
  q2: "quarter",
  q3: "quarter",
  q4: "quarter",
  allTime: "none",
};

export function presetHasComparison(preset: DatePreset | null): boolean {
  return preset === null || COMPARISON_KIND[preset] !== "none";
}

function shiftEndByMonths(value: string, months: number): string {
  const shifted = addMonths(value, months);
  return isLastDayOfMonth(value) ? endOfMonth(shifted) : shifted;
}

/**
 * The comparison period of a range chosen by `preset` (null: a custom range). Null for All Time
 * or when a date is missing or the range is reversed.
 */
export function comparisonRange(preset: DatePreset | null, fromDate: string, toDate: string): ComparisonSpan | null {
  if (!isIsoDate(fromDate) || !isIsoDate(toDate) || fromDate > toDate) return null;
  const kind = preset === null ? "preceding" : COMPARISON_KIND[preset];
  const months = { month: 1, quarter: 3, year: 12 } as const;
  switch (kind) {
    case "none":
      return null;
    case "day":
      return { compareFromDate: addDays(fromDate, -1), compareToDate: addDays(toDate, -1) };
    case "month":
    case "quarter":
    case "year":
      return {
        compareFromDate: addMonths(fromDate, -months[kind]),
        compareToDate: shiftEndByMonths(toDate, -months[kind]),
      };
    case "preceding": {
      const length = daysBetweenInclusive(fromDate, toDate);
      return { compareFromDate: addDays(fromDate, -length), compareToDate: addDays(fromDate, -1) };
    }
  }
}

// ---- Editing a range (spec sections 4 and 5) ----

/** Laundromat selection default: today for both dates, no times, no comparison. */
export function defaultDateRange(today: string): DateRange {
  return {
    fromDate: today,
    toDate: today,
    fromTime: "",
    toTime: "",
    compareFromDate: "",
    compareToDate: "",
    compareFromTime: "",
    compareToTime: "",
    enableComparison: false,
    includeTime: false,
  };
}

const NO_COMPARISON = { compareFromDate: "", compareToDate: "", compareFromTime: "", compareToTime: "" };

/** Recomputes the compare fields from the dates (and copies the times) when comparison is on. */
function withComparison(range: DateRange, preset: DatePreset | null): DateRange {
  if (!range.enableComparison) return { ...range, ...NO_COMPARISON };
  const span = comparisonRange(preset, range.fromDate, range.toDate);
  if (span === null) return { ...range, ...NO_COMPARISON };
  return { ...range, ...span, compareFromTime: range.fromTime, compareToTime: range.toTime };
}

/**
 * Choosing a preset sets both dates and recomputes the comparison when it is on. A preset without a
 * comparison (All Time) switches comparison off and clears the compare fields.
 */
export function applyPreset(range: DateRange, preset: DatePreset, today: string): DateRange {
  const next = { ...range, ...presetRange(preset, today) };
  if (!presetHasComparison(preset)) return { ...next, ...NO_COMPARISON, enableComparison: false };
  return withComparison(next, preset);
}

function clampToToday(date: string, today: string): string {
  return date > today ? today : date;
}

/**
 * A manual edit of the from-date (the preset is cleared, so the comparison becomes the preceding
 * equal-length range). Capped at today; a from-date past the to-date moves the to-date with it.
 * An empty value clears the field.
 */
export function setFromDate(range: DateRange, fromDate: string, today: string): DateRange {
  if (fromDate === "") return withComparison({ ...range, fromDate: "" }, null);
  if (!isIsoDate(fromDate)) return range;
  const from = clampToToday(fromDate, today);
  const to = range.toDate !== "" && from > range.toDate ? from : range.toDate;
  return withComparison({ ...range, fromDate: from, toDate: to }, null);
}

/** Capped at today; a to-date before the from-date moves the from-date with it. */
export function setToDate(range: DateRange, toDate: string, today: string): DateRange {
  if (toDate === "") return withComparison({ ...range, toDate: "" }, null);
  if (!isIsoDate(toDate)) return range;
  const to = clampToToday(toDate, today);
  const from = range.fromDate !== "" && to < range.fromDate ? to : range.fromDate;
  return withComparison({ ...range, fromDate: from, toDate: to }, null);
}

/** On computes the comparison period for the current preset (null: custom); off clears it. */
export function setComparisonEnabled(range: DateRange, enabled: boolean, preset: DatePreset | null): DateRange {
  return withComparison({ ...range, enableComparison: enabled }, preset);
}

/** Off clears the times and the compare times. */
export function setIncludeTime(range: DateRange, includeTime: boolean): DateRange {
  if (includeTime) return { ...range, includeTime: true };
  return { ...range, includeTime: false, fromTime: "", toTime: "", compareFromTime: "", compareToTime: "" };
}

/** Edits the times (ignored while includeTime is off); copied to the compare times when comparison is on. */
export function setTimes(range: DateRange, times: { fromTime?: string; toTime?: string }): DateRange {
  if (!range.includeTime) return range;
  const next = { ...range, fromTime: times.fromTime ?? range.fromTime, toTime: times.toTime ?? range.toTime };
  if (!next.enableComparison) return next;
  return { ...next, compareFromTime: next.fromTime, compareToTime: next.toTime };
}
