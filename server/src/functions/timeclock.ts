import { z } from "zod";
import { accessDeniedMessage } from "@tumble/domain/permissions";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { allowedActions, PUNCH_ACTIONS, punchRefusal, timeClockMessage, type PunchAction, timeClockRefusal } from "@tumble/domain/timeClock";
import { zoneVerdict, zoneVerdictAmong } from "../geoZones/zones.ts";
import { action, mutation, query, type ActionCtx, type QueryCtx } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, AppError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { entriesBetween, onTheClock as whoIsOnTheClock } from "../timeClock/entries.ts";
import { kioskOf, type KioskRow } from "../timeClock/kiosks.ts";
import { employeeByPin, type KioskEmployee } from "../timeClock/pins.ts";
import { currentState, lockEmployee, recordPunch, refusalOfPunch, type PunchOutcome } from "../timeClock/punches.ts";
import { kioskTokenArg } from "./kiosks.ts";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { refuseOverlapOrBeforeHire, refuseOwnTime } from "../timeEntries/corrections.ts";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { businessDateNow } from "../cash/dates.ts";
import { jobChoice, punchJob } from "../employees/jobs.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { formatClock } from "@tumble/domain/dateFormat";
import { publishedShiftsOf } from "../scheduling/assign.ts";
import { SHIFT_MATCH_WINDOW_MINUTES, tooEarlyFor, tooEarlyMessage } from "@tumble/domain/timeEntryReview";

// The time clock (issue 16). Punches come from a store's kiosk (username + PIN, with the kiosk
// credential as an argument) or from a signed-in employee's phone (with the browser's location,
// checked against the store's geo-zone). Both are actions: a wrong PIN must count even though the
// call fails, so the PIN check commits on its own and the punch then runs in its own transaction.

const id = z.string().max(64);
const coordinate = z.number().nullable().optional();

/** The employee behind a username and PIN at this kiosk, who must be active and work at its store. */
async function kioskEmployee(ctx: ActionCtx, kiosk: KioskRow, username: string | undefined, pin: string | undefined): Promise<KioskEmployee> {
  const employee = await employeeByPin(ctx.db, ctx.services.rateLimiter, kiosk, username, pin, ctx.now);
  if (employee.status !== "active") throw refused(timeClockRefusal("notActive"));
  const works = await ctx.db
    .selectFrom("employeeStores")
    .select("storeId")
    .where("companyId", "=", kiosk.companyId)
    .where("employeeId", "=", employee.id)
    .where("storeId", "=", kiosk.storeId)
    .executeTakeFirst();
  if (!works) throw refused(timeClockRefusal("notAtStore"));
  return employee;
}

/** The caller's own active employee profile in their active company, with the stores they work at. */
async function ownEmployee(ctx: QueryCtx, companyId: string, userId: string) {
  const employee = await ctx.db
    .selectFrom("employees")
    .select(["id", "name", "status", "username"])
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!employee) return null;
  const stores = await ctx.db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select(["s.id", "s.name", "s.timeZone"])
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "=", employee.id)
    .where("s.isActive", "=", true)
    .orderBy("s.name")
    .execute();
  return { ...employee, stores };
}

const punchArgs = z.object({
  action: z.enum(PUNCH_ACTIONS),
  /** Kiosk punches: the kiosk credential, the employee's username and PIN. */
  kioskToken: kioskTokenArg.optional(),
  username: z.string().max(100).optional(),
  pin: z.string().max(20).optional(),
  /** When the punch was made on the device (epoch ms); required with offline. */
  deviceTime: z.number().int().positive().optional(),
  offline: z.boolean().optional(),
  /** The device's id for this punch: a resend with the same id is not recorded twice. */
  clientPunchId: z.string().min(1).max(100).optional(),
  /** Phone punches: the browser's location and its accuracy in metres (null when it gave none). */
  latitude: coordinate,
  longitude: coordinate,
  accuracy: coordinate,
  /** A clock-in's job, for a person with several (kioskStatus / myStatus list them); absent: the store's, else the profile's own. */
  jobId: z.string().min(1).max(64).nullable().optional(),
});

/**
 * One punch. With `kioskToken`: the kiosk's store, the employee named by username and PIN. Without
 * it: the signed-in caller's own employee profile, from their phone, inside their store's geo-zone.
 */
