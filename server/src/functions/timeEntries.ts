import { z } from "zod";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { timeClockMessage, timeClockRefusal } from "@tumble/domain/timeClock";
import { settingsOf } from "../companySettings/settings.ts";
import { companyToday } from "../payroll/periods.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { newId } from "../runtime/ids.ts";
import { idempotencyKey as keySchema } from "../cash/access.ts";
import { lockEmployee } from "../timeClock/punches.ts";
import { refuseOverlapOrBeforeHire } from "../timeEntries/corrections.ts";
import { approveClean as approveCleanIn, entriesById, payDates } from "../timeEntries/approval.ts";
import { addManualEntry, MAX_SHIFT_MS } from "../timeEntries/manual.ts";
import { dashboardOf } from "../timeEntries/dashboard.ts";
import { addablePeople } from "../timeEntries/people.ts";
import { autoApprove, autoClockOut, reviewedEntries, storeReview } from "../timeEntries/review.ts";
import { QUEUE_CURSOR, queueCounts, queuePage } from "../timeEntries/queuePage.ts";
import { cursorArg, pageSizeArg } from "../runtime/paging.ts";

// Time-entry verification (issue 17, docs/decisions/0033): the queue of a date range (a pay
// period or a week) and store, approving, correcting and rejecting. Only an approved entry whose
// times are still the ones approved is verified time; everything else is pending.

const id = z.string().min(1).max(64);
const STATUSES = ["all", "pending", "approved", "rejected", "open"] as const;
const range = { from: businessDateSchema, to: businessDateSchema };
const MAX_RANGE_DAYS = 62;
// Every change of time takes an optional key (decision 0011): a retry after a lost answer runs once.
// Optional so that clients sending it beside the args, or not at all, keep working.
const idempotencyKey = keySchema.optional();

function checkRange(from: string, to: string) {
  if (from > to) throw refused(timeClockRefusal("fromAfterTo"));
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_RANGE_DAYS) throw refused(timeClockRefusal("rangeTooLong", { days: MAX_RANGE_DAYS }));
}

/** What the queue needs before it asks for entries: the company's today, the pay period's frequency and anchor, the tolerance. */
export const settings = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx) => {
    const s = await settingsOf(ctx.db, ctx.company.id, "workforce");
    return {
      today: await companyToday(ctx.db, ctx.company.id, ctx.now),
      payFrequency: s.payFrequency,
      payAnchorDate: s.payAnchorDate,
      toleranceMinutes: s.autoApproveToleranceMinutes,
      maxShiftHours: s.maxShiftHours,
    };
  },
});

/** The people a shift can be added for (timeEntries/people.ts). */
export const people = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({}),
  handler: (ctx) => addablePeople(ctx.db, ctx.company.id),
});

/** The queue: entries of [from, to] (business dates), each with its shift, exceptions and review. */
export const list = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({ ...range, storeId: id.optional(), status: z.enum(STATUSES).optional() }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const entries = await reviewedEntries(ctx.db, ctx.company.id, { from: args.from, to: args.to, storeId: args.storeId }, settings, ctx.now);
    const status = args.status ?? "all";
    return {
      toleranceMinutes: settings.autoApproveToleranceMinutes,
      maxShiftHours: settings.maxShiftHours,
      payFrequency: settings.payFrequency,
      payAnchorDate: settings.payAnchorDate,
      counts: {
        pending: entries.filter((e) => e.reviewStatus === "pending").length,
        approved: entries.filter((e) => e.reviewStatus === "approved").length,
        rejected: entries.filter((e) => e.reviewStatus === "rejected").length,
        open: entries.filter((e) => e.reviewStatus === "open").length,
      },
      entries: status === "all" ? entries : entries.filter((e) => e.reviewStatus === status),
    };
  },
});

/**
 * The queue a page at a time (newest clock-in first, then by id), of one status when given, with
 * the cursor of the next page, null on the last: the verification screen pages through every entry
 * instead of stopping at a cap. Its counts are timeEntries:counts, of the whole range.
 */
