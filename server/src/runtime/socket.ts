import type { IncomingMessage } from "node:http";
import { WebSocket, WebSocketServer } from "ws";
import type { Identity } from "./define.ts";
import type { CallResult, Executor } from "./executor.ts";
import { ANONYMOUS, resolveIdentity } from "./identity.ts";
import { identityKey, type LiveQueries } from "./liveQueries.ts";
import type { Services } from "./services.ts";

// The realtime half of the transport: /api/sync. See docs/decisions/0001.

type Incoming =
  | { type: "Authenticate"; token: string | null }
  | { type: "ModifyQuerySet"; modifications: Array<{ type: "Add"; queryId: number; udfPath: string; args?: unknown } | { type: "Remove"; queryId: number }> }
  | { type: "Mutation" | "Action"; requestId: number | string; udfPath: string; args?: unknown };

const IDENTITY_TABLES = ["users", "memberships", "sessions"];

function errorFields(result: CallResult) {
  return { errorMessage: result.errorMessage, ...(result.errorData !== undefined ? { errorData: result.errorData } : {}), logLines: result.logLines };
}

class SyncConnection {
  private token: string | null = null;
  private identity: Identity = ANONYMOUS;
  private readonly queries = new Map<number, { udfPath: string; args: unknown; unsubscribe: () => void }>();
  /** Messages are handled in arrival order, so an Authenticate lands before the queries after it. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly address: string,
    private readonly services: Services,
    private readonly executor: Executor,
    private readonly live: LiveQueries,
  ) {}

  enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => this.services.log(`[sync] ${String(error)}`));
  }

  async handle(raw: string): Promise<void> {
    let message: Incoming;
    try {
      message = JSON.parse(raw) as Incoming;
    } catch {
      this.send({ type: "FatalError", errorMessage: "Malformed message" });
      return;
    }
    switch (message.type) {
      case "Authenticate":
        this.token = message.token ?? null;
        await this.refreshIdentity(true);
        return;
      case "ModifyQuerySet":
        for (const mod of message.modifications ?? []) {
          if (mod.type === "Add") this.add(mod.queryId, mod.udfPath, mod.args ?? {});
          else if (mod.type === "Remove") this.remove(mod.queryId);
        }
        return;
      case "Mutation":
      case "Action": {
        const kind = message.type === "Mutation" ? "mutation" : "action";
        const responseType = message.type === "Mutation" ? "MutationResponse" : "ActionResponse";
        let result: CallResult;
        try {
          result = await this.executor.call(message.udfPath, message.args ?? {}, this.identity, this.address, kind);
        } catch (error) {
          this.send({ type: responseType, requestId: message.requestId, success: false, errorMessage: (error as Error).message, logLines: [] });
          return;
        }
        await this.live.idle();
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

  /** Re-resolves the caller; when who they are changed, every subscription re-runs as them. */
  async refreshIdentity(force = false): Promise<void> {
    let next: Identity;
    try {
      next = await resolveIdentity(this.services.database.db, this.services.tokens, this.token);
    } catch (error) {
      next = ANONYMOUS;
      if (this.token) this.send({ type: "AuthError", errorMessage: (error as Error).message });
      this.token = null;
    }
    const changed = identityKey(next) !== identityKey(this.identity);
    this.identity = next;
    if (changed || force) {
      for (const [queryId, q] of [...this.queries]) {
        q.unsubscribe();
        this.add(queryId, q.udfPath, q.args);
      }
    }
  }

  onTablesChanged(tables: string[]): void {
    if (this.token && tables.some((t) => t === "*" || IDENTITY_TABLES.includes(t))) this.enqueue(() => this.refreshIdentity());
  }

  private add(queryId: number, udfPath: string, args: unknown): void {
    this.remove(queryId);
    try {
      this.executor.lookup(udfPath);
    } catch (error) {
      this.send({ type: "Transition", modifications: [{ type: "QueryFailed", queryId, errorMessage: (error as Error).message, logLines: [] }] });
      return;
    }
    const unsubscribe = this.live.subscribe(udfPath, args, this.identity, this.address, (result) => {
      this.send({
        type: "Transition",
        modifications: [
          result.ok ? { type: "QueryUpdated", queryId, value: result.value, logLines: result.logLines } : { type: "QueryFailed", queryId, ...errorFields(result) },
        ],
      });
    });
    this.queries.set(queryId, { udfPath, args, unsubscribe });
  }

  private remove(queryId: number): void {
    this.queries.get(queryId)?.unsubscribe();
    this.queries.delete(queryId);
  }

  close(): void {
    for (const q of this.queries.values()) q.unsubscribe();
    this.queries.clear();
  }

  private send(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}

export function createSyncServer(services: Services, executor: Executor, live: LiveQueries): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  wss.on("connection", (ws: WebSocket, request: IncomingMessage) => {
    const connection = new SyncConnection(ws, request.socket.remoteAddress ?? "unknown", services, executor, live);
    const stopWatching = services.bus.subscribe(({ tables }) => connection.onTablesChanged(tables));
    ws.on("message", (data) => connection.enqueue(() => connection.handle(data.toString())));
    ws.on("close", () => {
      stopWatching();
      connection.close();
    });
    ws.on("error", () => ws.terminate());
  });
  return wss;
}