export const punch = action({
  access: "public",
  // A kiosk that was offline sends its queue at once; per-username and per-device PIN limits stay.
  rateLimit: { perMinute: 300 },
  args: punchArgs,
  handler: async (ctx, args): Promise<PunchOutcome & { employeeName: string; storeName: string }> => {
    if (args.kioskToken !== undefined) {
      const kiosk = await kioskOf(ctx.db, args.kioskToken, ctx.now);
      const employee = await kioskEmployee(ctx, kiosk, args.username, args.pin);
      await refuseTooEarly(ctx.db, kiosk.companyId, employee.id, kiosk.storeId, args, ctx.now);
      const outcome = await ctx.db.transaction().execute(async (trx) =>
        recordPunch(trx, {
          companyId: kiosk.companyId,
          employeeId: employee.id,
          storeId: kiosk.storeId,
          action: args.action,
          now: ctx.now,
          source: "kiosk",
          kioskId: kiosk.id,
          offline: args.offline,
          deviceTime: args.deviceTime ?? null,
          clientPunchId: args.clientPunchId ?? null,
          jobId: await clockInJob(trx, kiosk.companyId, employee.id, kiosk.storeId, args, ctx.now),
        }),
      );
      return { ...outcome, employeeName: employee.name, storeName: kiosk.storeName };
    }
    return phonePunch(ctx, args);
  },
});

async function phonePunch(ctx: ActionCtx, args: z.output<typeof punchArgs>) {
  if (!ctx.user) throw new AccessError("Not signed in");
  if (!ctx.company) throw new AccessError(accessDeniedMessage("hasCompanyMembership"));
  const companyId = ctx.company.id;
  const userId = ctx.user.id;
  const employee = await ownEmployee(ctx, companyId, userId);
  if (!employee || employee.status !== "active") throw refused(timeClockRefusal("noEmployeeProfile"));
  if (!employee.stores.length) throw refused(timeClockRefusal("notAtStore"));
  const location = { latitude: args.latitude ?? null, longitude: args.longitude ?? null, accuracy: args.accuracy ?? null };
  return ctx.db.transaction().execute(async (trx) => {
    await lockEmployee(trx, companyId, employee.id);
    const state = await currentState(trx, companyId, employee.id);
    // The state's own refusal comes first: no location is needed to learn that.
    const refusal = punchRefusal(state.state, args.action);
    if (refusal) throw refused(refusalOfPunch(refusal));
    const verdict =
      args.action === "clockIn" || !state.storeId
        ? await zoneVerdictAmong(
            trx,
            companyId,
            employee.stores.map((s) => s.id),
            location,
          )
        : await zoneVerdict(trx, companyId, state.storeId, location);
    if (verdict.decision === "refused") throw new AppError(verdict.message ?? timeClockMessage("notAtStore"));
    const storeId = args.action === "clockIn" || !state.storeId ? verdict.storeId : state.storeId;
    await refuseTooEarly(trx, companyId, employee.id, storeId, args, ctx.now);
    const jobId = await clockInJob(trx, companyId, employee.id, storeId, args, ctx.now);
    const outcome = await recordPunch(trx, {
      companyId,
      employeeId: employee.id,
      storeId,
      action: args.action,
      now: ctx.now,
      source: "phone",
      userId,
      clientPunchId: args.clientPunchId ?? null,
      jobId,
      geo: {
        latitude: location.latitude,
        longitude: location.longitude,
        accuracyMeters: location.accuracy,
        distanceMeters: verdict.distanceMeters ?? null,
        status: verdict.verdict === "inside" ? "inside" : verdict.verdict === "noZone" ? "noZone" : "outside",
      },
    });
    const storeName = employee.stores.find((s) => s.id === storeId)?.name ?? "";
    return { ...outcome, employeeName: employee.name, storeName, message: verdict.decision === "flagged" ? verdict.message : null };
  });
}

/**
 * A clock-in earlier before a scheduled shift than the company allows is refused when the company
 * says so (workforce settings earlyClockIn "refuse"), naming when it may come; with "flag" it is
 * taken and the verification queue shows it as arrived early. Offline punches already happened:
 * they are never refused for this.
 */
