import type { Kysely } from "kysely";
import { accessDenied, accessRefusal } from "@tumble/domain/accessRefusals";
import { formatClock } from "@tumble/domain/dateFormat";
import { allowedActions, punchRefusal, type PunchAction, timeClockRefusal } from "@tumble/domain/timeClock";
import { SHIFT_MATCH_WINDOW_MINUTES, tooEarlyFor } from "@tumble/domain/timeEntryReview";
import { businessDateNow } from "../cash/dates.ts";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import { jobChoice, punchJob } from "../employees/jobs.ts";
import { zoneVerdict, zoneVerdictAmong } from "../geoZones/zones.ts";
import type { ActionCtx, QueryCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { publishedShiftsOf } from "../scheduling/assign.ts";
import { kioskOf, type KioskRow } from "../timeClock/kiosks.ts";
import { employeeByPin, type KioskEmployee } from "../timeClock/pins.ts";
import { currentState, lockEmployee, recordPunch, refusalOfPunch, type PunchOutcome } from "../timeClock/punches.ts";

// Punching the clock (issue 16): at a store's kiosk (username + PIN, with the kiosk credential) or
// from a signed-in employee's phone (with the browser's location, checked against the store's
// geo-zone). The PIN check commits on its own (a wrong PIN counts even though the call fails) and
// the punch then runs in its own transaction. It lives here, above the time clock's own folder,
// because a clock-in takes its job from employees, and employees read the clock's entries.

/** A punch as the time clock sends it. */
export interface PunchArgs {
  action: PunchAction;
  kioskToken?: string;
  username?: string;
  pin?: string;
  deviceTime?: number;
  offline?: boolean;
  clientPunchId?: string;
  latitude?: number | null;
  longitude?: number | null;
  accuracy?: number | null;
  jobId?: string | null;
}

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

/**
 * One punch. With `kioskToken`: the kiosk's store, the employee named by username and PIN. Without
 * it: the signed-in caller's own employee profile, from their phone, inside their store's geo-zone.
 */
export async function punchClock(ctx: ActionCtx, args: PunchArgs): Promise<PunchOutcome & { employeeName: string; storeName: string }> {
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
}

async function phonePunch(ctx: ActionCtx, args: PunchArgs) {
  if (!ctx.user) throw refused(accessRefusal("notSignedIn"), AccessError);
  if (!ctx.company) throw refused(accessDenied("hasCompanyMembership"), AccessError);
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
    if (verdict.decision === "refused") throw refused(verdict.refusal ?? timeClockRefusal("notAtStore"));
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
async function refuseTooEarly(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, args: PunchArgs, now: number) {
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
  throw refused(timeClockRefusal("tooEarly", { startsAt: time(shift.startsAt), from: time(shift.startsAt - settings.earlyClockInMinutes * 60_000) }));
}

/** The job of a clock-in (other punches carry none): the one asked for, on the punch's business date at the store. */
async function clockInJob(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, args: PunchArgs, now: number) {
  if (args.action !== "clockIn") return null;
  const date = await businessDateNow(db, companyId, storeId, new Date(args.offline && args.deviceTime ? Math.min(args.deviceTime, now) : now));
  return punchJob(db, companyId, employeeId, storeId, date, args.jobId);
}

/** At the kiosk, after username and PIN: who it is, their state, the buttons that apply and, for a person with several jobs, which to clock into. */
export async function kioskStatusOf(ctx: ActionCtx, kioskToken: string, username: string, pin: string) {
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
    ...(await jobChoice(ctx.db, kiosk.companyId, employee.id, kiosk.storeId, await businessDateNow(ctx.db, kiosk.companyId, kiosk.storeId, new Date(ctx.now)))),
  };
}

/** The signed-in employee's own profile, stores, state and the punches that apply. */
export async function ownClockStatus(ctx: QueryCtx<"member">) {
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
}
