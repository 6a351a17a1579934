import dayjs from "dayjs";

/** Dates show as MM/dd/yyyy (spec section 9); with the time, on the 24-hour clock of the header. */
export function formatDate(ms: number): string {
  return dayjs(ms).format("MM/DD/YYYY");
}

export function formatDateTime(ms: number): string {
  return dayjs(ms).format("MM/DD/YYYY HH:mm");
}