async function refuseTooEarly(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, args: z.output<typeof punchArgs>, now: number) {
  if (args.action !== "clockIn" || args.offline) return;
  const settings = await settingsOf(db, companyId, "workforce");
  if (settings.earlyClockIn !== "refuse") return;
  const window = SHIFT_MATCH_WINDOW_MINUTES * 60_000;
  const shifts = (await publishedShiftsOf(db, companyId, employeeId, new Date(now - window), new Date(now + window))).map((s) => ({
    startsAt: s.startsAt.getTime(),
    endsAt: s.endsAt.getTime(),
    storeId: s.storeId,
  }));
  const shift = tooEarlyFor(now, shifts, settings.earlyClockInMinutes);
  if (!shift) return;
  const zone = (
    await db
      .selectFrom("stores")
      .select("timeZone")
      .where("companyId", "=", companyId)
      .where("id", "=", shift.storeId ?? storeId)
      .executeTakeFirst()
  )?.timeZone;
  const time = (at: number) => formatClock(at, zone ?? "UTC");
  throw new AppError(tooEarlyMessage(time(shift.startsAt), time(shift.startsAt - settings.earlyClockInMinutes * 60_000)));
}

/** The job of a clock-in (other punches carry none): the one asked for, on the punch's business date at the store. */
async function clockInJob(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, args: z.output<typeof punchArgs>, now: number) {
  if (args.action !== "clockIn") return null;
  const date = await businessDateNow(db, companyId, storeId, new Date(args.offline && args.deviceTime ? Math.min(args.deviceTime, now) : now));
  return punchJob(db, companyId, employeeId, storeId, date, args.jobId);
}

/** At the kiosk, after username and PIN: who it is, their state, the buttons that apply and, for a person with several jobs, which to clock into. */
export const kioskStatus = action({
  access: "public",
  rateLimit: { perMinute: 300 },
  args: z.object({ kioskToken: kioskTokenArg, username: z.string().max(100), pin: z.string().max(20) }),
  handler: async (ctx, { kioskToken, username, pin }) => {
    const kiosk = await kioskOf(ctx.db, kioskToken, ctx.now);
    const employee = await kioskEmployee(ctx, kiosk, username, pin);
    const state = await currentState(ctx.db, kiosk.companyId, employee.id);
    let storeName: string | null = null;
    if (state.storeId) {
      storeName =
        (await ctx.db.selectFrom("stores").select("name").where("companyId", "=", kiosk.companyId).where("id", "=", state.storeId).executeTakeFirst())?.name ??
        null;
    }
    return {
      employeeName: employee.name,
      state: state.state,
      since: state.since,
      clockInAt: state.clockInAt,
      storeName,
      allowedActions: allowedActions(state.state),
      ...(await jobChoice(
        ctx.db,
        kiosk.companyId,
        employee.id,
        kiosk.storeId,
        await businessDateNow(ctx.db, kiosk.companyId, kiosk.storeId, new Date(ctx.now)),
      )),
    };
  },
});

/** The signed-in employee's own profile, stores, state and the punches that apply (user/employment). */
export const myStatus = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => {
    const employee = await ownEmployee(ctx, ctx.company.id, ctx.user.id);
    if (!employee) return null;
    const state = await currentState(ctx.db, ctx.company.id, employee.id);
    return {
      employeeId: employee.id,
      name: employee.name,
      status: employee.status,
      username: employee.username,
      stores: employee.stores.map((s) => ({ _id: s.id, name: s.name, timeZone: s.timeZone })),
      state: state.state,
      storeId: state.storeId,
      since: state.since,
      clockInAt: state.clockInAt,
      allowedActions: employee.status === "active" ? allowedActions(state.state) : ([] as PunchAction[]),
    };
  },
});

/** Who is on the clock now, live: every store, or one. */
export const onTheClock = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, { storeId }) => whoIsOnTheClock(ctx.db, ctx.company.id, storeId),
});

/**
 * Time entries whose business date is in [from, to], newest first, each with its raw and
 * corrected times and its punches. An employee reads their own; others need canViewTimeClocks.
 */
