import type { Kysely } from "kysely";
import { workedMinutes, type EntryFlag } from "@tumble/domain/timeClock";
import type { DB } from "../db/schema.ts";
import type { TimeEntryBreak } from "../db/timeClockSchema.ts";

// Reading time entries: each with its raw times (as built from the punches, or as a manager added
// them by hand), the newest correction beside them when a manager made one, and the punches it
// was built from (none for a shift added by hand).

export interface EntryView {
  _id: string;
  employeeId: string;
  employeeName: string;
  storeId: string;
  storeName: string;
  /** The job worked, for a person with several (null: the profile's own). */
  jobId: string | null;
  jobTitle: string | null;
  businessDate: string;
  status: "open" | "closed";
  flags: EntryFlag[];
  /** As built from the punches. */
  raw: { clockInAt: number; clockOutAt: number | null; breakMinutes: number; workedMinutes: number };
  /** The newest correction, when there is one. */
  corrected: {
    clockInAt: number;
    clockOutAt: number | null;
    breakMinutes: number;
    workedMinutes: number;
    reason: string;
    by: string | null;
    at: number;
  } | null;
  breaks: TimeEntryBreak[];
  /** Added by hand (migration 0038): who, when and why; null for an entry built from punches. */
  manual: { byId: string | null; by: string | null; at: number; reason: string } | null;
  punches: Array<{ _id: string; action: string; occurredAt: number; receivedAt: number; deviceTime: number | null; offline: boolean; source: string }>;
}

const ms = (d: Date | string) => new Date(d).getTime();

export interface EntryFilter {
  companyId: string;
  employeeId?: string;
  storeId?: string;
  from: string;
  to: string;
  /** Only these employees' entries. */
  employeeIds?: string[];
}

/** The most entries one read returns: every entry of a 62-day range for 300 people working daily. */
export const MAX_ENTRIES_READ = 20_000;

