import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ArgsOf, FunctionReference, ReturnsOf } from "@tumble/domain/functionPath";
import { runQuery } from "./client";
import { errorText } from "./errorText";
import { useQueryState } from "./hooks";
import { notifyError } from "./notify";

// A list the server pages with a cursor ({ rows, nextCursor }): the first page is live, later
// pages are fetched when asked for ("Load more") and kept below it, so no list stops at a cap
// without saying so. Like the cash ledger's older lines.

type PagedRef = FunctionReference<"query">;
type RowOf<F extends PagedRef> = ReturnsOf<F> extends { rows: ReadonlyArray<infer R> } ? R : never;

/** The DataTable's "Load more" footer: shown while the server has rows past those loaded. */
export interface LoadMore {
  loading: boolean;
  onLoadMore: () => void;
}

export interface PagedQueryState<T> {
  /** Every row loaded so far; undefined while the first page loads. */
  rows: T[] | undefined;
  error: Error | null;
  /** null once every row is loaded. */
  more: LoadMore | null;
}

/** One empty array, so the rows stay the same object from render to render until a page arrives. */
const NONE: never[] = [];

/** The pages fetched after the live one, for the arguments of `key`. */
interface Later<T> {
  key: string;
  fetched: boolean;
  rows: T[];
  cursor: string | null;
}

export function usePagedQuery<F extends PagedRef>(ref: F, args: ArgsOf<F> | "skip", rowId: (row: RowOf<F>) => string): PagedQueryState<RowOf<F>> {
  const { t } = useTranslation("common");
  const first = useQueryState(ref, args);
  const argsKey = JSON.stringify(args);
  const [later, setLater] = useState<Later<RowOf<F>>>({ key: argsKey, fetched: false, rows: NONE, cursor: null });
  const [loading, setLoading] = useState(false);
  // Other filters: the pages loaded for the previous ones are dropped.
  const laterNow: Later<RowOf<F>> = later.key === argsKey ? later : { key: argsKey, fetched: false, rows: NONE, cursor: null };
  const page = first.data as { rows: RowOf<F>[]; nextCursor: string | null } | undefined;
  const rows = useMemo(() => {
    if (!page) return undefined;
    // A row the live page has gained is not repeated from a later page.
    const live = new Set(page.rows.map(rowId));
    return [...page.rows, ...laterNow.rows.filter((r) => !live.has(rowId(r)))];
    // rowId is a field read, the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, laterNow.rows]);
  const nextCursor = laterNow.fetched ? laterNow.cursor : (page?.nextCursor ?? null);

  const loadMore = async () => {
    if (!nextCursor || args === "skip" || loading) return;
    setLoading(true);
    try {
      const next = (await runQuery(ref, { ...(args as object), cursor: nextCursor } as ArgsOf<F>)) as { rows: RowOf<F>[]; nextCursor: string | null };
      setLater({ key: argsKey, fetched: true, rows: [...laterNow.rows, ...next.rows], cursor: next.nextCursor });
    } catch (error) {
      notifyError(errorText(error, t("table.loadMoreFailed")));
    } finally {
      setLoading(false);
    }
  };

  return { rows, error: first.error, more: nextCursor ? { loading, onLoadMore: () => void loadMore() } : null };
}
