import { hashSecretSlow } from "../../auth/passwords.ts";
import { demoCampaign } from "../../marketing/demo.ts";
import { companyTimeZone } from "../../marketing/companyTimeZone.ts";
import { newId } from "../../runtime/ids.ts";
import { prng, type DemoData, type DemoSeeder } from "../demoContext.ts";

// A running Rio campaign (full template, /marketing/rio-fall-wash-credit) with customers' claims
// at every stage: waiting for their code, verified at the counter, and redeemed. Suds Express has
// no campaign, so its marketing screens show their empty states.

export const DEMO_CAMPAIGN_FRIENDLY_ID = "rio-fall-wash-credit";
/** The code of every seeded pending claim: a demo verifier can "resend" a real one instead. */
const DEMO_CODE = "246810";
const DAY_MS = 24 * 60 * 60 * 1000;

declare module "../demoContext.ts" {
  interface DemoData {
    campaign: { id: string; claims: Array<{ claimCode: string; status: "pending" | "verified" | "used" }> };
  }
}

const CUSTOMERS = [
  "Lucía Hernández",
  "Marcus Johnson",
  "Priya Patel",
  "José Ramírez",
  "Emily Chen",
  "Daniel Okafor",
  "Sofía Morales",
  "Kevin Nguyen",
  "Ana Torres",
  "Brian Walsh",
  "Carmen Díaz",
  "Tyler Brooks",
];
// Redeemed first (oldest claims), then verified, then still waiting for the code.
const STATUSES = ["used", "used", "used", "used", "used", "verified", "verified", "verified", "pending", "pending", "pending", "pending"] as const;
const CLAIM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rand = prng(20251031);
  const companyId = data.companies.rio;
  const manager = data.users["manager@demo.test"];
  const staff = data.users["staff@demo.test"];
  const downtown = data.stores.find((s) => s.name === "Rio Downtown")!;
  const store = await db.selectFrom("stores").select(["address", "phone", "hours"]).where("id", "=", downtown.id).executeTakeFirstOrThrow();

  // Started ten days ago, ends in twenty.
  const start = today.getTime() - 10 * DAY_MS;
  const timeZone = await companyTimeZone(db, companyId);
  const template = demoCampaign("full", start, timeZone, store);
  const id = newId();
  await db
    .insertInto("campaigns")
    .values({
      id,
      companyId,
      friendlyId: DEMO_CAMPAIGN_FRIENDLY_ID,
      name: "Fall Wash Credit",
      displayName: "Rio Laundromat $15 Fall Credit",
      description: "New customers get $15 of laundry credit this fall.",
      campaignType: template.campaignType,
      startDate: template.startDate,
      endDate: template.endDate,
      timeZone,
      isActive: true,
      offerAmountCents: template.offerAmountCents,
      offerType: template.offerType,
      offerDescription: template.offerDescription,
      deliveryMethod: "both",
      budgetCents: template.budgetCents,
      maxParticipants: template.maxParticipants,
      templateConfig: JSON.stringify(template.templateConfig),
      createdBy: manager,
      createdAt: new Date(start - DAY_MS),
      updatedAt: new Date(start - DAY_MS),
    })
    .execute();

  const codeHash = await hashSecretSlow(DEMO_CODE);
  const claims: DemoData["campaign"]["claims"] = [];
  for (const [i, customerName] of CUSTOMERS.entries()) {
    const status = STATUSES[i];
    const code = Array.from({ length: 8 }, () => CLAIM_ALPHABET[Math.floor(rand() * CLAIM_ALPHABET.length)]).join("");
    const claimCode = `CLM-${code.slice(0, 4)}-${code.slice(4)}`;
    // Spread over the days since the start, oldest first.
    const createdAt = new Date(start + Math.round(((i + 0.5) / CUSTOMERS.length) * (today.getTime() - start - DAY_MS / 2)));
    const verifiedAt = status === "pending" ? null : new Date(createdAt.getTime() + 20 * 60 * 1000);
    const usedAt = status === "used" ? new Date(createdAt.getTime() + 2 * DAY_MS) : null;
    const first = customerName
      .split(" ")[0]
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    await db
      .insertInto("campaignClaims")
      .values({
        id: newId(),
        companyId,
        campaignId: id,
        claimCode,
        customerName,
        email: `${first}.${i + 1}@example.com`,
        phone: `555${String(2000100 + i * 37).padStart(7, "0")}`,
        status,
        codeHash,
        codeExpiresAt: new Date(createdAt.getTime() + 15 * 60 * 1000),
        attempts: 0,
        source: i % 4 === 3 ? "staff" : "public",
        recordedBy: i % 4 === 3 ? staff : null,
        verifiedAt,
        // Verifying a code and handing over the credit take canManageStores.
        verifiedBy: verifiedAt ? manager : null,
        usedAt,
        usedBy: usedAt ? manager : null,
        createdAt,
      })
      .execute();
    claims.push({ claimCode, status });
  }
  data.campaign = { id, claims };
};
