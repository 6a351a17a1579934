import http from "node:http";
import WebSocket from "ws";
import { DEMO_PASSWORD } from "../server/src/seed/demo.ts";

// Lean clients of the two transports (docs/decisions/0001): one kept-alive HTTP connection, and
// one socket that resolves a waiter the moment its message arrives. Kept small on purpose, so the
// client's own cost stays out of the way of what is measured.

type FunctionKind = "query" | "mutation" | "action";
type Message = { type: string; [key: string]: unknown };

export class HttpClient {
  token: string | null = null;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;

  constructor(baseUrl: string) {
    this.url = new URL(baseUrl);
    // The server listens on IPv4; skip the name lookup and any IPv6 attempt for "localhost".
    if (this.url.hostname === "localhost") this.url.hostname = "127.0.0.1";
  }

  private post(path: string, payload: unknown): Promise<{ status: number; text: string }> {
    const body = JSON.stringify(payload);
    const headers: http.OutgoingHttpHeaders = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return new Promise((resolve, reject) => {
      const request = http.request({ host: this.url.hostname, port: this.url.port, path, method: "POST", agent: this.agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  /** Calls a function and returns its value; any other outcome throws. */
  async call<T = unknown>(kind: FunctionKind, path: string, args: unknown = {}): Promise<T> {
    const { status, text } = await this.post(`/api/${kind}`, { path, args, format: "json" });
    if (status !== 200) throw new Error(`${kind} ${path}: HTTP ${status} ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { status: string; value?: unknown };
    if (body.status !== "success") throw new Error(`${kind} ${path}: ${text.slice(0, 200)}`);
    return body.value as T;
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    const result = await this.call<{ tokens: { token: string } }>("action", "auth:signIn", {
      provider: "password",
      params: { email, password, flow: "signIn" },
    });
    this.token = result.tokens.token;
  }

  close(): void {
    this.agent.destroy();
  }
}

export class SocketClient {
  private waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }> = [];
  private nextQueryId = 1;
  private closed = false;

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Message;
      const i = this.waiters.findIndex((w) => w.test(message));
      if (i < 0) return;
      const [waiter] = this.waiters.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.resolve(message);
    });
    ws.on("close", () => {
      this.closed = true;
      for (const waiter of this.waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error("Socket closed"));
      }
    });
  }

  static async connect(baseUrl: string, token: string | null): Promise<SocketClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/sync`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const client = new SocketClient(ws);
    client.send({ type: "Authenticate", token });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  waitFor(test: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> {
    if (this.closed) return Promise.reject(new Error("Socket closed"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new Error("Timed out waiting for a socket message"));
      }, timeoutMs);
      this.waiters.push({ test, resolve, reject, timer });
    });
  }

  /** Adds a fresh subscription, waits for its first result, removes it; returns the result. */
  async subscribeOnce(udfPath: string, args: unknown = {}): Promise<unknown> {
    const queryId = this.nextQueryId++;
    const first = this.waitFor((m) => m.type === "Transition" && (m.modifications as Array<{ queryId: number }>).some((mod) => mod.queryId === queryId));
    this.send({ type: "ModifyQuerySet", modifications: [{ type: "Add", queryId, udfPath, args }] });
    const message = await first;
    this.send({ type: "ModifyQuerySet", modifications: [{ type: "Remove", queryId }] });
    const mod = (message.modifications as Array<{ queryId: number; type: string; value?: unknown; errorMessage?: string }>).find((m) => m.queryId === queryId);
    if (mod?.type !== "QueryUpdated") throw new Error(`${udfPath}: ${mod?.errorMessage ?? mod?.type}`);
    return mod.value;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const done = new Promise<void>((resolve) => this.ws.once("close", () => resolve()));
    this.ws.close();
    await done;
  }
}
