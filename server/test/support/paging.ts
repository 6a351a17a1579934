import { expect } from "vitest";
import type { Client } from "./testServer.ts";

// Walking a list paged with a cursor (runtime/paging.ts) to its end, for the paging tests.

export type Page<T> = { rows: T[]; nextCursor: string | null };

/** Every page of a paged list, with the cursors seen; fails when the pages never end. */
export async function walkPages<T>(client: Client, path: string, args: Record<string, unknown>, maxPages = 200): Promise<{ pages: T[][]; cursors: string[] }> {
  const pages: T[][] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await client.query<Page<T>>(path, cursor ? { ...args, cursor } : args);
    pages.push(page.rows);
    cursor = page.nextCursor;
    if (cursor) cursors.push(cursor);
    expect(pages.length, "pages never end").toBeLessThan(maxPages);
  } while (cursor);
  return { pages, cursors };
}
