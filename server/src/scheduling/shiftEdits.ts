import type { Kysely } from "kysely";
import { localParts, parseClock, schedulingRefusal, shiftInstants } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { conflictsOf, storeWeek } from "./week.ts";

// A manager's edits to one shift (shifts:create, update, remove): always as a draft, at the
// store's local times, with the conflicts it now has, which never block a draft.

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
  if (!e) throw refused(schedulingRefusal("employeeNotFound"));
  if (e.status !== "active") throw refused(schedulingRefusal("inactiveEmployee"));
  if ((e.hireDate && day < isoDate(e.hireDate)) || (e.endDate && day > isoDate(e.endDate))) throw refused(schedulingRefusal("outsideEmployment"));
}

function instants(day: string, start: string, end: string, breakMins: number, timeZone: string) {
  const { startsAt, endsAt } = shiftInstants(day, parseClock(start)!, parseClock(end)!, timeZone);
  if (breakMins * 60_000 >= endsAt - startsAt) throw refused(schedulingRefusal("breakTooLong"));
  return { startsAt, endsAt };
}

async function shiftOf(db: Kysely<DB>, companyId: string, shiftId: string) {
  const s = await db.selectFrom("shifts").selectAll().where("companyId", "=", companyId).where("id", "=", shiftId).executeTakeFirst();
  if (!s || s.removedAt) throw refused(schedulingRefusal("shiftNotFound"));
  return s;
}

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

export interface CreateShiftArgs {
  storeId: string;
  employeeId: string | null;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  position?: string | null;
  note?: string | null;
}

/** A draft shift; employeeId null makes an open shift. Returns its conflicts, which never block a draft. */
export async function createShift(db: Kysely<DB>, companyId: string, userId: string, args: CreateShiftArgs) {
  const week = await storeWeek(db, companyId, args.storeId, args.date);
  await assertEmployee(db, companyId, args.employeeId, args.date);
  if (args.start === args.end) throw refused(schedulingRefusal("endBeforeStart"));
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
    createdBy: userId,
  };
  await db.insertInto("shifts").values(row).execute();
  await audit(db, { companyId, actorId: userId, action: "create", entity: "shift", entityId: shiftId, after: row });
  const found = await conflictsOfOne(
    db,
    companyId,
    args.storeId,
    { id: shiftId, employeeId: args.employeeId, startsAt, endsAt, breakMinutes: args.breakMinutes },
    week.store.timeZone,
  );
  return { _id: shiftId, conflicts: found };
}

export interface UpdateShiftArgs {
  shiftId: string;
  employeeId?: string | null;
  date?: string;
  start?: string;
  end?: string;
  breakMinutes?: number;
  position?: string | null;
  note?: string | null;
}

/**
 * Changes a shift; moving it is a new date and/or employee (the times stay unless given). A
 * published shift becomes a draft again: employees keep seeing what was published until the
 * next publish.
 */
export async function updateShift(db: Kysely<DB>, companyId: string, userId: string, args: UpdateShiftArgs, now: number) {
  const before = await shiftOf(db, companyId, args.shiftId);
  const store = await db.selectFrom("stores").select("timeZone").where("companyId", "=", companyId).where("id", "=", before.storeId).executeTakeFirstOrThrow();
  const tz = store.timeZone;
  const s = localParts(ms(before.startsAt), tz);
  const e = localParts(ms(before.endsAt), tz);
  const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  const day = args.date ?? s.date;
  const start = args.start ?? fmt(s.minutes);
  const end = args.end ?? fmt(e.minutes);
  const brk = args.breakMinutes ?? before.breakMinutes;
  if (start === end) throw refused(schedulingRefusal("endBeforeStart"));
  const { startsAt, endsAt } = instants(day, start, end, brk, tz);
  const employeeId = args.employeeId === undefined ? before.employeeId : args.employeeId;
  if (employeeId !== before.employeeId || day !== s.date) await assertEmployee(db, companyId, employeeId, day);
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
    await db
      .updateTable("shifts")
      .set({ ...set, status: "draft", updatedAt: new Date(now) })
      .where("companyId", "=", companyId)
      .where("id", "=", args.shiftId)
      .execute();
    await audit(db, { companyId, actorId: userId, action: "update", entity: "shift", entityId: args.shiftId, before, after: set });
  }
  const found = await conflictsOfOne(db, companyId, before.storeId, { id: args.shiftId, employeeId, startsAt, endsAt, breakMinutes: brk }, tz);
  return { _id: args.shiftId, conflicts: found };
}

/** Removes a shift: a draft goes at once; a published one stays for its employee until the next publish tells them. */
export async function removeShift(db: Kysely<DB>, companyId: string, userId: string, shiftId: string, now: number) {
  const before = await shiftOf(db, companyId, shiftId);
  if (before.publishedAt === null) await db.deleteFrom("shifts").where("companyId", "=", companyId).where("id", "=", shiftId).execute();
  else
    await db
      .updateTable("shifts")
      .set({ removedAt: new Date(now), status: "draft", updatedAt: new Date(now) })
      .where("companyId", "=", companyId)
      .where("id", "=", shiftId)
      .execute();
  await audit(db, { companyId, actorId: userId, action: "delete", entity: "shift", entityId: shiftId, before });
  return { removed: true };
}
