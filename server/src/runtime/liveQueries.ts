import type { AnyRegisteredFunction, Identity } from "./define.ts";
import { isCompanyLevel, type CallResult, type Executor } from "./executor.ts";
import type { Invalidation, InvalidationBus } from "./invalidation.ts";

// Subscriptions to queries. Identical subscriptions (same function, parsed args and caller
// identity) share one execution; after a committed write, entries that read a written table and
// are in the write's scope re-run, and subscribers hear only of results whose JSON changed.
//
// Scope (docs/decisions/0010): a company-level query, or one declared `liveScope: "caller"`,
// depends only on its caller's active company's rows and the caller's own rows, so it re-runs for
// writes to that company, writes naming that user, and writes of unknown company. Any other
// query (public, signed-in, platform) re-runs for a write to a table it read, whatever company.

export type Listener = (result: CallResult) => void;

interface Entry {
  key: string;
  path: string;
  args: unknown;
  identity: Identity;
  clientAddress: string;
  /** Null for an unscoped entry; otherwise the company it is scoped to ("" when none). */
  company: string | null;
  user: string | null;
  listeners: Set<Listener>;
  reads: Set<string>;
  last: CallResult | null;
  lastJson: string | null;
  rerun: boolean;
  /** The run in flight, if any. */
  run: Promise<void> | null;
}

export interface Subscription {
  unsubscribe(): void;
  /** Resolves once the entry has no run in flight (its latest result was delivered). */
  settled(): Promise<void>;
}

export interface LiveStats {
  /** Query executions since start (first runs and re-runs). */
  executions: number;
  /** Executions by the caller's active company ("" for callers without one). */
  byCompany: Map<string, number>;
  /** Executions by caller ("" for anonymous callers). */
  byUser: Map<string, number>;
  /** Times a socket re-resolved its caller's identity after a write (counted by the sockets). */
  identityRefreshes: number;
}

export function identityKey(identity: Identity): string {
  return JSON.stringify([identity.user?.id ?? null, identity.company?.id ?? null, identity.company?.role ?? null, identity.user?.globalRole ?? null]);
}

