import { sql, type Kysely } from "kysely";
import { RUNTIME_REFUSAL_TEXTS, runtimeRefusal } from "@tumble/domain/runtimeRefusals";
import type { DB } from "../db/schema.ts";
import { refused } from "./errors.ts";

// Counters kept in the database, so a limit holds across server processes.

export const TOO_MANY_ATTEMPTS = RUNTIME_REFUSAL_TEXTS.tooManyAttempts.en;

/** No limit uses a window longer than this, so older counters are dead. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Marks (see `mark`) are read back over at most this long. */
const LONGEST_MARK_MS = 31 * 24 * 60 * 60 * 1000;
const MARK_PREFIX = "mark:";

export class RateLimiter {
  private lastPrune = 0;

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Counts one hit on `key`; throws once more than `limit` hits fall in the current fixed window.
   * The count and the decision are one statement, so concurrent hits can never all pass.
   * Inside a mutation pass its transaction handle as `db` (the outer handle would wait on PGlite);
   * the hit then counts only if the mutation commits.
   */
  async hit(key: string, limit: number, windowMs: number, nowMs = Date.now(), db: Kysely<DB> = this.db): Promise<void> {
    const now = new Date(nowMs);
    const windowFloor = new Date(nowMs - windowMs);
    const row = await db
      .insertInto("rateLimits")
      .values({ key, windowStart: now, count: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          // A window that has run out starts again at one.
          count: sql<number>`case when rate_limits.window_start < ${windowFloor} then 1 else rate_limits.count + 1 end`,
          windowStart: sql<Date>`case when rate_limits.window_start < ${windowFloor} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning("count")
      .executeTakeFirstOrThrow();
    if (row.count > limit) throw refused(runtimeRefusal("tooManyAttempts"));
  }

  /**
   * Exponential spacing: the first `free` attempts within `windowMs` of each other pass, then
   * each further one must wait 1 s, 2 s, 4 s, ... (at most `maxDelayMs`) after the previous
   * admitted one. Claiming the slot is one statement, so a concurrent burst gets one slot.
   * Here `window_start` is the time of the last admitted attempt.
   */
  async spaced(key: string, free: number, maxDelayMs: number, windowMs: number, nowMs = Date.now()): Promise<void> {
    const now = new Date(nowMs);
    const quietSince = new Date(nowMs - windowMs);
    const row = await this.db
      .insertInto("rateLimits")
      .values({ key, windowStart: now, count: 1 })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({
            count: sql<number>`case when rate_limits.window_start < ${quietSince} then 1 else rate_limits.count + 1 end`,
            windowStart: now,
          })
          .where(
            sql<boolean>`rate_limits.window_start < ${quietSince}
              or rate_limits.count < ${free}::int
              or rate_limits.window_start <= ${now}::timestamptz
                 - least(power(2, rate_limits.count - ${free}::int) * 1000, ${maxDelayMs}::float8) * interval '1 millisecond'`,
          ),
      )
      .returning("count")
      .executeTakeFirst();
    if (!row) throw refused(runtimeRefusal("tooManyAttempts"));
    await this.pruneHourly(nowMs);
  }

  /** Gives back one hit (an attempt that turned out legitimate). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable("rateLimits")
      .set({ count: sql<number>`greatest(rate_limits.count - 1, 0)` })
      .where("key", "=", key)
      .execute();
  }

  /** Records that `key` happened now (e.g. a successful sign-in from an address). */
  async mark(key: string, nowMs = Date.now()): Promise<void> {
    const now = new Date(nowMs);
    await this.db
      .insertInto("rateLimits")
      .values({ key: MARK_PREFIX + key, windowStart: now, count: 1 })
      .onConflict((oc) => oc.column("key").doUpdateSet({ windowStart: now }))
      .execute();
  }

  /** Whether `key` was marked within the last `withinMs`. */
  async seen(key: string, withinMs: number, nowMs = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom("rateLimits")
      .select("windowStart")
      .where("key", "=", MARK_PREFIX + key)
      .executeTakeFirst();
    return !!row && new Date(row.windowStart).getTime() >= nowMs - withinMs;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom("rateLimits").where("key", "=", key).execute();
  }

  /** Drops dead counters and old marks, at most once an hour per process (keys per address pile up). */
  private async pruneHourly(nowMs: number): Promise<void> {
    if (nowMs - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = nowMs;
    await this.db
      .deleteFrom("rateLimits")
      .where((eb) =>
        eb.or([
          eb.and([eb("key", "not like", `${MARK_PREFIX}%`), eb("windowStart", "<", new Date(nowMs - LONGEST_WINDOW_MS))]),
          eb("windowStart", "<", new Date(nowMs - LONGEST_MARK_MS)),
        ]),
      )
      .execute();
  }
}

/**
 * Fixed-window counters in this process's memory, for flood protection in front of every public
 * function: no database write per call (the write would itself be the load), at the price of
 * each server process counting on its own.
 */
export class MemoryRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  /** Counts one hit; false once more than `limit` hits fall in the current window. */
  hit(key: string, limit: number, windowMs: number, nowMs = Date.now()): boolean {
    let w = this.windows.get(key);
    if (!w || w.start <= nowMs - windowMs) {
      if (!w && this.windows.size >= this.maxKeys) this.prune(nowMs, windowMs);
      w = { start: nowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= limit;
  }

  private prune(nowMs: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (w.start <= nowMs - windowMs) this.windows.delete(key);
    // Still full of live windows (a flood of addresses): forget the oldest half rather than grow.
    if (this.windows.size >= this.maxKeys) {
      let drop = Math.floor(this.maxKeys / 2);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}
