import type { ReactNode } from "react";
import type { CsvValue } from "@tumble/domain/csv";
import type { ContextMenuItem } from "../ContextMenu";

/** One column of a DataTable: how a row shows in it, sorts by it and exports it. */
export interface DataColumn<T> {
  /** Stable id: the preference key for its visibility and the URL's sort value. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The value it sorts by; a column without one cannot be sorted. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** The CSV value; defaults to sortValue. A column with neither is left out of the CSV. */
  csv?: (row: T) => CsvValue;
  align?: "right";
  /** false: always shown and not offered in the Columns menu (row actions). */
  hideable?: boolean;
  /**
   * Its place on a phone card: "title" leads it, "badge" sits beside the title, "aside" at the
   * right (a total), "footer" below everything (controls), "hidden" off the card; by default a
   * labelled value in the card's grid.
   */
  card?: "title" | "badge" | "aside" | "footer" | "hidden";
  width?: number | string;
  /** In the CSV only, never drawn: a figure the screen shows as a sub-line of another column. */
  exportOnly?: boolean;
}

export interface SortState {
  id: string;
  desc: boolean;
}

export type RowMenu<T> = (row: T) => ContextMenuItem[];
