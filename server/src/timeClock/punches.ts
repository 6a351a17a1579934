import type { Kysely } from "kysely";
import { businessDateOf } from "@tumble/domain/businessDate";
import {
  allowedActions,
  breakMinutes,
  OFFLINE_MAX_AGE_DAYS,
  offlinePunchTime,
  punchRefusal,
  replayPunches,
  timeClockMessage,
  type ClockState,
  type PunchAction,
  type PunchFact,
  type PunchRefusal,
  timeClockRefusal,
} from "@tumble/domain/timeClock";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";
import type { TimeEntryBreak } from "../db/timeClockSchema.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Recording a punch and rebuilding the entries it touches, in one transaction under the
// employee's row lock (so two punches of one employee never interleave, on any store or device).
//
// A punch made online is checked against the employee's state now and refused when it does not
// apply. A punch the kiosk queued offline happened earlier: it is recorded at its device time (never
// later than its arrival), and the employee's entries from the one it falls in onwards are replayed
// in the order the punches happened; one that still does not fit is kept, ignored, and the entry it
// falls in is flagged. A resent punch (same client punch id) is answered without recording it again.

export interface PunchInput {
  companyId: string;
  employeeId: string;
  storeId: string;
  action: PunchAction;
  now: number;
  source: "kiosk" | "phone";
  kioskId?: string | null;
  userId?: string | null;
  offline?: boolean;
  deviceTime?: number | null;
  clientPunchId?: string | null;
  geo?: {
    latitude: number | null;
    longitude: number | null;
    accuracyMeters: number | null;
    distanceMeters: number | null;
    status: "inside" | "outside" | "noZone";
  } | null;
  /** A phone punch accepted outside its store's zone (the company's policy flags it). */
  outsideZone?: boolean;
  /** A clock-in's job (employee_jobs; resolved by the caller: see timeClock/jobs.ts); null: the profile's own job. */
  jobId?: string | null;
}

export interface PunchOutcome {
  punchId: string;
  action: PunchAction;
  /** When the punch counts as made (epoch ms). */
  occurredAt: number;
  offline: boolean;
  /** false: recorded but ignored (an offline punch that does not fit), with the reason. */
  applied: boolean;
  reason: string | null;
  /** true when this was a resend of a punch already recorded. */
  duplicate: boolean;
  state: ClockState;
  allowedActions: PunchAction[];
}

export interface CurrentState {
  state: ClockState;
  storeId: string | null;
  entryId: string | null;
  clockInAt: number | null;
  /** When the current state began: clock-in, or the running break's start. */
  since: number | null;
}

const REFUSAL_MESSAGE: Record<PunchRefusal, Parameters<typeof timeClockMessage>[0]> = {
  alreadyOnClock: "alreadyOnClock",
  notOnClock: "notOnClock",
  notOnBreak: "notOnBreak",
  alreadyOnBreak: "alreadyOnBreak",
  breakNotWhileOff: "breakNotWhileOff",
};

/** A punch refused, for the server to throw, with its code. */
export const refusalOfPunch = (refusal: PunchRefusal) => timeClockRefusal(REFUSAL_MESSAGE[refusal]);

export function refusalMessage(refusal: PunchRefusal): string {
  return timeClockMessage(REFUSAL_MESSAGE[refusal]);
}

