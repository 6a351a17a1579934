import type { Kysely } from "kysely";
import { MONEY_DEFAULTS, type AnySection, type SectionValues } from "@tumble/domain/companySettings";
import type { OutsideZonePolicy } from "@tumble/domain/geoZones";
import { cashSettings } from "../cash/settings.ts";
import type { DB } from "../db/schema.ts";
import { outsideZonePolicy } from "../geoZones/zones.ts";
import { settingsOf } from "./settings.ts";

// Every section of the settings screen, read from and written to where its module keeps it:
// profile, language and join policy on the companies row; money in cash_settings (read by the
// cash module through cashSettings); workforce in company_settings plus the geo-zone policy in
// geo_zone_settings (read through outsideZonePolicy); stores in company_settings.

export async function readSection<S extends AnySection>(db: Kysely<DB>, companyId: string, section: S): Promise<SectionValues<S>> {
  return (await readAny(db, companyId, section)) as SectionValues<S>;
}

async function readAny(db: Kysely<DB>, companyId: string, section: AnySection): Promise<unknown> {
  switch (section) {
    case "profile": {
      const c = await db
        .selectFrom("companies")
        .select(["name", "displayName", "description", "industry", "size", "logoUrl", "address", "employerId", "payrollClientCode"])
        .where("id", "=", companyId)
        .executeTakeFirstOrThrow();
      return { ...c, size: c.size ?? null };
    }
    case "language":
      return db.selectFrom("companies").select("defaultLanguage").where("id", "=", companyId).executeTakeFirstOrThrow();
    case "joinPolicy":
      return db.selectFrom("companies").select(["allowJoinRequests", "requireApproval"]).where("id", "=", companyId).executeTakeFirstOrThrow();
    case "money": {
      const cash = await cashSettings(db, companyId);
      return {
        ...MONEY_DEFAULTS,
        varianceThresholdCents: cash.varianceThresholdCents,
        blindCounts: cash.blindCounts,
        requireApproval: cash.requireApproval,
        duplicateApprovalCents: cash.duplicateApprovalCents,
      };
    }
    case "workforce":
      return { ...(await settingsOf(db, companyId, "workforce")), outsideZone: await outsideZonePolicy(db, companyId) };
    case "stores":
      return settingsOf(db, companyId, "stores");
  }
}

/** Writes a section's validated values where its module reads them. */
export async function writeSection(db: Kysely<DB>, companyId: string, userId: string, section: AnySection, values: Record<string, unknown>): Promise<void> {
  const now = new Date();
  switch (section) {
    case "profile":
    case "language":
    case "joinPolicy":
      await db.updateTable("companies").set(values).where("id", "=", companyId).execute();
      return;
    case "money": {
      const { requireApproval, blindCounts, varianceThresholdCents, duplicateApprovalCents } = values as SectionValues<"money">;
      const row = { requireApproval, blindCounts, varianceThresholdCents, duplicateApprovalCents };
      await db
        .insertInto("cashSettings")
        .values({ companyId, ...row, updatedAt: now })
        .onConflict((oc) => oc.column("companyId").doUpdateSet({ ...row, updatedAt: now }))
        .execute();
      return;
    }
    case "workforce": {
      const { outsideZone, ...workforce } = values as SectionValues<"workforce">;
      await storeSection(db, companyId, userId, "workforce", workforce);
      await db
        .insertInto("geoZoneSettings")
        .values({ companyId, outsideZone: outsideZone as OutsideZonePolicy, updatedBy: userId, updatedAt: now })
        .onConflict((oc) => oc.column("companyId").doUpdateSet({ outsideZone, updatedBy: userId, updatedAt: now }))
        .execute();
      return;
    }
    case "stores":
      await storeSection(db, companyId, userId, "stores", values);
      return;
  }
}

async function storeSection(db: Kysely<DB>, companyId: string, userId: string, section: "workforce" | "stores", values: unknown): Promise<void> {
  const json = JSON.stringify(values);
  await db
    .insertInto("companySettings")
    .values({ companyId, section, values: json, updatedBy: userId, updatedAt: new Date() })
    .onConflict((oc) => oc.columns(["companyId", "section"]).doUpdateSet({ values: json, updatedBy: userId, updatedAt: new Date() }))
    .execute();
}
