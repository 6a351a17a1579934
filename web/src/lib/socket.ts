import { FunctionError } from "./errors";
import { sendDebugEvent } from "./http";

// The live-query socket (docs/decisions/0001): one WebSocket per tab at /api/sync.

export interface SyncHandlers {
  onQueryUpdated(path: string, argsJSON: string, value: unknown): void;
  onQueryFailed(path: string, argsJSON: string, error: FunctionError): void;
  onAuthError(message: string): void;
  onConnectionChange?(open: boolean): void;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  since: number;
}

interface Subscription {
  queryId: number;
  path: string;
  args: unknown;
  argsJSON: string;
  hasValue: boolean;
  value: unknown;
  waiters: Waiter[];
}

interface PendingRequest {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  since: number;
  /** The message as sent; a mutation with a key is sent again after a reconnect. */
  message: { type: "Mutation" | "Action"; requestId: number; udfPath: string; args: unknown; idempotencyKey?: string };
}

type ServerMessage =
  | { type: "Transition"; modifications: QueryModification[] }
  | {
      type: "MutationResponse" | "ActionResponse";
      requestId: number;
      success: boolean;
      result?: unknown;
      errorMessage?: string;
      errorData?: unknown;
      logLines?: unknown;
    }
  | { type: "AuthError"; errorMessage: string };

type QueryModification =
  | { type: "QueryUpdated"; queryId: number; value: unknown; logLines?: unknown }
  | { type: "QueryFailed"; queryId: number; errorMessage: string; errorData?: unknown; logLines?: unknown };

/** Rejection for work cut off by a dropped connection; safe for a query to retry. */
export class ConnectionLostError extends Error {
  constructor() {
    super("The connection to the server was lost. Please try again.");
    this.name = "ConnectionLostError";
  }
}

const LONG_DISCONNECT_MS = 60_000;
const WATCHDOG_INTERVAL_MS = 5_000;
const BACKOFF_INITIAL_MS = 250;
const BACKOFF_MAX_MS = 16_000;

function keyOf(path: string, argsJSON: string): string {
  return `${path}\u0000${argsJSON}`;
}

export class SyncSocket {
  private ws: WebSocket | null = null;
  private open = false;
  private started = false;
  private stopped = false;
  private token: string | null = null;
  private retries = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private longDisconnectReported = false;
  private disconnectedSince: number | undefined = Date.now();
  private nextQueryId = 1;
  private nextRequestId = 1;
  private readonly subs = new Map<string, Subscription>();
  private readonly byId = new Map<number, Subscription>();
  private readonly requests = new Map<number, PendingRequest>();

  constructor(
    private readonly handlers: SyncHandlers,
    private readonly url: () => string = defaultSocketUrl,
  ) {}

  start(): void {
    if (this.started || typeof WebSocket === "undefined") return;
    this.started = true;
    this.stopped = false;
    this.connect();
    this.watchdog = setInterval(() => this.checkLongDisconnect(), WATCHDOG_INTERVAL_MS);
    window.addEventListener("online", this.reconnectNow);
  }

