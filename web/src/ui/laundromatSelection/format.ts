// Dates are stored yyyy-MM-dd and displayed MM/dd/yyyy (spec section 9).

/** "2025-03-07" → "03/07/2025"; anything else is returned as it is. */
export function formatDisplayDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
}

/** "MM/dd/yyyy - MM/dd/yyyy", with the times after each date when given. */
export function formatDisplayRange(from: string, to: string, fromTime = "", toTime = ""): string {
  const left = fromTime ? `${formatDisplayDate(from)} ${fromTime}` : formatDisplayDate(from);
  const right = toTime ? `${formatDisplayDate(to)} ${toTime}` : formatDisplayDate(to);
  return `${left} - ${right}`;
}

/** Epoch ms → "MM/dd/yyyy HH:mm" in this browser's time zone (24-hour, like the header clock). */
export function formatDisplayTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
