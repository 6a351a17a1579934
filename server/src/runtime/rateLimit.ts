import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "./errors.ts";

// Fixed-window counters kept in the database, so a limit holds across server processes.

export const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";

export class RateLimiter {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Counts one hit on `key`; throws once more than `limit` hits fall in the current window.
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
    if (row.count > limit) throw new AppError(TOO_MANY_ATTEMPTS);
  }

  /** Throws while `key` already has `limit` hits in its current window, without counting one. */
  async check(key: string, limit: number, windowMs: number, nowMs = Date.now()): Promise<void> {
    const row = await this.db.selectFrom("rateLimits").select(["count", "windowStart"]).where("key", "=", key).executeTakeFirst();
    if (row && new Date(row.windowStart).getTime() >= nowMs - windowMs && row.count >= limit) throw new AppError(TOO_MANY_ATTEMPTS);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom("rateLimits").where("key", "=", key).execute();
  }
}
