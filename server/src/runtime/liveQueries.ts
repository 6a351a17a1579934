import type { AnyRegisteredFunction, Identity } from "./define.ts";
import { isCompanyLevel, type CallResult, type Executor } from "./executor.ts";
import { CAMPAIGN_TABLES, type Invalidation, type InvalidationBus } from "./invalidation.ts";
import { campaignsRead } from "./tracking.ts";

// Subscriptions to queries. Identical subscriptions (same function, parsed args and caller
// identity) share one execution; after a committed write, entries that read a written table and
// are in the write's scope re-run, and subscribers hear only of results whose JSON changed.
//
// Scope (docs/decisions/0010): a company-level query, or one declared `liveScope: "caller"`,
// depends only on its caller's active company's rows and the caller's own rows, so it re-runs for
// writes to that company, writes naming that user, and writes of unknown company. Any other
// query (public, signed-in, platform) re-runs for a write to a table it read, whatever company.
// A query that declared the campaigns it reads (tracking.ts `readsCampaign`, the public campaign
// pages) re-runs for a write to a campaign table only when the write names one of them or none.

export type Listener = (result: CallResult) => void;

/**
 * How live runs share the server (issue 32): at most `concurrency` runs at once over all
 * companies (one on the embedded database), at most `perLane` of them for one company (or, for
 * public queries, one client address), lanes served in turn, each slot resting `rest` times as
 * long as its last run took; and at most `perAddress` subscriptions from one client address over
 * all its sockets. A company's flood of re-runs then waits in its own lane while calls, which
 * never queue here, keep the rest of the database pool and most of the event loop.
 */
export interface LiveLimits {
  concurrency: number;
  perLane: number;
  perAddress: number;
  /** How long a slot rests after a run, as a multiple of the run's time (FairQueue)... */
  rest: number;
  /** ...once more than this many runs wait: a write's ordinary burst is served at full speed. */
  restAbove: number;
}
export const DEFAULT_LIVE_LIMITS: LiveLimits = { concurrency: 3, perLane: 1, perAddress: 2_000, rest: 1, restAbove: 200 };

export const tooManySubscriptions = (limit: number) => `Too many live queries from this address (at most ${limit})`;

/** The longest a slot rests after one run, however long the run took. */
const MAX_REST_MS = 200;

/** Tasks in lanes served round-robin, with a global and a per-lane limit. A task never rejects. */
export class FairQueue {
  private readonly lanes = new Map<string, Array<() => Promise<void>>>();
  private readonly turn: string[] = [];
  private readonly runningByLane = new Map<string, number>();
  private running = 0;

  constructor(
    private readonly concurrency: number,
    private readonly perLane: number,
    private readonly rest = 0,
    private readonly restAbove = 0,
  ) {}

  private queued = 0;

  get waiting(): number {
    return this.queued;
  }

  push(lane: string, task: () => Promise<void>): void {
    let queue = this.lanes.get(lane);
    if (!queue) {
      this.lanes.set(lane, (queue = []));
      this.turn.push(lane);
    }
    queue.push(task);
    this.queued++;
    this.pump();
  }

