import Papa from "papaparse";

// One CSV writer for every export (server reports, payroll files and the web tables), on Papa
// Parse: RFC 4180 quoting, and text starting with = + - @ prefixed with ' so a spreadsheet does
// not run a cell as a formula — except negative numbers ("-12.50"), which must stay numbers.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA = /^(?!-\d+(\.\d+)?$)[=+\-@]/;

/** A header line and one line per row, each line ended by \n; null and undefined are empty cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse({ fields: [...header], data: rows.map((r) => [...r]) }, { escapeFormulae: FORMULA, newline: "\n" }) + "\n";
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
