import { formatDay } from "@tumble/domain/dateFormat";

/** A business date (yyyy-MM-dd) as a short day label in the reader's locale: "Mon, Nov 24" / "lun, 24 nov". */
export function dayLabel(date: string, locale: string, long = false): string {
  return formatDay(date, locale, { weekday: long ? "long" : "short" });
}
