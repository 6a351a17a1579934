import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { InvalidationBus, type Invalidation } from "../src/runtime/invalidation.ts";
import { SyncClient } from "./support/syncClient.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: a claim's invalidation names its campaign across processes (pg_notify), and the
// narrowed re-runs must hold with PostgreSQL's row locks and transactions as on the embedded one.
//
// Public invalidations reach only the entries of that campaign (issue 32): thousands of anonymous
// landing pages of other campaigns must not re-run because one campaign got a claim or an edit,
// while every query that reads campaigns it does not name (a company's lists) still does.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("live queries of public campaign pages", () => {
  let server: TestServer;
  let manager: Client;
  let companyId: string;
  let campaignA: string;
  let campaignB: string;
  let friendlyA: string;
  let friendlyB: string;
  const sockets: SyncClient[] = [];
  let other: InvalidationBus | null = null;

  beforeAll(async () => {
    server = await startTestServer();
    manager = await new Client(server.url).signIn("manager@demo.test");
    companyId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
    const create = (name: string) =>
      manager.mutation<{ campaignId: string; friendlyId: string }>("marketing:createCampaign", {
        name,
        campaignType: "SEASONAL",
        startDate: day(-2),
        endDate: day(30),
        offerAmount: 10,
        deliveryMethod: "email",
      });
    ({ campaignId: campaignA, friendlyId: friendlyA } = await create("Spring A"));
    ({ campaignId: campaignB, friendlyId: friendlyB } = await create("Spring B"));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await other?.stop();
    await server?.stop();
  });

  it("re-runs only the written campaign's entries, and every entry that reads campaigns unnamed", { timeout: 120_000 }, async () => {
    // Another process's bus, on PostgreSQL: it must hear which campaign was written.
    const heard: Invalidation[] = [];
    if (server.database.kind === "postgres") {
      other = new InvalidationBus(server.database);
      await other.start();
      other.subscribe((i) => heard.push(i));
    }
    const anonymous = await SyncClient.connect(server.url, null);
    const staff = await SyncClient.connect(server.url, manager.token);
    sockets.push(anonymous, staff);
    const phones = Array.from({ length: 8 }, (_, i) => `555${String(3000100 + i).padStart(7, "0")}`);
    const pages = (campaignId: string, friendlyId: string) => ({
      byId: anonymous.subscribe("marketing:getCampaignById", { campaignId }),
      byFriendlyId: anonymous.subscribe("marketing:getCampaignByFriendlyIdPublic", { friendlyId }),
      claims: phones.map((phone) => anonymous.subscribe("marketing:getClaimByPhone", { phone, campaignId })),
    });
    const a = pages(campaignA, friendlyA);
    const b = pages(campaignB, friendlyB);
    const list = staff.subscribe("marketing:getCampaigns");
    const claimsB = staff.subscribe("marketing:getCampaignClaims", { campaignId: campaignB });
    const all = [a.byId, a.byFriendlyId, ...a.claims, b.byId, b.byFriendlyId, ...b.claims, list, claimsB];
    await Promise.all(all.map((s) => s.next(1, 60_000)));
    expect(a.byId.updates()[0].value).toMatchObject({ campaignId: campaignA, name: "Spring A" });
    expect(b.claims[0].updates()[0].value).toBeNull();
    await server.live.idle();

    // Count the runs of each live query from here on.
    const runs = vi.spyOn(server.executor, "call");
    const count = (path: string, campaignId: string | null) =>
      runs.mock.calls.filter(
        ([p, args, , , kind]) =>
          kind === "query" && p === `marketing:${path}` && (campaignId === null || (args as { campaignId?: string }).campaignId === campaignId),
      ).length;
    try {
      // An anonymous claim on A.
      await new Client(server.url).mutation("marketing:submitClaim", {
        customerName: "Ana Customer",
        email: "ana.customer@example.com",
        phone: phones[0],
        campaignId: campaignA,
        companyId,
      });
      await server.live.idle();
      // A's claim pages re-ran (and the claimant's own one shows the claim); B's did not.
      expect(count("getClaimByPhone", campaignA)).toBe(phones.length);
      expect(count("getClaimByPhone", campaignB)).toBe(0);
      expect((await a.claims[0].next(2)).value).toEqual({ status: "pending" });
      // Pages reading only the campaigns table are not touched by a claim at all.
      expect(count("getCampaignById", null) + count("getCampaignByFriendlyIdPublic", null)).toBe(0);
      // The company's lists read every campaign's claims without naming one: they re-run.
      expect(count("getCampaigns", null)).toBe(1);
      expect(count("getCampaignClaims", campaignB)).toBe(1);
      runs.mockClear();

      // The manager renames B: B's pages re-run and show it, A's stay.
      await manager.mutation("marketing:updateCampaign", { campaignId: campaignB, name: "Spring B renamed" });
      await server.live.idle();
      expect(count("getCampaignById", campaignB)).toBe(1);
      expect(count("getCampaignByFriendlyIdPublic", null)).toBe(1);
      expect(count("getClaimByPhone", campaignB)).toBe(phones.length);
      expect(count("getCampaignById", campaignA)).toBe(0);
      expect(count("getClaimByPhone", campaignA)).toBe(0);
      expect((await b.byId.next(2)).value).toMatchObject({ name: "Spring B renamed" });
      expect((await b.byFriendlyId.next(2)).value).toMatchObject({ name: "Spring B renamed" });
      expect(a.byId.updates()).toHaveLength(1);
      runs.mockClear();

      // Staff resend the code of A's new claim: only A's entries re-run.
      const claimId = (await manager.query<Array<{ claimId: string }>>("marketing:getCampaignClaims", { campaignId: campaignA }))[0].claimId;
      runs.mockClear();
      await manager.mutation("marketing:resendClaimCode", { claimId });
      await server.live.idle();
      expect(count("getClaimByPhone", campaignA)).toBe(phones.length);
      expect(count("getClaimByPhone", campaignB)).toBe(0);
      runs.mockClear();

      // A write to the campaign tables that names no campaign still reaches every campaign's entries.
      await server.services.bus.publish({ tables: ["campaign_claims"], companyId: null, userIds: [] });
      await server.live.idle();
      expect(count("getClaimByPhone", campaignA)).toBe(phones.length);
      expect(count("getClaimByPhone", campaignB)).toBe(phones.length);
    } finally {
      runs.mockRestore();
    }

    if (other) {
      await expect.poll(() => heard.some((i) => i.tables.includes("campaign_claims") && i.campaignIds?.join() === campaignA)).toBe(true);
      expect(heard.find((i) => i.tables.includes("campaigns") && i.companyId === companyId)?.campaignIds).toEqual([campaignB]);
    }
  });
});