export const listPage = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({ ...range, storeId: id.optional(), status: z.enum(STATUSES).optional(), cursor: cursorArg(QUEUE_CURSOR), pageSize: pageSizeArg }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    return queuePage(ctx.db, ctx.company.id, args, settings, ctx.now);
  },
});

/** How many entries of [from, to] (and store) stand in each review status: the whole range's, whatever page is loaded. */
export const counts = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({ ...range, storeId: id.optional() }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    return queueCounts(ctx.db, ctx.company.id, args, ctx.now);
  },
});

/**
 * Closes entries open longer than the company's maximum shift and approves the clean entries of
 * [from, to] within tolerance of their shift. Run when the queue or dashboard opens and from
 * every approval, so no entry waits on a person it does not need.
 */
export const settle = mutation({
  access: "canViewTimeClocks",
  args: z.object({ ...range, storeId: id.optional() }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const autoClosed = await autoClockOut(ctx.db, ctx.company.id, settings, ctx.now);
    const autoApproved = await autoApprove(ctx.db, ctx.company.id, { from: args.from, to: args.to, storeId: args.storeId }, settings, ctx.now);
    return { autoClosed, autoApproved };
  },
});

/**
 * Adds a shift the person worked and forgot to punch (issue 30): closed, without punches, pending
 * until another manager approves it.
 */
export const add = mutation({
  access: "canViewTimeClocks",
  idempotencyKeyInArgs: true,
  args: z.object({
    employeeId: id,
    storeId: id,
    clockIn: z.number().int().positive(),
    clockOut: z.number().int().positive(),
    /** Break minutes. */
    breaks: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    reason: z.string().trim().min(1, timeClockMessage("manualReasonRequired")).max(500),
    /** The job worked, for a person with several (absent: the store's job, else the profile's own; null: the profile's own). */
    jobId: id.nullable().optional(),
    idempotencyKey,
  }),
  handler: async (ctx, args) => ({ entryId: await addManualEntry(ctx.db, { companyId: ctx.company.id, userId: ctx.user.id, now: ctx.now }, args) }),
});

/** Approves entries at their effective times (a correction's, else the raw ones); never a shift the approver added by hand. */
export const approve = mutation({
  access: "canViewTimeClocks",
  idempotencyKeyInArgs: true,
  args: z.object({ entryIds: z.array(id).min(1).max(500), idempotencyKey }),
  handler: async (ctx, { entryIds }) => {
    const entries = await entriesById(ctx, entryIds);
    if (entries.some((e) => e.manual !== null && e.manual.byId === ctx.user.id)) throw refused(timeClockRefusal("ownManualEntry"));
    await guardPayDates(ctx.db, ctx.company.id, payDates(entries));
    await storeReview(ctx.db, ctx.company.id, entries, { status: "approved", reason: null, userId: ctx.user.id, now: ctx.now });
    for (const e of entries)
      await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "approve", entity: "timeEntry", entityId: e._id, after: e.effective });
    return { approved: entries.length };
  },
});

/**
 * "Approve clean": every pending entry of [from, to] (and store) without exception and not added
 * by hand, on the server, however many; the caller's own entries, flagged ones and ones in a
 * locked pay period are skipped and counted (timeEntries/approval.ts).
 */
export const approveClean = mutation({
  access: "canViewTimeClocks",
  idempotencyKeyInArgs: true,
  args: z.object({ ...range, storeId: id.optional(), idempotencyKey }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    return approveCleanIn(ctx, { from: args.from, to: args.to, storeId: args.storeId });
  },
});

