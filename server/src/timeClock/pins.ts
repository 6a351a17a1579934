import { sql, type Kysely } from "kysely";
import { KIOSK_FAILURE_WINDOW_MINUTES, KIOSK_FAILURES_PER_WINDOW, PIN_LOCK_FAILURES, PIN_LOCK_MINUTES, timeClockRefusal } from "@tumble/domain/timeClock";
import { FLAG_ROLES } from "@tumble/domain/permissions";
import type { DB } from "../db/schema.ts";
import { verifySecretSlow } from "../auth/passwords.ts";
import { enqueue } from "../mail/outbox.ts";
import { refused } from "../runtime/errors.ts";
import type { RateLimiter } from "../runtime/rateLimit.ts";
import type { KioskRow } from "./kiosks.ts";

// Username + PIN at a kiosk. Guessing is bounded twice: per username (PIN_LOCK_FAILURES wrong
// PINs lock it for PIN_LOCK_MINUTES, and the company's managers get an e-mail), and per device
// (KIOSK_FAILURES_PER_WINDOW failures of any username, counted in the shared rate limiter). These
// run outside any transaction (the caller is an action), so a refused attempt still counts; the
// per-username count is taken atomically before the PIN is checked (decision 0029, "Bursts").

export interface KioskEmployee {
  id: string;
  name: string;
  status: string;
}

const deviceKey = (kioskId: string) => `kiosk-failures:${kioskId}`;
const WINDOW_MS = KIOSK_FAILURE_WINDOW_MINUTES * 60_000;

async function deviceOverLimit(db: Kysely<DB>, kioskId: string, now: number): Promise<boolean> {
  const row = await db.selectFrom("rateLimits").select(["count", "windowStart"]).where("key", "=", deviceKey(kioskId)).executeTakeFirst();
  return !!row && Number(row.count) >= KIOSK_FAILURES_PER_WINDOW && new Date(row.windowStart).getTime() > now - WINDOW_MS;
}

// How long an attempt past the last try waits for those in flight (each is one slow PIN check).
const BURST_WAIT_LIMIT_MS = 10_000;
const BURST_WAIT_MS = 100;

/** Takes one try of a username's PIN_LOCK_FAILURES (a lock that has run out starts the count again). */
function takeTry(db: Kysely<DB>, companyId: string, usernameLower: string, at: Date) {
  return db
    .insertInto("pinAttempts")
    .values({ companyId, usernameLower, failures: 1, lastFailedAt: at })
    .onConflict((oc) =>
      oc.columns(["companyId", "usernameLower"]).doUpdateSet({
        // Locked: nothing changes. A lock that has run out starts the count again.
        failures: sql<number>`case when pin_attempts.locked_until > ${at} then pin_attempts.failures when pin_attempts.locked_until is not null then 1 else pin_attempts.failures + 1 end`,
        lockedUntil: sql<Date | null>`case when pin_attempts.locked_until > ${at} then pin_attempts.locked_until else null end`,
        lastFailedAt: sql<Date>`case when pin_attempts.locked_until > ${at} then pin_attempts.last_failed_at else ${at} end`,
      }),
    )
    .returning(["failures", "lockedUntil"])
    .executeTakeFirstOrThrow();
}

