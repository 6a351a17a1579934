import { formatClock, formatDay, formatDayAt } from "@tumble/domain/dateFormat";
import { formatHoursMinutes } from "@tumble/domain/timeClock";
import { currentLanguage } from "../../../lib/i18n";

// Times in the store's own zone: a manager elsewhere reads what the store's clock showed.

export function timeIn(at: number, timeZone: string): string {
  return formatClock(at, timeZone);
}

export function dateIn(at: number, timeZone: string): string {
  return formatDayAt(at, timeZone, currentLanguage());
}

/** "Mon, Nov 23" for a yyyy-MM-dd business date. */
export function businessDateLabel(date: string): string {
  return formatDay(date, currentLanguage());
}

export function span(from: number, to: number | null, timeZone: string): string {
  return `${timeIn(from, timeZone)} – ${to === null ? "…" : timeIn(to, timeZone)}`;
}

export const hours = formatHoursMinutes;
