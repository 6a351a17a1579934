// The one way dates are printed (spec section 9): MM/dd/yyyy in the app, the US long form
// ("December 22, 2026") on the public pages, written in the page's language ("22 de diciembre de
// 2026"). Business dates are calendar dates and print as they are, whatever the reader's zone.

import type { SupportedLanguage } from "./languagePriority.ts";

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** "2025-03-07" → "03/07/2025"; anything else is returned as it is. */
export function formatDisplayDate(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
}

/** "MM/dd/yyyy - MM/dd/yyyy", with the times after each date when given. */
export function formatDisplayRange(from: string, to: string, fromTime = "", toTime = ""): string {
  const left = fromTime ? `${formatDisplayDate(from)} ${fromTime}` : formatDisplayDate(from);
  const right = toTime ? `${formatDisplayDate(to)} ${toTime}` : formatDisplayDate(to);
  return `${left} - ${right}`;
}

/** An instant's date, MM/dd/yyyy, in this machine's zone (when something happened, for its reader). */
export function formatInstantDate(epochMs: number): string {
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? "" : `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** An instant as "MM/dd/yyyy HH:mm" in this machine's zone (24-hour, like the header clock). */
export function formatDisplayTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? "" : `${formatInstantDate(epochMs)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LONG: Record<SupportedLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  es: new Intl.DateTimeFormat("es-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
};

/** "2026-12-22" → "December 22, 2026" (en) or "22 de diciembre de 2026" (es); "" for anything else. */
export function formatLongDate(iso: string | null | undefined, language: SupportedLanguage = "en"): string {
  const match = typeof iso === "string" ? ISO.exec(iso) : null;
  if (!match) return "";
  const instant = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(instant);
  // Date.UTC rolls 2026-02-30 over to March: refuse what is not on the calendar.
  if (date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) return "";
  return LONG[language].format(instant);
}

// Times of day on the workforce screens, the kiosk and exports: one format in both languages,
// 24-hour "HH:mm" like the header clock and the timestamps above (spec section 2), always in the
// store's zone; "14:05" reads the same in English and Spanish.
const CLOCKS = new Map<string, Intl.DateTimeFormat>();

/** "14:05" (or "14:05:09"): an instant's time of day in `timeZone`. */
export function formatClock(epochMs: number, timeZone?: string, seconds = false): string {
  const key = `${timeZone ?? ""}|${seconds}`;
  let format = CLOCKS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), hourCycle: "h23", timeZone });
    CLOCKS.set(key, format);
  }
  return format.format(epochMs);
}

const dayFormat = (language: SupportedLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { weekday: "short", month: "short", day: "numeric", timeZone });

/** "Mon, Nov 23 09:00 – 17:00 · Rio Downtown": a shift in its store's zone. */
export function shiftLabel(s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }, language: SupportedLanguage): string {
  return `${dayFormat(language, s.timeZone).format(s.startsAt)} ${formatClock(s.startsAt, s.timeZone)} – ${formatClock(s.endsAt, s.timeZone)} · ${s.storeName}`;
}

/** A time-off range: whole days ("Mon, Nov 23 – Wed, Nov 25"), or from and to with their times. */
export function timeRangeLabel(startsAt: number, endsAt: number, allDay: boolean, timeZone: string, language: SupportedLanguage): string {
  const day = dayFormat(language, timeZone);
  if (allDay) {
    const first = day.format(startsAt);
    const last = day.format(endsAt - 1);
    return first === last ? first : `${first} – ${last}`;
  }
  return `${day.format(startsAt)} ${formatClock(startsAt, timeZone)} – ${day.format(endsAt)} ${formatClock(endsAt, timeZone)}`;
}
