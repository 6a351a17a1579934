import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { readsCampaign } from "../runtime/tracking.ts";
import { toPublicCampaign } from "./campaignViews.ts";

// The campaign a public landing page shows (spec section 4): only its public part, and only while
// it is active.

/** A campaign by database id for the landing page: null when missing or inactive. */
export async function publicCampaignById(db: Kysely<DB>, campaignId: string) {
  readsCampaign(db, campaignId);
  const row = await db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).where("isActive", "=", true).executeTakeFirst();
  return row ? toPublicCampaign(row) : null;
}

/** A campaign by friendly id for the landing page: null when missing or inactive. */
export async function publicCampaignByFriendlyId(db: Kysely<DB>, friendlyId: string) {
  const row = await db.selectFrom("campaigns").selectAll().where("friendlyId", "=", friendlyId).executeTakeFirst();
  // A friendly id never changes hands: once found, only this campaign's writes concern the page.
  if (row) readsCampaign(db, row.id);
  return row?.isActive ? toPublicCampaign(row) : null;
}
