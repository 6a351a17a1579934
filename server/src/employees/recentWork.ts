import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// The profile's "recent punches and hours": read from the time clock's tables (migration 0021)
// when they exist.

export interface RecentWork {
  /** The latest punches, newest first. */
  punches: Array<{ _id: string; action: string; occurredAt: number; storeName: string; offline: boolean }>;
  /** Worked minutes per business date over the last 14 days, newest first. */
  days: Array<{ businessDate: string; minutes: number }>;
}

export async function recentWork(_db: Kysely<DB>, _companyId: string, _employeeId: string, _today: string): Promise<RecentWork | null> {
  return null;
}
