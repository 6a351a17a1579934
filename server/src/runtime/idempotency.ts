import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { RUNTIME_REFUSAL_TEXTS, runtimeRefusal } from "@tumble/domain/runtimeRefusals";
import type { DB } from "../db/schema.ts";
import { refused } from "./errors.ts";

// A mutation may carry an idempotencyKey (beside its args). The key, who sent it, the function,
// a hash of the args and the result are stored in the mutation's own transaction, so a retry of a
// call whose answer was lost is answered from the stored result instead of running again. A
// failed mutation stores nothing and may be retried. See docs/decisions/0011.

export const KEY_TTL_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,200}$/;

/** The key's refusals in English; they are thrown with their codes (runtimeRefusal). */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: RUNTIME_REFUSAL_TEXTS.invalidIdempotencyKey.en,
  notMutation: RUNTIME_REFUSAL_TEXTS.idempotencyKeyNotMutation.en,
  reused: RUNTIME_REFUSAL_TEXTS.idempotencyKeyReused.en,
} as const;

/** The key as sent, checked; undefined when none was sent. */
export function parseIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string" || !KEY.test(raw)) throw refused(runtimeRefusal("invalidIdempotencyKey"));
  return raw;
}

/** Key order does not change the hash: {a,b} and {b,a} are the same call. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function hashArgs(args: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(args ?? {})))
    .digest("hex");
}

export interface KeyClaim {
  scope: string;
  key: string;
  path: string;
  argsHash: string;
}

/**
 * Takes the key inside the mutation's transaction. Returns the stored result when the same call
 * already committed under it. On PostgreSQL a concurrent duplicate waits on the key's row until
 * the first commits (then gets its result) or rolls back (then runs itself).
 */
export async function claimKey(trx: Transaction<DB>, claim: KeyClaim): Promise<{ replay: true; value: unknown } | { replay: false }> {
  const { scope, key } = claim;
  await trx
    .deleteFrom("idempotencyKeys")
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("expiresAt", "<", sql<Date>`now()`)
    .execute();
  const taken = await trx
    .insertInto("idempotencyKeys")
    .values({ ...claim, result: null, expiresAt: sql<Date>`now() + make_interval(hours => ${KEY_TTL_HOURS})` })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (taken) return { replay: false };
  const row = await trx
    .selectFrom("idempotencyKeys")
    .select(["path", "argsHash", "result"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  if (row.path !== claim.path || row.argsHash !== claim.argsHash) throw refused(runtimeRefusal("idempotencyKeyReused"));
  return { replay: true, value: row.result === null ? null : (JSON.parse(row.result) as { value: unknown }).value };
}

export async function storeResult(trx: Transaction<DB>, scope: string, key: string, value: unknown): Promise<void> {
  // Stored as the client receives it (JSON), so a replay answers exactly the same.
  await trx
    .updateTable("idempotencyKeys")
    .set({ result: JSON.stringify({ value: value === undefined ? null : value }) })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}

export async function purgeExpiredKeys(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom("idempotencyKeys")
    .where("expiresAt", "<", sql<Date>`now()`)
    .execute();
}
