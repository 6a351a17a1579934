import type { Kysely } from "kysely";
import { withDefaults, type SettingsOf, type SettingsSection } from "@tumble/domain/companySettings";
import type { DB } from "../db/schema.ts";

/** A company's settings of one section, defaults filled in (packages/domain/src/companySettings.ts). */
export async function settingsOf<S extends SettingsSection>(db: Kysely<DB>, companyId: string, section: S): Promise<SettingsOf<S>> {
  const row = await db.selectFrom("companySettings").select("values").where("companyId", "=", companyId).where("section", "=", section).executeTakeFirst();
  return withDefaults(section, row?.values);
}
