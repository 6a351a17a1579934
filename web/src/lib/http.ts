import { CLIENT_HEADER, CLIENT_ID } from "./version";
import { FunctionError } from "./errors";

export type CallKind = "query" | "mutation" | "action";

export interface CallOptions {
  /** Run a mutation immediately instead of after the mutations sent before it. */
  skipQueue?: boolean;
  signal?: AbortSignal;
  /** Override the access token (used while refreshing it). `null` sends no token. */
  token?: string | null;
  /** A mutation's idempotency key: a retry under it is answered without running it twice. */
  idempotencyKey?: string;
}

/** HTTP status the server uses for an error thrown by a function (a valid, expected answer). */
export const STATUS_FUNCTION_ERROR = 560;

let tokenSource: () => string | null = () => null;

/** The auth store registers how to read the current access token. */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

function logServerLines(path: string, lines: unknown): void {
  if (!import.meta.env.DEV || !Array.isArray(lines)) return;
  for (const line of lines) console.info(`[${path}]`, line);
}

async function post(kind: CallKind, path: string, args: unknown, options: CallOptions): Promise<unknown> {
  const token = options.token === undefined ? tokenSource() : options.token;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    [CLIENT_HEADER]: CLIENT_ID,
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(`/api/${kind}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ path, args: args ?? {}, format: "json", ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) }),
    signal: options.signal,
  });

  if (!response.ok && response.status !== STATUS_FUNCTION_ERROR) {
    throw new Error(await response.text());
  }
  const body = (await response.json()) as {
    status?: string;
    value?: unknown;
    errorMessage?: string;
    errorData?: unknown;
    logLines?: unknown;
  };
  logServerLines(path, body.logLines);
  if (body.status === "success") return body.value;
  if (body.status === "error") throw new FunctionError(body.errorMessage ?? "", body.errorData, path);
  throw new Error("Invalid response");
}

// HTTP mutations run one at a time, in the order they were sent.
let mutationTail: Promise<unknown> = Promise.resolve();

export function httpCall(kind: CallKind, path: string, args: unknown, options: CallOptions = {}): Promise<unknown> {
  if (kind !== "mutation" || options.skipQueue) return post(kind, path, args, options);
  const run = mutationTail.then(
    () => post(kind, path, args, options),
    () => post(kind, path, args, options),
  );
  mutationTail = run.catch(() => undefined);
  return run;
}

/** Tell the server about a client-side condition worth logging (e.g. a long socket outage). */
export function sendDebugEvent(event: string): void {
  void fetch("/api/debug_event", {
    method: "POST",
    headers: { "Content-Type": "application/json", [CLIENT_HEADER]: CLIENT_ID },
    body: JSON.stringify({ event }),
    keepalive: true,
  }).catch(() => undefined);
}
