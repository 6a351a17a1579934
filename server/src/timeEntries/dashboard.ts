import type { Kysely } from "kysely";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { weekStartOf } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { reviewedEntries } from "./review.ts";

// The employee-management dashboard (issue 17): today per store — who was scheduled, who is on
// the clock and who is there without a shift — the entries waiting for verification, and this
// week's hours with the overtime each person is heading for. Late and absent are decided on the
// screen from the shift times and the minute it is now, so a live re-run is only needed on writes.

const ms = (d: Date | string) => new Date(d).getTime();
/** Federal overtime starts after 40 hours in a workweek. */
export const OVERTIME_WEEKLY_MINUTES = 40 * 60;

export async function dashboardOf(db: Kysely<DB>, companyId: string, settings: WorkforceSettings, now: number) {
  const stores = await db
    .selectFrom("stores")
    .select(["id", "name", "timeZone"])
    .where("companyId", "=", companyId)
    .where("isActive", "=", true)
    .orderBy("name")
    .execute();
  const zone = stores[0]?.timeZone ?? "UTC";
  const today = todayIn(zone, now);
  const weekStart = weekStartOf(today, settings.workweekStart);
  const weekFrom = startOfBusinessDay(weekStart, zone);
  const weekTo = startOfBusinessDay(addDays(weekStart, 7), zone);

  const shifts = await db
    .selectFrom("shifts as sh")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "sh.companyId").onRef("e.id", "=", "sh.publishedEmployeeId"))
    .select(["sh.id", "sh.storeId", "sh.publishedEmployeeId as employeeId", "e.name", "sh.publishedStartsAt", "sh.publishedEndsAt", "sh.publishedBreakMinutes"])
    .where("sh.companyId", "=", companyId)
    .where("sh.publishedAt", "is not", null)
    .where("sh.removedAt", "is", null)
    .where("sh.publishedStartsAt", "<", new Date(weekTo + 86_400_000))
    .where("sh.publishedEndsAt", ">", new Date(Math.min(weekFrom, now - 86_400_000)))
    .execute();
  const entries = await db
    .selectFrom("timeEntries as t")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "t.companyId").onRef("e.id", "=", "t.employeeId"))
    .select(["t.id", "t.employeeId", "e.name", "t.storeId", "t.businessDate", "t.clockInAt", "t.clockOutAt", "t.breakMinutes", "t.status"])
    .where("t.companyId", "=", companyId)
    .where((eb) => eb.or([eb("t.clockInAt", ">=", new Date(Math.min(weekFrom, now - 86_400_000))), eb("t.status", "=", "open")]))
    .execute();
  const corrections = await db
    .selectFrom("timeEntryCorrections")
    .select(["entryId", "clockInAt", "clockOutAt", "breakMinutes", "createdAt"])
    .where("companyId", "=", companyId)
    .where("entryId", "in", entries.length ? entries.map((e) => e.id) : [""])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const corrected = new Map(corrections.map((c) => [c.entryId, c]));

  const perStore = stores.map((s) => {
    const dayFrom = startOfBusinessDay(todayIn(s.timeZone, now), s.timeZone);
    const dayTo = startOfBusinessDay(addDays(todayIn(s.timeZone, now), 1), s.timeZone);
    const todays = shifts.filter((x) => x.storeId === s.id && ms(x.publishedStartsAt!) >= dayFrom && ms(x.publishedStartsAt!) < dayTo);
    const storeEntries = entries.filter((e) => e.storeId === s.id && (e.status === "open" || ms(e.clockInAt) >= dayFrom - 6 * 3_600_000));
    const scheduled = todays
      .map((x) => {
        const startsAt = ms(x.publishedStartsAt!);
        const endsAt = ms(x.publishedEndsAt!);
        const entry = storeEntries.find(
          (e) => e.employeeId === x.employeeId && ms(e.clockInAt) < endsAt && (e.clockOutAt === null || ms(e.clockOutAt) > startsAt - 2 * 3_600_000),
        );
        return {
          shiftId: x.id,
          employeeId: x.employeeId!,
          name: x.name,
          startsAt,
          endsAt,
          entry: entry ? { clockInAt: ms(entry.clockInAt), clockOutAt: entry.clockOutAt === null ? null : ms(entry.clockOutAt) } : null,
        };
      })
      .sort((a, b) => a.startsAt - b.startsAt || a.name.localeCompare(b.name));
    const onClock = storeEntries.filter((e) => e.status === "open");
    const unscheduled = onClock
      .filter((e) => !todays.some((x) => x.employeeId === e.employeeId))
      .map((e) => ({ employeeId: e.employeeId, name: e.name, clockInAt: ms(e.clockInAt) }));
    return { storeId: s.id, storeName: s.name, timeZone: s.timeZone, scheduled, onClockCount: onClock.length, unscheduled };
  });

  // This week's hours: worked (corrections counting) and still scheduled, per person.
  const week = new Map<string, { employeeId: string; name: string; workedMinutes: number; scheduledMinutes: number }>();
  const row = (employeeId: string, name: string) => {
    const r = week.get(employeeId) ?? { employeeId, name, workedMinutes: 0, scheduledMinutes: 0 };
    week.set(employeeId, r);
    return r;
  };
  for (const e of entries) {
    const c = corrected.get(e.id);
    const inAt = ms(c?.clockInAt ?? e.clockInAt);
    if (inAt < weekFrom || inAt >= weekTo) continue;
    const outAt = c ? (c.clockOutAt === null ? now : ms(c.clockOutAt)) : e.clockOutAt === null ? now : ms(e.clockOutAt);
    const breaks = c ? c.breakMinutes : Number(e.breakMinutes);
    row(e.employeeId, e.name).workedMinutes += Math.max(0, Math.round((outAt - inAt) / 60_000) - breaks);
  }
  for (const x of shifts) {
    const startsAt = ms(x.publishedStartsAt!);
    if (startsAt < Math.max(now, weekFrom) || startsAt >= weekTo) continue;
    row(x.employeeId!, x.name).scheduledMinutes += Math.max(0, Math.round((ms(x.publishedEndsAt!) - startsAt) / 60_000) - (x.publishedBreakMinutes ?? 0));
  }
  const hours = [...week.values()]
    .map((r) => ({
      ...r,
      projectedMinutes: r.workedMinutes + r.scheduledMinutes,
      overtimeRisk: r.workedMinutes + r.scheduledMinutes > OVERTIME_WEEKLY_MINUTES,
    }))
    .sort((a, b) => b.projectedMinutes - a.projectedMinutes || a.name.localeCompare(b.name));

  const recent = await reviewedEntries(db, companyId, { from: addDays(today, -13), to: today }, settings, now);
  return {
    today,
    weekStart,
    toleranceMinutes: settings.autoApproveToleranceMinutes,
    stores: perStore,
    hours,
    pendingVerifications: recent.filter((e) => e.reviewStatus === "pending").length,
    verificationFrom: addDays(today, -13),
  };
}
