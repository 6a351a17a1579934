import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { todayIn } from "@tumble/domain/businessDate";

/**
 * The business date an entry made now belongs to: today in its store's time zone; an entry of no
 * store (between bank accounts) takes the time zone of the company's first store, and UTC only
 * for a company without stores.
 */
export async function businessDateNow(db: Kysely<DB>, companyId: string, storeId: string | null, now: Date): Promise<string> {
  let q = db.selectFrom("stores").select("timeZone").where("companyId", "=", companyId);
  q = storeId ? q.where("id", "=", storeId) : q.orderBy("createdAt").orderBy("id").limit(1);
  const store = await q.executeTakeFirst();
  return todayIn(store?.timeZone ?? "UTC", now);
}
