import type { Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import type { DB } from "../db/schema.ts";

/**
 * The zone a company's campaigns keep their dates in: its oldest active store's (companies have
 * no zone of their own), else the stores' default. Migration 0014 chose the same way.
 */
export async function companyTimeZone(db: Kysely<DB>, companyId: string): Promise<string> {
  const store = await db
    .selectFrom("stores")
    .select("timeZone")
    .where("companyId", "=", companyId)
    .where("isActive", "=", true)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return store?.timeZone ?? DEFAULT_TIME_ZONE;
}
