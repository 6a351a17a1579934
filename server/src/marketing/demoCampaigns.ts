import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { insertCampaign } from "./campaigns.ts";
import { DEMO_RATE_LIMIT, DEMO_RATE_WINDOW_MS, demoRateKey } from "./claims.ts";
import { companyTimeZone } from "./companyTimeZone.ts";
import { demoCampaign } from "./demo.ts";
import { ensureDemoCompanyId, findDemoCompanyId } from "./demoCompany.ts";
import { publicTemplateConfig } from "./templateConfig.ts";

// The public demo page (/marketing-demo, spec section 7): it lists the demo company's campaigns
// and makes new ones there, for any visitor.

/** The demo company's campaigns as the demo page lists them: name, description, template, state, link. */
export async function demoCampaignList(db: Kysely<DB>) {
  const companyId = await findDemoCompanyId(db);
  if (!companyId) return [];
  const rows = await db
    .selectFrom("campaigns")
    .select(["name", "description", "templateConfig", "isActive", "friendlyId"])
    .where("companyId", "=", companyId)
    .orderBy("createdAt", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    template: publicTemplateConfig(r.templateConfig).template ?? "standard",
    isActive: r.isActive,
    friendlyId: r.friendlyId,
  }));
}

/** The spec's demo campaign, always in the demo company; counted per client address. */
export async function addDemoCampaign(ctx: MutationCtx, template: "full" | "standard") {
  await ctx.services.rateLimiter.hit(demoRateKey(ctx.clientAddress), DEMO_RATE_LIMIT, DEMO_RATE_WINDOW_MS, Date.now(), ctx.db);
  const companyId = await ensureDemoCompanyId(ctx.db);
  // The demo company has no stores: the landing page shows a sample address.
  const timeZone = await companyTimeZone(ctx.db, companyId);
  const demo = demoCampaign(template, ctx.now, timeZone, { address: "123 Main Street", phone: null, hours: null });
  const { friendlyId } = await insertCampaign(ctx.db, ctx.unscopedDb, companyId, ctx.user?.id ?? null, { ...demo, timeZone, isActive: true });
  return { friendlyId, url: `/marketing/${friendlyId}` };
}
