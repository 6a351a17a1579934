import { formatClock, formatDay, formatWhen } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { currentLanguage } from "../../../lib/i18n";

// Payroll figures at the edge: hours as decimal hours (what the provider file and statements use),
// money as USD, dates and times in the reader's language (times in the store's own zone).

/** Minutes as decimal hours with two places: 2700 → "45.00". Display only, never summed again. */
export function hoursText(minutes: number): string {
  const whole = Math.trunc(minutes / 60);
  const hundredths = Math.round(((minutes % 60) * 100) / 60);
  return hundredths === 100 ? `${whole + 1}.00` : `${whole}.${String(hundredths).padStart(2, "0")}`;
}

export const money = formatUSD;

/** "Nov 16" (or "Nov 16, 2026" with the year) for a yyyy-MM-dd business date. */
export function dateLabel(date: string, withYear = false): string {
  return formatDay(date, currentLanguage(), { weekday: false, year: withYear });
}

/** "Mon, Nov 16" for a business date. */
export function dayLabel(date: string): string {
  return formatDay(date, currentLanguage());
}

/** "Nov 16 – Nov 29, 2026". */
export function rangeLabel(startsOn: string, endsOn: string): string {
  return `${dateLabel(startsOn)} – ${dateLabel(endsOn, true)}`;
}

/** "08:05" at the store's clock. */
export function timeAt(at: number, timeZone: string): string {
  return formatClock(at, timeZone);
}

/** "Nov 16, 2026 15:04" in the reader's zone (who locked or paid, when). */
export function instantLabel(at: number): string {
  return formatWhen(at, currentLanguage());
}
