import type { Config } from "../base/config.ts";
import type { Database } from "../db/database.ts";
import type { InvalidationBus } from "./invalidation.ts";
import type { RateLimiter } from "./rateLimit.ts";
import type { TokenService } from "./tokens.ts";

/** A worker of the process the runtime starts, wakes after a commit and stops (the outbox: mail/outbox.ts). */
export interface BackgroundWorker {
  readonly id: string;
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

/** Everything a function may reach besides the database handle it is given. */
export interface Services {
  config: Config;
  database: Database;
  bus: InvalidationBus;
  tokens: TokenService;
  /** Delivers queued e-mail and SMS; queue them with `enqueue(ctx.db, message)`. */
  outbox: BackgroundWorker;
  rateLimiter: RateLimiter;
  log: (line: string) => void;
}