export const entries = query({
  access: "member",
  liveScope: "caller",
  args: z.object({ employeeId: id.optional(), storeId: id.optional(), from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    if (args.from > args.to) throw new AppError("The from date is after the to date");
    let employeeId = args.employeeId;
    if (!ctx.permissions.canViewTimeClocks) {
      const own = await ctx.db
        .selectFrom("employees")
        .select("id")
        .where("companyId", "=", ctx.company.id)
        .where("userId", "=", ctx.user.id)
        .executeTakeFirst();
      if (!own) throw refused(timeClockRefusal("noEmployeeProfile"));
      if (employeeId && employeeId !== own.id) throw new AccessError(accessDeniedMessage("canViewTimeClocks"));
      employeeId = own.id;
    }
    return entriesBetween(ctx.db, { companyId: ctx.company.id, employeeId, storeId: args.storeId, from: args.from, to: args.to }, ctx.now);
  },
});

/**
 * A manager's correction of an entry, kept beside the raw times with its reason, who and when. It
 * answers to the same rules as timeEntries:correct (decision 0053): not in the future, not over
 * another entry of the person, not before their hire date, not into a locked pay period (a paid
 * one is marked, and the next open period pays the difference). It does not approve.
 */
export const correct = mutation({
  access: "canViewTimeClocks",
  args: z.object({
    entryId: id,
    clockInAt: z.number().int().positive(),
    clockOutAt: z.number().int().positive().nullable(),
    breakMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    reason: z.string().trim().min(1, timeClockMessage("reasonRequired")).max(500),
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const entry = await ctx.db
      .selectFrom("timeEntries")
      .select(["id", "employeeId", "storeId", "clockInAt", "clockOutAt", "breakMinutes"])
      .where("companyId", "=", companyId)
      .where("id", "=", args.entryId)
      .executeTakeFirst();
    if (!entry) throw new AppError("Time entry not found");
    await refuseOwnTime(ctx.db, companyId, ctx.user.id, [entry]);
    if (args.clockOutAt !== null && args.clockOutAt <= args.clockInAt) throw refused(timeClockRefusal("correctionOrder"));
    if (args.clockOutAt !== null && args.breakMinutes * 60_000 >= args.clockOutAt - args.clockInAt) throw refused(timeClockRefusal("correctionBreak"));
    if ((args.clockOutAt ?? args.clockInAt) > ctx.now) throw refused(timeClockRefusal("correctionFuture"));
    if (args.clockOutAt !== null && args.clockOutAt - args.clockInAt > 24 * 3_600_000) throw refused(timeClockRefusal("shiftTooLong"));
    await lockEmployee(ctx.db, companyId, entry.employeeId);
    const timeZone =
      (await ctx.db.selectFrom("stores").select("timeZone").where("companyId", "=", companyId).where("id", "=", entry.storeId).executeTakeFirst())?.timeZone ??
      "UTC";
    await refuseOverlapOrBeforeHire(
      ctx.db,
      companyId,
      { _id: entry.id, employeeId: entry.employeeId, timeZone },
      args.clockInAt,
      args.clockOutAt ?? ctx.now,
      ctx.now,
    );
    // The days it held (at its newest correction's times, else its punched ones) and the days it holds now.
    const newest = await ctx.db
      .selectFrom("timeEntryCorrections")
      .select(["clockInAt", "clockOutAt"])
      .where("companyId", "=", companyId)
      .where("entryId", "=", entry.id)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const held = newest ?? entry;
    const at = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    await guardPayDates(ctx.db, companyId, [
      ...datesCovered(at(held.clockInAt)!, at(held.clockOutAt), timeZone),
      ...datesCovered(args.clockInAt, args.clockOutAt, timeZone),
    ]);
    const correctionId = newId();
    await ctx.db
      .insertInto("timeEntryCorrections")
      .values({
        id: correctionId,
        companyId,
        entryId: entry.id,
        employeeId: entry.employeeId,
        clockInAt: new Date(args.clockInAt),
        clockOutAt: args.clockOutAt === null ? null : new Date(args.clockOutAt),
        breakMinutes: args.breakMinutes,
        reason: args.reason,
        correctedBy: ctx.user.id,
      })
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "correct",
      entity: "timeEntry",
      entityId: entry.id,
      before: { clockInAt: entry.clockInAt, clockOutAt: entry.clockOutAt, breakMinutes: entry.breakMinutes },
      after: {
        clockInAt: new Date(args.clockInAt),
        clockOutAt: args.clockOutAt === null ? null : new Date(args.clockOutAt),
        breakMinutes: args.breakMinutes,
        reason: args.reason,
      },
    });
    return { correctionId };
  },
});
