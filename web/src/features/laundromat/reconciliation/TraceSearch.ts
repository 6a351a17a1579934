import { useCallback } from "react";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";

// Where a trace starts, in the URL (`trace=collection:<id>`, `deposit:<id>` or `line:<id>`), so a
// trace can be linked to and Back returns to where it was opened from.

export type TraceKind = "collection" | "deposit" | "line";
export interface TraceStartRef {
  kind: TraceKind;
  id: string;
}

interface TraceSearch {
  tab: string;
  trace: string;
}

const SEARCH: SearchSchema<TraceSearch> = { tab: param.text(32), trace: param.text(80) };

/** `collection:abc` → { kind, id }; anything else undefined. */
export function parseTraceStart(value: string | undefined): TraceStartRef | undefined {
  const m = value ? /^(collection|deposit|line):([A-Za-z0-9_-]{1,64})$/.exec(value) : null;
  return m ? { kind: m[1] as TraceKind, id: m[2]! } : undefined;
}

export const traceParam = (start: TraceStartRef) => `${start.kind}:${start.id}`;

/** The trace's start and a setter; `open` also switches to the Trace tab (a new history entry). */
export function useTraceStart(): [TraceStartRef | undefined, (start: TraceStartRef | undefined) => void, (start: TraceStartRef) => void] {
  const [search, setSearch] = useSearchState(SEARCH);
  const start = parseTraceStart(search.trace);
  const set = useCallback((next: TraceStartRef | undefined) => setSearch({ trace: next ? traceParam(next) : undefined }, { push: true }), [setSearch]);
  const open = useCallback((next: TraceStartRef) => setSearch({ tab: "trace", trace: traceParam(next) }, { push: true }), [setSearch]);
  return [start, set, open];
}
