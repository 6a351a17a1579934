import { EventEmitter } from "node:events";
import type { Database } from "../db/database.ts";

// After a write commits, every process learns which tables changed: locally through an event,
// across processes through one pg_notify per commit (PostgreSQL only).

const CHANNEL = "tumble_invalidate";

export interface Invalidation {
  tables: string[];
}

export class InvalidationBus {
  private readonly events = new EventEmitter();
  private readonly origin = Math.random().toString(36).slice(2);
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {
    this.events.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        try {
          const message = JSON.parse(payload) as { origin: string; tables: string[] };
          if (message.origin !== this.origin) this.events.emit("invalidate", { tables: message.tables });
        } catch {
          // A malformed notification is ignored; the next one carries full table names again.
        }
      },
      // After a lost LISTEN connection we may have missed notifications: re-run everything.
      () => this.events.emit("invalidate", { tables: ["*"] }),
    );
  }

  async publish(tables: Iterable<string>): Promise<void> {
    const list = [...new Set(tables)];
    if (!list.length) return;
    this.events.emit("invalidate", { tables: list });
    if (this.database.kind === "postgres") {
      await this.database.notify(CHANNEL, JSON.stringify({ origin: this.origin, tables: list }));
    }
  }

  subscribe(listener: (invalidation: Invalidation) => void): () => void {
    this.events.on("invalidate", listener);
    return () => this.events.off("invalidate", listener);
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }
}
