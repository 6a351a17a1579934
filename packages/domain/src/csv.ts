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

/**
 * The byte-order mark a CSV file starts with, so spreadsheet programs (Excel) read it as UTF-8
 * and Spanish names keep their accents ("Lavandería", "Peña").
 */
export const UTF8_BOM = "\uFEFF";

/** A CSV file's text as saved: the byte-order mark, once, then the CSV. */
export function csvFileText(csv: string): string {
  return csv.startsWith(UTF8_BOM) ? csv : UTF8_BOM + csv;
}
