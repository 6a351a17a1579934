import { sql, type Kysely } from "kysely";
import {
  findConflicts,
  localParts,
  weekRange,
  weekStartOf,
  formatClock,
  schedulingRefusal,
  type ScheduledShift,
  type ShiftConflict,
  type TimeOffSpan,
} from "@tumble/domain/scheduling";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// A store's week as the scheduling functions read it: the store and its zone, the week's range
// (starting on the company's workweek day), the week's live shifts and their conflicts, which are
// judged against every shift of the same people at every store and their approved time off.

const HOUR = 3_600_000;
const ms = (d: Date | string) => new Date(d).getTime();

export interface StoreWeek {
  store: { id: string; name: string; timeZone: string };
  weekStart: string;
  from: number;
  to: number;
  settings: Awaited<ReturnType<typeof settingsOf<"workforce">>>;
}

export async function storeWeek(db: Kysely<DB>, companyId: string, storeId: string, date: string): Promise<StoreWeek> {
  const store = await db
    .selectFrom("stores")
    .select(["id", "name", "timeZone"])
    .where("companyId", "=", companyId)
    .where("id", "=", storeId)
    .executeTakeFirst();
  if (!store) throw refused(schedulingRefusal("storeNotFound"));
  const settings = await settingsOf(db, companyId, "workforce");
  const weekStart = weekStartOf(date, settings.workweekStart);
  const { from, to } = weekRange(weekStart, store.timeZone);
  return { store, weekStart, from, to, settings };
}

export interface ShiftRow {
  id: string;
  storeId: string;
  employeeId: string | null;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
  position: string | null;
  note: string | null;
  status: string;
  publishedAt: Date | null;
  publishedEmployeeId: string | null;
  publishedStartsAt: Date | null;
  publishedEndsAt: Date | null;
  publishedBreakMinutes: number | null;
  publishedPosition: string | null;
  publishedNote: string | null;
  removedAt: Date | null;
}

/** The week's shifts at the store, removed ones included (they wait for the publish). */
export async function weekShifts(db: Kysely<DB>, companyId: string, week: StoreWeek): Promise<ShiftRow[]> {
  return (await db
    .selectFrom("shifts")
    .select([
      "id",
      "storeId",
      "employeeId",
      "startsAt",
      "endsAt",
      "breakMinutes",
      "position",
      "note",
      "status",
      "publishedAt",
      "publishedEmployeeId",
      "publishedStartsAt",
      "publishedEndsAt",
      "publishedBreakMinutes",
      "publishedPosition",
      "publishedNote",
      "removedAt",
    ])
    .where("companyId", "=", companyId)
    .where("storeId", "=", week.store.id)
    .where("startsAt", ">=", new Date(week.from))
    .where("startsAt", "<", new Date(week.to))
    .orderBy("startsAt")
    .orderBy("id")
    .execute()) as ShiftRow[];
}

export const scheduled = (r: Pick<ShiftRow, "id" | "storeId" | "employeeId" | "startsAt" | "endsAt" | "breakMinutes">): ScheduledShift => ({
  id: r.id,
  storeId: r.storeId,
  employeeId: r.employeeId,
  startsAt: ms(r.startsAt),
  endsAt: ms(r.endsAt),
  breakMinutes: r.breakMinutes,
});

/** Approved time off of `employeeIds` touching [from, to), once the requests table exists. */
export async function approvedTimeOff(db: Kysely<DB>, companyId: string, employeeIds: string[], from: number, to: number): Promise<TimeOffSpan[]> {
  if (!employeeIds.length) return [];
  const exists = await sql<{ t: string | null }>`select to_regclass('requests')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  const rows = await sql<{ id: string; employeeId: string; startsAt: Date; endsAt: Date }>`
    select id, employee_id, starts_at, ends_at from requests
    where company_id = ${companyId} and kind = 'timeOff' and status = 'approved'
      and employee_id = any(${employeeIds}::text[]) and starts_at < ${new Date(to)} and ends_at > ${new Date(from)}`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, employeeId: r.employeeId, startsAt: ms(r.startsAt), endsAt: ms(r.endsAt) }));
}

/** The conflicts of `shifts` (live, not removed), against every store's shifts of the same people. */
export async function conflictsOf(
  db: Kysely<DB>,
  companyId: string,
  week: StoreWeek,
  shifts: ScheduledShift[],
): Promise<{ conflicts: ShiftConflict[]; timeOff: TimeOffSpan[] }> {
  const employeeIds = [...new Set(shifts.map((s) => s.employeeId).filter((e): e is string => e !== null))];
  if (!employeeIds.length) return { conflicts: [], timeOff: [] };
  const margin = (24 + week.settings.minRestHours) * HOUR;
  const from = Math.min(week.from, ...shifts.map((s) => s.startsAt)) - margin;
  const to = Math.max(week.to, ...shifts.map((s) => s.endsAt)) + margin;
  const [others, stores, timeOff] = await Promise.all([
    db
      .selectFrom("shifts")
      .select(["id", "storeId", "employeeId", "startsAt", "endsAt", "breakMinutes"])
      .where("companyId", "=", companyId)
      .where("employeeId", "in", employeeIds)
      .where("removedAt", "is", null)
      .where("startsAt", "<", new Date(to))
      .where("endsAt", ">", new Date(from))
      .execute(),
    db.selectFrom("employeeStores").select(["employeeId", "storeId"]).where("companyId", "=", companyId).where("employeeId", "in", employeeIds).execute(),
    approvedTimeOff(db, companyId, employeeIds, week.from, week.to),
  ]);
  const storesOf = new Map<string, Set<string>>();
  for (const r of stores) storesOf.set(r.employeeId, (storesOf.get(r.employeeId) ?? new Set()).add(r.storeId));
  const conflicts = findConflicts({
    shifts,
    others: others.map(scheduled),
    timeOff,
    storesOf,
    week: { from: week.from, to: week.to },
    settings: week.settings,
  });
  return { conflicts, timeOff };
}

/** A shift as the grid shows it: times as epoch ms and store-local date and clock times. */
export function shiftView(r: ShiftRow, timeZone: string) {
  const start = localParts(ms(r.startsAt), timeZone);
  const end = localParts(ms(r.endsAt), timeZone);
  return {
    _id: r.id,
    employeeId: r.employeeId,
    startsAt: ms(r.startsAt),
    endsAt: ms(r.endsAt),
    date: start.date,
    start: formatClock(start.minutes),
    end: formatClock(end.minutes),
    breakMinutes: r.breakMinutes,
    position: r.position,
    note: r.note,
    status: r.status as "draft" | "published",
    /** Published once and edited since: employees still see the published version. */
    changedSincePublish: r.status === "draft" && r.publishedAt !== null,
  };
}
