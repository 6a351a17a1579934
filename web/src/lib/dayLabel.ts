/** A business date (yyyy-MM-dd) as a short day label in the reader's locale: "Mon, Nov 24" / "lun, 24 nov". */
export function dayLabel(date: string, locale: string, long = false): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { weekday: long ? "long" : "short", month: "short", day: "numeric", timeZone: "UTC" });
}
