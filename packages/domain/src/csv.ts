import Papa from "papaparse";

// One CSV writer for every export (server reports, payroll files and the web tables), on Papa
// Parse: RFC 4180 quoting, and text starting with = + - @ prefixed with ' so a spreadsheet does
// not run a cell as a formula — except negative numbers ("-12.50"), which must stay numbers.

export type CsvValue = string | number | boolean | null | undefined;

// Papa Parse's own pattern (leading = + - @, tab or carriage return) less negative numbers.
const FORMULA = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/;

/** A header line and one line per row, each line ended by \n; null and undefined are empty cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const options = { escapeFormulae: FORMULA, newline: "\n" };
  // Papa writes an empty data list as one empty line: the header alone is the file then.
  if (rows.length === 0) return Papa.unparse([[...header]], options) + "\n";
  return Papa.unparse({ fields: [...header], data: rows.map((r) => [...r]) }, options) + "\n";
}

/** Lines of rows without a header (a file written in parts), each ended by `newline`; nothing for no rows. */
export function csvLines(rows: readonly (readonly CsvValue[])[], newline: "\n" | "\r\n" = "\n"): string {
  return rows.length
    ? Papa.unparse(
        rows.map((r) => [...r]),
        { escapeFormulae: FORMULA, newline },
      ) + newline
    : "";
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
