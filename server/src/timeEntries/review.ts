import type { Kysely } from "kysely";
import {
  autoApprovable,
  autoClockOutAt,
  entryExceptions,
  matchShift,
  reviewStatus,
  type EntryException,
  type ReviewStatus,
  type ScheduledShift,
} from "@tumble/domain/timeEntryReview";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import type { DB } from "../db/schema.ts";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { entriesBetween, type EntryView } from "../timeClock/entries.ts";
import { lockEmployee, recordPunch } from "../timeClock/punches.ts";

// Time-entry verification (docs/decisions/0033): each entry with its published shift, its
// exceptions and where its review stands. Reviews are rows of their own (time_entry_reviews)
// holding the times they approved; an entry is verified only while its effective times are those.

const ms = (d: Date | string) => new Date(d).getTime();
const DAY = 86_400_000;

export interface ReviewedEntry extends EntryView {
  effective: { clockInAt: number; clockOutAt: number | null; breakMinutes: number; workedMinutes: number };
  shift: (ScheduledShift & { position: string | null }) | null;
  exceptions: EntryException[];
  reviewStatus: ReviewStatus;
  review: { status: "approved" | "rejected"; auto: boolean; reason: string | null; by: string | null; at: number } | null;
  autoClockOut: boolean;
}

export interface ReviewFilter {
  from: string;
  to: string;
  storeId?: string;
  employeeId?: string;
  employeeIds?: string[];
}

/** Published shifts of these employees overlapping [from, to), as employees were shown them. */
async function publishedShifts(db: Kysely<DB>, companyId: string, employeeIds: string[], from: number, to: number) {
  if (!employeeIds.length) return [];
  const rows = await db
    .selectFrom("shifts")
    .select(["id", "storeId", "publishedEmployeeId", "publishedStartsAt", "publishedEndsAt", "publishedBreakMinutes", "publishedPosition"])
    .where("companyId", "=", companyId)
    .where("publishedEmployeeId", "in", employeeIds)
    .where("publishedAt", "is not", null)
    .where("removedAt", "is", null)
    .where("publishedStartsAt", "<", new Date(to))
    .where("publishedEndsAt", ">", new Date(from))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.publishedEmployeeId!,
    storeId: r.storeId,
    startsAt: ms(r.publishedStartsAt!),
    endsAt: ms(r.publishedEndsAt!),
    breakMinutes: r.publishedBreakMinutes ?? 0,
    position: r.publishedPosition,
  }));
}

/** Entries with business dates in [from, to], each with its shift, exceptions and review status. */
export async function reviewedEntries(
  db: Kysely<DB>,
  companyId: string,
  filter: ReviewFilter,
  settings: WorkforceSettings,
  now: number,
): Promise<ReviewedEntry[]> {
  const views = await entriesBetween(db, { companyId, ...filter }, now);
  if (!views.length) return [];
  const employeeIds = [...new Set(views.map((v) => v.employeeId))];
  const earliest = Math.min(...views.map((v) => v.raw.clockInAt)) - DAY;
  const latest = Math.max(...views.map((v) => v.raw.clockOutAt ?? now)) + DAY;
  const shifts = await publishedShifts(db, companyId, employeeIds, earliest, latest);
  const reviews = await db
    .selectFrom("timeEntryReviews as r")
    .leftJoin("users as u", "u.id", "r.reviewedBy")
    .select(["r.entryId", "r.status", "r.auto", "r.clockInAt", "r.clockOutAt", "r.breakMinutes", "r.reason", "r.reviewedAt", "u.name", "u.email"])
    .where("r.companyId", "=", companyId)
    .where(
      "r.entryId",
      "in",
      views.map((v) => v._id),
    )
    .execute();
  const byEntry = new Map(reviews.map((r) => [r.entryId, r]));
  // One shift is one entry's: an employee working a shift in two entries matches it with the first.
  return views.map((v) => {
    const effective = v.corrected ?? v.raw;
    const own = shifts.filter((s) => s.employeeId === v.employeeId);
    const shift = matchShift({ clockInAt: effective.clockInAt, clockOutAt: effective.clockOutAt }, own, now);
    const autoClockOut = v.punches.some((p) => p.action === "clockOut" && p.source === "auto");
    const exceptions = entryExceptions(
      {
        clockInAt: effective.clockInAt,
        clockOutAt: effective.clockOutAt,
        breakMinutes: effective.breakMinutes,
        storeId: v.storeId,
        flags: v.flags,
        edited: v.corrected !== null,
        autoClockOut,
      },
      shift,
      settings.autoApproveToleranceMinutes,
    );
    const r = byEntry.get(v._id);
    const stored = r
      ? { status: r.status as "approved" | "rejected", clockInAt: ms(r.clockInAt), clockOutAt: ms(r.clockOutAt), breakMinutes: r.breakMinutes }
      : null;
    return {
      ...v,
      effective: {
        clockInAt: effective.clockInAt,
        clockOutAt: effective.clockOutAt,
        breakMinutes: effective.breakMinutes,
        workedMinutes: effective.workedMinutes,
      },
      shift: shift
        ? { id: shift.id, storeId: shift.storeId, startsAt: shift.startsAt, endsAt: shift.endsAt, breakMinutes: shift.breakMinutes, position: shift.position }
        : null,
      exceptions,
      reviewStatus: reviewStatus(effective, stored),
      review: r ? { status: stored!.status, auto: r.auto, reason: r.reason, by: r.name ?? r.email, at: ms(r.reviewedAt) } : null,
      autoClockOut,
    };
  });
}

