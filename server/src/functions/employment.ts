import { z } from "zod";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { WEEKDAYS } from "@tumble/domain/companySettings";
import { allowedActions, type ClockState, type PunchAction } from "@tumble/domain/timeClock";
import { openJobs } from "../employees/jobs.ts";
import type { TimeEntryBreak } from "../db/timeClockSchema.ts";
import { outsideZonePolicy, zonesOf } from "../geoZones/zones.ts";
import { confirmLinkSchema, LINK_ATTEMPTS_PER_ACCOUNT, LINK_ATTEMPTS_PER_ADDRESS, LINK_WINDOW_MINUTES, linkProfileSchema } from "@tumble/domain/employment";
import { cancelLink as cancelLinkRequest, confirmLink as confirmLinkCode, ownLinkRequest, startLink } from "../employment/links.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { action, mutation, query } from "../runtime/define.ts";

/** Code tries per account in LINK_WINDOW_MINUTES, over every code it asks for (each has its own five). */
const LINK_CONFIRMS_PER_ACCOUNT = 20;

// The signed-in member's own employment (issue 16, user/employment): their employee profile in
// the active company, the stores they work at (with whether each has a geo-zone, so the screen can
// say where a phone punch is accepted), their state on the clock with the punches that apply, and
// this workweek's business dates in their store's time zone (timeclock:entries reads the entries).
// Only their own rows: the profile is found by the caller's user id, never by an argument.

const ms = (d: Date | string) => new Date(d).getTime();

/** The first day (0 = Sunday … 6 = Saturday) of the workweek holding `date`. */
function workweekStart(date: string, firstDay: number): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday - firstDay + 7) % 7));
}

export const me = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => {
    const companyId = ctx.company.id;
    const employee = await ctx.db
      .selectFrom("employees")
      .select(["id", "name", "position", "status", "username", "hireDate"])
      .where("companyId", "=", companyId)
      .where("userId", "=", ctx.user.id)
      .executeTakeFirst();
    // Not linked yet: the link request they have going, if any (waiting for a code or a manager, or declined).
    if (!employee) return { employee: null, linkRequest: await ownLinkRequest(ctx.db, companyId, ctx.user.id) };

    const stores = await ctx.db
      .selectFrom("employeeStores as es")
      .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
      .select(["s.id", "s.name", "s.timeZone", "s.isActive"])
      .where("es.companyId", "=", companyId)
      .where("es.employeeId", "=", employee.id)
      .orderBy("s.name")
      .execute();
    const [zones, policy, workforce] = await Promise.all([
      zonesOf(
        ctx.db,
        companyId,
        stores.map((s) => s.id),
      ),
      outsideZonePolicy(ctx.db, companyId),
      settingsOf(ctx.db, companyId, "workforce"),
    ]);

    // The open entry, if any, says where they are on the clock; a break without an end means on a break.
    const open = await ctx.db
      .selectFrom("timeEntries")
      .select(["storeId", "clockInAt", "breaks"])
      .where("companyId", "=", companyId)
      .where("employeeId", "=", employee.id)
      .where("status", "=", "open")
      .orderBy("clockInAt", "desc")
      .executeTakeFirst();
    const breaks = (open?.breaks ?? []) as TimeEntryBreak[];
    const lastBreak = breaks.at(-1);
    const state: ClockState = !open ? "off" : lastBreak && lastBreak.end == null ? "onBreak" : "working";
    const since = !open ? null : state === "onBreak" ? lastBreak!.start : ms(open.clockInAt);
    const clockStore = open ? (stores.find((s) => s.id === open.storeId) ?? null) : null;

    // This workweek (the company's, the one overtime counts by: Sunday to Saturday unless set
    // otherwise), in the time zone of the store they are at (or their first store).
    const timeZone = clockStore?.timeZone ?? stores.find((s) => s.isActive)?.timeZone ?? stores[0]?.timeZone ?? "UTC";
    const today = todayIn(timeZone, ctx.now);
    const from = workweekStart(today, WEEKDAYS.indexOf(workforce.workweekStart));

    return {
      employee: {
        _id: employee.id,
        name: employee.name,
        position: employee.position,
        status: employee.status as "pending" | "active" | "inactive" | "terminated",
        username: employee.username,
        hireDate: employee.hireDate,
      },
      stores: stores.map((s) => {
        const zone = zones.get(s.id);
        return { _id: s.id, name: s.name, timeZone: s.timeZone, isActive: s.isActive, zoneRadiusMeters: zone ? zone.radiusMeters : null };
      }),
      clock: {
        state,
        since,
        clockInAt: open ? ms(open.clockInAt) : null,
        storeId: open?.storeId ?? null,
        storeName: clockStore?.name ?? null,
      },
      /** The punches that apply now; none unless the profile is active and works at a store. */
      allowedActions: employee.status === "active" && stores.some((s) => s.isActive) ? allowedActions(state) : ([] as PunchAction[]),
      outsideZone: policy,
      week: { from, to: addDays(from, 6), today, timeZone },
      /** The person's jobs when they have several (the profile's own first, id null): a clock-in asks which. */
      jobs: await openJobs(ctx.db, companyId, employee.id, today),
    };
  },
});

/**
 * Step one of linking the caller's account to the employee profile a manager made: the kiosk
 * username and PIN the manager gave them (docs/decisions/0030-geo-zones.md, "Linking"). It links
 * nothing: a profile with an e-mail address (which must be the account's) gets a code e-mailed to
 * it (employment:confirmLink), one without waits for a manager (employmentLinks:approve). Refused
 * when the caller already has a profile here, the profile is linked to someone else, not active,
 * carries another address, or someone else's request for it is waiting. Attempts are counted
 * before the transaction, per account and per address, so wrong PINs cannot be tried without bound.
 */
export const link = mutation({
  access: "member",
  args: linkProfileSchema,
  limitsBeforeTransaction: ({ clientAddress, userId }) => [
    { key: `employmentLink:user:${userId ?? "anonymous"}`, limit: LINK_ATTEMPTS_PER_ACCOUNT, windowMs: LINK_WINDOW_MINUTES * 60_000 },
    { key: `employmentLink:ip:${clientAddress}`, limit: LINK_ATTEMPTS_PER_ADDRESS, windowMs: LINK_WINDOW_MINUTES * 60_000 },
  ],
  handler: (ctx, args) => startLink(ctx, args),
});

/** Step two when a code was e-mailed: the code links the account (at most five wrong tries, 15 minutes). */
export const confirmLink = action({
  access: "member",
  args: confirmLinkSchema,
  handler: async (ctx, { code }) => {
    await ctx.services.rateLimiter.hit(`employmentConfirmLink:user:${ctx.user.id}`, LINK_CONFIRMS_PER_ACCOUNT, LINK_WINDOW_MINUTES * 60_000);
    return confirmLinkCode(ctx, code);
  },
});

/** Withdraws the caller's waiting link request. */
export const cancelLink = mutation({
  access: "member",
  args: z.object({}),
  handler: (ctx) => cancelLinkRequest(ctx),
});
