import { formatDisplayTimestamp, localTimeZone } from "@tumble/domain/dateFormat";
import { todayIn } from "@tumble/domain/businessDate";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";

export { formatDisplayDate };

/** Epoch ms as "MM/dd/yyyy HH:mm" in this browser's zone (24-hour, like every time in the app: decision 0057). */
export function formatDisplayDateTime(ms: number | null): string {
  return ms === null ? "" : formatDisplayTimestamp(ms);
}

/** Today's date (yyyy-MM-dd) in a time zone (the browser's when none or an unknown one is given). */
export function todayInZone(timeZone: string | undefined, now = new Date()): string {
  try {
    return todayIn(timeZone ?? localTimeZone(), now);
  } catch {
    return todayIn(localTimeZone(), now);
  }
}
