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

// The realtime half of the transport: /api/sync. See docs/decisions/0001 and 0010.

type Incoming =
  | { type: "Authenticate"; token: string | null }
  | { type: "ModifyQuerySet"; modifications: Array<{ type: "Add"; queryId: number; udfPath: string; args?: unknown } | { type: "Remove"; queryId: number }> }
  | { type: "Mutation" | "Action"; requestId: number | string; udfPath: string; args?: unknown; idempotencyKey?: unknown };

/** One socket may not hold more (each costs a query execution per relevant write). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 200;
/** Open sockets per user on one server process (tabs and devices). */
export const MAX_SOCKETS_PER_USER = 20;
/** How long a mutation's answer waits for its caller's own subscriptions to be pushed. */
const OWN_UPDATES_WAIT_MS = 2_000;

export const TOKEN_EXPIRED = "Token expired";

function errorFields(result: CallResult) {
  return { errorMessage: result.errorMessage, ...(result.errorData !== undefined ? { errorData: result.errorData } : {}), logLines: result.logLines };
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

  constructor(
    private readonly ws: WebSocket,
    private readonly address: string,
    private readonly services: Services,
    private readonly executor: Executor,
    private readonly live: LiveQueries,
    private readonly connections: ConnectionsByUser,
  ) {}

  enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => this.services.log(`[sync] ${String(error)}`));
  }

  async handle(raw: string): Promise<void> {
    if (this.closed) return;
    let message: Incoming;
    try {
      message = JSON.parse(raw) as Incoming;
    } catch {
      this.send({ type: "FatalError", errorMessage: "Malformed message" });
      return;
    }
    if (message.type !== "Authenticate") this.checkExpiry();
    switch (message.type) {
      case "Authenticate":
        this.setToken(message.token ?? null);
        await this.refreshIdentity(true);
        return;
      case "ModifyQuerySet":
        for (const mod of message.modifications ?? []) {
          if (mod.type === "Add") {
            const refused = this.executor.admit(mod.udfPath, this.address);
            if (refused) this.send({ type: "Transition", modifications: [{ type: "QueryFailed", queryId: mod.queryId, ...errorFields(refused) }] });
            else this.add(mod.queryId, mod.udfPath, mod.args ?? {});
          } else if (mod.type === "Remove") this.remove(mod.queryId);
        }
        return;
      case "Mutation":
      case "Action": {
        const kind = message.type === "Mutation" ? "mutation" : "action";
        const responseType = message.type === "Mutation" ? "MutationResponse" : "ActionResponse";
        let result: CallResult;
        try {
          result =
            this.executor.admit(message.udfPath, this.address) ??
            (await this.executor.call(message.udfPath, message.args ?? {}, this.identity, this.address, kind, { idempotencyKey: message.idempotencyKey }));
        } catch (error) {
          this.send({ type: responseType, requestId: message.requestId, success: false, errorMessage: (error as Error).message, logLines: [] });
          return;
        }
        // Read-your-writes without waiting for anyone else: the commit already scheduled this
        // connection's affected subscriptions; their pushes go out before the answer.
        await this.ownUpdates();
        this.send(
          result.ok
            ? { type: responseType, requestId: message.requestId, success: true, result: result.value, logLines: result.logLines }
            : { type: responseType, requestId: message.requestId, success: false, ...errorFields(result) },
        );
        return;
      }
      default:
        this.send({ type: "FatalError", errorMessage: `Unknown message type "${String((message as { type: unknown }).type)}"` });
    }
  }

  private async ownUpdates(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, OWN_UPDATES_WAIT_MS)));
    await Promise.race([Promise.all([...this.queries.values()].map((q) => q.subscription.settled())), timeout]);
    clearTimeout(timer);
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
    this.send({ type: "AuthError", errorMessage: TOKEN_EXPIRED });
    this.become(ANONYMOUS, true);
  }

  /** Re-resolves the caller; when who they are changed, every subscription re-runs as them. */
  async refreshIdentity(force = false): Promise<void> {
    let next: Identity;
    try {
      next = await resolveIdentity(this.services.database.db, this.services.tokens, this.token);
    } catch (error) {
      next = ANONYMOUS;
      if (this.token) this.send({ type: "AuthError", errorMessage: (error as Error).message });
      this.setToken(null);
    }
    this.become(next, force);
  }

  private become(next: Identity, force: boolean): void {
    if (this.closed) return;
    const before = this.identity.user?.id;
    const after = next.user?.id;
    if (after && after !== before && !this.connections.admit(after, this)) {
      this.send({ type: "FatalError", errorMessage: `Too many open connections for this account (at most ${MAX_SOCKETS_PER_USER})` });
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
      this.enqueue(() => this.refreshIdentity());
    }
  }

  private add(queryId: number, udfPath: string, rawArgs: unknown): void {
    this.remove(queryId);
    if (this.closed) return;
    const fail = (errorMessage: string) => this.send({ type: "Transition", modifications: [{ type: "QueryFailed", queryId, errorMessage, logLines: [] }] });
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
      fail(parsed.errorMessage);
      return;
    }
    const subscription = this.live.subscribe(fn, udfPath, parsed.args, this.identity, this.address, (result) => {
      this.send({
        type: "Transition",
        modifications: [
          result.ok
            ? { type: "QueryUpdated", queryId, value: result.value, logLines: result.logLines }
            : { type: "QueryFailed", queryId, ...errorFields(result) },
        ],
      });
    });
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
  wss.on("connection", (ws: WebSocket, request: IncomingMessage) => {
    const connection = new SyncConnection(
      ws,
      resolveClientAddress(request.socket.remoteAddress, (name) => request.headers[name], services.config),
      services,
      executor,
      live,
      connections,
    );
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
