import { sql } from "kysely";
import { z } from "zod";
import { addDays } from "@tumble/domain/datePresets";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { rateOn, type PayType } from "@tumble/domain/employees";
import { laborCostCents, localParts, parseClock, SCHEDULING_MESSAGES, shiftHours, shiftInstants, weekDates, type ShiftChange } from "@tumble/domain/scheduling";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";
import type { Kysely } from "kysely";
import { publishWeek } from "../scheduling/publish.ts";
import { approvedTimeOff, conflictsOf, scheduled, shiftView, storeWeek, weekShifts, type StoreWeek } from "../scheduling/week.ts";
import { publishedShiftsOf } from "../scheduling/assign.ts";

// Scheduling (issue 17, employee-management/scheduling): a store's week of draft and published
// shifts with their conflicts and the labour forecast, edited by those who manage schedules and
// published so employees see them; templates of recurring shifts; an employee's own published
// shifts (shifts:mine). Every time is the store's local time on the way in and out.

const id = z.string().min(1).max(64);
const date = businessDateSchema;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:mm");
const breakMinutes = z.number().int("Whole minutes").min(0, "The break cannot be negative").max(600, "The break is too long");
const position = z.string().trim().max(80, "The position is too long").nullable().optional();
const note = z.string().trim().max(500, "The note is too long").nullable().optional();
const ms = (d: Date | string) => new Date(d).getTime();
const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim());

/** Active, and employed on `day`: nobody is scheduled before their hire date or after their end date. */
async function assertEmployee(db: Kysely<DB>, companyId: string, employeeId: string | null, day: string): Promise<void> {
  if (!employeeId) return;
  const e = await db
    .selectFrom("employees")
    .select(["status", "hireDate", "endDate"])
    .where("companyId", "=", companyId)
    .where("id", "=", employeeId)
    .executeTakeFirst();
  if (!e) throw new AppError("Employee not found");
  if (e.status !== "active") throw new AppError("Only active employees can be scheduled");
  if ((e.hireDate && day < isoDate(e.hireDate)) || (e.endDate && day > isoDate(e.endDate))) throw new AppError(SCHEDULING_MESSAGES.outsideEmployment);
}

function instants(day: string, start: string, end: string, breakMins: number, timeZone: string) {
  const { startsAt, endsAt } = shiftInstants(day, parseClock(start)!, parseClock(end)!, timeZone);
  if (breakMins * 60_000 >= endsAt - startsAt) throw new AppError(SCHEDULING_MESSAGES.breakTooLong);
  return { startsAt, endsAt };
}

async function shiftOf(db: Kysely<DB>, companyId: string, shiftId: string) {
  const s = await db.selectFrom("shifts").selectAll().where("companyId", "=", companyId).where("id", "=", shiftId).executeTakeFirst();
  if (!s || s.removedAt) throw new AppError("Shift not found");
  return s;
}

