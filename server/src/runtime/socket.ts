import type { IncomingMessage } from "node:http";
import { decodeJwt } from "jose";
import { WebSocket, WebSocketServer } from "ws";
import type { Identity } from "./define.ts";
import type { CallResult, Executor } from "./executor.ts";
import { resolveClientAddress } from "./clientAddress.ts";
import { ANONYMOUS, resolveIdentity } from "./identity.ts";
import { changesIdentityOf, type Invalidation } from "./invalidation.ts";
import { identityKey, type LiveQueries, type Subscription } from "./liveQueries.ts";
import type { Services } from "./services.ts";
import { decodeConvexValue, encodeConvexValue, encodeTs, nextTs, unwrapArgs } from "../transport/convexValues.ts";

// The realtime half of the transport. Two dialects of one protocol share everything but the
// framing (docs/decisions/0001, 0010 and 0034):
// - "tumble" at /api/sync, the web app's own client;
// - "convex" at /api/<client version>/sync, the official Convex clients: Connect, Authenticate
//   with tokenType/value/baseVersion, ModifyQuerySet with query-set versions, Transitions from a
//   startVersion to an endVersion {querySet, identity, ts}, MutationResponse with the ts its
//   effects are visible at, convex_encoded_json values, Ping keep-alives, FatalError {error}.

export type SyncDialect = "tumble" | "convex";

/** Which dialect a socket path speaks, or null when it is not a sync path. */
export function syncDialectOf(pathname: string): SyncDialect | null {
  if (pathname === "/api/sync") return "tumble";
  if (/^\/api\/\d+\.\d+(\.\d+)?(-[\w.]+)?\/sync$/.test(pathname)) return "convex";
  return null;
}

type Incoming =
  | { type: "Connect"; sessionId?: string; connectionCount?: number }
  | { type: "Authenticate"; token?: string | null; tokenType?: "User" | "None" | "Admin"; value?: string; baseVersion?: number }
  | {
      type: "ModifyQuerySet";
      baseVersion?: number;
      newVersion?: number;
      modifications: Array<{ type: "Add"; queryId: number; udfPath: string; args?: unknown } | { type: "Remove"; queryId: number }>;
    }
  | { type: "Mutation" | "Action"; requestId: number | string; udfPath: string; args?: unknown; idempotencyKey?: unknown; componentPath?: string }
  | { type: "Event" };

type Modification =
  | { type: "QueryUpdated"; queryId: number; value: unknown; logLines: string[] }
  | { type: "QueryFailed"; queryId: number; errorMessage?: string; errorData?: unknown; logLines: string[] }
  | { type: "QueryRemoved"; queryId: number };

/** One socket may not hold more (each costs a query execution per relevant write). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 200;
/** Open sockets per user on one server process (tabs and devices). */
export const MAX_SOCKETS_PER_USER = 20;
/** How long a mutation's answer waits for its caller's own subscriptions to be pushed. */
const OWN_UPDATES_WAIT_MS = 2_000;
/** Convex dialect: a Ping this often keeps the client's 60 s inactivity timer from reconnecting. */
export const syncTiming = { pingIntervalMs: 15_000 };

export const TOKEN_EXPIRED = "Token expired";

function errorFields(result: CallResult) {
  return { errorMessage: result.errorMessage, ...(result.errorData !== undefined ? { errorData: result.errorData } : {}), logLines: result.logLines };
}

/** A failure's data as the official clients read it (they raise a ConvexError carrying it). */
function convexErrorData(result: CallResult) {
  return result.errorData !== undefined ? { errorData: encodeConvexValue(result.errorData) } : {};
}

/** The open connections of each user, to cap them. */
class ConnectionsByUser {
  private readonly byUser = new Map<string, Set<SyncConnection>>();

  admit(userId: string, connection: SyncConnection): boolean {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    if (set.has(connection)) return true;
    if (set.size >= MAX_SOCKETS_PER_USER) return false;
    set.add(connection);
    return true;
  }

  release(userId: string, connection: SyncConnection): void {
    const set = this.byUser.get(userId);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(userId);
  }
}

/** The official clients' path names (".js" suffix optional, "default" for a bare module). */
function canonicalPath(udfPath: string): string {
  const colon = udfPath.lastIndexOf(":");
  const moduleName = (colon < 0 ? udfPath : udfPath.slice(0, colon)).replace(/\.js$/, "");
  return `${moduleName}:${colon < 0 ? "default" : udfPath.slice(colon + 1)}`;
}

