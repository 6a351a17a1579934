import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// A company as people looking for one see it (spec section 3 "Company"): the finder, code checks
// and company info share this selection and shape.

export function companyFields(db: Kysely<DB>) {
  return (
    db
      .selectFrom("companies as c")
      .select((eb) => [
        "c.id",
        "c.name",
        "c.displayName",
        "c.companyCode",
        "c.description",
        "c.industry",
        "c.size",
        "c.allowJoinRequests",
        "c.requireApproval",
        "c.defaultLanguage",
        eb.selectFrom("memberships as m").whereRef("m.companyId", "=", "c.id").select(eb.fn.countAll<number>().as("n")).as("memberCount"),
      ])
      .where("c.isActive", "=", true)
      // The public demo page's company is not a company anyone can find or join.
      .where("c.isDemo", "=", false)
  );
}

type CompanyRow = Awaited<ReturnType<ReturnType<typeof companyFields>["execute"]>>[number];

/** The public face of a company in the finder: no internal settings beyond what joining needs. */
export function toCompany(row: CompanyRow) {
  return {
    _id: row.id,
    name: row.name,
    displayName: row.displayName ?? row.name,
    companyId: row.companyCode,
    description: row.description,
    industry: row.industry,
    size: row.size,
    memberCount: Number(row.memberCount ?? 0),
    allowJoinRequests: row.allowJoinRequests,
    requireApproval: row.requireApproval,
    defaultLanguage: row.defaultLanguage,
  };
}
