import { addDays } from "@tumble/domain/datePresets";

// The range the queue shows: the pay period around a date when the company set a weekly or
// bi-weekly anchor, else the week (Sunday to Saturday) around it.

export interface Period {
  from: string;
  to: string;
}

export function periodAround(date: string, payFrequency: string | undefined, anchor: string | null | undefined): Period {
  const length = anchor && payFrequency === "weekly" ? 7 : anchor && payFrequency === "biweekly" ? 14 : 7;
  let start: string;
  if (anchor && (payFrequency === "weekly" || payFrequency === "biweekly")) {
    const days = Math.round((Date.parse(date) - Date.parse(anchor)) / 86_400_000);
    start = addDays(anchor, Math.floor(days / length) * length);
  } else {
    start = addDays(date, -new Date(`${date}T12:00:00Z`).getUTCDay());
  }
  return { from: start, to: addDays(start, length - 1) };
}

export function shiftPeriod(period: Period, direction: 1 | -1): Period {
  const length = Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
  return { from: addDays(period.from, direction * length), to: addDays(period.to, direction * length) };
}
