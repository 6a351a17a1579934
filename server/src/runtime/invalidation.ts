import { EventEmitter } from "node:events";
import type { Kysely, KyselyPlugin } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

// After a write commits, every process learns what changed: locally through an event, across
// processes through one pg_notify per commit (PostgreSQL only). A notification names the tables
// written, the company whose rows they were (null: unknown, so every company), the users whose
// own rows changed (null: unknown, so every user) and, for the campaign tables, the campaigns whose
// rows they were (absent: unknown, so every campaign). See docs/decisions/0010 and 0059.

const CHANNEL = "tumble_invalidate";

export interface Invalidation {
  /** Tables written; "*" means everything (e.g. after a lost LISTEN connection). */
  tables: string[];
  /** The company whose rows were written, or null when it may be any company. */
  companyId: string | null;
  /** Users whose own rows (identity, requests) were written, or null when it may be anyone. */
  userIds: string[] | null;
  /**
   * The campaigns whose rows of CAMPAIGN_TABLES were written, when every one was named; null or
   * absent when they may be any. A live query that read only some campaigns' rows of those tables
   * (tracking.ts `readsCampaign`) re-runs for a write to them only when its campaigns are named.
   */
  campaignIds?: string[] | null;
}

/** Tables whose every row belongs to one campaign (issue 32: a claim re-runs only that campaign's public queries). */
export const CAMPAIGN_TABLES: ReadonlySet<string> = new Set(["campaigns", "campaign_claims"]);

/** Tables that make up who a caller is: a write to them re-resolves the identity of its users. */
export const IDENTITY_TABLES: ReadonlySet<string> = new Set(["users", "memberships", "sessions"]);

export const EVERYTHING: Invalidation = { tables: ["*"], companyId: null, userIds: null };

export function touchesIdentity(invalidation: Invalidation): boolean {
  return invalidation.tables.some((t) => t === "*" || IDENTITY_TABLES.has(t));
}

/** Whether a notification may change what `userId` is (their identity rows were written). */
export function changesIdentityOf(invalidation: Invalidation, userId: string): boolean {
  return touchesIdentity(invalidation) && (invalidation.userIds === null || invalidation.userIds.includes(userId));
}

/** What a handler's writes touched beyond the caller's own company and rows. */
export interface WriteScope {
  companyIds: Set<string>;
  userIds: Set<string>;
  /** Campaigns whose rows were written (`invalidates(db, { campaignId })`). */
  campaignIds?: Set<string>;
}

/**
 * The campaigns a write's invalidation names: absent when it wrote no campaign table, null when it
 * wrote one without naming the campaign (every campaign's queries re-run).
 */
export function campaignsWritten(tables: Iterable<string>, scope: WriteScope): { campaignIds?: string[] | null } {
  if (![...tables].some((t) => CAMPAIGN_TABLES.has(t))) return {};
  return { campaignIds: scope.campaignIds?.size ? [...scope.campaignIds] : null };
}

// Handlers reach the scope through the database handle they were given — keyed by the call's
// table tracker, which every handle derived from it (transactions included) carries — so shared
// helpers that only take `db` (sessions, admissions) can name the users they affected.
const scopes = new WeakMap<KyselyPlugin, WriteScope>();

export function attachWriteScope(tracker: KyselyPlugin, scope: WriteScope): void {
  scopes.set(tracker, scope);
}

/**
 * Names a company or user a write affected, so live queries scoped to them re-run. Needed when a
 * company-level function writes another company's rows, or rows belonging to a user (their
 * membership, session, join request). Without a named user, identity writes refresh everyone.
 * A write to a campaign table names its campaign (every one whose rows it writes), so only the
 * live queries reading that campaign re-run; without one, every campaign's do.
 */
export function invalidates(db: Kysely<DB>, target: { companyId?: string | null; userId?: string | null; campaignId?: string | null }): void {
  for (const plugin of db.getExecutor().plugins) {
    const scope = scopes.get(plugin);
    if (!scope) continue;
    if (target.companyId) scope.companyIds.add(target.companyId);
    if (target.userId) scope.userIds.add(target.userId);
    if (target.campaignId) (scope.campaignIds ??= new Set()).add(target.campaignId);
  }
  // Outside a function call (seed, scripts) nothing is subscribed through the handle: no-op.
}

export class InvalidationBus {
  private readonly events = new EventEmitter();
  private readonly origin = Math.random().toString(36).slice(2);
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {
    this.events.setMaxListeners(0);
  }

  /** The database whose writes it announces (the live queries size their runs to it). */
  get databaseKind(): Database["kind"] {
    return this.database.kind;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        const message = parse(payload);
        // A malformed notification cannot be scoped: re-run everything rather than miss a change.
        if (!message) this.events.emit("invalidate", EVERYTHING);
        else if (message.origin !== this.origin) this.events.emit("invalidate", message.invalidation);
      },
      // After a lost LISTEN connection we may have missed notifications: re-run everything.
      () => this.events.emit("invalidate", EVERYTHING),
    );
  }

  async publish(invalidation: Invalidation): Promise<void> {
    const tables = [...new Set(invalidation.tables)];
    if (!tables.length) return;
    const message: Invalidation = { tables, companyId: invalidation.companyId, userIds: invalidation.userIds ? [...new Set(invalidation.userIds)] : null };
    if (invalidation.campaignIds !== undefined) message.campaignIds = invalidation.campaignIds ? [...new Set(invalidation.campaignIds)] : null;
    // The notification asks the pool for a connection before the local re-runs do, so other
    // processes hear of the write without waiting behind this process's fan-out.
    let notified: Promise<void> = Promise.resolve();
    if (this.database.kind === "postgres") {
      let payload = JSON.stringify({ origin: this.origin, ...message });
      // pg_notify refuses payloads of 8,000 bytes or more: drop the user and campaign lists (meaning "any").
      if (Buffer.byteLength(payload) >= 7_900) {
        payload = JSON.stringify({ origin: this.origin, ...message, userIds: null, ...(message.campaignIds ? { campaignIds: null } : {}) });
      }
      notified = this.database.notify(CHANNEL, payload);
    }
    this.events.emit("invalidate", message);
    await notified;
  }

  subscribe(listener: (invalidation: Invalidation) => void): () => void {
    this.events.on("invalidate", listener);
    return () => this.events.off("invalidate", listener);
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }
}

function parse(payload: string): { origin: string; invalidation: Invalidation } | null {
  try {
    const m = JSON.parse(payload) as Record<string, unknown>;
    const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
    if (typeof m.origin !== "string" || !strings(m.tables)) return null;
    if (m.companyId !== null && typeof m.companyId !== "string") return null;
    if (m.userIds !== null && !strings(m.userIds)) return null;
    if (m.campaignIds !== undefined && m.campaignIds !== null && !strings(m.campaignIds)) return null;
    const invalidation: Invalidation = { tables: m.tables as string[], companyId: m.companyId as string | null, userIds: m.userIds as string[] | null };
    if (m.campaignIds !== undefined) invalidation.campaignIds = m.campaignIds as string[] | null;
    return { origin: m.origin, invalidation };
  } catch {
    return null;
  }
}
