// Numbers on the screens, in the reader's language: "1,234.5" in English, "1234,5" / "12.345,5" in
// Spanish (es-US). Money has its own helpers (money.ts); every other figure goes through these,
// never through Intl or toLocaleString directly (lint rule).

const localeOf = (language: string) => (language.startsWith("es") ? "es-US" : "en-US");
const FORMATS = new Map<string, Intl.NumberFormat>();
function cached(language: string, min: number, max: number): Intl.NumberFormat {
  const key = `${localeOf(language)}|${min}|${max}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: min, maximumFractionDigits: max });
    FORMATS.set(key, format);
  }
  return format;
}

/** A count with grouping: 12345 → "12,345". */
export function formatCount(value: number, language: string): string {
  return cached(language, 0, 0).format(value);
}

/** A figure with exactly `digits` decimals: (1.5, 1) → "1.5" / "1,5". */
export function formatDecimal(value: number, language: string, digits = 1): string {
  return cached(language, digits, digits).format(value);
}

/** Minutes as hours with one decimal: 90 → "1.5" / "1,5". */
export function formatHoursDecimal(minutes: number, language: string): string {
  return formatDecimal(minutes / 60, language, 1);
}

/** A percentage with one decimal, or a dash when there is none. */
export function formatPercent(value: number | null | undefined, language: string): string {
  return value === null || value === undefined ? "—" : `${formatDecimal(value, language, 1)}%`;
}

/** Bytes as B, KB, MB, GB or TB (powers of 1024), with up to one decimal. */
export function formatBytes(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${cached(language, 0, unit ? 1 : 0).format(value)} ${units[unit]}`;
}
