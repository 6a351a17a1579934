import { useCallback } from "react";
import { useQuery as useTanstackQuery, type Query } from "@tanstack/react-query";
import { functionPath, type ArgsOf, type FunctionReference, type ReturnsOf } from "@tumble/domain/functionPath";
import { authStore, useAuthSnapshot } from "./auth";
import { callFunction, fetchLiveQuery, fnQueryKey, SKIP_KEY } from "./client";
import type { CallOptions } from "./http";

export interface LiveQueryOptions {
  /** Run even when signed out (the function's access level is "public"). */
  public?: boolean;
}

export interface LiveQueryState<T> {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
}

const signedInOrPublic = (query: Query) => query.meta?.public === true || authStore.getToken() !== null;

/**
 * A live backend query. Pass "skip" to not run it. Signed out, it is skipped unless `public`.
 * The state carries the error instead of throwing it.
 */
export function useQueryState<F extends FunctionReference<"query">>(
  ref: F,
  args?: ArgsOf<F> | "skip",
  options: LiveQueryOptions = {},
): LiveQueryState<ReturnsOf<F>> {
  const path = functionPath(ref);
  const skip = args === "skip";
  const argsJSON = skip ? SKIP_KEY : JSON.stringify(args ?? {});
  const { token } = useAuthSnapshot();
  const allowed = options.public === true || token !== null;
  const result = useTanstackQuery({
    queryKey: fnQueryKey(path, argsJSON),
    queryFn: () => fetchLiveQuery(path, JSON.parse(argsJSON) as unknown, argsJSON),
    enabled: skip || !allowed ? false : signedInOrPublic,
    meta: options.public ? { public: true } : undefined,
  });
  const enabled = !skip && allowed;
  // An error being retried (e.g. after an error boundary reset) is not reported again until the
  // retry settles.
  const error = enabled && !result.isFetching ? result.error : null;
  return {
    data: enabled ? (result.data as ReturnsOf<F> | undefined) : undefined,
    error,
    isLoading: enabled && result.data === undefined && error === null,
  };
}

/**
 * A live backend query, like Convex's `useQuery`: the value, or undefined while loading or
 * skipped. A failed query throws to the nearest error boundary.
 */
export function useQuery<F extends FunctionReference<"query">>(ref: F, args?: ArgsOf<F> | "skip", options?: LiveQueryOptions): ReturnsOf<F> | undefined {
  const state = useQueryState(ref, args, options);
  if (state.error) throw state.error;
  return state.data;
}

/** A function running the mutation: over the socket when connected, else over HTTP (queued). */
export function useMutation<F extends FunctionReference<"mutation">>(
  ref: F,
): (args?: ArgsOf<F>, options?: Pick<CallOptions, "skipQueue">) => Promise<ReturnsOf<F>> {
  const path = functionPath(ref);
  return useCallback(
    (args?: ArgsOf<F>, options?: Pick<CallOptions, "skipQueue">) => callFunction("mutation", path, args ?? {}, options) as Promise<ReturnsOf<F>>,
    [path],
  );
}

/** A function running the action: over the socket when connected, else over HTTP. */
export function useAction<F extends FunctionReference<"action">>(ref: F): (args?: ArgsOf<F>) => Promise<ReturnsOf<F>> {
  const path = functionPath(ref);
  return useCallback((args?: ArgsOf<F>) => callFunction("action", path, args ?? {}) as Promise<ReturnsOf<F>>, [path]);
}
