import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY } from "../src/marketing/demoCompany.ts";
import { demoRateKey } from "../src/marketing/claims.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent first visits agree on one demo company
// The public demo page (/marketing-demo) lists and creates campaigns for anonymous visitors. It
// must act only on the demo company made for it, never on a customer such as Rio or Suds, and
// that company must not show up where customers look for companies.

let server: TestServer;
let customers: { id: string; name: string }[];
const anon = () => new Client(server.url);

/** Calls a function whatever its kind (claims and employee sign-up may be actions or mutations). */
async function callAny<T>(client: Client, path: string, args: unknown): Promise<T> {
  const { body } = await client.raw("function", path, args);
  if (typeof body === "string" || body.status === "error") throw new Error(typeof body === "string" ? body : body.errorMessage);
  return body.value as T;
}

async function customerCampaigns(): Promise<string> {
  const rows = await server.database.db
    .selectFrom("campaigns")
    .selectAll()
    .where(
      "companyId",
      "in",
      customers.map((c) => c.id),
    )
    .orderBy("id")
    .execute();
  return JSON.stringify(rows);
}

beforeAll(async () => {
  server = await startTestServer();
  customers = await server.database.db.selectFrom("companies").select(["id", "name"]).where("companyCode", "in", ["CMP100001", "CMP200002"]).execute();
  expect(customers.map((c) => c.name).sort()).toEqual(["Rio Laundromat", "Suds Express"]);
});
afterAll(() => server?.stop());

describe("the public demo company", () => {
  it("anonymous demo calls never read or create a campaign in a customer's company", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) await server.services.rateLimiter.reset(demoRateKey(address));
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const sudsOwner = await new Client(server.url).signIn("owner@suds.test");
    const rioCampaign = await manager.mutation<{ friendlyId: string }>("marketing:createCampaign", {
      name: "Rio only",
      campaignType: "SEASONAL",
      startDate: new Date(Date.now()).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      offerAmount: 5,
    });
    const sudsCampaign = await sudsOwner.mutation<{ friendlyId: string }>("marketing:createCampaign", {
      name: "Suds only",
      campaignType: "SEASONAL",
      startDate: new Date(Date.now()).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      offerAmount: 5,
    });
    const before = await customerCampaigns();

    // Before any demo campaign, the page lists nothing, and listing creates nothing.
    expect(await anon().query("marketing:listDemoCampaigns")).toEqual([]);
    expect(await server.database.db.selectFrom("companies").select("id").where("isDemo", "=", true).execute()).toEqual([]);

    // Concurrent first visits agree on one demo company.
    const created = await Promise.all([
      anon().mutation<{ friendlyId: string }>("marketing:createDemoCampaign", { template: "full" }),
      anon().mutation<{ friendlyId: string }>("marketing:createDemoCampaign", { template: "standard" }),
      manager.mutation<{ friendlyId: string }>("marketing:createDemoCampaign", { template: "standard" }),
    ]);
    const demoCompanies = await server.database.db.selectFrom("companies").selectAll().where("isDemo", "=", true).execute();
    expect(demoCompanies).toHaveLength(1);
    const demo = demoCompanies[0];
    expect(demo).toMatchObject({ name: DEMO_COMPANY.name, isActive: false, allowJoinRequests: false, emailDomain: null });
    expect(customers.map((c) => c.id)).not.toContain(demo.id);
    expect(await server.database.db.selectFrom("memberships").select("id").where("companyId", "=", demo.id).execute()).toEqual([]);

    const made = await server.database.db
      .selectFrom("campaigns")
      .select(["friendlyId", "companyId"])
      .where(
        "friendlyId",
        "in",
        created.map((c) => c.friendlyId),
      )
      .execute();
    expect(made).toHaveLength(3);
    for (const row of made) expect(row.companyId).toBe(demo.id);
    const page = await anon().query<{ displayName: string; companyId: string }>("marketing:getCampaignByFriendlyIdPublic", {
      friendlyId: created[0].friendlyId,
    });
    expect(page.companyId).toBe(demo.id);
    expect(page.displayName).not.toMatch(/Rio|Suds/);

    // The list shows the demo campaigns and none of a customer's.
    const listed = (await anon().query<{ friendlyId: string }[]>("marketing:listDemoCampaigns")).map((c) => c.friendlyId);
    expect(listed.sort()).toEqual(created.map((c) => c.friendlyId).sort());
    expect(listed).not.toContain(rioCampaign.friendlyId);
    expect(listed).not.toContain(sudsCampaign.friendlyId);

    // Customers' campaigns are exactly as they were.
    expect(await customerCampaigns()).toBe(before);

    // A visitor can claim the demo offer, as the demo page is for; the claim is the demo company's.
    const demoCampaignId = (
      await server.database.db.selectFrom("campaigns").select("id").where("friendlyId", "=", created[0].friendlyId).executeTakeFirstOrThrow()
    ).id;
    const claim = await callAny<{ claimId: string }>(anon(), "marketing:submitClaim", {
      customerName: "Demo Visitor",
      email: "visitor@example.com",
      campaignId: demoCampaignId,
      companyId: demo.id,
    });
    const claimRow = await server.database.db.selectFrom("campaignClaims").select("companyId").where("claimCode", "=", claim.claimId).executeTakeFirstOrThrow();
    expect(claimRow.companyId).toBe(demo.id);
  });

  it("is not offered anywhere customers look for a company", async () => {
    await anon().mutation("marketing:createDemoCampaign", { template: "standard" });
    const demo = await server.database.db.selectFrom("companies").select(["id", "companyCode"]).where("isDemo", "=", true).executeTakeFirstOrThrow();
    const user = anon();
    user.token = (
      await anon().action<{ tokens: { token: string } }>("auth:signIn", {
        provider: "password",
        params: { email: "seeker@example.com", password: "seeker-password", flow: "signUp" },
      })
    ).tokens.token;

    const active = await anon().query<{ _id: string }[]>("companies:listActiveCompanies");
    expect(active.map((c) => c._id)).not.toContain(demo.id);
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(await user.query<unknown[]>("companyJoinRequests:searchCompanies", { query: "Demo" })).toEqual([]);
    expect(await user.query("companyJoinRequests:validateCompanyCode", { companyCode: demo.companyCode })).toMatchObject({ isValid: false, company: null });
    await expect(user.mutation("companyJoinRequests:requestToJoin", { companyId: demo.id })).rejects.toThrow();
    expect(
      await callAny(anon(), "employeeAuth/index:employeeSignUp", { email: "kiosk@example.com", username: "kiosk1", pin: "482916", companyId: demo.id }),
    ).toMatchObject({ success: false, message: "Company not found" });
    expect(await anon().query("employeeAuth:checkUsernameAvailability", { username: "kiosk1", companyId: demo.id })).toMatchObject({
      available: false,
      message: "Company not found",
    });
    await expect(user.mutation("companies:switchActiveCompany", { companyId: demo.id })).rejects.toThrow("You are not a member of this company");
  });
});