export async function entriesBetween(db: Kysely<DB>, filter: EntryFilter, now: number): Promise<EntryView[]> {
  let q = db
    .selectFrom("timeEntries as t")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "t.companyId").onRef("e.id", "=", "t.employeeId"))
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .leftJoin("users as a", "a.id", "t.addedBy")
    .leftJoin("employeeJobs as j", (j) => j.onRef("j.companyId", "=", "t.companyId").onRef("j.id", "=", "t.jobId"))
    .select([
      "t.id",
      "t.jobId",
      "j.title as jobTitle",
      "t.source",
      "t.addedBy",
      "t.addedAt",
      "t.addedReason",
      "a.name as addedByName",
      "a.email as addedByEmail",
      "t.employeeId",
      "e.name as employeeName",
      "t.storeId",
      "s.name as storeName",
      "t.businessDate",
      "t.status",
      "t.flags",
      "t.clockInAt",
      "t.clockOutAt",
      "t.breakMinutes",
      "t.breaks",
    ])
    .where("t.companyId", "=", filter.companyId)
    .where("t.businessDate", ">=", filter.from)
    .where("t.businessDate", "<=", filter.to);
  if (filter.employeeId) q = q.where("t.employeeId", "=", filter.employeeId);
  if (filter.storeId) q = q.where("t.storeId", "=", filter.storeId);
  if (filter.employeeIds) q = q.where("t.employeeId", "in", filter.employeeIds.length ? filter.employeeIds : [""]);
  const rows = await q.orderBy("t.clockInAt", "desc").orderBy("t.id").limit(MAX_ENTRIES_READ).execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);

  const corrections = await db
    .selectFrom("timeEntryCorrections as c")
    .leftJoin("users as u", "u.id", "c.correctedBy")
    .select(["c.entryId", "c.clockInAt", "c.clockOutAt", "c.breakMinutes", "c.reason", "c.createdAt", "u.name as byName", "u.email as byEmail"])
    .where("c.companyId", "=", filter.companyId)
    .where("c.entryId", "in", ids)
    .orderBy("c.createdAt")
    .orderBy("c.id")
    .execute();
  const newest = new Map(corrections.map((c) => [c.entryId, c]));

  const employeeIds = [...new Set(rows.map((r) => r.employeeId))];
  const earliest = Math.min(...rows.map((r) => ms(r.clockInAt)));
  const punches = await db
    .selectFrom("punches")
    .select(["id", "employeeId", "action", "occurredAt", "receivedAt", "deviceTime", "offline", "source"])
    .where("companyId", "=", filter.companyId)
    .where("employeeId", "in", employeeIds)
    .where("occurredAt", ">=", new Date(earliest))
    .orderBy("occurredAt")
    .orderBy("id")
    .execute();

  return rows.map((r) => {
    const clockInAt = ms(r.clockInAt);
    const clockOutAt = r.clockOutAt === null ? null : ms(r.clockOutAt);
    const breaks = r.breaks as unknown as TimeEntryBreak[];
    const running = breaks.reduce((sum, b) => sum + (b.end === null ? Math.max(0, now - b.start) : 0), 0);
    const breakMinutes = Number(r.breakMinutes) + Math.round(running / 60_000);
    const c = newest.get(r.id);
    const until = clockOutAt ?? now;
    return {
      _id: r.id,
      employeeId: r.employeeId,
      employeeName: r.employeeName,
      storeId: r.storeId,
      storeName: r.storeName,
      jobId: r.jobId,
      jobTitle: r.jobTitle,
      businessDate: r.businessDate,
      status: r.status as "open" | "closed",
      flags: r.flags as unknown as EntryFlag[],
      raw: { clockInAt, clockOutAt, breakMinutes, workedMinutes: workedMinutes({ clockInAt, clockOutAt, breakMinutes }, now) },
      corrected: c
        ? {
            clockInAt: ms(c.clockInAt),
            clockOutAt: c.clockOutAt === null ? null : ms(c.clockOutAt),
            breakMinutes: c.breakMinutes,
            workedMinutes: workedMinutes(
              { clockInAt: ms(c.clockInAt), clockOutAt: c.clockOutAt === null ? null : ms(c.clockOutAt), breakMinutes: c.breakMinutes },
              now,
            ),
            reason: c.reason,
            by: c.byName ?? c.byEmail,
            at: ms(c.createdAt),
          }
        : null,
      breaks,
      manual: r.source === "manual" ? { byId: r.addedBy, by: r.addedByName ?? r.addedByEmail, at: ms(r.addedAt!), reason: r.addedReason ?? "" } : null,
      // A shift added by hand has no punches, whatever stray punch lies within its hours.
      punches: (r.source === "manual" ? [] : punches)
        .filter((p) => p.employeeId === r.employeeId && ms(p.occurredAt) >= clockInAt && ms(p.occurredAt) <= until)
        .map((p) => ({
          _id: p.id,
          action: p.action,
          occurredAt: ms(p.occurredAt),
          receivedAt: ms(p.receivedAt),
          deviceTime: p.deviceTime === null ? null : ms(p.deviceTime),
          offline: p.offline,
          source: p.source,
        })),
    };
  });
}

export interface OnTheClockRow {
  employeeId: string;
  name: string;
  storeId: string;
  storeName: string;
  /** The store's time zone, for showing the times as the store reads them. */
  timeZone: string;
  state: "working" | "onBreak";
  clockInAt: number;
  /** When the current state began: clock-in, or the running break's start. */
  since: number;
  breakMinutes: number;
  flags: EntryFlag[];
}

/** Who is on the clock now (open entries), by store then name. */
export async function onTheClock(db: Kysely<DB>, companyId: string, storeId?: string): Promise<OnTheClockRow[]> {
  let q = db
    .selectFrom("timeEntries as t")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "t.companyId").onRef("e.id", "=", "t.employeeId"))
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .select(["t.employeeId", "e.name", "t.storeId", "s.name as storeName", "s.timeZone", "t.clockInAt", "t.breaks", "t.breakMinutes", "t.flags"])
    .where("t.companyId", "=", companyId)
    .where("t.status", "=", "open");
  if (storeId) q = q.where("t.storeId", "=", storeId);
  const rows = await q.orderBy("s.name").orderBy("e.name").orderBy("t.employeeId").execute();
  return rows.map((r) => {
    const breaks = r.breaks as unknown as TimeEntryBreak[];
    const last = breaks[breaks.length - 1];
    const onBreak = !!last && last.end === null;
    return {
      employeeId: r.employeeId,
      name: r.name,
      storeId: r.storeId,
      storeName: r.storeName,
      timeZone: r.timeZone,
      state: onBreak ? "onBreak" : "working",
      clockInAt: ms(r.clockInAt),
      since: onBreak ? last.start : ms(r.clockInAt),
      breakMinutes: Number(r.breakMinutes),
      flags: r.flags as unknown as EntryFlag[],
    };
  });
}
