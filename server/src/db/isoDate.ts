/** A date column as yyyy-MM-dd (PGlite and pg may hand back a string or a Date). */
export function isoDate(value: string | Date): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