/** Rejects entries with a reason: they stay out of verified time until corrected and approved. */
export const reject = mutation({
  access: "canViewTimeClocks",
  idempotencyKeyInArgs: true,
  args: z.object({ entryIds: z.array(id).min(1).max(500), reason: z.string().trim().min(1, "Give a reason for rejecting").max(500), idempotencyKey }),
  handler: async (ctx, { entryIds, reason }) => {
    const entries = await entriesById(ctx, entryIds);
    await guardPayDates(ctx.db, ctx.company.id, payDates(entries));
    await storeReview(ctx.db, ctx.company.id, entries, { status: "rejected", reason, userId: ctx.user.id, now: ctx.now });
    for (const e of entries)
      await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "reject", entity: "timeEntry", entityId: e._id, after: { reason } });
    return { rejected: entries.length };
  },
});

/**
 * A correction: a record of its own beside the raw punches (which never change), with its reason;
 * the corrected times are approved by the person correcting them — except on a shift they added
 * by hand, which then waits for another manager.
 */
export const correct = mutation({
  access: "canViewTimeClocks",
  idempotencyKeyInArgs: true,
  args: z.object({
    entryId: id,
    clockIn: z.number().int().positive().optional(),
    clockOut: z.number().int().positive().optional(),
    /** Break minutes. */
    breaks: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .optional(),
    reason: z.string().trim().min(1, timeClockMessage("reasonRequired")).max(500),
    idempotencyKey,
  }),
  handler: async (ctx, args) => {
    const [entry] = await entriesById(ctx, [args.entryId]);
    // Checked one after the other with the person's punches and added shifts (no two overlap).
    await lockEmployee(ctx.db, ctx.company.id, entry.employeeId);
    const clockInAt = args.clockIn ?? entry.effective.clockInAt;
    const clockOutAt = args.clockOut ?? entry.effective.clockOutAt!;
    const breakMinutes = args.breaks ?? entry.effective.breakMinutes;
    if (clockOutAt <= clockInAt) throw refused(timeClockRefusal("correctionOrder"));
    if (breakMinutes * 60_000 >= clockOutAt - clockInAt) throw refused(timeClockRefusal("correctionBreak"));
    if (clockOutAt - clockInAt > MAX_SHIFT_MS) throw refused(timeClockRefusal("shiftTooLong"));
    // Time is paid once: not before it is worked, not twice for one person, not before they were hired.
    if (clockOutAt > ctx.now) throw refused(timeClockRefusal("correctionFuture"));
    await refuseOverlapOrBeforeHire(ctx.db, ctx.company.id, entry, clockInAt, clockOutAt, ctx.now);
    // Both the days it held and the days it holds now: the pay of each changes.
    await guardPayDates(ctx.db, ctx.company.id, [...payDates([entry]), ...datesCovered(clockInAt, clockOutAt, entry.timeZone)]);
    const correctionId = newId();
    await ctx.db
      .insertInto("timeEntryCorrections")
      .values({
        id: correctionId,
        companyId: ctx.company.id,
        entryId: entry._id,
        employeeId: entry.employeeId,
        clockInAt: new Date(clockInAt),
        clockOutAt: new Date(clockOutAt),
        breakMinutes,
        reason: args.reason,
        correctedBy: ctx.user.id,
      })
      .execute();
    const effective = { clockInAt, clockOutAt, breakMinutes, workedMinutes: 0 };
    const ownManual = entry.manual !== null && entry.manual.byId === ctx.user.id;
    if (!ownManual)
      await storeReview(ctx.db, ctx.company.id, [{ ...entry, effective }], { status: "approved", reason: null, userId: ctx.user.id, now: ctx.now });
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "correct",
      entity: "timeEntry",
      entityId: entry._id,
      before: entry.effective,
      after: { clockInAt, clockOutAt, breakMinutes, reason: args.reason },
    });
    return { correctionId, approved: !ownManual };
  },
});

/** The employee-management dashboard: today per store, entries waiting for verification and this week's hours. Live. */
export const dashboard = query({
  access: "canViewTimeClocks",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx) => dashboardOf(ctx.db, ctx.company.id, await settingsOf(ctx.db, ctx.company.id, "workforce"), ctx.now),
});
