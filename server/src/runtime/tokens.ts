import { createHash, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// Access tokens are short-lived HS256 JWTs naming the user and the session. The signing secret
// is AUTH_SECRET or, when unset, one generated once and kept in the database so every server
// process on that database shares it.

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Verified tokens remembered; the oldest-used is dropped beyond this. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Claims {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
}

export class TokenService {
  // A KeyObject made once: jose then signs and verifies without importing the key each call.
  private readonly key: KeyObject;
  // A token's signature never changes, so it is checked once; expiry is still checked every call.
  private readonly verified = new Map<string, Claims>();
  private constructor(secret: Uint8Array) {
    this.key = createSecretKey(secret);
  }

  static async create(db: Kysely<DB>, configured?: string): Promise<TokenService> {
    if (configured) return new TokenService(new TextEncoder().encode(configured));
    await db
      .insertInto("serverSecrets")
      .values({ name: "jwt", value: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await db.selectFrom("serverSecrets").select("value").where("name", "=", "jwt").executeTakeFirstOrThrow();
    return new TokenService(new TextEncoder().encode(row.value));
  }

  async sign(userId: string, sessionId: string, nowMs = Date.now()): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** The token's user and session, or null when the token is malformed, forged or expired. */
  async verify(token: string, nowMs = Date.now()): Promise<{ userId: string; sessionId: string } | null> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (known.expiresAtMs <= nowMs) return null;
      this.verified.set(token, known);
      return { userId: known.userId, sessionId: known.sessionId };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], currentDate: new Date(nowMs) });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
      const claims = { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 };
      this.verified.set(token, claims);
      if (this.verified.size > VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      return { userId: claims.userId, sessionId: claims.sessionId };
    } catch {
      return null;
    }
  }
}

/** Opaque secrets (refresh tokens, codes) are stored only as their SHA-256. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}
