import type { Kysely } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import { localParts, type ShiftChange } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { publishedShiftsOf } from "./assign.ts";

// An employee's own schedule (shifts:mine, markNoticesSeen): what was published to them, the
// published open shifts at their stores they may claim, and the notices of changes publishes sent.

const ms = (d: Date | string) => new Date(d).getTime();

/**
 * The caller's own published shifts from `from` for `days` days (their employee profile in the
 * active company), the published open shifts at their stores they may claim, and the changes
 * publishes told them of that they have not seen.
 */
export async function ownSchedule(db: Kysely<DB>, companyId: string, userId: string, args: { from?: string; days?: number }, now: number) {
  const employee = await db.selectFrom("employees").select(["id", "name"]).where("companyId", "=", companyId).where("userId", "=", userId).executeTakeFirst();
  if (!employee) return { employee: null, shifts: [], openShifts: [], notices: [] };
  const stores = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select(["s.id", "s.name", "s.timeZone"])
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "=", employee.id)
    .execute();
  const zoneOf = new Map(stores.map((s) => [s.id, s]));
  const tz = stores[0]?.timeZone ?? "UTC";
  const fromDay = args.from ?? localParts(now, tz).date;
  const from = Date.parse(`${addDays(fromDay, -1)}T00:00:00Z`);
  const to = Date.parse(`${addDays(fromDay, (args.days ?? 14) + 1)}T00:00:00Z`);
  const own = await publishedShiftsOf(db, companyId, employee.id, new Date(from), new Date(to));
  const allStores = await db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).execute();
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
    ? await db
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
        .where("publishedStartsAt", ">=", new Date(now))
        .orderBy("publishedStartsAt")
        .limit(50)
        .execute()
    : [];
  const notices = await db
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
}

/** Marks the caller's schedule notices seen (the user tab's count goes down). */
export async function markNoticesSeen(db: Kysely<DB>, companyId: string, userId: string, now: number) {
  const employee = await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", userId).executeTakeFirst();
  if (!employee) return { seen: 0 };
  const r = await db
    .updateTable("shiftNotices")
    .set({ seenAt: new Date(now) })
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employee.id)
    .where("seenAt", "is", null)
    .executeTakeFirst();
  return { seen: Number(r.numUpdatedRows) };
}
