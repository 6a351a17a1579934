import type { Identity } from "./define.ts";
import { touchesIdentity, type InvalidationBus } from "./invalidation.ts";

// Resolving a token costs a three-table join; most requests repeat the same token. A write to
// users, memberships or sessions drops the cached identities of the users it names (all of them
// when it names none; the bus also carries other processes' writes), and in any case after a few
// seconds.

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export class IdentityCache {
  private readonly entries = new Map<string, { identity: Identity; until: number }>();
  /** Tokens cached per user, so one user's change drops only theirs. */
  private readonly tokensByUser = new Map<string, Set<string>>();
  private readonly stop: () => void;

  constructor(bus: InvalidationBus) {
    this.stop = bus.subscribe((invalidation) => {
      if (!touchesIdentity(invalidation)) return;
      if (invalidation.userIds === null || invalidation.tables.includes("*")) this.clear();
      else for (const userId of invalidation.userIds) this.dropUser(userId);
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get(token: string): Identity | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.delete(token);
      return undefined;
    }
    return entry.identity;
  }

  set(token: string, identity: Identity): void {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(token)) this.delete(this.entries.keys().next().value!);
    this.entries.set(token, { identity, until: Date.now() + TTL_MS });
    const userId = identity.user?.id;
    if (userId) {
      let tokens = this.tokensByUser.get(userId);
      if (!tokens) this.tokensByUser.set(userId, (tokens = new Set()));
      tokens.add(token);
    }
  }

  close(): void {
    this.stop();
    this.clear();
  }

  private clear(): void {
    this.entries.clear();
    this.tokensByUser.clear();
  }

  private dropUser(userId: string): void {
    for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensByUser.delete(userId);
  }

  private delete(token: string): void {
    const userId = this.entries.get(token)?.identity.user?.id;
    this.entries.delete(token);
    if (!userId) return;
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
