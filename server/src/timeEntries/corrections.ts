import { sql, type Kysely } from "kysely";
import { businessDateOf } from "@tumble/domain/businessDate";
import { timeClockRefusal } from "@tumble/domain/timeClock";
import { isoDate } from "../db/isoDate.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// What a correction or a shift added by hand may not do (issue 30): pay one person twice for the
// same minutes, or pay time before they were hired or after they left. (Time in the future is
// refused by the caller, against its clock.) Callers hold the employee's lock (lockEmployee), so
// two changes of one person's time are checked one after the other.

/**
 * Refuses times that overlap another entry of the person (at its effective times), start before
 * their hire date or after their end date. `entry._id` is the entry being corrected (null: a new one).
 */
export async function refuseOverlapOrBeforeHire(
  db: Kysely<DB>,
  companyId: string,
  entry: { _id: string | null; employeeId: string; timeZone: string },
  clockInAt: number,
  clockOutAt: number,
  now: number,
): Promise<void> {
  const person = await db
    .selectFrom("employees")
    .select(["hireDate", "endDate"])
    .where("companyId", "=", companyId)
    .where("id", "=", entry.employeeId)
    .executeTakeFirst();
  const date = businessDateOf(clockInAt, entry.timeZone);
  if (person?.hireDate && date < isoDate(person.hireDate)) throw refused(timeClockRefusal("correctionBeforeHire"));
  if (person?.endDate && date > isoDate(person.endDate)) throw refused(timeClockRefusal("manualAfterEnd"));
  // Neighbours within a day either way of their newest correction's times when they have one (else their punched ones).
  const others = await db
    .selectFrom("timeEntries as t")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("timeEntryCorrections")
          .distinctOn("entryId")
          .select(["entryId", "clockInAt", "clockOutAt"])
          .where("companyId", "=", companyId)
          .where("employeeId", "=", entry.employeeId)
          .orderBy("entryId")
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .as("c"),
      (j) => j.onRef("c.entryId", "=", "t.id"),
    )
    .select([
      "t.id",
      sql<Date>`coalesce(c.clock_in_at, t.clock_in_at)`.as("inAt"),
      sql<Date | null>`case when c.entry_id is null then t.clock_out_at else c.clock_out_at end`.as("outAt"),
    ])
    .where("t.companyId", "=", companyId)
    .where("t.employeeId", "=", entry.employeeId)
    .where("t.id", "<>", entry._id ?? "")
    // At effective times: an entry a correction moved here from another week overlaps too.
    .where(sql<boolean>`coalesce(c.clock_in_at, t.clock_in_at) < ${new Date(clockOutAt + 86_400_000)}`)
    .where(sql<boolean>`coalesce(case when c.entry_id is null then t.clock_out_at else c.clock_out_at end, now()) > ${new Date(clockInAt - 86_400_000)}`)
    .execute();
  const overlaps = others.some((o) => {
    const inAt = new Date(o.inAt).getTime();
    const outAt = o.outAt === null ? now : new Date(o.outAt).getTime();
    return inAt < clockOutAt && clockInAt < outAt;
  });
  if (overlaps) throw refused(timeClockRefusal("correctionOverlap"));
}

/** Nobody approves, rejects or corrects their own time (a manager or supervisor is often also an employee). */
export async function refuseOwnTime(db: Kysely<DB>, companyId: string, userId: string, entries: ReadonlyArray<{ employeeId: string }>): Promise<void> {
  const own = await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", userId).execute();
  if (own.some((e) => entries.some((x) => x.employeeId === e.id))) throw refused(timeClockRefusal("ownTime"));
}