  stop(): void {
    this.stopped = true;
    this.started = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.watchdog);
    window.removeEventListener("online", this.reconnectNow);
    this.ws?.close();
    this.ws = null;
    this.open = false;
    // Nothing will resend them now.
    this.rejectRequests(() => true);
  }

  isOpen(): boolean {
    return this.open;
  }

  /**
   * Use `token` for this connection and every later one. When the signed-in identity changed,
   * every subscription is re-added under a fresh id so no value of the previous identity is
   * mistaken for one of the new.
   */
  setToken(token: string | null, identityChanged: boolean): void {
    const changed = token !== this.token;
    this.token = token;
    if (identityChanged) {
      // A mutation waiting to be resent belongs to the previous identity: never run it as the new.
      if (!this.open) this.rejectRequests(() => true);
      const modifications: unknown[] = [];
      for (const sub of this.subs.values()) {
        modifications.push({ type: "Remove", queryId: sub.queryId });
        this.byId.delete(sub.queryId);
        sub.queryId = this.nextQueryId++;
        sub.hasValue = false;
        sub.value = undefined;
        this.byId.set(sub.queryId, sub);
      }
      if (this.open) {
        this.send({ type: "Authenticate", token });
        if (modifications.length > 0) {
          for (const sub of this.subs.values()) modifications.push(addOf(sub));
          this.send({ type: "ModifyQuerySet", modifications });
        }
      }
      return;
    }
    if (changed && this.open) this.send({ type: "Authenticate", token });
  }

  /** Register a live query (idempotent). It is sent now if connected, else on connect. */
  watch(path: string, args: unknown, argsJSON: string): void {
    const key = keyOf(path, argsJSON);
    if (this.subs.has(key)) return;
    const sub: Subscription = {
      queryId: this.nextQueryId++,
      path,
      args,
      argsJSON,
      hasValue: false,
      value: undefined,
      waiters: [],
    };
    this.subs.set(key, sub);
    this.byId.set(sub.queryId, sub);
    if (this.open) this.send({ type: "ModifyQuerySet", modifications: [addOf(sub)] });
  }

  /** Stop a live query. */
  unwatch(path: string, argsJSON: string): void {
    const key = keyOf(path, argsJSON);
    const sub = this.subs.get(key);
    if (!sub) return;
    this.subs.delete(key);
    this.byId.delete(sub.queryId);
    for (const waiter of sub.waiters) waiter.reject(new ConnectionLostError());
    if (this.open) this.send({ type: "ModifyQuerySet", modifications: [{ type: "Remove", queryId: sub.queryId }] });
  }

  isWatching(path: string, argsJSON: string): boolean {
    return this.subs.has(keyOf(path, argsJSON));
  }

  /** The latest pushed value, if one arrived for the current identity. */
  latest(path: string, argsJSON: string): { value: unknown } | undefined {
    const sub = this.subs.get(keyOf(path, argsJSON));
    return sub?.hasValue ? { value: sub.value } : undefined;
  }

  /** The current value of a watched query, waiting for the first push if needed. */
  valueOf(path: string, argsJSON: string): Promise<unknown> {
    const sub = this.subs.get(keyOf(path, argsJSON));
    if (!sub) return Promise.reject(new Error(`Query ${path} is not watched`));
    if (sub.hasValue) return Promise.resolve(sub.value);
    return new Promise((resolve, reject) => sub.waiters.push({ resolve, reject, since: Date.now() }));
  }

  /**
   * Run a mutation or action over the socket; the caller falls back to HTTP when closed. A
   * mutation with an idempotency key survives a dropped connection: it is sent again, under the
   * same key, once the socket reconnects.
   */
  request(kind: "mutation" | "action", path: string, args: unknown, idempotencyKey?: string): Promise<unknown> {
    if (!this.open) return Promise.reject(new ConnectionLostError());
    const requestId = this.nextRequestId++;
    const message: PendingRequest["message"] = {
      type: kind === "mutation" ? "Mutation" : "Action",
      requestId,
      udfPath: path,
      args: args ?? {},
      ...(kind === "mutation" && idempotencyKey ? { idempotencyKey } : {}),
    };
    return new Promise((resolve, reject) => {
      this.requests.set(requestId, { resolve, reject, since: Date.now(), message });
      this.send(message);
    });
  }

  private rejectRequests(which: (request: PendingRequest) => boolean): void {
    for (const [id, request] of this.requests) {
      if (!which(request)) continue;
      this.requests.delete(id);
      request.reject(new ConnectionLostError());
    }
  }

  private readonly reconnectNow = (): void => {
    if (this.open || this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.retries = 0;
    this.connect();
  };

  private connect(): void {
    if (this.stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.open = true;
      this.retries = 0;
      this.disconnectedSince = undefined;
      if (this.token) this.send({ type: "Authenticate", token: this.token });
      if (this.subs.size > 0) {
        this.send({ type: "ModifyQuerySet", modifications: [...this.subs.values()].map(addOf) });
      }
      // After Authenticate, so they run as the same caller (the server keys results by caller).
      for (const request of this.requests.values()) this.send(request.message);
      this.handlers.onConnectionChange?.(true);
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const wasOpen = this.open;
      this.open = false;
      this.disconnectedSince ??= Date.now();
      // Cut off mid-flight, a request may or may not have run. A keyed mutation is resent on
      // reconnect (the server answers it once); an action is reported, never resent.
      this.rejectRequests((request) => request.message.idempotencyKey === undefined);
      for (const sub of this.subs.values()) {
        for (const waiter of sub.waiters) waiter.reject(new ConnectionLostError());
        sub.waiters = [];
      }
      if (wasOpen) this.handlers.onConnectionChange?.(false);
      this.scheduleReconnect();
    };
    // An error is always followed by close, which handles it.
    ws.onerror = () => undefined;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** this.retries);
    const delay = base / 2 + Math.random() * (base / 2);
    this.retries += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private send(message: unknown): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case "Transition":
        for (const modification of message.modifications ?? []) this.applyModification(modification);
        break;
      case "MutationResponse":
      case "ActionResponse": {
        const request = this.requests.get(message.requestId);
        if (!request) return;
        this.requests.delete(message.requestId);
        if (message.success) request.resolve(message.result);
        else request.reject(new FunctionError(message.errorMessage ?? "", message.errorData));
        break;
      }
      case "AuthError":
        this.handlers.onAuthError(message.errorMessage);
        break;
    }
    if (this.oldestInFlight() === undefined) this.longDisconnectReported = false;
  }

  private applyModification(modification: QueryModification): void {
    const sub = this.byId.get(modification.queryId);
    if (!sub) return;
    const waiters = sub.waiters;
    sub.waiters = [];
    if (modification.type === "QueryUpdated") {
      sub.hasValue = true;
      sub.value = modification.value;
      this.handlers.onQueryUpdated(sub.path, sub.argsJSON, modification.value);
      for (const waiter of waiters) waiter.resolve(modification.value);
    } else {
      const error = new FunctionError(modification.errorMessage ?? "", modification.errorData, sub.path);
      if (waiters.length > 0) for (const waiter of waiters) waiter.reject(error);
      else this.handlers.onQueryFailed(sub.path, sub.argsJSON, error);
    }
  }

  /** When the oldest unanswered piece of work began: a request, a first result, or live queries
   * waiting for a connection. */
  private oldestInFlight(): number | undefined {
    let oldest: number | undefined = !this.open && this.subs.size > 0 ? this.disconnectedSince : undefined;
    for (const request of this.requests.values()) oldest = Math.min(oldest ?? Infinity, request.since);
    for (const sub of this.subs.values()) {
      for (const waiter of sub.waiters) oldest = Math.min(oldest ?? Infinity, waiter.since);
    }
    return oldest;
  }

  private checkLongDisconnect(): void {
    const oldest = this.oldestInFlight();
    if (oldest === undefined) {
      this.longDisconnectReported = false;
      return;
    }
    if (!this.longDisconnectReported && Date.now() - oldest > LONG_DISCONNECT_MS) {
      this.longDisconnectReported = true;
      sendDebugEvent("LongWebsocketDisconnect");
    }
  }
}

function addOf(sub: Subscription) {
  return { type: "Add", queryId: sub.queryId, udfPath: sub.path, args: sub.args ?? {} };
}

function defaultSocketUrl(): string {
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${window.location.host}/api/sync`;
}
