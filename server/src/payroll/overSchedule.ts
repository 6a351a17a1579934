import type { Kysely } from "kysely";
import { addDays, type DateRange } from "@tumble/domain/payPeriods";
import { datedParts, type PayLine } from "@tumble/domain/payroll";
import type { DB } from "../db/schema.ts";

// The payroll dashboard's "hours over the schedule" warning: verified minutes of a period beyond
// what each employee was shown on the published schedule. A shift's minutes count on the dates they
// fall on in its store's time zone, cut at midnight as paid time is (decision 0048). Drafts and
// removed shifts are not the schedule.

const DAY_MS = 86_400_000;

/** Published scheduled minutes per employee falling on the range's dates. */
export async function scheduledMinutes(db: Kysely<DB>, companyId: string, range: DateRange): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("shifts as sh")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "sh.companyId").onRef("s.id", "=", "sh.storeId"))
    .select(["sh.publishedEmployeeId", "sh.publishedStartsAt", "sh.publishedEndsAt", "sh.publishedBreakMinutes", "s.timeZone"])
    .where("sh.companyId", "=", companyId)
    .where("sh.publishedAt", "is not", null)
    .where("sh.removedAt", "is", null)
    .where("sh.publishedEmployeeId", "is not", null)
    // A day either side in UTC covers every zone; the exact date is decided below.
    .where("sh.publishedStartsAt", ">=", new Date(Date.parse(`${range.startsOn}T00:00:00Z`) - DAY_MS))
    .where("sh.publishedStartsAt", "<", new Date(Date.parse(`${addDays(range.endsOn, 1)}T00:00:00Z`) + DAY_MS))
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    if (!r.publishedEmployeeId || !r.publishedStartsAt || !r.publishedEndsAt) continue;
    const shift = {
      clockInAt: new Date(r.publishedStartsAt).getTime(),
      clockOutAt: new Date(r.publishedEndsAt).getTime(),
      breakMinutes: r.publishedBreakMinutes ?? 0,
      timeZone: r.timeZone,
    };
    const minutes = datedParts(shift)
      .filter((p) => p.date >= range.startsOn && p.date <= range.endsOn)
      .reduce((sum, p) => sum + p.minutes, 0);
    if (minutes > 0) out.set(r.publishedEmployeeId, (out.get(r.publishedEmployeeId) ?? 0) + minutes);
  }
  return out;
}

/** Verified in-period minutes beyond each employee's published schedule, summed over employees. */
export function overScheduleMinutes(lines: readonly PayLine[], range: DateRange, scheduled: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const line of lines) {
    const worked = line.days.filter((d) => d.date >= range.startsOn && d.date <= range.endsOn).reduce((sum, d) => sum + d.minutes, 0);
    total += Math.max(0, worked - (scheduled.get(line.employeeId) ?? 0));
  }
  return total;
}
