import { formatClock, formatDisplayDate, weekdayNames } from "@tumble/domain/dateFormat";

/** "14:05": the time of day in the store's zone (24-hour, like the header clock). */
export function timeIn(epochMs: number, timeZone: string): string {
  return formatClock(epochMs, timeZone);
}

/** "Mon 11/23/2026" (or "lun 11/23/2026"): a business date with its weekday in the reader's language. */
export function dayLabel(businessDate: string, language: string): string {
  const weekday = weekdayNames(language)[new Date(`${businessDate}T12:00:00Z`).getUTCDay()];
  return `${weekday} ${formatDisplayDate(businessDate)}`;
}
