import type { Kysely } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import { localParts, schedulingRefusal, shiftInstants } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { storeWeek, weekShifts, type StoreWeek } from "./week.ts";

// Recurring shifts: copying another week (shifts:copyWeek) and the store's named templates
// (shifts:listTemplates, saveTemplate, applyTemplate, removeTemplate). A week is kept as items
// (weekday, local start, length) and fills an empty week as drafts at the same local times.

const ms = (d: Date | string) => new Date(d).getTime();

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
  if (existing.some((r) => !r.removedAt)) throw refused(schedulingRefusal("weekNotEmpty"));
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
export async function copyWeek(db: Kysely<DB>, companyId: string, userId: string, args: { storeId: string; weekStart: string; fromWeekStart?: string }) {
  const week = await storeWeek(db, companyId, args.storeId, args.weekStart);
  const source = await storeWeek(db, companyId, args.storeId, args.fromWeekStart ?? addDays(week.weekStart, -7));
  if (source.weekStart === week.weekStart) throw refused(schedulingRefusal("sameWeek"));
  const items = await weekAsItems(db, companyId, source);
  if (!items.length) throw refused(schedulingRefusal("nothingToCopy"));
  const copied = await insertCopies(db, companyId, userId, week, items);
  await audit(db, {
    companyId,
    actorId: userId,
    action: "copyWeek",
    entity: "shiftWeek",
    entityId: `${args.storeId}:${week.weekStart}`,
    after: { from: source.weekStart, copied },
  });
  return { copied };
}

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
export async function listTemplates(db: Kysely<DB>, companyId: string, storeId: string) {
  const rows = await db
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
    .where("t.companyId", "=", companyId)
    .where("t.storeId", "=", storeId)
    .orderBy("t.name")
    .execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, shiftCount: Number(r.shiftCount ?? 0), createdAt: ms(r.createdAt) }));
}

/** Saves the store's week as a named template. */
export async function saveTemplate(db: Kysely<DB>, companyId: string, userId: string, args: { storeId: string; weekStart: string; name: string }) {
  const week = await storeWeek(db, companyId, args.storeId, args.weekStart);
  const items = await weekAsItems(db, companyId, week);
  if (!items.length) throw refused(schedulingRefusal("nothingToSave"));
  const templateId = newId();
  await db.insertInto("shiftTemplates").values({ id: templateId, companyId, storeId: args.storeId, name: args.name, createdBy: userId }).execute();
  for (const it of items)
    await db
      .insertInto("shiftTemplateItems")
      .values({ id: newId(), companyId, templateId, ...it })
      .execute();
  await audit(db, {
    companyId,
    actorId: userId,
    action: "create",
    entity: "shiftTemplate",
    entityId: templateId,
    after: { name: args.name, shifts: items.length },
  });
  return { _id: templateId, shiftCount: items.length };
}

/** Fills an empty week from a template, as drafts. */
export async function applyTemplate(db: Kysely<DB>, companyId: string, userId: string, args: { templateId: string; weekStart: string }) {
  const template = await db
    .selectFrom("shiftTemplates")
    .select(["id", "storeId"])
    .where("companyId", "=", companyId)
    .where("id", "=", args.templateId)
    .executeTakeFirst();
  if (!template) throw refused(schedulingRefusal("templateNotFound"));
  const week = await storeWeek(db, companyId, template.storeId, args.weekStart);
  const copied = await insertCopies(db, companyId, userId, week, await templateItemsOf(db, companyId, template.id));
  await audit(db, {
    companyId,
    actorId: userId,
    action: "applyTemplate",
    entity: "shiftWeek",
    entityId: `${template.storeId}:${week.weekStart}`,
    after: { templateId: template.id, copied },
  });
  return { copied };
}

export async function removeTemplate(db: Kysely<DB>, companyId: string, userId: string, templateId: string) {
  const before = await db.selectFrom("shiftTemplates").selectAll().where("companyId", "=", companyId).where("id", "=", templateId).executeTakeFirst();
  if (!before) throw refused(schedulingRefusal("templateNotFound"));
  await db.deleteFrom("shiftTemplates").where("companyId", "=", companyId).where("id", "=", templateId).execute();
  await audit(db, { companyId, actorId: userId, action: "delete", entity: "shiftTemplate", entityId: templateId, before });
  return { removed: true };
}
