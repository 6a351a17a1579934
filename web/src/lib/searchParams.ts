import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { isIsoDate } from "@tumble/domain/datePresets";

// A screen's view (filters, sort, page, the open row, the tab) lives in the URL's search params so
// a link or a reload shows the same view. The one splat route keeps any plain value
// (validateAppSearch); each screen reads its own params through a small typed schema of field
// parsers here. No zod: this runs in the first-load chunk. Why: docs/decisions/0020-data-table-and-url-state.md.

export type SearchValue = string | number | boolean;
export type AppSearch = Partial<Record<string, SearchValue>>;

const MAX_PARAM_LENGTH = 200;

/** The route's validateSearch: plain values only, bounded in length; anything else is dropped. */
export function validateAppSearch(raw: Record<string, unknown>): AppSearch {
  const out: AppSearch = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string" && value.length <= MAX_PARAM_LENGTH) out[key] = value;
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") out[key] = value;
  }
  return out;
}

/** Reads one param; undefined when absent or not valid (the screen's default then applies). */
export type ParamParser<T> = (value: SearchValue | undefined) => T | undefined;

export const param = {
  /** Free text or an id; numbers given in the URL are read back as text. */
  text:
    (max = MAX_PARAM_LENGTH): ParamParser<string> =>
    (v) => {
      const s = typeof v === "number" ? String(v) : v;
      return typeof s === "string" && s.length > 0 && s.length <= max ? s : undefined;
    },
  oneOf:
    <const T extends string>(values: readonly T[]): ParamParser<T> =>
    (v) =>
      typeof v === "string" && (values as readonly string[]).includes(v) ? (v as T) : undefined,
  /** A yyyy-MM-dd business date. */
  isoDate: (): ParamParser<string> => (v) => (typeof v === "string" && isIsoDate(v) ? v : undefined),
  int:
    (min: number, max = Number.MAX_SAFE_INTEGER): ParamParser<number> =>
    (v) => {
      const n = typeof v === "string" ? Number(v) : v;
      return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
    },
};

export type SearchSchema<T> = { [K in keyof T]-?: ParamParser<T[K]> };

/** The screen's params by its schema; params of other screens and invalid values are left out. */
export function parseSearch<T>(schema: SearchSchema<T>, raw: AppSearch): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(schema) as (keyof T & string)[]) {
    const value = schema[key](raw[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export type SearchPatch<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * The screen's typed search params and a setter that merges a change into the URL. Filters replace
 * the history entry; `push` (opening a row) adds one, so Back closes what was opened.
 */
export function useSearchState<T>(schema: SearchSchema<T>): [Partial<T>, (patch: SearchPatch<T>, options?: { push?: boolean }) => void] {
  const raw = useSearch({ strict: false }) as AppSearch;
  const navigate = useNavigate();
  const value = useMemo(() => parseSearch(schema, raw), [schema, raw]);
  const set = useCallback(
    (patch: SearchPatch<T>, options?: { push?: boolean }) => {
      void navigate({
        to: ".",
        search: (prev: AppSearch) => {
          const next: AppSearch = { ...prev };
          for (const [key, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === "") delete next[key];
            else next[key] = v as SearchValue;
          }
          return next;
        },
        replace: !options?.push,
      });
    },
    [navigate],
  );
  return [value, set];
}
