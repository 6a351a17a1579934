import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "../runtime/ids.ts";

// The company the public demo page (/marketing-demo) lists and creates campaigns in. It exists
// only for that page: flagged is_demo, inactive (so the finder, company codes, join requests and
// employee sign-up, which all look at active companies only, never offer it), no members, no
// e-mail domain. Anonymous visitors can therefore never touch a customer's campaigns.

export const DEMO_COMPANY = {
  name: "Demo Laundromat",
  companyCode: "DEMO-COMPANY",
} as const;

/** The demo company's id, or null before the first demo campaign created it. */
export async function findDemoCompanyId(db: Kysely<DB>): Promise<string | null> {
  const row = await db.selectFrom("companies").select("id").where("isDemo", "=", true).executeTakeFirst();
  return row?.id ?? null;
}

/** The demo company's id, creating it on first use; concurrent first uses agree on one row. */
export async function ensureDemoCompanyId(db: Kysely<DB>): Promise<string> {
  const existing = await findDemoCompanyId(db);
  if (existing) return existing;
  await db
    .insertInto("companies")
    .values({
      id: newId(),
      name: DEMO_COMPANY.name,
      displayName: DEMO_COMPANY.name,
      companyCode: DEMO_COMPANY.companyCode,
      description: "Holds the campaigns made on the public demo page.",
      isActive: false,
      isDemo: true,
      allowJoinRequests: false,
    })
    // The partial unique index allows one demo company; a concurrent creator's row wins.
    .onConflict((oc) => oc.column("isDemo").where("isDemo", "=", true).doNothing())
    .execute();
  const created = await findDemoCompanyId(db);
  if (!created) throw new Error("The demo company could not be created");
  return created;
}
