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

/** "Mon, Nov 23 09:00 – 17:00 · Rio Downtown": a shift in its store's zone. */
export function shiftLabel(s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }, language: SupportedLanguage): string {
  return `${formatDayAt(s.startsAt, s.timeZone, language)} ${formatClock(s.startsAt, s.timeZone)} – ${formatClock(s.endsAt, s.timeZone)} · ${s.storeName}`;
}

/** A time-off range: whole days ("Mon, Nov 23 – Wed, Nov 25"), or from and to with their times. */
export function timeRangeLabel(startsAt: number, endsAt: number, allDay: boolean, timeZone: string, language: SupportedLanguage): string {
  const day = { format: (at: number) => formatDayAt(at, timeZone, language) };
  if (allDay) {
    const first = day.format(startsAt);
    const last = day.format(endsAt - 1);
    return first === last ? first : `${first} – ${last}`;
  }
  return `${day.format(startsAt)} ${formatClock(startsAt, timeZone)} – ${day.format(endsAt)} ${formatClock(endsAt, timeZone)}`;
}

// Day and month labels in the reader's language, for the screens: a business date is a calendar
// date and prints the same in every zone; an instant prints in the zone it is asked for (the
// store's). Every screen prints dates through these, never through Intl directly (lint rule).

const localeOf = (language: string) => (language.startsWith("es") ? "es-US" : "en-US");
const FORMATS = new Map<string, Intl.DateTimeFormat>();
function cached(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    FORMATS.set(key, format);
  }
  return format;
}
const noonOf = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

export interface DayLabelOptions {
  /** The weekday's name before the day ("short" by default; false for none). */
  weekday?: "short" | "long" | false;
  /** The year after the day. */
  year?: boolean;
}

/** A business date as "Mon, Nov 16" (en) or "lun, 16 nov" (es); options add the year or drop the weekday. */
export function formatDay(iso: string, language: string, { weekday = "short", year = false }: DayLabelOptions = {}): string {
  if (!ISO.test(iso)) return iso;
  return cached(language, { ...(weekday ? { weekday } : {}), month: "short", day: "numeric", ...(year ? { year: "numeric" } : {}), timeZone: "UTC" }).format(
    noonOf(iso),
  );
}

/** An instant's day in `timeZone`: "Mon, Nov 23". */
export function formatDayAt(epochMs: number, timeZone: string | undefined, language: string): string {
  return cached(language, { weekday: "short", month: "short", day: "numeric", timeZone }).format(epochMs);
}

/** "Nov 2026" / "nov 2026" for a yyyy-MM month. */
export function formatMonth(month: string, language: string): string {
  const [y, m] = month.split("-").map(Number);
  return cached(language, { month: "short", year: "numeric", timeZone: "UTC" }).format(Date.UTC(y, m - 1, 1));
}

/** The short weekday names from Sunday (0) to Saturday (6). */
export function weekdayNames(language: string, width: "short" | "long" = "short"): string[] {
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => cached(language, { weekday: width, timeZone: "UTC" }).format(Date.UTC(2026, 10, 1 + i)));
}

/** When something happened, for its reader: "Nov 16, 2026 15:04" in `timeZone` (the reader's when not given). */
export function formatWhen(epochMs: number, language: string, timeZone?: string): string {
  return `${cached(language, { month: "short", day: "numeric", year: "numeric", timeZone }).format(epochMs)} ${formatClock(epochMs, timeZone)}`;
}

/** The zone this machine (the reader's browser) is in. */
export function localTimeZone(fallback = "UTC"): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
}
