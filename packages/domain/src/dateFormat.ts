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
