import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { OutboxWorker } from "../mail/outbox.ts";
import type { InvalidationBus } from "./invalidation.ts";
import type { RateLimiter } from "./rateLimit.ts";
import type { TokenService } from "./tokens.ts";

/** Everything a function may reach besides the database handle it is given. */
export interface Services {
  config: Config;
  database: Database;
  bus: InvalidationBus;
  tokens: TokenService;
  /** Delivers queued e-mail and SMS; queue them with `enqueue(ctx.db, message)`. */
  outbox: OutboxWorker;
  rateLimiter: RateLimiter;
  log: (line: string) => void;
}
