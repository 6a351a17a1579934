import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { timeClockRefusal } from "@tumble/domain/timeClock";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { hashSecret } from "../runtime/tokens.ts";

// The kiosk credential (docs/decisions/0029): 32 random bytes the device keeps, of which the
// server keeps only the SHA-256. It is not a session: it is never a bearer token (the identity
// check refuses it like any malformed token), and only the kiosk's own functions read it from
// their arguments, so it can do nothing but punch at its store and show the kiosk who it is.

const PREFIX = "kiosk_";
/** A kiosk's "last seen" is written at most this often, so a busy kiosk does not churn live lists. */
const LAST_SEEN_EVERY_MS = 30_000;

export function newKioskToken(): string {
  return `${PREFIX}${randomBytes(32).toString("base64url")}`;
}

export interface KioskRow {
  id: string;
  companyId: string;
  storeId: string;
  name: string;
  storeName: string;
  timeZone: string;
  companyName: string;
}

/**
 * The registered, unrevoked, unexpired kiosk a credential names. An unknown or revoked credential is
 * refused with one message; an expired one with its own, so the tablet can say what to do.
 */
export async function kioskOf(db: Kysely<DB>, token: string | undefined, now: number): Promise<KioskRow> {
  if (!token || !token.startsWith(PREFIX)) throw refused(timeClockRefusal("kioskRevoked"));
  const row = await db
    .selectFrom("kiosks as k")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "k.companyId").onRef("s.id", "=", "k.storeId"))
    .innerJoin("companies as c", "c.id", "k.companyId")
    .select([
      "k.id",
      "k.companyId",
      "k.storeId",
      "k.name",
      "k.revokedAt",
      "k.expiresAt",
      "k.lastSeenAt",
      "s.name as storeName",
      "s.timeZone",
      "c.name as companyName",
    ])
    .where("k.tokenHash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row || row.revokedAt) throw refused(timeClockRefusal("kioskRevoked"));
  if (new Date(row.expiresAt).getTime() <= now) throw refused(timeClockRefusal("kioskExpired"));
  if (!row.lastSeenAt || now - new Date(row.lastSeenAt).getTime() > LAST_SEEN_EVERY_MS) {
    await db
      .updateTable("kiosks")
      .set({ lastSeenAt: new Date(now) })
      .where("companyId", "=", row.companyId)
      .where("id", "=", row.id)
      .execute();
  }
  return {
    id: row.id,
    companyId: row.companyId,
    storeId: row.storeId,
    name: row.name,
    storeName: row.storeName,
    timeZone: row.timeZone,
    companyName: row.companyName,
  };
}

/** When a registration made or extended at `now` for `validDays` days ends. */
export function kioskExpiry(now: number, validDays: number): Date {
  return new Date(now + validDays * 86_400_000);
}

/**
 * The kiosk a credential names whatever its state (leaving kiosk mode works on a revoked or expired
 * one too); null for a credential the server does not know.
 */
export async function kioskByToken(db: Kysely<DB>, token: string) {
  if (!token.startsWith(PREFIX)) return null;
  return (
    (await db
      .selectFrom("kiosks")
      .select(["id", "companyId", "name", "revokedAt", "expiresAt"])
      .where("tokenHash", "=", hashSecret(token))
      .executeTakeFirst()) ?? null
  );
}
