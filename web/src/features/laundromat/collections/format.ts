import { formatInstantDate } from "@tumble/domain/dateFormat";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";

export { formatDisplayDate };

/** Epoch ms as MM/dd/yyyy h:mm a in this browser's time zone. */
export function formatDisplayDateTime(ms: number | null): string {
  if (ms === null) return "";
  const d = new Date(ms);
  const date = formatInstantDate(ms);
  const hours = d.getHours() % 12 || 12;
  return `${date} ${hours}:${String(d.getMinutes()).padStart(2, "0")} ${d.getHours() < 12 ? "AM" : "PM"}`;
}

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayInZone(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  }
}
