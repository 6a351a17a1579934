import { defaultDateRange } from "@tumble/domain/datePresets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { DEMO_ACCOUNTS } from "../src/seed/demo.ts";
import { DEMO_CAMPAIGN_FRIENDLY_ID } from "../src/seed/demo/50_marketing.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// The demo data shows every screen with something on it: an account in both companies for the
// company switcher, collections waiting in the laundromat screens' default range, and a running
// campaign with claims, verifications and redemptions.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Membership = { companyId: string; companyName: string; role: string; isActive: boolean };
type Role = { role: string; companyId: string | null; permissions: Record<string, boolean> };

describe("the demo data", () => {
  it("lists area@demo.test in both companies, Rio first, and the switcher moves between them", async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain("area@demo.test");
    const area = await new Client(server.url).signIn("area@demo.test");
    const memberships = await area.query<Membership[]>("companies:getUserCompanyMemberships");
    expect(memberships.map((m) => [m.companyName, m.role, m.isActive])).toEqual([
      ["Rio Laundromat", "MANAGER", true],
      ["Suds Express", "SUPERVISOR", false],
    ]);
    const suds = memberships.find((m) => m.companyName === "Suds Express")!;
    await area.mutation("companies:switchActiveCompany", { companyId: suds.companyId });
    expect(await area.query<Role>("auth:getUserCompanyRole")).toMatchObject({ role: "SUPERVISOR", companyId: suds.companyId });
    const stores = await area.query<Array<{ name: string }>>("stores:listAll");
    expect(stores.map((s) => s.name).sort()).toEqual(["Suds Campus", "Suds Harbor"]);
  });

  it("keeps membership from the other records when the active company removes the user", async () => {
    const area = await new Client(server.url).signIn("area@demo.test");
    const [rio, suds] = await area.query<Membership[]>("companies:getUserCompanyMemberships");
    await area.mutation("companies:switchActiveCompany", { companyId: rio.companyId });

    const owner = await new Client(server.url).signIn("owner@demo.test");
    const members = await owner.query<Array<{ _id: string; email: string | null }>>("companyMembers:listMembers");
    await owner.mutation("companyMembers:removeMember", { membershipId: members.find((m) => m.email === "area@demo.test")!._id });

    const role = await area.query<Role>("auth:getUserCompanyRole");
    expect(role).toMatchObject({ role: "SUPERVISOR", companyId: suds.companyId });
    expect(role.permissions.hasCompanyMembership).toBe(true);
    expect(await area.query<Membership[]>("companies:getUserCompanyMemberships")).toEqual([
      expect.objectContaining({ companyName: "Suds Express", isActive: true }),
    ]);
    expect(await area.query<{ role: string; activeCompanyId: string | null }>("auth:loggedInUser")).toMatchObject({
      role: "SUPERVISOR",
      activeCompanyId: suds.companyId,
    });
  });

  it("has a collection awaiting verification at every active store inside the default range (today in the store's time zone)", async () => {
    const db = server.database.db;
    const stores = await db.selectFrom("stores").select(["id", "name", "timeZone"]).where("isActive", "=", true).execute();
    expect(stores).toHaveLength(5);
    for (const store of stores) {
      const latest = await db
        .selectFrom("collections")
        .select(["businessDate", "status", "submittedAt"])
        .where("storeId", "=", store.id)
        .orderBy("businessDate", "desc")
        .executeTakeFirstOrThrow();
      // Relative to when the template was seeded, which may be a cached earlier day.
      const range = defaultDateRange(todayIn(store.timeZone, new Date(latest.submittedAt!)));
      expect(latest.status, store.name).toBe("submitted");
      expect(latest.businessDate >= range.fromDate && latest.businessDate <= range.toDate, store.name).toBe(true);
    }
  });

  it("runs a Rio campaign with claims, verifications and redemptions, open on its public page", async () => {
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const campaigns = await manager.query<Array<{ friendlyId: string; isActive: boolean; stats: Record<string, number> }>>("marketing:getCampaigns");
    const campaign = campaigns.find((c) => c.friendlyId === DEMO_CAMPAIGN_FRIENDLY_ID);
    expect(campaign).toMatchObject({ isActive: true, stats: { claims: 12, verifications: 8, redemptions: 5 } });
    const open = await manager.query<Array<{ friendlyId: string }>>("marketing:getActiveCampaigns");
    expect(open.map((c) => c.friendlyId)).toContain(DEMO_CAMPAIGN_FRIENDLY_ID);
    const page = await new Client(server.url).query<{ name: string } | null>("marketing:getCampaignByFriendlyIdPublic", {
      friendlyId: DEMO_CAMPAIGN_FRIENDLY_ID,
    });
    expect(page).not.toBeNull();
  });

  it("gives Rio's bank a statement: two deposits matched by themselves, one $2.00 short matched by hand, three lines unexplained", async () => {
    const admin = await new Client(server.url).signIn("admin@demo.test");
    const accounts = await admin.query<Array<{ _id: string; kind: string }>>("cashAccounts:list", {});
    const bank = accounts.find((a) => a.kind === "bank")!._id;
    const list = await admin.query<{
      mapping: unknown;
      lines: Array<{ description: string; amountCents: number; depositIds: string[]; automatic: boolean; differenceCents: number | null }>;
      unmatchedDeposits: Array<{ bagNumber: string | null }>;
    }>("bankLines:list", { accountId: bank });
    expect(list.mapping).toEqual({ date: "Date", description: "Description", amount: "Amount" });
    expect(list.lines.map((l) => [l.description, l.depositIds.length, l.automatic, l.differenceCents]).sort()).toEqual(
      [
        ["BRANCH DEPOSIT", 1, false, -200],
        ["DEPOSIT BAG B-1039", 1, true, 0],
        ["DEPOSIT BAG B-1041", 1, true, 0],
        ["INTEREST PAYMENT", 0, false, null],
        ["MOBILE DEPOSIT", 0, false, null],
        ["MONTHLY SERVICE FEE", 0, false, null],
      ].sort(),
    );
    expect(list.unmatchedDeposits.map((d) => d.bagNumber)).toEqual(["B-1042"]);
  });
});