const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/** The employee's state from their open entry (there is at most one, at any store). */
export async function currentState(db: Kysely<DB>, companyId: string, employeeId: string): Promise<CurrentState> {
  const open = await db
    .selectFrom("timeEntries")
    .select(["id", "storeId", "clockInAt", "breaks"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (!open) return { state: "off", storeId: null, entryId: null, clockInAt: null, since: null };
  const breaks = open.breaks as unknown as TimeEntryBreak[];
  const last = breaks[breaks.length - 1];
  const onBreak = !!last && last.end === null;
  return {
    state: onBreak ? "onBreak" : "working",
    storeId: open.storeId,
    entryId: open.id,
    clockInAt: ms(open.clockInAt),
    since: onBreak ? last.start : ms(open.clockInAt),
  };
}

/** Locks the employee's row for the rest of the transaction; every punch of theirs waits here. */
export async function lockEmployee(db: Kysely<DB>, companyId: string, employeeId: string): Promise<void> {
  await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("id", "=", employeeId).forUpdate().executeTakeFirstOrThrow();
}

export async function recordPunch(db: Kysely<DB>, input: PunchInput): Promise<PunchOutcome> {
  const { companyId, employeeId } = input;
  await lockEmployee(db, companyId, employeeId);

  if (input.clientPunchId) {
    const prior = await db
      .selectFrom("punches")
      .select(["id", "action", "occurredAt", "offline"])
      .where("companyId", "=", companyId)
      .where("employeeId", "=", employeeId)
      .where("clientPunchId", "=", input.clientPunchId)
      .executeTakeFirst();
    if (prior) {
      const now = await currentState(db, companyId, employeeId);
      const applied = await punchApplied(db, companyId, employeeId, prior.id);
      return {
        punchId: prior.id,
        action: prior.action as PunchAction,
        occurredAt: ms(prior.occurredAt)!,
        offline: prior.offline,
        applied,
        reason: applied ? null : timeClockMessage("ignored"),
        duplicate: true,
        state: now.state,
        allowedActions: allowedActions(now.state),
      };
    }
  }

  const offline = input.offline === true;
  let occurredAt = input.now;
  if (offline) {
    if (input.deviceTime == null) throw refused(timeClockRefusal("deviceTimeNeeded"));
    occurredAt = offlinePunchTime(input.deviceTime, input.now);
    if (occurredAt < input.now - OFFLINE_MAX_AGE_DAYS * 86_400_000) throw refused(timeClockRefusal("offlineTooOld"));
  } else {
    const state = await currentState(db, companyId, employeeId);
    const refusal = punchRefusal(state.state, input.action);
    if (refusal) throw refused(refusalOfPunch(refusal));
  }

  // Nobody clocks in outside their employment (a clock-out still closes the entry that is open).
  if (input.action === "clockIn") await refuseOutsideEmployment(db, companyId, employeeId, input.storeId, occurredAt);

  const punchId = newId();
  await db
    .insertInto("punches")
    .values({
      id: punchId,
      companyId,
      employeeId,
      storeId: input.storeId,
      action: input.action,
      occurredAt: new Date(occurredAt),
      receivedAt: new Date(input.now),
      deviceTime: input.deviceTime == null ? null : new Date(input.deviceTime),
      offline,
      source: input.source,
      kioskId: input.kioskId ?? null,
      userId: input.userId ?? null,
      latitudeE6: input.geo?.latitude == null ? null : Math.round(input.geo.latitude * 1_000_000),
      longitudeE6: input.geo?.longitude == null ? null : Math.round(input.geo.longitude * 1_000_000),
      accuracyMeters: input.geo?.accuracyMeters == null ? null : Math.ceil(input.geo.accuracyMeters),
      distanceMeters: input.geo?.distanceMeters ?? null,
      geoStatus: input.geo?.status ?? null,
      clientPunchId: input.clientPunchId ?? null,
      jobId: input.action === "clockIn" ? (input.jobId ?? null) : null,
    })
    .execute();

  const replay = await rebuildFrom(db, companyId, employeeId, occurredAt);
  const ignored = replay.ignored.find((i) => i.punchId === punchId);
  return {
    punchId,
    action: input.action,
    occurredAt,
    offline,
    applied: !ignored,
    reason: ignored ? `${timeClockMessage("ignored")} (${refusalMessage(ignored.reason)})` : null,
    duplicate: false,
    state: replay.state,
    allowedActions: allowedActions(replay.state),
  };
}

/** Refuses a clock-in on a business date (at the store) before the hire date or after the end date. */
async function refuseOutsideEmployment(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, at: number): Promise<void> {
  const row = await db
    .selectFrom("employees as e")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "e.companyId"))
    .select(["e.hireDate", "e.endDate", "s.timeZone"])
    .where("e.companyId", "=", companyId)
    .where("e.id", "=", employeeId)
    .where("s.id", "=", storeId)
    .executeTakeFirst();
  if (!row) return;
  const date = businessDateOf(at, row.timeZone);
  if (row.hireDate && date < isoDate(row.hireDate)) throw refused(timeClockRefusal("beforeHire"));
  if (row.endDate && date > isoDate(row.endDate)) throw refused(timeClockRefusal("afterEnd"));
}