/**
 * Closes every entry of the company open longer than maxShiftHours at the maximum, with a clock-out
 * punch of source 'auto' (raw and insert-only like every punch, so rebuilds keep it). Returns the
 * entries closed.
 */
export async function autoClockOut(db: Kysely<DB>, companyId: string, settings: WorkforceSettings, now: number): Promise<string[]> {
  const cutoff = new Date(now - settings.maxShiftHours * 3_600_000);
  const open = await db
    .selectFrom("timeEntries")
    .select(["id", "employeeId", "storeId", "clockInAt"])
    .where("companyId", "=", companyId)
    .where("status", "=", "open")
    .where("clockInAt", "<=", cutoff)
    .execute();
  const closed: string[] = [];
  for (const entry of open) {
    await lockEmployee(db, companyId, entry.employeeId);
    const still = await db
      .selectFrom("timeEntries")
      .select(["id", "clockInAt"])
      .where("companyId", "=", companyId)
      .where("id", "=", entry.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    const at = still ? autoClockOutAt(ms(still.clockInAt), settings.maxShiftHours, now) : null;
    if (at === null) continue;
    // The punch happens at the maximum: recorded as of then, by no device and no person.
    await recordPunch(db, {
      companyId,
      employeeId: entry.employeeId,
      storeId: entry.storeId,
      action: "clockOut",
      now: at,
      source: "auto" as "phone",
    });
    closed.push(entry.id);
  }
  return closed;
}

/** Approves, without a person, the pending entries in range that are within tolerance of their shift and have no exception. */
export async function autoApprove(db: Kysely<DB>, companyId: string, filter: ReviewFilter, settings: WorkforceSettings, now: number): Promise<string[]> {
  const entries = await reviewedEntries(db, companyId, filter, settings, now);
  // A shift added by hand always waits for a person other than the one who added it.
  const clean = entries.filter(
    (e) =>
      e.manual === null &&
      e.reviewStatus === "pending" &&
      e.review === null &&
      autoApprovable(
        {
          ...e.effective,
          storeId: e.storeId,
          flags: e.flags,
          edited: e.corrected !== null,
          autoClockOut: e.autoClockOut,
        },
        e.shift,
        settings.autoApproveToleranceMinutes,
      ),
  );
  const zones = new Map((await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).execute()).map((s) => [s.id, s.timeZone]));
  const approved: string[] = [];
  for (const e of clean) {
    // Not into a locked period (it waits for a person once reopened); into a paid one, the next period pays it.
    const dates = datesCovered(e.effective.clockInAt, e.effective.clockOutAt, zones.get(e.storeId) ?? "UTC");
    if (!(await guardPayDates(db, companyId, dates, "skip"))) continue;
    approved.push(e._id);
    await db
      .insertInto("timeEntryReviews")
      .values({
        companyId,
        entryId: e._id,
        employeeId: e.employeeId,
        status: "approved",
        auto: true,
        clockInAt: new Date(e.effective.clockInAt),
        clockOutAt: new Date(e.effective.clockOutAt!),
        breakMinutes: e.effective.breakMinutes,
        reviewedBy: null,
        reviewedAt: new Date(now),
      })
      .onConflict((oc) => oc.columns(["companyId", "entryId"]).doNothing())
      .execute();
  }
  return approved;
}

/** Records a person's review of entries at their effective times (replacing an earlier one). */
export async function storeReview(
  db: Kysely<DB>,
  companyId: string,
  entries: ReviewedEntry[],
  review: { status: "approved" | "rejected"; reason: string | null; userId: string; now: number },
): Promise<void> {
  for (const e of entries) {
    const values = {
      employeeId: e.employeeId,
      status: review.status,
      auto: false,
      clockInAt: new Date(e.effective.clockInAt),
      clockOutAt: new Date(e.effective.clockOutAt!),
      breakMinutes: e.effective.breakMinutes,
      reason: review.reason,
      reviewedBy: review.userId,
      reviewedAt: new Date(review.now),
    };
    await db
      .insertInto("timeEntryReviews")
      .values({ companyId, entryId: e._id, ...values })
      .onConflict((oc) => oc.columns(["companyId", "entryId"]).doUpdateSet(values))
      .execute();
  }
}
