import { timeClockRefusal } from "@tumble/domain/timeClock";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { lockEmployee } from "../timeClock/punches.ts";
import { refuseOverlapOrBeforeHire, refuseOwnTime } from "./corrections.ts";

/**
 * A manager's correction of an entry from the time clock, kept beside the raw times with its
 * reason, who and when (timeclock:correct). It answers to the same rules as timeEntries:correct
 * (decision 0053): not in the future, not over another entry of the person, not before their hire
 * date, not into a locked pay period (a paid one is marked, and the next open period pays the
 * difference). It does not approve.
 */
export async function correctClockEntry(
  ctx: MutationCtx<"canViewTimeClocks">,
  args: { entryId: string; clockInAt: number; clockOutAt: number | null; breakMinutes: number; reason: string },
) {
  const companyId = ctx.company.id;
  const entry = await ctx.db
    .selectFrom("timeEntries")
    .select(["id", "employeeId", "storeId", "clockInAt", "clockOutAt", "breakMinutes"])
    .where("companyId", "=", companyId)
    .where("id", "=", args.entryId)
    .executeTakeFirst();
  if (!entry) throw refused(timeClockRefusal("entryNotFound"));
  await refuseOwnTime(ctx.db, companyId, ctx.user.id, [entry]);
  if (args.clockOutAt !== null && args.clockOutAt <= args.clockInAt) throw refused(timeClockRefusal("correctionOrder"));
  if (args.clockOutAt !== null && args.breakMinutes * 60_000 >= args.clockOutAt - args.clockInAt) throw refused(timeClockRefusal("correctionBreak"));
  if ((args.clockOutAt ?? args.clockInAt) > ctx.now) throw refused(timeClockRefusal("correctionFuture"));
  if (args.clockOutAt !== null && args.clockOutAt - args.clockInAt > 24 * 3_600_000) throw refused(timeClockRefusal("shiftTooLong"));
  await lockEmployee(ctx.db, companyId, entry.employeeId);
  const timeZone =
    (await ctx.db.selectFrom("stores").select("timeZone").where("companyId", "=", companyId).where("id", "=", entry.storeId).executeTakeFirst())?.timeZone ??
    "UTC";
  await refuseOverlapOrBeforeHire(
    ctx.db,
    companyId,
    { _id: entry.id, employeeId: entry.employeeId, timeZone },
    args.clockInAt,
    args.clockOutAt ?? ctx.now,
    ctx.now,
  );
  // The days it held (at its newest correction's times, else its punched ones) and the days it holds now.
  const newest = await ctx.db
    .selectFrom("timeEntryCorrections")
    .select(["clockInAt", "clockOutAt"])
    .where("companyId", "=", companyId)
    .where("entryId", "=", entry.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const held = newest ?? entry;
  const at = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
  await guardPayDates(ctx.db, companyId, [
    ...datesCovered(at(held.clockInAt)!, at(held.clockOutAt), timeZone),
    ...datesCovered(args.clockInAt, args.clockOutAt, timeZone),
  ]);
  const correctionId = newId();
  await ctx.db
    .insertInto("timeEntryCorrections")
    .values({
      id: correctionId,
      companyId,
      entryId: entry.id,
      employeeId: entry.employeeId,
      clockInAt: new Date(args.clockInAt),
      clockOutAt: args.clockOutAt === null ? null : new Date(args.clockOutAt),
      breakMinutes: args.breakMinutes,
      reason: args.reason,
      correctedBy: ctx.user.id,
    })
    .execute();
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "correct",
    entity: "timeEntry",
    entityId: entry.id,
    before: { clockInAt: entry.clockInAt, clockOutAt: entry.clockOutAt, breakMinutes: entry.breakMinutes },
    after: {
      clockInAt: new Date(args.clockInAt),
      clockOutAt: args.clockOutAt === null ? null : new Date(args.clockOutAt),
      breakMinutes: args.breakMinutes,
      reason: args.reason,
    },
  });
  return { correctionId };
}
