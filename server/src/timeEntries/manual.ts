import type { Kysely } from "kysely";
import { businessDateOf } from "@tumble/domain/businessDate";
import { timeClockRefusal } from "@tumble/domain/timeClock";
import type { DB } from "../db/schema.ts";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { punchJob } from "../employees/jobs.ts";
import { refuseOwnProfile } from "../employees/ownProfile.ts";
import { lockEmployee } from "../timeClock/punches.ts";
import { refuseOverlapOrBeforeHire } from "./corrections.ts";

// A shift added by hand (issue 30): the person worked and forgot to punch. The entry has no
// punches (migration 0038), is closed, and waits in the verification queue like any other: the
// manager who added it may not approve it (nobody approves their own work), another one does; and
// nobody adds a shift for themselves.

export const MAX_SHIFT_MS = 24 * 3_600_000;

export interface ManualEntryInput {
  employeeId: string;
  storeId: string;
  clockIn: number;
  clockOut: number;
  /** Break minutes. */
  breaks: number;
  reason: string;
  /** The job worked (employees:addJob); absent: the store's job, else the profile's own; null: the profile's own. */
  jobId?: string | null;
}

/** Checks and adds a worked shift for an employee; returns the new entry's id. */
export async function addManualEntry(db: Kysely<DB>, who: { companyId: string; userId: string; now: number }, input: ManualEntryInput): Promise<string> {
  const { companyId, now } = who;
  const employee = await db
    .selectFrom("employees")
    .select(["id", "userId"])
    .where("companyId", "=", companyId)
    .where("id", "=", input.employeeId)
    .executeTakeFirst();
  if (!employee) throw refused(timeClockRefusal("manualEmployee"));
  // Nobody adds time for themselves (decision 0060), as nobody approves or corrects their own.
  refuseOwnProfile(employee, who.userId, "ownTimeAdded");
  const store = await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).where("id", "=", input.storeId).executeTakeFirst();
  if (!store) throw refused(timeClockRefusal("manualStore"));
  const { clockIn, clockOut, breaks } = input;
  if (clockOut <= clockIn) throw refused(timeClockRefusal("correctionOrder"));
  if (breaks * 60_000 >= clockOut - clockIn) throw refused(timeClockRefusal("correctionBreak"));
  if (clockOut - clockIn > MAX_SHIFT_MS) throw refused(timeClockRefusal("shiftTooLong"));
  if (clockOut > now) throw refused(timeClockRefusal("manualFuture"));
  // The person's punches and corrections wait here, so two shifts added at once cannot both pass the overlap check.
  await lockEmployee(db, companyId, input.employeeId);
  await refuseOverlapOrBeforeHire(db, companyId, { _id: null, employeeId: input.employeeId, timeZone: store.timeZone }, clockIn, clockOut, now);
  // Locked period: refused, naming it; paid period: marked, the next open one pays it (decision 0053).
  await guardPayDates(db, companyId, datesCovered(clockIn, clockOut, store.timeZone));
  const jobId = await punchJob(db, companyId, input.employeeId, input.storeId, businessDateOf(clockIn, store.timeZone), input.jobId);
  const id = newId();
  await db
    .insertInto("timeEntries")
    .values({
      id,
      companyId,
      employeeId: input.employeeId,
      storeId: input.storeId,
      businessDate: businessDateOf(clockIn, store.timeZone),
      clockInAt: new Date(clockIn),
      clockOutAt: new Date(clockOut),
      breakMinutes: breaks,
      breaks: "[]",
      status: "closed",
      flags: JSON.stringify(["manual"]),
      clockOutPunchId: null,
      source: "manual",
      addedBy: who.userId,
      addedAt: new Date(now),
      addedReason: input.reason,
      jobId,
      updatedAt: new Date(now),
    })
    .execute();
  await audit(db, {
    companyId,
    actorId: who.userId,
    action: "add",
    entity: "timeEntry",
    entityId: id,
    after: {
      employeeId: input.employeeId,
      storeId: input.storeId,
      jobId,
      clockInAt: clockIn,
      clockOutAt: clockOut,
      breakMinutes: breaks,
      reason: input.reason,
    },
  });
  return id;
}
