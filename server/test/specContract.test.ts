// @postgres: the identity and campaign queries (sub-selects, date columns) written by the contract, on the real engine
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { PERMISSION_FLAGS } from "@tumble/domain/permissions";
import { DEFAULT_PUBLIC_RATE_LIMIT } from "../src/runtime/executor.ts";
import { TOO_MANY_ATTEMPTS } from "../src/runtime/rateLimit.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";

// The spec's own words (sections 3, 6 and 7) as a client written to them would call the server.

let server: TestServer;
let rioId: string;

beforeAll(async () => {
  server = await startTestServer();
  rioId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

describe('section 6: "System admins hold every permission"', () => {
  it("a system admin who chose a company passes every check there, the e-mail dashboard and store management included", async () => {
    const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
    // Belonging to no company, they act in none until they choose one.
    expect(await failure(sysadmin.query("emailDashboard:list", {}))).toBe("MANAGER+ role required to view email dashboard.");
    await sysadmin.mutation("companies:switchActiveCompany", { companyId: rioId });

    const role = await sysadmin.query<{ companyId: string | null; permissions: Record<string, boolean> }>("auth:getUserCompanyRole");
    expect(role.companyId).toBe(rioId);
    // "Only SUPER_ADMIN is super admin"; every other flag is theirs.
    for (const flag of PERMISSION_FLAGS) expect([flag, role.permissions[flag]]).toEqual([flag, flag !== "isSuperAdmin"]);

    // "email-dashboard: canManageStores or isSystemAdmin", and the /company screens (canManageStores and finer flags).
    expect(await sysadmin.query("emailDashboard:list", {})).toEqual(expect.any(Array));
    expect(await sysadmin.query("companySettings:get", {})).toBeTruthy();
    expect(await sysadmin.query("emailTemplates:list", {})).toEqual(expect.anything());
    expect(await sysadmin.query("companyMembers:listMembers", {})).toEqual(expect.any(Array));
    const { storeId } = await sysadmin.mutation<{ storeId: string }>("stores:create", {
      name: "Sysadmin Store",
      address: "1 Test St",
      timeZone: "America/Chicago",
    });
    expect(await server.database.db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).toEqual({ companyId: rioId });
  });

  it("only a system admin may choose a company they do not belong to", async () => {
    const stranger = await new Client(server.url).signIn("owner@suds.test");
    expect(await failure(stranger.mutation("companies:switchActiveCompany", { companyId: rioId }))).toBe("You are not a member of this company");
  });
});

/** The demo company's stores are in Chicago, so its campaigns keep Chicago days. */
const CHICAGO = "America/Chicago";
type Campaign = { _id: string; companyId: string; friendlyId: string; startsOn: string; endsOn: string; startDate: number; endDate: number };

async function campaignCalled(friendlyId: string) {
  return (await new Client(server.url).query<Campaign>("marketing:getCampaignByFriendlyIdPublic", { friendlyId }))!;
}

function campaignArgs(startDate: number | string, endDate: number | string) {
  return { name: `Contract ${Math.random().toString(36).slice(2, 7)}`, campaignType: "SEASONAL", startDate, endDate, isActive: true, offerAmount: 5 };
}

describe('section 3: a campaign\'s "startDate and endDate (epoch ms)"', () => {
  it("createCampaign and updateCampaign take epoch ms, read as the day containing that instant in the campaign's zone", async () => {
    const manager = await new Client(server.url).signIn("manager@demo.test");
    // 22:30 on June 1 in Chicago is already June 2 in UTC; noon on June 10 in Chicago.
    const created = await manager.mutation<{ friendlyId: string; campaignId: string }>(
      "marketing:createCampaign",
      campaignArgs(Date.UTC(2030, 5, 2, 3, 30), Date.UTC(2030, 5, 10, 17)),
    );
    const campaign = await campaignCalled(created.friendlyId);
    expect(campaign).toMatchObject({
      startsOn: "2030-06-01",
      endsOn: "2030-06-10",
      // The first moment of the first day and the last moment of the last day, in Chicago (CDT, UTC−5).
      startDate: Date.UTC(2030, 5, 1, 5),
      endDate: Date.UTC(2030, 5, 11, 5) - 1,
    });

    await manager.mutation("marketing:updateCampaign", { campaignId: created.campaignId, endDate: Date.UTC(2030, 5, 21, 4, 59) });
    expect(await campaignCalled(created.friendlyId)).toMatchObject({ endsOn: "2030-06-20", endDate: Date.UTC(2030, 5, 21, 5) - 1 });
    const listed = (await manager.query<Campaign[]>("marketing:getCampaigns")).find((c) => c._id === created.campaignId);
    expect(listed).toMatchObject({ startsOn: "2030-06-01", endsOn: "2030-06-20", startDate: Date.UTC(2030, 5, 1, 5), endDate: Date.UTC(2030, 5, 21, 5) - 1 });
    // Out of order in epoch ms too.
    expect(await failure(manager.mutation("marketing:createCampaign", campaignArgs(Date.UTC(2030, 5, 10, 17), Date.UTC(2030, 5, 2, 3, 30))))).toBe(
      "The end date cannot be before the start date",
    );
  });

  it("still takes yyyy-MM-dd, and the staff claim screen's campaigns carry epoch ms too", async () => {
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const today = todayIn(CHICAGO);
    const created = await manager.mutation<{ friendlyId: string; campaignId: string }>("marketing:createCampaign", campaignArgs(today, addDays(today, 3)));
    expect(await campaignCalled(created.friendlyId)).toMatchObject({
      startsOn: today,
      endsOn: addDays(today, 3),
      startDate: startOfBusinessDay(today, CHICAGO),
    });
    const open = (await manager.query<Campaign[]>("marketing:getActiveCampaigns")).find((c) => c._id === created.campaignId);
    expect(open).toMatchObject({ endsOn: addDays(today, 3), endDate: startOfBusinessDay(addDays(today, 4), CHICAGO) - 1 });
  });
});

describe('section 7: "getClaimByPhone (phone; skipped when empty) returns status"', () => {
  it("takes the phone alone: the most recent claim by that phone on an active campaign, and only its status", async () => {
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const today = todayIn(CHICAGO);
    const open = async () => {
      const { friendlyId } = await manager.mutation<{ friendlyId: string }>("marketing:createCampaign", campaignArgs(addDays(today, -1), addDays(today, 5)));
      return campaignCalled(friendlyId);
    };
    const phone = "3125550142";
    const visitor = new Client(server.url);
    const claimOn = (c: Campaign, email: string) =>
      visitor.mutation<{ claimId: string }>("marketing:submitClaim", { customerName: "Pat", email, phone, campaignId: c._id, companyId: c.companyId });

    expect(await visitor.query("marketing:getClaimByPhone", { phone })).toBeNull();
    const older = await open();
    const { claimId } = await claimOn(older, "pat.older@example.com");
    // Only the status, whatever way the number is written.
    expect(await visitor.query("marketing:getClaimByPhone", { phone })).toEqual({ status: "pending" });
    expect(await visitor.query("marketing:getClaimByPhone", { phone: "(312)555-0142" })).toEqual({ status: "pending" });
    expect(await visitor.query("marketing:getClaimByPhone", { phone: "3125550143" })).toBeNull();
    expect(await visitor.query("marketing:getClaimByPhone", { phone: "" })).toBeNull();

    await server.database.db.updateTable("campaignClaims").set({ status: "used" }).where("claimCode", "=", claimId).execute();
    const newer = await open();
    await claimOn(newer, "pat.newer@example.com");
    expect(await visitor.query("marketing:getClaimByPhone", { phone })).toEqual({ status: "pending" });
    // With the newer campaign inactive, its claim no longer counts.
    await manager.mutation("marketing:setCampaignActive", { campaignId: newer._id, isActive: false });
    expect(await visitor.query("marketing:getClaimByPhone", { phone })).toEqual({ status: "used" });
    // With campaignId, that campaign's claim.
    expect(await visitor.query("marketing:getClaimByPhone", { phone, campaignId: newer._id })).toEqual({ status: "pending" });

    // A member looks among their own company's campaigns only.
    const rioMember = await new Client(server.url).signIn("member@demo.test");
    expect(await rioMember.query("marketing:getClaimByPhone", { phone })).toEqual({ status: "used" });
    const sudsOwner = await new Client(server.url).signIn("owner@suds.test");
    expect(await sudsOwner.query("marketing:getClaimByPhone", { phone })).toBeNull();
  });

  it("keeps the public rate limit", async () => {
    const visitor = new Client(server.url);
    const outcomes: string[] = [];
    for (let i = 0; i <= DEFAULT_PUBLIC_RATE_LIMIT; i++) {
      const { body } = await visitor.raw("query", "marketing:getClaimByPhone", { phone: "3125550199" });
      outcomes.push(typeof body === "string" ? body : (body.errorMessage ?? body.status));
    }
    expect(outcomes[0]).toBe("success");
    expect(outcomes.at(-1)).toBe(TOO_MANY_ATTEMPTS);
  });
});
