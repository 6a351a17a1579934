import { QueryClient, type Query } from "@tanstack/react-query";
import { functionPath, type ArgsOf, type FunctionReference, type ReturnsOf } from "@tumble/domain/functionPath";
import { authStore } from "./auth";
import { FunctionError } from "./errors";
import { httpCall, type CallKind, type CallOptions } from "./http";
import { SyncSocket } from "./socket";

// Wires the TanStack Query cache to the live-query socket: every backend query is cached under
// ["fn", path, argsJSON], fetched through a socket subscription (HTTP while disconnected) and kept
// current by the values the server pushes.

export const FN = "fn";
export type FnQueryKey = readonly [typeof FN, string, string];

/** A live query with no enabled observer is unsubscribed after this grace period. */
const UNWATCH_GRACE_MS = 5_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: (failureCount, error) => !(error instanceof FunctionError) && failureCount < 3,
    },
    mutations: { retry: false },
  },
});

export function fnQueryKey(path: string, argsJSON: string): FnQueryKey {
  return [FN, path, argsJSON];
}

type ConnectionListener = (open: boolean) => void;
const connectionListeners = new Set<ConnectionListener>();
let connectionOpen: boolean | null = null;
let drops = 0;

/** The live socket's state: null before it first opens, then whether it is open now. */
export const connection = {
  get: () => connectionOpen,
  /** How many times the socket has gone down; tells one outage from the next. */
  drops: () => drops,
  subscribe(listener: ConnectionListener): () => void {
    connectionListeners.add(listener);
    return () => connectionListeners.delete(listener);
  },
};

export const sync = new SyncSocket({
  onConnectionChange(open) {
    connectionOpen = open;
    if (!open) drops += 1;
    for (const listener of connectionListeners) listener(open);
  },
  onQueryUpdated(path, argsJSON, value) {
    queryClient.setQueryData(fnQueryKey(path, argsJSON), value === undefined ? null : value);
  },
  onQueryFailed(path, argsJSON, error) {
    const query = queryClient.getQueryCache().find({ queryKey: fnQueryKey(path, argsJSON), exact: true });
    query?.setState({ status: "error", error, errorUpdatedAt: Date.now(), fetchStatus: "idle" });
  },
  onAuthError() {
    authStore.handleAuthError();
  },
});

/** Fetch for a cached query: the socket subscription when connected, HTTP otherwise. */
export async function fetchLiveQuery(path: string, args: unknown, argsJSON: string): Promise<unknown> {
  sync.watch(path, args, argsJSON);
  if (sync.isOpen()) return normalise(await sync.valueOf(path, argsJSON));
  const value = await httpCall("query", path, args);
  // A push that landed while HTTP was in flight is newer.
  const pushed = sync.latest(path, argsJSON);
  return normalise(pushed ? pushed.value : value);
}

function normalise(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Run a function once: over the socket when it is open, else over HTTP. Every mutation carries
 * an idempotency key, so one cut off by a dropped socket is sent again on reconnect and the
 * server answers it from the first run if that run committed (docs/decisions/0011).
 */
export async function callFunction(kind: CallKind, path: string, args: unknown, options: CallOptions = {}): Promise<unknown> {
  const callOptions = kind === "mutation" ? { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() } : options;
  if (kind !== "query" && sync.isOpen()) return sync.request(kind, path, args ?? {}, callOptions.idempotencyKey);
  return httpCall(kind, path, args ?? {}, callOptions);
}

export function runQuery<F extends FunctionReference<"query">>(ref: F, args?: ArgsOf<F>): Promise<ReturnsOf<F>> {
  return callFunction("query", functionPath(ref), args ?? {}) as Promise<ReturnsOf<F>>;
}

export function runMutation<F extends FunctionReference<"mutation">>(ref: F, args?: ArgsOf<F>, options?: CallOptions): Promise<ReturnsOf<F>> {
  return callFunction("mutation", functionPath(ref), args ?? {}, options) as Promise<ReturnsOf<F>>;
}

export function runAction<F extends FunctionReference<"action">>(ref: F, args?: ArgsOf<F>): Promise<ReturnsOf<F>> {
  return callFunction("action", functionPath(ref), args ?? {}) as Promise<ReturnsOf<F>>;
}

function isFnQuery(query: Query): query is Query & { queryKey: FnQueryKey } {
  const key = query.queryKey;
  return key[0] === FN && typeof key[1] === "string" && typeof key[2] === "string" && key[2] !== SKIP_KEY;
}

export const SKIP_KEY = "skip";

const pendingUnwatch = new Map<string, ReturnType<typeof setTimeout>>();

function trackSubscriptions(): void {
  queryClient.getQueryCache().subscribe((event) => {
    const query = event.query;
    if (!isFnQuery(query)) return;
    const [, path, argsJSON] = query.queryKey;
    const hash = query.queryHash;
    switch (event.type) {
      case "removed":
        clearTimeout(pendingUnwatch.get(hash));
        pendingUnwatch.delete(hash);
        sync.unwatch(path, argsJSON);
        return;
      case "observerAdded":
      case "observerRemoved":
      case "observerOptionsUpdated": {
        if (query.isActive()) {
          clearTimeout(pendingUnwatch.get(hash));
          pendingUnwatch.delete(hash);
          // Back on screen after its subscription lapsed: subscribe again and refresh.
          if (!sync.isWatching(path, argsJSON) && query.state.status !== "pending" && query.state.fetchStatus === "idle") {
            sync.watch(path, JSON.parse(argsJSON), argsJSON);
            void query.fetch().catch(() => undefined);
          }
        } else if (sync.isWatching(path, argsJSON) && !pendingUnwatch.has(hash)) {
          pendingUnwatch.set(
            hash,
            setTimeout(() => {
              pendingUnwatch.delete(hash);
              if (!query.isActive()) sync.unwatch(path, argsJSON);
            }, UNWATCH_GRACE_MS),
          );
        }
        return;
      }
      default:
        return;
    }
  });
}

let started = false;

/** Start the socket and bind it to the auth token. Called once at startup. */
export function startLiveClient(): void {
  if (started) return;
  started = true;
  trackSubscriptions();
  // Sign-in answers (including a wrong password) travel over the socket when it is open.
  authStore.setSignInTransport((path, args) => callFunction("action", path, args));
  authStore.onTokenChange((token, identityChanged) => {
    sync.setToken(token, identityChanged);
    if (!identityChanged) return;
    // Nothing cached for one identity may show for another.
    void (async () => {
      await queryClient.cancelQueries({ queryKey: [FN] });
      await queryClient.resetQueries({ queryKey: [FN] });
    })().catch(() => undefined);
  });
  sync.setToken(authStore.getToken(), false);
  sync.start();
}
