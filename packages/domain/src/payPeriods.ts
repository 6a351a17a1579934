import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { WorkforceSettings } from "./companySettings.ts";
import { WEEKDAYS } from "./companySettings.ts";
import { isoDateOfDay } from "./zonedTime.ts";

// Pay periods and workweeks as calendar dates (yyyy-MM-dd, both ends inclusive). Dates are
// handled as UTC calendar days, so no daylight-saving change can stretch or shrink a day.

dayjs.extend(utc);

export interface DateRange {
  startsOn: string;
  endsOn: string;
}

type PeriodSettings = Pick<WorkforceSettings, "payFrequency" | "payAnchorDate" | "workweekStart">;

const day = (date: string) => dayjs.utc(date, "YYYY-MM-DD");
const fmt = (d: dayjs.Dayjs) => d.format("YYYY-MM-DD");

const DAY_MS = 86_400_000;
// Plain UTC arithmetic for the hot paths (the pay calculation calls these per entry).
const utcMs = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDateOfDay(utcMs(date) / DAY_MS + days);
}

/** Whole calendar days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(b) - utcMs(a)) / DAY_MS);
}

/** Every date from `startsOn` to `endsOn`, inclusive. */
export function datesOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = range.startsOn; d <= range.endsOn; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The first day of the fixed workweek containing `date`. */
export function workweekStartOf(date: string, workweekStart: WorkforceSettings["workweekStart"]): string {
  const back = (new Date(utcMs(date)).getUTCDay() - WEEKDAYS.indexOf(workweekStart) + 7) % 7;
  return addDays(date, -back);
}

/**
 * Weekly and bi-weekly periods count from the anchor date; without one they count from the
 * workweek start day of the week of 2024-01-01, so periods and workweeks line up.
 */
export function effectiveAnchor(settings: PeriodSettings): string {
  return settings.payAnchorDate ?? workweekStartOf("2024-01-01", settings.workweekStart);
}

/** The pay period containing `date`. */
export function periodContaining(date: string, settings: PeriodSettings): DateRange {
  const d = day(date);
  switch (settings.payFrequency) {
    case "weekly":
    case "biweekly": {
      const length = settings.payFrequency === "weekly" ? 7 : 14;
      const offset = daysBetween(effectiveAnchor(settings), date);
      const start = addDays(date, -(((offset % length) + length) % length));
      return { startsOn: start, endsOn: addDays(start, length - 1) };
    }
    case "semimonthly": {
      if (d.date() <= 15) return { startsOn: fmt(d.date(1)), endsOn: fmt(d.date(15)) };
      return { startsOn: fmt(d.date(16)), endsOn: fmt(d.endOf("month")) };
    }
    case "monthly":
      return { startsOn: fmt(d.startOf("month")), endsOn: fmt(d.endOf("month")) };
  }
}

export function nextPeriod(period: DateRange, settings: PeriodSettings): DateRange {
  return periodContaining(addDays(period.endsOn, 1), settings);
}

export function previousPeriod(period: DateRange, settings: PeriodSettings): DateRange {
  return periodContaining(addDays(period.startsOn, -1), settings);
}

/** The periods from the one containing `from` to the one containing `to`, oldest first. */
export function periodsBetween(from: string, to: string, settings: PeriodSettings): DateRange[] {
  const out: DateRange[] = [];
  for (let p = periodContaining(from, settings); p.startsOn <= to; p = nextPeriod(p, settings)) out.push(p);
  return out;
}

/** Periods in a year at a frequency (for reports; salary rates are per period, see decision 0037). */
export const PERIODS_PER_YEAR = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 } as const;

/**
 * The dates whose time a period's calculation needs: every day of the workweeks touching it
 * (a week crossing the boundary is decided on the whole week).
 */
export function calculationRange(period: DateRange, workweekStart: WorkforceSettings["workweekStart"]): DateRange {
  return { startsOn: workweekStartOf(period.startsOn, workweekStart), endsOn: addDays(workweekStartOf(period.endsOn, workweekStart), 6) };
}
