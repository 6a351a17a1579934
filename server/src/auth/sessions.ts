import type { Kysely } from "kysely";
import { AUTH_REFUSAL_TEXTS, authRefusal } from "@tumble/domain/authRefusals";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { newId } from "../runtime/ids.ts";
import { hashSecret, newRefreshToken, type TokenService } from "../runtime/tokens.ts";

// A session lives 30 days from its last refresh. Refresh tokens are opaque, stored hashed and
// rotate on every use; presenting one that was already used means it leaked, so the whole
// session is revoked — except within a short grace window after its use, when it is most likely
// a second tab of the same browser that refreshed at the same moment: that tab gets a fresh
// token of the same branch instead of signing everyone out, and the first of the two to be used
// consumes the other.

const SESSION_DAYS = 30;
export const REFRESH_GRACE_MS = 30_000;
const DAY = 24 * 60 * 60 * 1000;

export interface Tokens {
  token: string;
  refreshToken: string;
}

export const INVALID_REFRESH = AUTH_REFUSAL_TEXTS.invalidRefreshToken.en;

export async function createSession(db: Kysely<DB>, tokens: TokenService, userId: string): Promise<Tokens> {
  const sessionId = newId();
  const refreshToken = newRefreshToken();
  // Session writes change only this user's identity: no other socket needs to re-resolve.
  invalidates(db, { userId });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sessions")
      .values({ id: sessionId, userId, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY), revokedAt: null })
      .execute();
    await trx
      .insertInto("refreshTokens")
      .values({ tokenHash: hashSecret(refreshToken), sessionId, usedAt: null })
      .execute();
  });
  return { token: await tokens.sign(userId, sessionId), refreshToken };
}

export async function refreshSession(db: Kysely<DB>, tokens: TokenService, refreshToken: string): Promise<Tokens> {
  const next = newRefreshToken();
  const outcome = await db.transaction().execute(async (trx) => {
    // The session is locked first, and only then its tokens are read: one session's refreshes are
    // decided one at a time, and never deadlock on two sibling tokens (each locking its own token
    // row, then waiting for the session the other holds).
    const tokenHash = hashSecret(refreshToken);
    const owner = await trx.selectFrom("refreshTokens").select("sessionId").where("tokenHash", "=", tokenHash).executeTakeFirst();
    if (owner) await trx.selectFrom("sessions").select("id").where("id", "=", owner.sessionId).forUpdate().execute();
    const row = await trx
      .selectFrom("refreshTokens as r")
      .innerJoin("sessions as s", "s.id", "r.sessionId")
      .select(["r.tokenHash", "r.usedAt", "r.branchId", "r.nextBranchId", "s.id as sessionId", "s.userId", "s.revokedAt", "s.expiresAt"])
      .where("r.tokenHash", "=", tokenHash)
      .executeTakeFirst();
    if (!row || row.revokedAt || new Date(row.expiresAt).getTime() < Date.now()) return { error: INVALID_REFRESH } as const;
    if (row.usedAt && new Date(row.usedAt).getTime() >= Date.now() - REFRESH_GRACE_MS) {
      // Reuse within the grace window: a token of the branch its first use started, so whichever
      // of the two is used first consumes the other (no lasting second session); the used token
      // stays used, so after the window it revokes as before. The session is not extended.
      await trx
        .insertInto("refreshTokens")
        .values({ tokenHash: hashSecret(next), sessionId: row.sessionId, usedAt: null, branchId: row.nextBranchId })
        .execute();
      return { userId: row.userId, sessionId: row.sessionId } as const;
    }
    if (row.usedAt) {
      await trx.updateTable("sessions").set({ revokedAt: new Date() }).where("id", "=", row.sessionId).execute();
      return { error: INVALID_REFRESH } as const;
    }
    const now = new Date();
    const branch = newId();
    await trx.updateTable("refreshTokens").set({ usedAt: now, nextBranchId: branch }).where("tokenHash", "=", row.tokenHash).execute();
    // Its siblings (handed out for a reuse) are consumed with it.
    if (row.branchId)
      await trx
        .updateTable("refreshTokens")
        .set({ usedAt: now, nextBranchId: branch })
        .where("sessionId", "=", row.sessionId)
        .where("branchId", "=", row.branchId)
        .where("usedAt", "is", null)
        .execute();
    await trx
      .insertInto("refreshTokens")
      .values({ tokenHash: hashSecret(next), sessionId: row.sessionId, usedAt: null, branchId: branch })
      .execute();
    await trx
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) })
      .where("id", "=", row.sessionId)
      .execute();
    return { userId: row.userId, sessionId: row.sessionId } as const;
  });
  if ("userId" in outcome) invalidates(db, { userId: outcome.userId });
  // The revocation above must commit, so the error is thrown only after the transaction.
  if ("error" in outcome) throw refused(authRefusal("invalidRefreshToken"));
  return { token: await tokens.sign(outcome.userId, outcome.sessionId), refreshToken: next };
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  const row = await db
    .updateTable("sessions")
    .set({ revokedAt: new Date() })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .returning("userId")
    .executeTakeFirst();
  if (row) invalidates(db, { userId: row.userId });
}

export async function revokeAllSessions(db: Kysely<DB>, userId: string): Promise<void> {
  invalidates(db, { userId });
  await db.updateTable("sessions").set({ revokedAt: new Date() }).where("userId", "=", userId).where("revokedAt", "is", null).execute();
}
