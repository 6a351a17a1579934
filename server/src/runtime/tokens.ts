import { createHash, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// Access tokens are short-lived HS256 JWTs naming the user and the session. The signing secret
// is AUTH_SECRET or, when unset, one generated once and kept in the database so every server
// process on that database shares it.

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export class TokenService {
  // A KeyObject made once: jose then signs and verifies without importing the key each call.
  private readonly key: KeyObject;
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
  async verify(token: string): Promise<{ userId: string; sessionId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
      return { userId: payload.sub, sessionId: payload.sid };
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
