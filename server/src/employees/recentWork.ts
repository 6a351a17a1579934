import type { Kysely } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import type { DB } from "../db/schema.ts";
import { entriesBetween } from "../timeClock/entries.ts";

// The profile's "recent punches and hours", read from the time clock (migration 0021): the latest
// raw punches, and the minutes worked per business date over the last two weeks — a manager's
// correction, when there is one, counts instead of the raw times.

const PUNCHES = 10;
const DAYS = 14;

export interface RecentWork {
  /** The latest punches, newest first. */
  punches: Array<{ _id: string; action: string; occurredAt: number; storeName: string; offline: boolean }>;
  /** Worked minutes per business date over the last 14 days, newest first. */
  days: Array<{ businessDate: string; minutes: number }>;
}

export async function recentWork(db: Kysely<DB>, companyId: string, employeeId: string, today: string, now: number): Promise<RecentWork> {
  const punches = await db
    .selectFrom("punches as p")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "p.companyId").onRef("s.id", "=", "p.storeId"))
    .select(["p.id", "p.action", "p.occurredAt", "p.offline", "s.name as storeName"])
    .where("p.companyId", "=", companyId)
    .where("p.employeeId", "=", employeeId)
    .orderBy("p.occurredAt", "desc")
    .limit(PUNCHES)
    .execute();
  const entries = await entriesBetween(db, { companyId, employeeId, from: addDays(today, -(DAYS - 1)), to: today }, now);
  const minutes = new Map<string, number>();
  for (const e of entries) minutes.set(e.businessDate, (minutes.get(e.businessDate) ?? 0) + (e.corrected ?? e.raw).workedMinutes);
  return {
    punches: punches.map((p) => ({ _id: p.id, action: p.action, occurredAt: new Date(p.occurredAt).getTime(), storeName: p.storeName, offline: p.offline })),
    days: [...minutes].sort(([a], [b]) => (a < b ? 1 : -1)).map(([businessDate, m]) => ({ businessDate, minutes: m })),
  };
}