/** The caller of a shared (liveScope "company") run: signed in, but reading who it is throws. */
const SHARED_CALLER = new Proxy({} as NonNullable<Identity["user"]>, {
  get(_target, property) {
    throw new Error(`A query declared liveScope "company" read ctx.user.${String(property)}; declare "caller" instead`);
  },
});

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export class LiveQueries {
  private readonly entries = new Map<string, Entry>();
  /** Scoped entries by company, unscoped ones apart, and scoped ones by user: a write visits only its own. */
  private readonly byCompany = new Map<string, Set<Entry>>();
  private readonly unscoped = new Set<Entry>();
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly unsubscribeBus: () => void;
  /** Runs in flight, so tests and shutdown can wait for quiet. */
  private pending = new Set<Promise<void>>();
  readonly stats: LiveStats = { executions: 0, byCompany: new Map(), byUser: new Map(), identityRefreshes: 0 };

  constructor(
    private readonly executor: Executor,
    bus: InvalidationBus,
  ) {
    this.unsubscribeBus = bus.subscribe((invalidation) => this.invalidate(invalidation));
  }

  get size(): number {
    return this.entries.size;
  }

  /** `args` must already be parsed (Executor.parseArgs), so variants with unknown keys share an entry. */
  subscribe(fn: AnyRegisteredFunction, path: string, args: unknown, identity: Identity, clientAddress: string, listener: Listener): Subscription {
    const shared = fn.liveScope === "company" && isCompanyLevel(fn.access) && identity.user !== null && identity.company !== null;
    const who = shared ? JSON.stringify(["company", identity.company!.id, identity.company!.role, identity.user!.globalRole]) : identityKey(identity);
    const key = `${path}\u0000${JSON.stringify(args ?? {})}\u0000${who}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const scoped = isCompanyLevel(fn.access) || fn.liveScope === "caller";
      entry = {
        key,
        path,
        args,
        // A shared run answers for every member with this role: it must not see which one asked.
        identity: shared ? { ...identity, user: SHARED_CALLER, sessionId: null } : identity,
        clientAddress: shared ? "" : clientAddress,
        company: scoped ? (identity.company?.id ?? "") : null,
        user: scoped && !shared ? (identity.user?.id ?? null) : null,
        listeners: new Set([listener]),
        reads: new Set(),
        last: null,
        lastJson: null,
        rerun: false,
        run: null,
      };
      this.add(entry);
      this.schedule(entry);
    } else {
      entry.listeners.add(listener);
      if (entry.last) listener(entry.last);
    }
    const e = entry;
    return {
      unsubscribe: () => {
        e.listeners.delete(listener);
        if (e.listeners.size === 0 && this.entries.get(e.key) === e) this.drop(e);
      },
      settled: async () => {
        while (e.run) await e.run;
      },
    };
  }

  invalidate(invalidation: Invalidation): void {
    const all = invalidation.tables.includes("*");
    const hit = (entry: Entry) => {
      if (all || invalidation.tables.some((t) => entry.reads.has(t))) this.schedule(entry);
    };
    if (invalidation.companyId === null || invalidation.userIds === null) {
      for (const entry of this.entries.values()) {
        if (entry.company === null || invalidation.companyId === null || entry.company === invalidation.companyId || entry.user !== null) hit(entry);
      }
      return;
    }
    const candidates = new Set<Entry>(this.unscoped);
    for (const entry of this.byCompany.get(invalidation.companyId) ?? []) candidates.add(entry);
    for (const userId of invalidation.userIds) for (const entry of this.byUser.get(userId) ?? []) candidates.add(entry);
    candidates.forEach(hit);
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  close(): void {
    this.unsubscribeBus();
    this.entries.clear();
    this.byCompany.clear();
    this.byUser.clear();
    this.unscoped.clear();
  }

  private add(entry: Entry): void {
    this.entries.set(entry.key, entry);
    if (entry.company === null) {
      this.unscoped.add(entry);
      return;
    }
    let company = this.byCompany.get(entry.company);
    if (!company) this.byCompany.set(entry.company, (company = new Set()));
    company.add(entry);
    if (entry.user) {
      let user = this.byUser.get(entry.user);
      if (!user) this.byUser.set(entry.user, (user = new Set()));
      user.add(entry);
    }
  }

  private drop(entry: Entry): void {
    this.entries.delete(entry.key);
    this.unscoped.delete(entry);
    const company = entry.company === null ? undefined : this.byCompany.get(entry.company);
    company?.delete(entry);
    if (company?.size === 0) this.byCompany.delete(entry.company!);
    const user = entry.user ? this.byUser.get(entry.user) : undefined;
    user?.delete(entry);
    if (user?.size === 0) this.byUser.delete(entry.user!);
  }

  private schedule(entry: Entry): void {
    if (entry.run) {
      entry.rerun = true;
      return;
    }
    const run = (async () => {
      try {
        do {
          entry.rerun = false;
          this.count(entry);
          const result = await this.executor.call(entry.path, entry.args, entry.identity, entry.clientAddress, "query");
          entry.reads = result.reads;
          const json = JSON.stringify(result.ok ? { v: result.value } : { e: result.errorMessage, d: result.errorData });
          if (json !== entry.lastJson) {
            entry.lastJson = json;
            entry.last = result;
            for (const listener of [...entry.listeners]) listener(result);
          }
        } while (entry.rerun && this.entries.get(entry.key) === entry);
      } finally {
        // Cleared in the same step the loop ends, so a schedule() right after starts a new run.
        entry.run = null;
      }
    })();
    entry.run = run;
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  private count(entry: Entry): void {
    this.stats.executions++;
    bump(this.stats.byCompany, entry.identity.company?.id ?? "");
    bump(this.stats.byUser, entry.identity.user === SHARED_CALLER ? "" : (entry.identity.user?.id ?? ""));
  }
}