/** Convex dialect: the state the client's RemoteQuerySet tracks, and what the next Transition carries. */
class ConvexVersions {
  querySet = 0;
  identity = 0;
  ts = 0n;
  pending: Modification[] = [];
  /** While a message is being handled its results are held back for one Transition. */
  holds = 0;
  flushScheduled = false;
  /** The client's session (Connect): with a requestId it names a mutation across reconnects. */
  sessionId: string | null = null;
}

class SyncConnection {
  private token: string | null = null;
  /** When the token stops being valid (ms); checked on every operation and by a timer. */
  private tokenExpiresAt = Infinity;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private identity: Identity = ANONYMOUS;
  private readonly queries = new Map<number, { udfPath: string; args: unknown; subscription: Subscription }>();
  /** Messages are handled in arrival order, so an Authenticate lands before the queries after it. */
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly convex: ConvexVersions | null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly address: string,
    private readonly services: Services,
    private readonly executor: Executor,
    private readonly live: LiveQueries,
    private readonly connections: ConnectionsByUser,
    readonly dialect: SyncDialect = "tumble",
  ) {
    this.convex = dialect === "convex" ? new ConvexVersions() : null;
    if (this.convex) {
      this.pingTimer = setInterval(() => this.send({ type: "Ping" }), syncTiming.pingIntervalMs);
      this.pingTimer.unref();
    }
  }

  private fatal(message: string): void {
    this.send(this.convex ? { type: "FatalError", error: message } : { type: "FatalError", errorMessage: message });
  }

  /**
   * An AuthError: the tumble dialect names it; the convex one adds the identity version it is about
   * and whether it answers the client's own Authenticate (false when the server noticed on its own).
   */
  private authError(message: string, authUpdateAttempted: boolean, baseVersion?: number): void {
    if (!this.convex) this.send({ type: "AuthError", errorMessage: message });
    else this.send({ type: "AuthError", error: message, baseVersion: baseVersion ?? Math.max(0, this.convex.identity - 1), authUpdateAttempted });
  }

  /** One query's new state: sent at once (tumble) or gathered into the next Transition (convex). */
  private emit(modification: Modification): void {
    if (!this.convex) {
      this.send({ type: "Transition", modifications: [modification] });
      return;
    }
    const encoded =
      modification.type === "QueryUpdated"
        ? { ...modification, value: encodeConvexValue(modification.value) ?? null, journal: null }
        : modification.type === "QueryFailed"
          ? { ...modification, ...(modification.errorData !== undefined ? { errorData: encodeConvexValue(modification.errorData) } : {}), journal: null }
          : modification;
    this.convex.pending.push(encoded as Modification);
    if (this.convex.holds === 0 && !this.convex.flushScheduled) {
      this.convex.flushScheduled = true;
      setImmediate(() => {
        if (this.convex) this.convex.flushScheduled = false;
        if (this.convex?.holds === 0) this.flush();
      });
    }
  }

  /** Convex dialect: one Transition from the client's current version to the next one. */
  private flush(change: { querySet?: number; identity?: number; ts?: bigint } = {}): void {
    const v = this.convex;
    if (!v) return;
    const modifications = v.pending;
    const versionChanges = (change.querySet ?? v.querySet) !== v.querySet || (change.identity ?? v.identity) !== v.identity || change.ts !== undefined;
    if (modifications.length === 0 && !versionChanges) return;
    v.pending = [];
    const start = { querySet: v.querySet, identity: v.identity, ts: encodeTs(v.ts) };
    v.querySet = change.querySet ?? v.querySet;
    v.identity = change.identity ?? v.identity;
    const ts = change.ts ?? nextTs();
    v.ts = ts > v.ts ? ts : v.ts;
    this.send({
      type: "Transition",
      startVersion: start,
      endVersion: { querySet: v.querySet, identity: v.identity, ts: encodeTs(v.ts) },
      modifications,
      serverTs: Date.now(),
    });
  }

  /** Convex dialect: results of what a message started wait for it to finish, to go out as one Transition. */
  private async holding(work: () => Promise<{ querySet?: number; identity?: number; ts?: bigint } | void>): Promise<void> {
    const v = this.convex!;
    v.holds++;
    let change: { querySet?: number; identity?: number; ts?: bigint } | void = {};
    try {
      change = await work();
    } finally {
      v.holds--;
      if (v.holds === 0) this.flush(change ?? {});
    }
  }

  private async allSettled(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, OWN_UPDATES_WAIT_MS)));
    await Promise.race([Promise.all([...this.queries.values()].map((q) => q.subscription.settled())), timeout]);
    clearTimeout(timer);
  }

  /** Args as the validators read them: the convex dialect sends [convex_encoded_json]. */
  private readArgs(args: unknown): unknown {
    return this.convex ? decodeConvexValue(unwrapArgs(args)) : (args ?? {});
  }

  enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => this.services.log(`[sync] ${String(error)}`));
  }

  async handle(raw: string): Promise<void> {
    if (this.closed) return;
    let message: Incoming;
    try {
      message = JSON.parse(raw) as Incoming;
    } catch {
      this.fatal("Malformed message");
      return;
    }
    if (message === null || typeof message !== "object") {
      this.fatal("Malformed message");
      return;
    }
    if (message.type !== "Authenticate") this.checkExpiry();
    if (this.convex) return this.handleConvex(message);
    switch (message.type) {
      case "Authenticate":
        this.setToken(message.token ?? null);
        await this.refreshIdentity(true);
        return;
      case "ModifyQuerySet":
        this.modifyQuerySet(message.modifications);
        return;
      case "Mutation":
      case "Action": {
        const result = await this.run(message);
        if (!result) return;
        const responseType = message.type === "Mutation" ? "MutationResponse" : "ActionResponse";
        this.send(
          result.ok
            ? { type: responseType, requestId: message.requestId, success: true, result: result.value, logLines: result.logLines }
            : { type: responseType, requestId: message.requestId, success: false, ...errorFields(result) },
        );
        return;
      }
      default:
        this.fatal(`Unknown message type "${String((message as { type: unknown }).type)}"`);
    }
  }

  private modifyQuerySet(modifications: Extract<Incoming, { type: "ModifyQuerySet" }>["modifications"]): void {
    for (const mod of modifications ?? []) {
      if (mod.type === "Add") {
        const udfPath = this.convex ? canonicalPath(String(mod.udfPath)) : mod.udfPath;
        const refused = this.executor.admit(udfPath, this.address);
        if (refused) {
          this.remove(mod.queryId);
          this.emit({ type: "QueryFailed", queryId: mod.queryId, ...errorFields(refused) });
          continue;
        }
        let args: unknown;
        try {
          args = this.readArgs(mod.args);
        } catch (error) {
          this.remove(mod.queryId);
          this.emit({ type: "QueryFailed", queryId: mod.queryId, errorMessage: (error as Error).message, logLines: [] });
          continue;
        }
        this.add(mod.queryId, udfPath, args);
      } else if (mod.type === "Remove") {
        this.remove(mod.queryId);
        if (this.convex) this.emit({ type: "QueryRemoved", queryId: mod.queryId });
      }
    }
  }

  /**
   * Runs a Mutation or Action message. Read-your-writes without waiting for anyone else: the commit
   * already scheduled this connection's affected subscriptions; this waits for their results.
   * Undefined when the call threw (its failure is already answered).
   */
  private async run(message: Extract<Incoming, { type: "Mutation" | "Action" }>): Promise<CallResult | undefined> {
    const kind = message.type === "Mutation" ? "mutation" : "action";
    const udfPath = this.convex ? canonicalPath(String(message.udfPath)) : message.udfPath;
    // The official clients send an unanswered mutation again after a reconnect, with its session
    // and request id: as an idempotency key (docs/decisions/0011) it runs once.
    const sessionKey =
      this.convex?.sessionId && kind === "mutation" && Number.isSafeInteger(message.requestId)
        ? `convex:${this.convex.sessionId}:${message.requestId}`
        : undefined;
    let result: CallResult;
    try {
      if (this.convex && typeof message.componentPath === "string" && message.componentPath) {
        throw new Error(`Unknown component "${message.componentPath}"`);
      }
      result =
        this.executor.admit(udfPath, this.address) ??
        (await this.executor.call(udfPath, this.readArgs(message.args), this.identity, this.address, kind, {
          idempotencyKey: message.idempotencyKey ?? sessionKey,
        }));
    } catch (error) {
      const type = message.type === "Mutation" ? "MutationResponse" : "ActionResponse";
      const errorMessage = (error as Error).message;
      this.send(
        this.convex
          ? { type, requestId: message.requestId, success: false, result: errorMessage, logLines: [] }
          : { type, requestId: message.requestId, success: false, errorMessage, logLines: [] },
      );
      return undefined;
    }
    await this.ownUpdates();
    return result;
  }

  /** The official clients' messages (see the dialect notes at the top). */
  private async handleConvex(message: Incoming): Promise<void> {
    const v = this.convex!;
    switch (message.type) {
      case "Connect":
        if (typeof message.sessionId === "string" && /^[\x21-\x7e]{1,100}$/.test(message.sessionId)) v.sessionId = message.sessionId;
        return;
      case "Event":
        return;
      case "Authenticate": {
        if (message.tokenType === "Admin") {
          this.fatal("Admin authentication is not supported: sign in as a user");
          this.ws.close(1008, "Admin authentication is not supported");
          return;
        }
        const baseVersion = typeof message.baseVersion === "number" ? message.baseVersion : v.identity;
        await this.holding(async () => {
          this.setToken(message.tokenType === "User" && typeof message.value === "string" ? message.value : null);
          if (!(await this.refreshIdentity(true, baseVersion))) return;
          await this.allSettled();
          return { identity: baseVersion + 1 };
        });
        return;
      }
      case "ModifyQuerySet":
        await this.holding(async () => {
          this.modifyQuerySet(message.modifications);
          await this.allSettled();
          return { querySet: typeof message.newVersion === "number" ? message.newVersion : v.querySet + 1 };
        });
        return;
      case "Mutation": {
        await this.holding(async () => {
          const result = await this.run(message);
          if (!result) return;
          if (!result.ok) {
            this.send({
              type: "MutationResponse",
              requestId: message.requestId,
              success: false,
              result: result.errorMessage,
              ...convexErrorData(result),
              logLines: result.logLines,
            });
            return;
          }
          // The client resolves the mutation once a Transition reaches this ts: the one that
          // follows carries the mutation's effects on this connection's queries.
          const ts = nextTs();
          this.send({
            type: "MutationResponse",
            requestId: message.requestId,
            success: true,
            result: encodeConvexValue(result.value) ?? null,
            ts: encodeTs(ts),
            logLines: result.logLines,
          });
          return { ts };
        });
        return;
      }
      case "Action": {
        const result = await this.run(message);
        if (!result) return;
        this.send(
          result.ok
            ? {
                type: "ActionResponse",
                requestId: message.requestId,
                success: true,
                result: encodeConvexValue(result.value) ?? null,
                logLines: result.logLines,
              }
            : {
                type: "ActionResponse",
                requestId: message.requestId,
                success: false,
                result: result.errorMessage,
                ...convexErrorData(result),
                logLines: result.logLines,
              },
        );
        return;
      }
      default:
        this.fatal(`Unknown message type "${String((message as { type: unknown }).type)}"`);
    }
  }

  private async ownUpdates(): Promise<void> {
    await this.allSettled();
  }

  private setToken(token: string | null): void {
    this.token = token;
    clearTimeout(this.expiryTimer);
    this.tokenExpiresAt = Infinity;
    if (!token) return;
    let exp: number | undefined;
    try {
      exp = decodeJwt(token).exp;
    } catch {
      return; // Not a JWT: resolving it fails and downgrades the socket.
    }
    if (exp === undefined) return;
    this.tokenExpiresAt = exp * 1000;
    // Subscriptions keep pushing data with no message from the client: stop them at expiry too.
    this.expiryTimer = setTimeout(
      () => this.enqueue(async () => this.checkExpiry()),
      Math.max(0, Math.min(this.tokenExpiresAt - Date.now() + 50, 2 ** 31 - 1)),
    );
    this.expiryTimer.unref();
  }

  /** An expired token reads nothing more: AuthError, then everything re-runs as anonymous. */
  private checkExpiry(): void {
    if (!this.token || Date.now() < this.tokenExpiresAt) return;
    this.setToken(null);
    this.authError(TOKEN_EXPIRED, false);
    this.become(ANONYMOUS, true);
  }

  /**
   * Re-resolves the caller; when who they are changed, every subscription re-runs as them. False
   * when the token was refused. authenticating: the baseVersion of the client's own Authenticate.
   */
  async refreshIdentity(force = false, authenticating?: number): Promise<boolean> {
    let next: Identity;
    let accepted = true;
    try {
      next = await resolveIdentity(this.services.database.db, this.services.tokens, this.token);
    } catch (error) {
      next = ANONYMOUS;
      accepted = false;
      if (this.token) this.authError((error as Error).message, authenticating !== undefined, authenticating);
      this.setToken(null);
    }
    this.become(next, force);
    return accepted;
  }

  private become(next: Identity, force: boolean): void {
    if (this.closed) return;
    const before = this.identity.user?.id;
    const after = next.user?.id;
    if (after && after !== before && !this.connections.admit(after, this)) {
      this.fatal(`Too many open connections for this account (at most ${MAX_SOCKETS_PER_USER})`);
      this.ws.close(1008, "Too many connections");
      this.close();
      return;
    }
    if (before && before !== after) this.connections.release(before, this);
    const changed = identityKey(next) !== identityKey(this.identity);
    this.identity = next;
    if (changed || force) {
      for (const [queryId, q] of [...this.queries]) {
        q.subscription.unsubscribe();
        this.queries.delete(queryId);
        this.add(queryId, q.udfPath, q.args);
      }
    }
  }

  onInvalidation(invalidation: Invalidation): void {
    const userId = this.identity.user?.id;
    if (this.token && userId && changesIdentityOf(invalidation, userId)) {
      this.live.stats.identityRefreshes++;
      this.enqueue(async () => void (await this.refreshIdentity()));
    }
  }

  private add(queryId: number, udfPath: string, rawArgs: unknown): void {
    this.remove(queryId);
    if (this.closed) return;
    const fail = (errorMessage: string, errorData?: unknown) =>
      this.emit({ type: "QueryFailed", queryId, errorMessage, ...(errorData !== undefined ? { errorData } : {}), logLines: [] });
    if (this.queries.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      fail(`Too many subscriptions on one connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET})`);
      return;
    }
    let fn;
    let parsed;
    try {
      fn = this.executor.lookup(udfPath);
      parsed = this.executor.parseArgs(udfPath, rawArgs);
    } catch (error) {
      fail((error as Error).message);
      return;
    }
    // Keyed by the parsed args: variants padded with unknown keys share one entry.
    if (!parsed.ok) {
      fail(parsed.errorMessage, parsed.errorData);
      return;
    }
    let subscription: Subscription;
    try {
      subscription = this.live.subscribe(fn, udfPath, parsed.args, this.identity, this.address, (result) => {
        this.emit(
          result.ok
            ? { type: "QueryUpdated", queryId, value: result.value, logLines: result.logLines }
            : { type: "QueryFailed", queryId, ...errorFields(result) },
        );
      });
    } catch (error) {
      // Over the address's share of live queries.
      fail((error as Error).message);
      return;
    }
    this.queries.set(queryId, { udfPath, args: parsed.args, subscription });
  }

  private remove(queryId: number): void {
    this.queries.get(queryId)?.subscription.unsubscribe();
    this.queries.delete(queryId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    clearInterval(this.pingTimer);
    const userId = this.identity.user?.id;
    if (userId) this.connections.release(userId, this);
    for (const q of this.queries.values()) q.subscription.unsubscribe();
    this.queries.clear();
  }

  private send(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}

export function createSyncServer(services: Services, executor: Executor, live: LiveQueries): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const connections = new ConnectionsByUser();
  /** Open sockets per client address, signed in or not: one address cannot open without bound. */
  const byAddress = new Map<string, number>();
  wss.on("connection", (ws: WebSocket, request: IncomingMessage) => {
    const dialect = syncDialectOf(new URL(request.url ?? "/", "http://x").pathname) ?? "tumble";
    const address = resolveClientAddress(request.socket.remoteAddress, (name) => request.headers[name], services.config);
    const open = byAddress.get(address) ?? 0;
    if (open >= services.config.socketsPerAddress) {
      ws.close(1008, "Too many connections from this address");
      return;
    }
    byAddress.set(address, open + 1);
    ws.once("close", () => {
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
    const connection = new SyncConnection(ws, address, services, executor, live, connections, dialect);
    const stopWatching = services.bus.subscribe((invalidation) => connection.onInvalidation(invalidation));
    ws.on("message", (data) => connection.enqueue(() => connection.handle(data.toString())));
    ws.on("close", () => {
      stopWatching();
      connection.close();
    });
    ws.on("error", () => ws.terminate());
  });
  return wss;
}
