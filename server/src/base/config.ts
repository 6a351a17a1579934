import path from "node:path";
import { z } from "zod";

// Configuration comes only from the environment. A wrong value stops start-up with one line
// naming the variable, so a typo never runs the server on defaults by accident.

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(" or ")}//`,
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  // Where backups are written (server/src/backups); defaults to DATA_DIR/backups.
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  SMS_URL: url(["http:", "https:"]).optional(),
  SEED: z.enum(["demo", "none"]).default("demo"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(3000),
  // What one client address may hold at once, over all its sockets (a store's tablets share one).
  LIVE_QUERIES_PER_ADDRESS: z.coerce.number().int().min(10).max(1_000_000).default(2000),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  TRUSTED_PROXY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name such as x-forwarded-for")
    .transform((v) => v.toLowerCase())
    .optional(),
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int("must be a whole number from 1 to 10")
    .min(1, "must be a whole number from 1 to 10")
    .max(10, "must be a whole number from 1 to 10")
    .default(1),
});

export type Config = {
  port: number;
  dataDir: string;
  /** Backup files and the backup schedule (docs/decisions/0042-backup-and-restore.md). */
  backupDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  smsUrl?: string;
  seed: "demo" | "none";
  publicUrl: string;
  authSecret?: string;
  /** How often the outbox worker looks for due messages when no mutation woke it. */
  outboxPollMs: number;
  liveQueriesPerAddress: number;
  socketsPerAddress: number;
  /**
   * Where the client address comes from: without a header, the socket's peer; with one, the
   * `hops`-th entry from the right of that header's comma-separated list (each trusted proxy
   * appends the address it saw, so entries further left can be forged by the client).
   */
  trustedProxy?: { header: string; hops: number };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as they do in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, "backups")),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    smsUrl: c.SMS_URL,
    seed: c.SEED,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    authSecret: c.AUTH_SECRET,
    outboxPollMs: c.OUTBOX_POLL_MS,
    liveQueriesPerAddress: c.LIVE_QUERIES_PER_ADDRESS,
    socketsPerAddress: c.SOCKETS_PER_ADDRESS,
    trustedProxy: c.TRUSTED_PROXY_HEADER ? { header: c.TRUSTED_PROXY_HEADER, hops: c.TRUSTED_PROXY_HOPS } : undefined,
  };
}
