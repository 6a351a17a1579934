import { formatClock } from "@tumble/domain/dateFormat";
import { formatHoursMinutes } from "@tumble/domain/timeClock";
import { currentLanguage } from "../../../lib/i18n";

// Times in the store's own zone: a manager elsewhere reads what the store's clock showed.

export function timeIn(at: number, timeZone: string): string {
  return formatClock(at, timeZone);
}

export function dateIn(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(currentLanguage() === "es" ? "es-US" : "en-US", { weekday: "short", month: "short", day: "numeric", timeZone }).format(at);
}

/** "Mon, Nov 23" for a yyyy-MM-dd business date. */
export function businessDateLabel(date: string): string {
  return new Intl.DateTimeFormat(currentLanguage() === "es" ? "es-US" : "en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${date}T12:00:00Z`),
  );
}

export function span(from: number, to: number | null, timeZone: string): string {
  return `${timeIn(from, timeZone)} – ${to === null ? "…" : timeIn(to, timeZone)}`;
}

export const hours = formatHoursMinutes;
