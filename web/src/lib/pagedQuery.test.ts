import { MantineProvider } from "@mantine/core";
import i18next from "i18next";
import { act, createElement, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FunctionReference } from "@tumble/domain/functionPath";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import { DataTable } from "../ui/table/DataTable";
import { usePagedQuery } from "./pagedQuery";

// "Load more" under a list the server pages with a cursor: the first page shows with how many are
// loaded and that more exist, each click fetches the page after the last cursor with the same
// filters, and the footer goes once the last page is in; nothing is repeated or left out.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  _id: string;
  name: string;
}
const ALL: Row[] = Array.from({ length: 450 }, (_, i) => ({ _id: `r${String(i).padStart(3, "0")}`, name: `Row ${i}` }));
const PAGE = 200;
/** The server's page after `cursor` (the id of the last row of the previous one). */
const pageAfter = (cursor: string | undefined) => {
  const start = cursor ? ALL.findIndex((r) => r._id === cursor) + 1 : 0;
  const rows = ALL.slice(start, start + PAGE);
  return { rows, nextCursor: start + PAGE < ALL.length ? rows[rows.length - 1]._id : null };
};

const calls: unknown[] = [];
// The live first page: the same object from render to render, as the query cache hands it back.
const FIRST = pageAfter(undefined);
vi.mock("./hooks", () => ({ useQueryState: () => ({ data: FIRST, error: null, isLoading: false }) }));
vi.mock("./client", () => ({
  runQuery: (_ref: unknown, args: { cursor?: string }) => {
    calls.push(args);
    return Promise.resolve(pageAfter(args.cursor));
  },
}));

const ref = {} as FunctionReference<"query">;

function List({ filters }: { filters: { storeId: string } }) {
  const state = usePagedQuery(ref, filters as never, (r: Row) => r._id);
  // As the collections browser does: state kept in step with the rows, which only settles if the
  // rows stay the same object while nothing changed.
  const [seen, setSeen] = useState(state.rows);
  if (state.rows !== seen) setSeen(state.rows);
  return createElement(DataTable<Row>, {
    tableId: "paged",
    caption: "Paged",
    columns: [{ id: "name", header: "Name", cell: (r) => r.name }],
    data: state.rows as Row[] | undefined,
    more: state.more,
    getRowId: (r) => r._id,
    rowName: (r) => r.name,
    emptyText: "None",
    testId: "paged",
    pageSize: 1000,
  });
}

let root: Root | null = null;
let container: HTMLElement | undefined;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { common: en }, es: { common: es } },
    interpolation: { escapeValue: false },
  });
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = undefined;
  calls.length = 0;
  await i18next.changeLanguage("en");
});

function render(storeId = "s1") {
  container ??= document.createElement("div");
  if (!container.isConnected) document.body.appendChild(container);
  root ??= createRoot(container);
  act(() => root!.render(createElement(MantineProvider, null, createElement(List, { filters: { storeId } }))));
}
const text = (testId: string) => container!.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
const shownIds = () => [...container!.querySelectorAll("tbody tr")].map((tr) => tr.querySelector("td")?.textContent);

describe("Load more", () => {
  it("shows the first page as partial and loads every later page once, with the same filters", async () => {
    render();
    expect(shownIds()).toHaveLength(200);
    expect(text("paged-loaded")).toBe("Showing 200 of more");
    expect(text("paged-range")).toBe("1–200 of 200 loaded");
    for (const expected of [400, 450]) {
      await act(async () => (container!.querySelector('[data-testid="paged-load-more"]') as HTMLButtonElement).click());
      await act(async () => undefined);
      expect(shownIds()).toHaveLength(expected);
    }
    expect(shownIds()).toEqual(ALL.map((r) => r.name));
    expect(calls).toEqual([
      { storeId: "s1", cursor: "r199" },
      { storeId: "s1", cursor: "r399" },
    ]);
    // Everything is in: no footer, and the range is the whole list.
    expect(text("paged-load-more")).toBeNull();
    expect(text("paged-range")).toBe("1–450 of 450");
  });

  it("drops the later pages when the filters change, and keeps rendering the first page", async () => {
    render();
    await act(async () => (container!.querySelector('[data-testid="paged-load-more"]') as HTMLButtonElement).click());
    await act(async () => undefined);
    expect(shownIds()).toHaveLength(400);
    // Other filters: back to the live first page (rendered twice, so a page that changed identity on
    // every render would loop and throw here).
    render("s2");
    render("s2");
    expect(shownIds()).toHaveLength(200);
    expect(text("paged-loaded")).toBe("Showing 200 of more");
  });

  it("says it in Spanish", async () => {
    await i18next.changeLanguage("es");
    render();
    expect(text("paged-loaded")).toBe("Mostrando 200, hay más");
    expect(text("paged-load-more")).toBe("Cargar más");
  });
});
