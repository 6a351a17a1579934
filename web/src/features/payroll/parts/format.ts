import { formatClock } from "@tumble/domain/dateFormat";
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

const locale = () => (currentLanguage() === "es" ? "es-US" : "en-US");

/** "Nov 16" (or "Nov 16, 2026" with the year) for a yyyy-MM-dd business date. */
export function dateLabel(date: string, withYear = false): string {
  return new Intl.DateTimeFormat(locale(), { month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" }).format(
    Date.parse(`${date}T12:00:00Z`),
  );
}

/** "Mon, Nov 16" for a business date. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(locale(), { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(Date.parse(`${date}T12:00:00Z`));
}

/** "Nov 16 – Nov 29, 2026". */
export function rangeLabel(startsOn: string, endsOn: string): string {
  return `${dateLabel(startsOn)} – ${dateLabel(endsOn, true)}`;
}

/** "8:05 AM" at the store's clock. */
export function timeAt(at: number, timeZone: string): string {
  return formatClock(at, timeZone);
}

/** "Nov 16, 2026, 3:04 PM" in the reader's zone (who locked or paid, when). */
export function instantLabel(at: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(at);
}
