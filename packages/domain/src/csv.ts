// One CSV writer for every export (server reports and the web tables): RFC 4180 quoting, and a
// leading = + - @ prefixed with ' so a spreadsheet does not run a cell as a formula.

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: empty for null/undefined, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  const s = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header line and one line per row, each line ended by \n. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((line) => line.map(csvCell).join(",")).join("\n") + "\n";
}
