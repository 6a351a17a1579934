import { z } from "zod";
import { templateNameSchema } from "@tumble/domain/scheduling";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { mutation, query } from "../runtime/define.ts";
import { markNoticesSeen as markSeen, ownSchedule } from "../scheduling/ownSchedule.ts";
import { publishStoreWeek } from "../scheduling/publish.ts";
import { createShift, removeShift, updateShift } from "../scheduling/shiftEdits.ts";
import * as templates from "../scheduling/templates.ts";
import { weekConflicts, weekView } from "../scheduling/weekView.ts";

// Scheduling (issue 17, employee-management/scheduling): a store's week of draft and published
// shifts with their conflicts and the labour forecast, edited by those who manage schedules and
// published so employees see them; templates of recurring shifts; an employee's own published
// shifts (shifts:mine). Every time is the store's local time on the way in and out. The logic is
// in server/src/scheduling.

const id = z.string().min(1).max(64);
const date = businessDateSchema;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:mm");
const breakMinutes = z.number().int("Whole minutes").min(0, "The break cannot be negative").max(600, "The break is too long");
const position = z.string().trim().max(80, "The position is too long").nullable().optional();
const note = z.string().trim().max(500, "The note is too long").nullable().optional();

/** The store's week: people who work there, shifts (open ones with no employee), conflicts, time off and the forecast. */
export const listWeek = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date }),
  handler: (ctx, { storeId, weekStart }) => weekView(ctx.db, ctx.company.id, storeId, weekStart),
});

/** The conflicts of the store's week (what publishing would be blocked by). */
export const conflicts = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date }),
  handler: (ctx, { storeId, weekStart }) => weekConflicts(ctx.db, ctx.company.id, storeId, weekStart),
});

/** A draft shift; employeeId null makes an open shift. Returns its conflicts, which never block a draft. */
export const create = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, employeeId: id.nullable(), date, start: clock, end: clock, breakMinutes: breakMinutes.default(0), position, note }),
  handler: (ctx, args) => createShift(ctx.db, ctx.company.id, ctx.user.id, args),
});

/**
 * Changes a shift; moving it is a new date and/or employee (the times stay unless given). A
 * published shift becomes a draft again: employees keep seeing what was published until the
 * next publish.
 */
export const update = mutation({
  access: "canManageSchedules",
  args: z.object({
    shiftId: id,
    employeeId: id.nullable().optional(),
    date: date.optional(),
    start: clock.optional(),
    end: clock.optional(),
    breakMinutes: breakMinutes.optional(),
    position,
    note,
  }),
  handler: (ctx, args) => updateShift(ctx.db, ctx.company.id, ctx.user.id, args, ctx.now),
});

/** Removes a shift: a draft goes at once; a published one stays for its employee until the next publish tells them. */
export const remove = mutation({
  access: "canManageSchedules",
  args: z.object({ shiftId: id }),
  handler: (ctx, { shiftId }) => removeShift(ctx.db, ctx.company.id, ctx.user.id, shiftId, ctx.now),
});

/** Copies a week's shifts (the week before unless `fromWeekStart`) into an empty week as drafts, at the same local times. */
export const copyWeek = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, fromWeekStart: date.optional() }),
  handler: (ctx, args) => templates.copyWeek(ctx.db, ctx.company.id, ctx.user.id, args),
});

/**
 * Publishes the store's week. With conflicts and no override reason nothing is published and the
 * conflicts come back; with a reason they are published over, the reason kept and audited.
 */
export const publish = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, overrideReason: z.string().trim().max(500, "The reason is too long").optional() }),
  handler: (ctx, args) => publishStoreWeek(ctx.db, ctx.company.id, ctx.user.id, args, ctx.now),
});

/** The store's templates of recurring shifts. */
export const listTemplates = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id }),
  handler: (ctx, { storeId }) => templates.listTemplates(ctx.db, ctx.company.id, storeId),
});

/** Saves the store's week as a named template. */
export const saveTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, name: templateNameSchema }),
  handler: (ctx, args) => templates.saveTemplate(ctx.db, ctx.company.id, ctx.user.id, args),
});

/** Fills an empty week from a template, as drafts. */
export const applyTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ templateId: id, weekStart: date }),
  handler: (ctx, args) => templates.applyTemplate(ctx.db, ctx.company.id, ctx.user.id, args),
});

export const removeTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ templateId: id }),
  handler: (ctx, { templateId }) => templates.removeTemplate(ctx.db, ctx.company.id, ctx.user.id, templateId),
});

/**
 * The caller's own published shifts from `from` for `days` days (their employee profile in the
 * active company), the published open shifts at their stores they may claim, and the changes
 * publishes told them of that they have not seen.
 */
export const mine = query({
  access: "member",
  liveScope: "caller",
  args: z.object({ from: date.optional(), days: z.number().int().min(1).max(62).optional() }),
  handler: (ctx, args) => ownSchedule(ctx.db, ctx.company.id, ctx.user.id, args, ctx.now),
});

/** Marks the caller's schedule notices seen (the user tab's count goes down). */
export const markNoticesSeen = mutation({
  access: "member",
  args: z.object({}),
  handler: (ctx) => markSeen(ctx.db, ctx.company.id, ctx.user.id, ctx.now),
});
