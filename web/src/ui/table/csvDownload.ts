import { csvFileText, toCsv } from "@tumble/domain/csv";
import type { DataColumn } from "./types";

/** The rows as CSV over the given columns (those with a CSV or sort value), in the order given. */
export function rowsToCsv<T>(columns: readonly DataColumn<T>[], rows: readonly T[]): string {
  const exported = columns.filter((c) => c.csv || c.sortValue);
  return toCsv(
    exported.map((c) => c.header),
    rows.map((row) => exported.map((c) => (c.csv ? c.csv(row) : c.sortValue!(row)))),
  );
}

/** The columns a table exports: those shown, in their order, and the export-only ones where they stand. */
export function csvColumns<T>(columns: readonly DataColumn<T>[], shown: readonly DataColumn<T>[]): DataColumn<T>[] {
  return columns.filter((c) => c.exportOnly || shown.includes(c));
}

/** Saves text as a file through a temporary link (no server round trip). */
export function downloadCsv(filename: string, csv: string): void {
  // With the byte-order mark, so spreadsheet programs read the file as UTF-8 (accents in Spanish names).
  const url = URL.createObjectURL(new Blob([csvFileText(csv)], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename.endsWith(".csv") ? filename : `${filename}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