  private pump(): void {
    let blocked = 0;
    while (this.running < this.concurrency && blocked < this.turn.length) {
      const lane = this.turn.shift()!;
      if ((this.runningByLane.get(lane) ?? 0) >= this.perLane) {
        this.turn.push(lane);
        blocked++;
        continue;
      }
      blocked = 0;
      const queue = this.lanes.get(lane)!;
      const task = queue.shift()!;
      this.queued--;
      if (queue.length) this.turn.push(lane);
      else this.lanes.delete(lane);
      this.running++;
      this.runningByLane.set(lane, (this.runningByLane.get(lane) ?? 0) + 1);
      const started = performance.now();
      void task().finally(() => {
        const release = () => {
          this.running--;
          const left = this.runningByLane.get(lane)! - 1;
          if (left) this.runningByLane.set(lane, left);
          else this.runningByLane.delete(lane);
          this.pump();
        };
        // Under a backlog (more than `restAbove` waiting) the slot rests `rest` times as long as
        // the run took before it takes the next one, so a flood holds each slot at most
        // 1 / (1 + rest) of the time and calls find the event loop and the database free. At
        // least the event loop's turn: on the embedded database a run never leaves the microtask
        // queue, so without it a backlog would hold requests unread.
        const resting = this.queued > this.restAbove ? Math.min(MAX_REST_MS, (performance.now() - started) * this.rest) : 0;
        if (resting >= 1) setTimeout(release, resting);
        else setImmediate(release);
      });
    }
  }
}

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
  /** The only campaigns whose rows of the campaign tables it read; null when it may read any. */
  campaigns: Set<string> | null;
  last: CallResult | null;
  lastJson: string | null;
  rerun: boolean;
  /** Waiting in the fair queue for its turn (a later invalidation adds nothing). */
  queued: boolean;
  running: boolean;
  /** Resolves once the entry is neither queued nor running; null when it is idle. */
  run: Promise<void> | null;
  done: (() => void) | null;
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
  private readonly queue: FairQueue;
  /** Subscriptions held per client address, over all its sockets. */
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly executor: Executor,
    bus: InvalidationBus,
    private readonly limits: LiveLimits = DEFAULT_LIVE_LIMITS,
  ) {
    this.unsubscribeBus = bus.subscribe((invalidation) => this.invalidate(invalidation));
    // The embedded database answers one statement at a time: a second run in flight would only
    // queue there, ahead of the calls.
    const concurrency = bus.databaseKind === "pglite" ? 1 : limits.concurrency;
    this.queue = new FairQueue(concurrency, limits.perLane, limits.rest, limits.restAbove);
  }

  /** Runs waiting for their turn. */
  get waiting(): number {
    return this.queue.waiting;
  }

  get size(): number {
    return this.entries.size;
  }

  /** `args` must already be parsed (Executor.parseArgs), so variants with unknown keys share an entry. */
  subscribe(fn: AnyRegisteredFunction, path: string, args: unknown, identity: Identity, clientAddress: string, listener: Listener): Subscription {
    const held = this.byAddress.get(clientAddress) ?? 0;
    if (held >= this.limits.perAddress) throw new Error(tooManySubscriptions(this.limits.perAddress));
    this.byAddress.set(clientAddress, held + 1);
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
        campaigns: null,
        last: null,
        lastJson: null,
        rerun: false,
        queued: false,
        running: false,
        run: null,
        done: null,
      };
      this.add(entry);
      this.schedule(entry);
    } else {
      entry.listeners.add(listener);
      if (entry.last) listener(entry.last);
    }
    const e = entry;
    let released = false;
    return {
      unsubscribe: () => {
        if (!released) {
          released = true;
          const left = (this.byAddress.get(clientAddress) ?? 1) - 1;
          if (left > 0) this.byAddress.set(clientAddress, left);
          else this.byAddress.delete(clientAddress);
        }
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
    const campaigns = invalidation.campaignIds ? new Set(invalidation.campaignIds) : null;
    // A write naming its campaigns passes over the campaign tables of entries reading only others.
    const reaches = (entry: Entry, table: string) =>
      entry.reads.has(table) && !(campaigns && entry.campaigns && CAMPAIGN_TABLES.has(table) && ![...entry.campaigns].some((c) => campaigns.has(c)));
    const hit = (entry: Entry) => {
      if (all || invalidation.tables.some((t) => reaches(entry, t))) this.schedule(entry);
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

  /** The lane an entry waits in: its company's, else its user's, else (public queries) its client address's. */
  private laneOf(entry: Entry): string {
    if (entry.company) return `c:${entry.company}`;
    if (entry.user) return `u:${entry.user}`;
    return `a:${entry.clientAddress}`;
  }

  private schedule(entry: Entry): void {
    if (entry.queued) return;
    if (entry.running) {
      entry.rerun = true;
      return;
    }
    entry.queued = true;
    if (!entry.run) {
      const run = new Promise<void>((resolve) => (entry.done = resolve));
      entry.run = run;
      this.pending.add(run);
      void run.then(() => this.pending.delete(run));
    }
    this.queue.push(this.laneOf(entry), () => this.execute(entry));
  }

  /** One run in the entry's turn; a write meanwhile queues the next run behind the other lanes. */
  private async execute(entry: Entry): Promise<void> {
    entry.queued = false;
    if (this.entries.get(entry.key) === entry) {
      entry.running = true;
      entry.rerun = false;
      try {
        this.count(entry);
        const result = await this.executor.call(entry.path, entry.args, entry.identity, entry.clientAddress, "query");
        entry.reads = result.reads;
        entry.campaigns = campaignsRead(result.reads);
        const json = JSON.stringify(result.ok ? { v: result.value } : { e: result.errorMessage, d: result.errorData });
        if (json !== entry.lastJson) {
          entry.lastJson = json;
          entry.last = result;
          for (const listener of [...entry.listeners]) listener(result);
        }
      } catch {
        // The executor answers failures as results; anything else leaves the last result standing.
      } finally {
        entry.running = false;
      }
      if (entry.rerun && this.entries.get(entry.key) === entry) {
        entry.rerun = false;
        this.schedule(entry);
        return;
      }
    }
    const done = entry.done;
    entry.run = null;
    entry.done = null;
    done?.();
  }

  private count(entry: Entry): void {
    this.stats.executions++;
    bump(this.stats.byCompany, entry.identity.company?.id ?? "");
    bump(this.stats.byUser, entry.identity.user === SHARED_CALLER ? "" : (entry.identity.user?.id ?? ""));
  }
}
