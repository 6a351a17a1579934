import path from "node:path";
import { z } from "zod";

// Configuration comes only from the environment. A wrong value stops start-up with one line
// naming the variable, so a typo never runs the server on defaults by accident.

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.join(" or ")}//`);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  SMS_URL: url(["http:", "https:"]).optional(),
  SEED: z.enum(["demo", "none"]).default("demo"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
});

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  smsUrl?: string;
  seed: "demo" | "none";
  publicUrl: string;
  authSecret?: string;
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
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    smsUrl: c.SMS_URL,
    seed: c.SEED,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    authSecret: c.AUTH_SECRET,
  };
}
