import type { Page } from "@playwright/test";
import { apiSignIn } from "./fixtures";

// The laundromat selection as the app keeps it in local storage (web/src/lib/laundromatSelection.ts),
// and signing a page in with one chosen, so a journey opens a screen on the store and range it needs.

export const SELECTION_KEY = "tumble.laundromatSelection";

export interface StoreChoice {
  /** null: none chosen yet. */
  storeId: string | null;
  storeName: string;
}

/** Today as yyyy-MM-dd in UTC (the journeys' stores are near enough for a range around it). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A store and a range, no times; a comparison period when given. */
export function selectionOf(store: StoreChoice, fromDate: string = todayUtc(), toDate: string = fromDate, compare?: { fromDate: string; toDate: string }) {
  return {
    storeId: store.storeId,
    storeName: store.storeName,
    dateRange: {
      fromDate,
      toDate,
      fromTime: "",
      toTime: "",
      compareFromDate: compare?.fromDate ?? "",
      compareToDate: compare?.toDate ?? "",
      compareFromTime: "",
      compareToTime: "",
      enableComparison: compare !== undefined,
      includeTime: false,
    },
    lastUpdated: 1,
  };
}

export type Selection = ReturnType<typeof selectionOf>;

/** Stores a selection for the page's origin (the page must be on the app's origin). */
export async function storeSelection(page: Page, selection: Selection): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [SELECTION_KEY, JSON.stringify(selection)] as const);
}

/** Signs `page` in as `email` through the API with `selection` chosen (and the language, when given), before the app loads. */
export async function signInWithSelection(page: Page, baseURL: string, email: string, selection: Selection, language?: "en" | "es"): Promise<void> {
  const tokens = await apiSignIn(baseURL, email);
  await page.goto("/api/health");
  await page.evaluate(
    ([token, refreshToken, key, chosen, lng]) => {
      window.localStorage.setItem("tumble.auth.token", token);
      window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
      window.localStorage.setItem(key, chosen);
      if (lng) window.localStorage.setItem("i18nextLng", lng);
    },
    [tokens.token, tokens.refreshToken, SELECTION_KEY, JSON.stringify(selection), language ?? ""] as const,
  );
}
