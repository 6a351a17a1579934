import { z } from "zod";
import { accessDenied } from "@tumble/domain/accessRefusals";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { PUNCH_ACTIONS, timeClockMessage, timeClockRefusal } from "@tumble/domain/timeClock";
import { action, mutation, query } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { entriesBetween, onTheClock as whoIsOnTheClock } from "../timeClock/entries.ts";
import type { PunchOutcome } from "../timeClock/punches.ts";
import { correctClockEntry } from "../timeEntries/clockCorrection.ts";
import { kioskStatusOf, ownClockStatus, punchClock } from "../timeEntries/punching.ts";
import { kioskTokenArg } from "./kiosks.ts";

// The time clock (issue 16). Punches come from a store's kiosk (username + PIN, with the kiosk
// credential as an argument) or from a signed-in employee's phone (with the browser's location,
// checked against the store's geo-zone). Both are actions: a wrong PIN must count even though the
// call fails, so the PIN check commits on its own and the punch then runs in its own transaction.
// The logic is in server/src/timeEntries (punching.ts, clockCorrection.ts) and server/src/timeClock.

const id = z.string().max(64);
const coordinate = z.number().nullable().optional();

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
  handler: async (ctx, args): Promise<PunchOutcome & { employeeName: string; storeName: string }> => punchClock(ctx, args),
});

/** At the kiosk, after username and PIN: who it is, their state, the buttons that apply and, for a person with several jobs, which to clock into. */
export const kioskStatus = action({
  access: "public",
  rateLimit: { perMinute: 300 },
  args: z.object({ kioskToken: kioskTokenArg, username: z.string().max(100), pin: z.string().max(20) }),
  handler: async (ctx, { kioskToken, username, pin }) => kioskStatusOf(ctx, kioskToken, username, pin),
});

/** The signed-in employee's own profile, stores, state and the punches that apply (user/employment). */
export const myStatus = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => ownClockStatus(ctx),
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
    if (args.from > args.to) throw refused(timeClockRefusal("fromAfterTo"));
    let employeeId = args.employeeId;
    if (!ctx.permissions.canViewTimeClocks) {
      const own = await ctx.db
        .selectFrom("employees")
        .select("id")
        .where("companyId", "=", ctx.company.id)
        .where("userId", "=", ctx.user.id)
        .executeTakeFirst();
      if (!own) throw refused(timeClockRefusal("noEmployeeProfile"));
      if (employeeId && employeeId !== own.id) throw refused(accessDenied("canViewTimeClocks"), AccessError);
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
  handler: async (ctx, args) => correctClockEntry(ctx, args),
});