/** Whether a recorded punch is part of an entry (false when the replay ignored it). */
async function punchApplied(db: Kysely<DB>, companyId: string, employeeId: string, punchId: string): Promise<boolean> {
  const punch = await db.selectFrom("punches").select(["occurredAt"]).where("companyId", "=", companyId).where("id", "=", punchId).executeTakeFirstOrThrow();
  const window = await windowStart(db, companyId, employeeId, ms(punch.occurredAt)!);
  const replay = replayPunches(await punchesSince(db, companyId, employeeId, window));
  return !replay.ignored.some((i) => i.punchId === punchId);
}

/** Where a replay must begin to include `at`: the start of the entry around it, else `at` itself. */
async function windowStart(db: Kysely<DB>, companyId: string, employeeId: string, at: number): Promise<number> {
  const around = await db
    .selectFrom("timeEntries")
    .select(["clockInAt", "clockOutAt"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .where("clockInAt", "<=", new Date(at))
    // Only entries built from punches bound a replay; one added by hand holds none.
    .where("source", "=", "punches")
    .orderBy("clockInAt", "desc")
    .limit(1)
    .executeTakeFirst();
  if (around && (around.clockOutAt === null || ms(around.clockOutAt)! >= at)) return ms(around.clockInAt)!;
  return at;
}

async function punchesSince(db: Kysely<DB>, companyId: string, employeeId: string, from: number): Promise<Array<PunchFact & { jobId: string | null }>> {
  const rows = await db
    .selectFrom("punches")
    .select(["id", "action", "occurredAt", "storeId", "offline", "geoStatus", "jobId"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .where("occurredAt", ">=", new Date(from))
    .orderBy("occurredAt")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action as PunchAction,
    at: ms(r.occurredAt)!,
    storeId: r.storeId,
    offline: r.offline,
    outsideZone: r.geoStatus === "outside" || r.geoStatus === "noZone",
    jobId: r.jobId,
  }));
}

/** Replays the employee's punches from the entry around `at` on and writes the entries again. */
async function rebuildFrom(db: Kysely<DB>, companyId: string, employeeId: string, at: number) {
  const from = await windowStart(db, companyId, employeeId, at);
  const punches = await punchesSince(db, companyId, employeeId, from);
  const replay = replayPunches(punches);
  const jobOf = new Map(punches.map((p) => [p.id, p.jobId]));
  // Shifts added by hand have no punches to replay: a rebuild never deletes them (migration 0038).
  await db
    .deleteFrom("timeEntries")
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .where("clockInAt", ">=", new Date(from))
    .where("source", "=", "punches")
    .execute();
  if (replay.entries.length) {
    const storeIds = [...new Set(replay.entries.map((e) => e.storeId))];
    const zones = new Map(
      (await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).where("id", "in", storeIds).execute()).map((s) => [
        s.id,
        s.timeZone,
      ]),
    );
    await db
      .insertInto("timeEntries")
      .values(
        replay.entries.map((e) => ({
          id: e.clockInPunchId,
          companyId,
          employeeId,
          storeId: e.storeId,
          businessDate: businessDateOf(e.clockInAt, zones.get(e.storeId) ?? "UTC"),
          clockInAt: new Date(e.clockInAt),
          clockOutAt: e.clockOutAt === null ? null : new Date(e.clockOutAt),
          breakMinutes: e.status === "closed" ? breakMinutes(e.breaks) : breakMinutes(e.breaks.filter((b) => b.end !== null)),
          breaks: JSON.stringify(e.breaks),
          status: e.status,
          flags: JSON.stringify(e.flags),
          clockOutPunchId: e.clockOutPunchId,
          jobId: jobOf.get(e.clockInPunchId) ?? null,
          updatedAt: new Date(),
        })),
      )
      .execute();
  }
  return replay;
}
