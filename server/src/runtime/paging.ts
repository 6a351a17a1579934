import { z } from "zod";

// Lists that can pass a page's worth of rows page on the server: each page is ordered by a stable
// key ending in the row's id, and its nextCursor is the last row's key, so the next page starts
// strictly after it. The query keeps its company in its own WHERE: a cursor only says where to
// start, never whose rows.

export const PAGE_SIZE_DEFAULT = 200;
export const PAGE_SIZE_MAX = 500;

export const pageSizeArg = z.number().int().min(1).max(PAGE_SIZE_MAX).optional();

/** A cursor of the given shape: anything else is refused before the query runs. */
export const cursorArg = (pattern: RegExp) => z.string().max(120).regex(pattern, "expected the nextCursor of a previous page").optional();

export interface Page<T> {
  rows: T[];
  /** null on the last page. */
  nextCursor: string | null;
}

/** Rows fetched with limit pageSize + 1: the page, and the cursor after it when more follow. */
export function pageOf<R, T>(fetched: R[], pageSize: number, cursorOf: (row: R) => string, map: (row: R) => T): Page<T> {
  const rows = fetched.slice(0, pageSize);
  return { rows: rows.map(map), nextCursor: fetched.length > pageSize ? cursorOf(rows[rows.length - 1]) : null };
}
