import { currentLanguage } from "../../../lib/i18n";

// A shift or a time-off range as the employee reads it, in the store's zone.

const locale = () => (currentLanguage() === "es" ? "es-US" : "en-US");

export function shiftLabel(s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }): string {
  const day = new Intl.DateTimeFormat(locale(), { weekday: "short", month: "short", day: "numeric", timeZone: s.timeZone }).format(s.startsAt);
  const time = new Intl.DateTimeFormat(locale(), { hour: "numeric", minute: "2-digit", timeZone: s.timeZone });
  return `${day} ${time.format(s.startsAt)} – ${time.format(s.endsAt)} · ${s.storeName}`;
}

export function rangeLabel(startsAt: number, endsAt: number, allDay: boolean, timeZone: string): string {
  if (allDay) {
    const day = new Intl.DateTimeFormat(locale(), { weekday: "short", month: "short", day: "numeric", timeZone });
    const last = day.format(endsAt - 1);
    const first = day.format(startsAt);
    return first === last ? first : `${first} – ${last}`;
  }
  const at = new Intl.DateTimeFormat(locale(), { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
  return `${at.format(startsAt)} – ${at.format(endsAt)}`;
}