/** Average verified collections per weekday over the eight weeks before the week (changers excluded). */
async function averageCollections(db: Kysely<DB>, companyId: string, week: StoreWeek): Promise<Map<number, number>> {
  const from = addDays(week.weekStart, -56);
  const to = addDays(week.weekStart, -1);
  const rows = await sql<{ dow: number; total: string }>`
    select extract(dow from d.business_date)::int as dow, sum(d.coins_cents + d.bills_cents) as total
    from revenue_days d
    join machines m on m.company_id = d.company_id and m.id = d.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where d.company_id = ${companyId} and d.store_id = ${week.store.id}
      and d.business_date between ${from}::date and ${to}::date
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.dow), Math.round(Number(r.total) / 8)]));
}

/** The store's week: people who work there, shifts (open ones with no employee), conflicts, time off and the forecast. */
export const listWeek = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date }),
  handler: async (ctx, { storeId, weekStart }) => {
    const companyId = ctx.company.id;
    const week = await storeWeek(ctx.db, companyId, storeId, weekStart);
    const rows = await weekShifts(ctx.db, companyId, week);
    const live = rows.filter((r) => !r.removedAt);
    const { conflicts } = await conflictsOf(ctx.db, companyId, week, live.map(scheduled));

    const staff = await ctx.db
      .selectFrom("employees as e")
      .select(["e.id", "e.name", "e.position", "e.status"])
      .where("e.companyId", "=", companyId)
      .where((eb) =>
        eb.or([
          eb.and([
            eb("e.status", "=", "active"),
            // Employed during the week: not offered before their hire date or after their end date.
            eb.or([eb("e.hireDate", "is", null), eb("e.hireDate", "<=", addDays(week.weekStart, 6))]),
            eb.or([eb("e.endDate", "is", null), eb("e.endDate", ">=", week.weekStart)]),
            eb.exists(
              eb
                .selectFrom("employeeStores as es")
                .select("es.employeeId")
                .whereRef("es.companyId", "=", "e.companyId")
                .whereRef("es.employeeId", "=", "e.id")
                .where("es.storeId", "=", storeId),
            ),
          ]),
          eb(
            "e.id",
            "in",
            live
              .map((r) => r.employeeId)
              .filter((x): x is string => x !== null)
              .concat([""]),
          ),
        ]),
      )
      .orderBy("e.name")
      .execute();
    const storeRows = await ctx.db
      .selectFrom("employeeStores")
      .select("employeeId")
      .where("companyId", "=", companyId)
      .where("storeId", "=", storeId)
      .execute();
    const atStore = new Set(storeRows.map((r) => r.employeeId));

    const rates = staff.length
      ? await ctx.db
          .selectFrom("employeeRates")
          .select(["employeeId", "payType", "rateCents", "effectiveFrom"])
          .where("companyId", "=", companyId)
          // A shift names no job: it is priced at the profile's own job's rate.
          .where("jobId", "is", null)
          .where(
            "employeeId",
            "in",
            staff.map((s) => s.id),
          )
          .execute()
          .then((rows) => rows.map((r) => ({ ...r, payType: r.payType as PayType, rateCents: Number(r.rateCents) })))
      : [];
    const averages = await averageCollections(ctx.db, companyId, week);
    const days = weekDates(week.weekStart);
    const forecast = days.map((day) => {
      const dayShifts = live.filter((r) => localParts(ms(r.startsAt), week.store.timeZone).date === day);
      let hours = 0;
      let costCents = 0;
      let unpriced = 0;
      for (const s of dayShifts) {
        const h = shiftHours({ startsAt: ms(s.startsAt), endsAt: ms(s.endsAt), breakMinutes: s.breakMinutes });
        hours += h;
        const rate = s.employeeId
          ? rateOn(
              rates.filter((r) => r.employeeId === s.employeeId),
              day,
            )
          : null;
        if (rate && rate.payType === "hourly") costCents += laborCostCents(h, rate.rateCents);
        else unpriced++;
      }
      const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
      const avg = averages.get(dow) ?? 0;
      return {
        date: day,
        hours: Math.round(hours * 100) / 100,
        costCents,
        unpricedShifts: unpriced,
        averageCollectionsCents: avg,
        laborShare: avg > 0 ? Math.round((costCents / avg) * 1000) / 1000 : null,
      };
    });
    const lastPublication = await ctx.db
      .selectFrom("shiftPublications")
      .select(["publishedAt", "overrideReason"])
      .where("companyId", "=", companyId)
      .where("storeId", "=", storeId)
      .where("weekStart", "=", week.weekStart)
      .orderBy("publishedAt", "desc")
      .executeTakeFirst();

    return {
      store: week.store,
      weekStart: week.weekStart,
      days,
      workweekStart: week.settings.workweekStart,
      employees: staff.map((s) => ({ _id: s.id, name: s.name, position: s.position, worksHere: atStore.has(s.id) })),
      shifts: live.map((r) => shiftView(r, week.store.timeZone)),
      removedCount: rows.length - live.length,
      unpublishedCount: rows.filter((r) => r.removedAt || r.status === "draft").length,
      conflicts,
      // Everyone on the grid, shifts or not: a manager sees who is away before scheduling them.
      timeOff: (
        await approvedTimeOff(
          ctx.db,
          companyId,
          staff.map((s) => s.id),
          week.from,
          week.to,
        )
      ).map((t) => ({
        _id: t.id,
        employeeId: t.employeeId,
        startsAt: t.startsAt,
        endsAt: t.endsAt,
        fromDate: localParts(t.startsAt, week.store.timeZone).date,
        toDate: localParts(t.endsAt - 1, week.store.timeZone).date,
      })),
      forecast,
      lastPublishedAt: lastPublication ? ms(lastPublication.publishedAt) : null,
    };
  },
});

/** The conflicts of the store's week (what publishing would be blocked by). */
export const conflicts = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date }),
  handler: async (ctx, { storeId, weekStart }) => {
    const week = await storeWeek(ctx.db, ctx.company.id, storeId, weekStart);
    const live = (await weekShifts(ctx.db, ctx.company.id, week)).filter((r) => !r.removedAt);
    return (await conflictsOf(ctx.db, ctx.company.id, week, live.map(scheduled))).conflicts;
  },
});

async function conflictsOfOne(
  db: Kysely<DB>,
  companyId: string,
  storeId: string,
  shift: { id: string; employeeId: string | null; startsAt: number; endsAt: number; breakMinutes: number },
  timeZone: string,
) {
  const week = await storeWeek(db, companyId, storeId, localParts(shift.startsAt, timeZone).date);
  return (await conflictsOf(db, companyId, week, [{ ...shift, storeId }])).conflicts;
}

/** A draft shift; employeeId null makes an open shift. Returns its conflicts, which never block a draft. */
export const create = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, employeeId: id.nullable(), date, start: clock, end: clock, breakMinutes: breakMinutes.default(0), position, note }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const week = await storeWeek(ctx.db, companyId, args.storeId, args.date);
    await assertEmployee(ctx.db, companyId, args.employeeId, args.date);
    if (args.start === args.end) throw new AppError(SCHEDULING_MESSAGES.endBeforeStart);
    const { startsAt, endsAt } = instants(args.date, args.start, args.end, args.breakMinutes, week.store.timeZone);
    const shiftId = newId();
    const row = {
      id: shiftId,
      companyId,
      storeId: args.storeId,
      employeeId: args.employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      breakMinutes: args.breakMinutes,
      position: blank(args.position) ?? null,
      note: blank(args.note) ?? null,
      status: "draft",
      createdBy: ctx.user.id,
    };
    await ctx.db.insertInto("shifts").values(row).execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "create", entity: "shift", entityId: shiftId, after: row });
    const found = await conflictsOfOne(
      ctx.db,
      companyId,
      args.storeId,
      { id: shiftId, employeeId: args.employeeId, startsAt, endsAt, breakMinutes: args.breakMinutes },
      week.store.timeZone,
    );
    return { _id: shiftId, conflicts: found };
  },
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
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const before = await shiftOf(ctx.db, companyId, args.shiftId);
    const store = await ctx.db
      .selectFrom("stores")
      .select("timeZone")
      .where("companyId", "=", companyId)
      .where("id", "=", before.storeId)
      .executeTakeFirstOrThrow();
    const tz = store.timeZone;
    const s = localParts(ms(before.startsAt), tz);
    const e = localParts(ms(before.endsAt), tz);
    const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const day = args.date ?? s.date;
    const start = args.start ?? fmt(s.minutes);
    const end = args.end ?? fmt(e.minutes);
    const brk = args.breakMinutes ?? before.breakMinutes;
    if (start === end) throw new AppError(SCHEDULING_MESSAGES.endBeforeStart);
    const { startsAt, endsAt } = instants(day, start, end, brk, tz);
    const employeeId = args.employeeId === undefined ? before.employeeId : args.employeeId;
    if (employeeId !== before.employeeId || day !== s.date) await assertEmployee(ctx.db, companyId, employeeId, day);
    const set = {
      employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      breakMinutes: brk,
      position: blank(args.position) === undefined ? before.position : blank(args.position)!,
      note: blank(args.note) === undefined ? before.note : blank(args.note)!,
    };
    const same =
      set.employeeId === before.employeeId &&
      startsAt === ms(before.startsAt) &&
      endsAt === ms(before.endsAt) &&
      set.breakMinutes === before.breakMinutes &&
      set.position === before.position &&
      set.note === before.note;
    if (!same) {
      await ctx.db
        .updateTable("shifts")
        .set({ ...set, status: "draft", updatedAt: new Date(ctx.now) })
        .where("companyId", "=", companyId)
        .where("id", "=", args.shiftId)
        .execute();
      await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "update", entity: "shift", entityId: args.shiftId, before, after: set });
    }
    const found = await conflictsOfOne(ctx.db, companyId, before.storeId, { id: args.shiftId, employeeId, startsAt, endsAt, breakMinutes: brk }, tz);
    return { _id: args.shiftId, conflicts: found };
  },
});

/** Removes a shift: a draft goes at once; a published one stays for its employee until the next publish tells them. */
export const remove = mutation({
  access: "canManageSchedules",
  args: z.object({ shiftId: id }),
  handler: async (ctx, { shiftId }) => {
    const companyId = ctx.company.id;
    const before = await shiftOf(ctx.db, companyId, shiftId);
    if (before.publishedAt === null) await ctx.db.deleteFrom("shifts").where("companyId", "=", companyId).where("id", "=", shiftId).execute();
    else
      await ctx.db
        .updateTable("shifts")
        .set({ removedAt: new Date(ctx.now), status: "draft", updatedAt: new Date(ctx.now) })
        .where("companyId", "=", companyId)
        .where("id", "=", shiftId)
        .execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "delete", entity: "shift", entityId: shiftId, before });
    return { removed: true };
  },
});

async function insertCopies(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  week: StoreWeek,
  items: Array<{
    employeeId: string | null;
    dayIndex: number;
    startMinute: number;
    durationMinutes: number;
    breakMinutes: number;
    position: string | null;
    note: string | null;
  }>,
): Promise<number> {
  const existing = await weekShifts(db, companyId, week);
  if (existing.some((r) => !r.removedAt)) throw new AppError("This week already has shifts: remove them first");
  // Someone no longer active leaves an open shift in their place.
  const active = new Set(
    (await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("status", "=", "active").execute()).map((e) => e.id),
  );
  let n = 0;
  for (const item of items) {
    const it = { ...item, employeeId: item.employeeId && active.has(item.employeeId) ? item.employeeId : null };
    const day = addDays(week.weekStart, it.dayIndex);
    const endMinute = (it.startMinute + it.durationMinutes) % 1440;
    const { startsAt, endsAt } = shiftInstants(day, it.startMinute, endMinute === it.startMinute ? (endMinute + 1439) % 1440 : endMinute, week.store.timeZone);
    await db
      .insertInto("shifts")
      .values({
        id: newId(),
        companyId,
        storeId: week.store.id,
        employeeId: it.employeeId,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        breakMinutes: it.breakMinutes,
        position: it.position,
        note: it.note,
        status: "draft",
        createdBy: userId,
      })
      .execute();
    n++;
  }
  return n;
}

async function weekAsItems(db: Kysely<DB>, companyId: string, week: StoreWeek) {
  const rows = (await weekShifts(db, companyId, week)).filter((r) => !r.removedAt);
  const employees = await db.selectFrom("employees").select(["id", "status"]).where("companyId", "=", companyId).execute();
  const active = new Set(employees.filter((e) => e.status === "active").map((e) => e.id));
  return rows.map((r) => {
    const s = localParts(ms(r.startsAt), week.store.timeZone);
    const dayIndex = Math.round((Date.parse(`${s.date}T00:00:00Z`) - Date.parse(`${week.weekStart}T00:00:00Z`)) / 86_400_000);
    return {
      employeeId: r.employeeId && active.has(r.employeeId) ? r.employeeId : null,
      dayIndex,
      startMinute: s.minutes,
      durationMinutes: Math.round((ms(r.endsAt) - ms(r.startsAt)) / 60_000),
      breakMinutes: r.breakMinutes,
      position: r.position,
      note: r.note,
    };
  });
}

/** Copies a week's shifts (the week before unless `fromWeekStart`) into an empty week as drafts, at the same local times. */
export const copyWeek = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, fromWeekStart: date.optional() }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const week = await storeWeek(ctx.db, companyId, args.storeId, args.weekStart);
    const source = await storeWeek(ctx.db, companyId, args.storeId, args.fromWeekStart ?? addDays(week.weekStart, -7));
    if (source.weekStart === week.weekStart) throw new AppError("Choose another week to copy from");
    const items = await weekAsItems(ctx.db, companyId, source);
    if (!items.length) throw new AppError("That week has no shifts to copy");
    const copied = await insertCopies(ctx.db, companyId, ctx.user.id, week, items);
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "copyWeek",
      entity: "shiftWeek",
      entityId: `${args.storeId}:${week.weekStart}`,
      after: { from: source.weekStart, copied },
    });
    return { copied };
  },
});

/**
 * Publishes the store's week. With conflicts and no override reason nothing is published and the
 * conflicts come back; with a reason they are published over, the reason kept and audited.
 */
export const publish = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, overrideReason: z.string().trim().max(500, "The reason is too long").optional() }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const week = await storeWeek(ctx.db, companyId, args.storeId, args.weekStart);
    const rows = await weekShifts(ctx.db, companyId, week);
    const live = rows.filter((r) => !r.removedAt);
    const { conflicts: found } = await conflictsOf(ctx.db, companyId, week, live.map(scheduled));
    const reason = args.overrideReason?.trim() || null;
    if (found.length && !reason) return { published: 0, conflicts: found, notified: 0 };
    const { published, publicationId, notified } = await publishWeek(
      ctx.db,
      companyId,
      ctx.user.id,
      week,
      rows,
      found,
      found.length ? reason : null,
      new Date(ctx.now),
    );
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: found.length ? "publishOverride" : "publish",
      entity: "shiftPublication",
      entityId: publicationId,
      after: { storeId: args.storeId, weekStart: week.weekStart, published, conflicts: found.length, overrideReason: found.length ? reason : null },
    });
    return { published, conflicts: found, notified };
  },
});

const templateItemsOf = async (db: Kysely<DB>, companyId: string, templateId: string) =>
  db
    .selectFrom("shiftTemplateItems")
    .select(["employeeId", "dayIndex", "startMinute", "durationMinutes", "breakMinutes", "position", "note"])
    .where("companyId", "=", companyId)
    .where("templateId", "=", templateId)
    .orderBy("dayIndex")
    .orderBy("startMinute")
    .execute();

/** The store's templates of recurring shifts. */
export const listTemplates = query({
  access: "canManageSchedules",
  args: z.object({ storeId: id }),
  handler: async (ctx, { storeId }) => {
    const rows = await ctx.db
      .selectFrom("shiftTemplates as t")
      .select([
        "t.id",
        "t.name",
        "t.createdAt",
        (eb) =>
          eb
            .selectFrom("shiftTemplateItems as i")
            .select(eb.fn.countAll<string>().as("n"))
            .whereRef("i.companyId", "=", "t.companyId")
            .whereRef("i.templateId", "=", "t.id")
            .as("shiftCount"),
      ])
      .where("t.companyId", "=", ctx.company.id)
      .where("t.storeId", "=", storeId)
      .orderBy("t.name")
      .execute();
    return rows.map((r) => ({ _id: r.id, name: r.name, shiftCount: Number(r.shiftCount ?? 0), createdAt: ms(r.createdAt) }));
  },
});

/** Saves the store's week as a named template. */
export const saveTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ storeId: id, weekStart: date, name: z.string().trim().min(1, "Give the template a name").max(80, "The name is too long") }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const week = await storeWeek(ctx.db, companyId, args.storeId, args.weekStart);
    const items = await weekAsItems(ctx.db, companyId, week);
    if (!items.length) throw new AppError("This week has no shifts to save");
    const templateId = newId();
    await ctx.db.insertInto("shiftTemplates").values({ id: templateId, companyId, storeId: args.storeId, name: args.name, createdBy: ctx.user.id }).execute();
    for (const it of items)
      await ctx.db
        .insertInto("shiftTemplateItems")
        .values({ id: newId(), companyId, templateId, ...it })
        .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "shiftTemplate",
      entityId: templateId,
      after: { name: args.name, shifts: items.length },
    });
    return { _id: templateId, shiftCount: items.length };
  },
});

/** Fills an empty week from a template, as drafts. */
export const applyTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ templateId: id, weekStart: date }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const template = await ctx.db
      .selectFrom("shiftTemplates")
      .select(["id", "storeId"])
      .where("companyId", "=", companyId)
      .where("id", "=", args.templateId)
      .executeTakeFirst();
    if (!template) throw new AppError("Template not found");
    const week = await storeWeek(ctx.db, companyId, template.storeId, args.weekStart);
    const copied = await insertCopies(ctx.db, companyId, ctx.user.id, week, await templateItemsOf(ctx.db, companyId, template.id));
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "applyTemplate",
      entity: "shiftWeek",
      entityId: `${template.storeId}:${week.weekStart}`,
      after: { templateId: template.id, copied },
    });
    return { copied };
  },
});

export const removeTemplate = mutation({
  access: "canManageSchedules",
  args: z.object({ templateId: id }),
  handler: async (ctx, { templateId }) => {
    const companyId = ctx.company.id;
    const before = await ctx.db.selectFrom("shiftTemplates").selectAll().where("companyId", "=", companyId).where("id", "=", templateId).executeTakeFirst();
    if (!before) throw new AppError("Template not found");
    await ctx.db.deleteFrom("shiftTemplates").where("companyId", "=", companyId).where("id", "=", templateId).execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "delete", entity: "shiftTemplate", entityId: templateId, before });
    return { removed: true };
  },
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
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const employee = await ctx.db
      .selectFrom("employees")
      .select(["id", "name"])
      .where("companyId", "=", companyId)
      .where("userId", "=", ctx.user.id)
      .executeTakeFirst();
    if (!employee) return { employee: null, shifts: [], openShifts: [], notices: [] };
    const stores = await ctx.db
      .selectFrom("employeeStores as es")
      .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
      .select(["s.id", "s.name", "s.timeZone"])
      .where("es.companyId", "=", companyId)
      .where("es.employeeId", "=", employee.id)
      .execute();
    const zoneOf = new Map(stores.map((s) => [s.id, s]));
    const tz = stores[0]?.timeZone ?? "UTC";
    const fromDay = args.from ?? localParts(ctx.now, tz).date;
    const from = Date.parse(`${addDays(fromDay, -1)}T00:00:00Z`);
    const to = Date.parse(`${addDays(fromDay, (args.days ?? 14) + 1)}T00:00:00Z`);
    const own = await publishedShiftsOf(ctx.db, companyId, employee.id, new Date(from), new Date(to));
    const allStores = await ctx.db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).execute();
    const storeOf = new Map(allStores.map((s) => [s.id, s]));
    const view = (s: { id: string; storeId: string; startsAt: Date; endsAt: Date; breakMinutes: number; position: string | null; note: string | null }) => {
      const store = storeOf.get(s.storeId)!;
      const a = localParts(ms(s.startsAt), store.timeZone);
      const b = localParts(ms(s.endsAt), store.timeZone);
      const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      return {
        _id: s.id,
        storeId: s.storeId,
        storeName: store.name,
        date: a.date,
        start: fmt(a.minutes),
        end: fmt(b.minutes),
        startsAt: ms(s.startsAt),
        endsAt: ms(s.endsAt),
        breakMinutes: s.breakMinutes,
        position: s.position,
        note: s.note,
      };
    };
    const open = zoneOf.size
      ? await ctx.db
          .selectFrom("shifts")
          .select([
            "id",
            "storeId",
            "publishedStartsAt as startsAt",
            "publishedEndsAt as endsAt",
            "publishedBreakMinutes as breakMinutes",
            "publishedPosition as position",
            "publishedNote as note",
          ])
          .where("companyId", "=", companyId)
          .where("publishedAt", "is not", null)
          .where("publishedEmployeeId", "is", null)
          .where("employeeId", "is", null)
          .where("removedAt", "is", null)
          .where("storeId", "in", [...zoneOf.keys()])
          .where("publishedStartsAt", ">=", new Date(ctx.now))
          .orderBy("publishedStartsAt")
          .limit(50)
          .execute()
      : [];
    const notices = await ctx.db
      .selectFrom("shiftNotices")
      .select(["id", "storeId", "changes", "createdAt"])
      .where("companyId", "=", companyId)
      .where("employeeId", "=", employee.id)
      .where("seenAt", "is", null)
      .orderBy("createdAt", "desc")
      .limit(20)
      .execute();
    return {
      employee: { _id: employee.id, name: employee.name },
      shifts: own.map(view),
      openShifts: open.map((s) => view({ ...s, startsAt: s.startsAt!, endsAt: s.endsAt!, breakMinutes: s.breakMinutes ?? 0 })),
      notices: notices.map((n) => ({
        _id: n.id,
        storeId: n.storeId,
        storeName: storeOf.get(n.storeId)?.name ?? "",
        changes: n.changes as ShiftChange[],
        createdAt: ms(n.createdAt),
      })),
    };
  },
});

/** Marks the caller's schedule notices seen (the user tab's count goes down). */
export const markNoticesSeen = mutation({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const companyId = ctx.company.id;
    const employee = await ctx.db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", ctx.user.id).executeTakeFirst();
    if (!employee) return { seen: 0 };
    const r = await ctx.db
      .updateTable("shiftNotices")
      .set({ seenAt: new Date(ctx.now) })
      .where("companyId", "=", companyId)
      .where("employeeId", "=", employee.id)
      .where("seenAt", "is", null)
      .executeTakeFirst();
    return { seen: Number(r.numUpdatedRows) };
  },
});
