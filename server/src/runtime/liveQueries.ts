import type { Identity } from "./define.ts";
import type { CallResult, Executor } from "./executor.ts";
import type { InvalidationBus } from "./invalidation.ts";

// Subscriptions to queries. Identical subscriptions (same function, args and caller identity)
// share one execution; after a committed write, entries that read a written table re-run and
// subscribers hear only of results whose JSON changed.

export type Listener = (result: CallResult) => void;

interface Entry {
  path: string;
  args: unknown;
  identity: Identity;
  clientAddress: string;
  listeners: Set<Listener>;
  reads: Set<string>;
  last: CallResult | null;
  lastJson: string | null;
  running: boolean;
  rerun: boolean;
}

export function identityKey(identity: Identity): string {
  return JSON.stringify([identity.user?.id ?? null, identity.company?.id ?? null, identity.company?.role ?? null, identity.user?.globalRole ?? null]);
}

export class LiveQueries {
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribeBus: () => void;
  /** Runs in flight, so tests and shutdown can wait for quiet. */
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly executor: Executor,
    bus: InvalidationBus,
  ) {
    this.unsubscribeBus = bus.subscribe(({ tables }) => this.invalidate(tables));
  }

  get size(): number {
    return this.entries.size;
  }

  subscribe(path: string, args: unknown, identity: Identity, clientAddress: string, listener: Listener): () => void {
    const key = `${path}\u0000${JSON.stringify(args ?? {})}\u0000${identityKey(identity)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { path, args, identity, clientAddress, listeners: new Set(), reads: new Set(), last: null, lastJson: null, running: false, rerun: false };
      this.entries.set(key, entry);
      entry.listeners.add(listener);
      this.schedule(entry);
    } else {
      entry.listeners.add(listener);
      if (entry.last) listener(entry.last);
    }
    const e = entry;
    return () => {
      e.listeners.delete(listener);
      if (e.listeners.size === 0) this.entries.delete(key);
    };
  }

  invalidate(tables: string[]): void {
    const all = tables.includes("*");
    for (const entry of this.entries.values()) {
      if (all || tables.some((t) => entry.reads.has(t))) this.schedule(entry);
    }
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  close(): void {
    this.unsubscribeBus();
    this.entries.clear();
  }

  private schedule(entry: Entry): void {
    if (entry.running) {
      entry.rerun = true;
      return;
    }
    entry.running = true;
    const run = (async () => {
      do {
        entry.rerun = false;
        const result = await this.executor.call(entry.path, entry.args, entry.identity, entry.clientAddress, "query");
        entry.reads = result.reads;
        const json = JSON.stringify(result.ok ? { v: result.value } : { e: result.errorMessage, d: result.errorData });
        if (json !== entry.lastJson) {
          entry.lastJson = json;
          entry.last = result;
          for (const listener of [...entry.listeners]) listener(result);
        }
      } while (entry.rerun);
      entry.running = false;
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }
}
