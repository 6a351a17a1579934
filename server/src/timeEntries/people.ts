import type { Kysely } from "kysely";
import { isoDate } from "../db/isoDate.ts";
import type { DB } from "../db/schema.ts";

/**
 * The people a shift can be added for: active employees with their stores and jobs, no pay (a
 * supervisor verifies time without seeing rates).
 */
export async function addablePeople(db: Kysely<DB>, companyId: string) {
  const rows = await db
    .selectFrom("employees")
    .select(["id", "name", "position"])
    .where("companyId", "=", companyId)
    .where("status", "=", "active")
    .orderBy("name")
    .limit(2000)
    .execute();
  const stores = await db.selectFrom("employeeStores").select(["employeeId", "storeId"]).where("companyId", "=", companyId).execute();
  const jobs = await db
    .selectFrom("employeeJobs")
    .select(["id", "employeeId", "title", "storeId", "endedOn"])
    .where("companyId", "=", companyId)
    .orderBy("title")
    .execute();
  return rows.map((e) => ({
    _id: e.id,
    name: e.name,
    position: e.position,
    storeIds: stores.filter((s) => s.employeeId === e.id).map((s) => s.storeId),
    jobs: jobs
      .filter((j) => j.employeeId === e.id)
      .map((j) => ({ _id: j.id, title: j.title, storeId: j.storeId, endedOn: j.endedOn ? isoDate(j.endedOn) : null })),
  }));
}
