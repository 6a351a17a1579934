import type { Identity } from "./define.ts";
import type { InvalidationBus } from "./invalidation.ts";

// Resolving a token costs a three-table join; most requests repeat the same token. Cached
// identities are dropped whenever users, memberships or sessions change anywhere (the bus also
// carries other processes' writes), and in any case after a few seconds.

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const IDENTITY_TABLES = new Set(["users", "memberships", "sessions", "*"]);

export class IdentityCache {
  private readonly entries = new Map<string, { identity: Identity; until: number }>();
  private readonly stop: () => void;

  constructor(bus: InvalidationBus) {
    this.stop = bus.subscribe(({ tables }) => {
      if (tables.some((t) => IDENTITY_TABLES.has(t))) this.entries.clear();
    });
  }

  get(token: string): Identity | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.identity;
  }

  set(token: string, identity: Identity): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { identity, until: Date.now() + TTL_MS });
  }

  close(): void {
    this.stop();
    this.entries.clear();
  }
}