/** The employee a username and PIN name at this kiosk's company, or the refusal. */
export async function employeeByPin(
  db: Kysely<DB>,
  limiter: RateLimiter,
  kiosk: KioskRow,
  username: string | undefined,
  pin: string | undefined,
  now: number,
): Promise<KioskEmployee> {
  if (!username?.trim() || !pin) throw refused(timeClockRefusal("wrongCredentials"));
  if (await deviceOverLimit(db, kiosk.id, now)) throw refused(timeClockRefusal("tooManyAttempts"));
  const usernameLower = username.trim().toLowerCase();
  const at = new Date(now);
  // Every attempt takes its try before its PIN is checked, in one atomic statement: a burst of
  // attempts at once gets at most PIN_LOCK_FAILURES checks, never as many as it sends. One past
  // the last try while no lock is set gives its try back and waits for those in flight: they end
  // in the right PIN (tries given back) or the lock, so two tablets punching at once both go on.
  let taken: { failures: number; lockedUntil: Date | null } | undefined;
  for (const waitUntil = Date.now() + BURST_WAIT_LIMIT_MS; ;) {
    taken = await takeTry(db, kiosk.companyId, usernameLower, at);
    if (taken.lockedUntil && new Date(taken.lockedUntil).getTime() > now) throw refused(timeClockRefusal("usernameLocked"));
    if (Number(taken.failures) <= PIN_LOCK_FAILURES) break;
    await db
      .updateTable("pinAttempts")
      .set({ failures: sql<number>`greatest(failures - 1, 0)` })
      .where("companyId", "=", kiosk.companyId)
      .where("usernameLower", "=", usernameLower)
      .where("lockedUntil", "is", null)
      .execute();
    if (Date.now() >= waitUntil) throw refused(timeClockRefusal("tooManyAttempts"));
    await new Promise((resolve) => setTimeout(resolve, BURST_WAIT_MS));
  }

  const employee = await db
    .selectFrom("employees")
    .select(["id", "name", "status", "pinHash", "username"])
    .where("companyId", "=", kiosk.companyId)
    .where("usernameLower", "=", usernameLower)
    .executeTakeFirst();
  // An unknown username costs the same time as a wrong PIN and counts the same way.
  if (await verifySecretSlow(employee?.pinHash ?? null, pin)) {
    // The right PIN gives the tries back, unless the username was locked meanwhile.
    await db
      .updateTable("pinAttempts")
      .set({ failures: 0 })
      .where("companyId", "=", kiosk.companyId)
      .where("usernameLower", "=", usernameLower)
      .where("lockedUntil", "is", null)
      .execute();
    return { id: employee!.id, name: employee!.name, status: employee!.status };
  }

  await limiter.hit(deviceKey(kiosk.id), KIOSK_FAILURES_PER_WINDOW, WINDOW_MS, now);
  if (Number(taken.failures) < PIN_LOCK_FAILURES) throw refused(timeClockRefusal("wrongCredentials"));

  // The last try failed: lock. Only the attempt that sets the lock tells the managers, once.
  const lockedUntil = new Date(now + PIN_LOCK_MINUTES * 60_000);
  const locked = await db
    .updateTable("pinAttempts")
    .set({ failures: 0, lockedUntil })
    .where("companyId", "=", kiosk.companyId)
    .where("usernameLower", "=", usernameLower)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]))
    .returning("usernameLower")
    .executeTakeFirst();
  if (locked) await tellManagers(db, kiosk, employee?.username ?? username.trim(), employee?.name ?? null, lockedUntil);
  throw refused(timeClockRefusal("usernameLocked"));
}

/** An e-mail to each of the company's managers (those who manage employees) about a locked username. */
async function tellManagers(db: Kysely<DB>, kiosk: KioskRow, username: string, employeeName: string | null, lockedUntil: Date): Promise<void> {
  const managers = await db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["u.email"])
    .where("m.companyId", "=", kiosk.companyId)
    .where("m.role", "in", [...FLAG_ROLES.canManageEmployees])
    .where("u.email", "is not", null)
    .orderBy("u.email")
    .execute();
  const until = lockedUntil.toLocaleTimeString("en-US", { timeZone: kiosk.timeZone, hour: "numeric", minute: "2-digit" });
  const who = employeeName ? `${employeeName} (username "${username}")` : `the username "${username}", which is not an employee's`;
  for (const { email } of managers) {
    await enqueue(db, {
      channel: "email",
      to: email!,
      companyId: kiosk.companyId,
      subject: `Kiosk PIN locked: ${username} at ${kiosk.storeName}`,
      template: {
        kind: "pinLockout",
        data: { failures: PIN_LOCK_FAILURES, employeeName, username, kioskName: kiosk.name, storeName: kiosk.storeName, until, timeZone: kiosk.timeZone },
      },
      body: [
        `${PIN_LOCK_FAILURES} wrong PINs were entered for ${who} at the kiosk "${kiosk.name}" of ${kiosk.storeName}.`,
        `The username is locked until ${until} (${kiosk.timeZone}).`,
        `If this was not the employee, check who is using the kiosk; you can reset the employee's PIN from their profile.`,
      ].join("\n\n"),
    });
  }
}
