import WebSocket from "ws";

// A minimal client of /api/sync for tests and benchmarks.

type Message = { type: string; [key: string]: unknown };

export class SyncClient {
  readonly messages: Message[] = [];
  private readonly waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  private nextQueryId = 1;
  private nextRequestId = 1;

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Message;
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  static async connect(baseUrl: string, token?: string | null): Promise<SyncClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/sync`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const client = new SyncClient(ws);
    if (token !== undefined) client.send({ type: "Authenticate", token });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves with the first message (already received or future) that passes the test. */
  waitFor(test: (m: Message) => boolean, timeoutMs = 10_000, fromIndex = 0): Promise<Message> {
    const seen = this.messages.slice(fromIndex).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Timed out waiting for a socket message")), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Subscribes and returns the query id plus a way to wait for its n-th distinct value. */
  subscribe(udfPath: string, args: unknown = {}) {
    const queryId = this.nextQueryId++;
    this.send({ type: "ModifyQuerySet", modifications: [{ type: "Add", queryId, udfPath, args }] });
    const updates = () =>
      this.messages.flatMap((m) =>
        m.type === "Transition"
          ? (m.modifications as Array<{ queryId: number; type: string; value?: unknown; errorMessage?: string }>).filter((mod) => mod.queryId === queryId)
          : [],
      );
    return {
      queryId,
      updates,
      async next(count: number, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        while (updates().length < count) {
          if (Date.now() > deadline) throw new Error(`Query ${udfPath} got ${updates().length} of ${count} updates`);
          await new Promise((r) => setTimeout(r, 10));
        }
        return updates()[count - 1];
      },
      remove: () => this.send({ type: "ModifyQuerySet", modifications: [{ type: "Remove", queryId }] }),
    };
  }

  async mutation(udfPath: string, args: unknown = {}, type: "Mutation" | "Action" = "Mutation"): Promise<Message> {
    const requestId = this.nextRequestId++;
    this.send({ type, requestId, udfPath, args });
    return this.waitFor((m) => (m.type === "MutationResponse" || m.type === "ActionResponse") && m.requestId === requestId);
  }

  close(): void {
    this.ws.close();
  }
}
