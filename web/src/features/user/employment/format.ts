import { formatDisplayDate } from "@tumble/domain/dateFormat";

const TIME = new Map<string, Intl.DateTimeFormat>();

/** "14:05": the time of day in the store's zone (24-hour, like the header clock). */
export function timeIn(epochMs: number, timeZone: string): string {
  let format = TIME.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
    TIME.set(timeZone, format);
  }
  return format.format(epochMs);
}

/** "Mon 11/23/2026" (or "lun 11/23/2026"): a business date with its weekday in the reader's language. */
export function dayLabel(businessDate: string, language: string): string {
  const weekday = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { weekday: "short", timeZone: "UTC" }).format(
    new Date(`${businessDate}T12:00:00Z`),
  );
  return `${weekday} ${formatDisplayDate(businessDate)}`;
}
