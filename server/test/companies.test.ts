import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
let rioId: string;
let sudsId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  rioId = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
  sudsId = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

async function newUser(email: string) {
  const c = new Client(server.url);
  const r = await c.action<{ tokens: { token: string; refreshToken: string } }>("auth:signIn", {
    provider: "password",
    params: { email, password: "a-good-password", flow: "signUp" },
  });
  c.token = r.tokens.token;
  return c;
}

type Company = { _id: string; name: string; companyId: string; allowJoinRequests: boolean; memberCount: number; size: string };

describe("finding a company", () => {
  it("searches by name with filters, from 3 characters, at most 20", async () => {
    const c = await newUser("finder@example.com");
    const found = await c.query<Company[]>("companyJoinRequests:searchCompanies", { query: "suds" });
    expect(found.map((x) => x.name)).toEqual(["Suds Express"]);
    // Its owner and area@demo.test, who belongs to both demo companies.
    expect(found[0]).toMatchObject({ companyId: "CMP200002", memberCount: 2, allowJoinRequests: true });
    expect(await c.query<Company[]>("companyJoinRequests:searchCompanies", { query: "laund", size: "SMALL" })).toHaveLength(1);
    expect(await c.query<Company[]>("companyJoinRequests:searchCompanies", { query: "laund", size: "LARGE" })).toHaveLength(0);
    expect(await c.query<Company[]>("companyJoinRequests:searchCompanies", { query: "%_%" })).toHaveLength(0);
    expect(await failure(c.query("companyJoinRequests:searchCompanies", { query: "su" }))).toBe("Please enter at least 3 characters to search for companies.");
    const short = await failureOf(c.query("companyJoinRequests:searchCompanies", { query: "su" }));
    expect(short.data).toEqual({ code: "companies.searchTooShort", params: {} });
    expect(refusalText(short.data, "es")).toBe("Escribe al menos 3 caracteres para buscar empresas.");
    expect(await failure(c.query("companyJoinRequests:searchCompanies", { query: "suds", limit: 21 }))).toMatch(/^Invalid argument "limit"/);
  });

  it("searches and checks a code before there is an account (the sign-in card's join mode), but sends no request", async () => {
    const anon = new Client(server.url);
    expect((await anon.query<Company[]>("companyJoinRequests:searchCompanies", { query: "suds" })).map((x) => x.name)).toEqual(["Suds Express"]);
    expect(await anon.query("companyJoinRequests:validateCompanyCode", { companyCode: "CMP100001" })).toMatchObject({ isValid: true });
    expect(await failure(anon.query("companyJoinRequests:getEligibleCompaniesByDomain", {}))).toMatch(/signed in/i);
    expect(await failure(anon.mutation("companyJoinRequests:requestToJoin", { companyId: sudsId }))).toMatch(/signed in/i);
    // The screens say it in the reader's language by this code (decision 0067).
    const anonymous = await failureOf(anon.mutation("companyJoinRequests:requestToJoin", { companyId: sudsId }));
    expect(anonymous).toMatchObject({ message: "Not signed in", data: { code: "access.notSignedIn", params: {} } });
    expect(refusalText(anonymous.data, "es")).toBe("No has iniciado sesión");
  });

  it("validates a company code after the spec's normalisation", async () => {
    const c = await newUser("coder@example.com");
    expect(await c.query("companyJoinRequests:validateCompanyCode", { companyCode: " cmp-100001 " })).toMatchObject({
      isValid: true,
      company: { name: "Rio Laundromat" },
    });
    expect(await c.query("companyJoinRequests:validateCompanyCode", { companyCode: "100001" })).toMatchObject({ isValid: true });
    expect(await c.query("companyJoinRequests:validateCompanyCode", { companyCode: "CMP999999" })).toEqual({
      isValid: false,
      message: "No company found with this code",
      company: null,
    });
    expect(await c.query("companyJoinRequests:validateCompanyCode", { companyCode: "12" })).toMatchObject({ isValid: false });
  });

  it("suggests up to three companies of the user's e-mail domain", async () => {
    const c = await newUser("newhire@demo.test");
    expect((await c.query<Company[]>("companyJoinRequests:getEligibleCompaniesByDomain")).map((x) => x.name)).toEqual(["Rio Laundromat"]);
    const owner = await new Client(server.url).signIn("owner@demo.test");
    expect(await owner.query("companyJoinRequests:getEligibleCompaniesByDomain")).toEqual([]);
  });
});

describe("joining a company", () => {
  it("request → approve with a role → member of the company with its permissions", async () => {
    const user = await newUser("joiner@example.com");
    const { requestId } = await user.mutation<{ requestId: string; status: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
    expect(await failure(user.mutation("companyJoinRequests:requestToJoin", { companyId: rioId }))).toBe("You already have a pending request for this company");
    expect(await user.query("companyJoinRequests:getUserPendingRequests")).toMatchObject([
      { _id: requestId, companyName: "Rio Laundromat", status: "PENDING", hasNewActivity: false },
    ]);
    expect(await user.query("auth:getUserCompanyRole")).toMatchObject({ role: "UNASSIGNED", permissions: { hasCompanyMembership: false } });

    const staff = await new Client(server.url).signIn("staff@demo.test");
    expect(await failure(staff.query("companyJoinRequests:getPendingRequestsForCompany"))).toBe("You don't have permission to manage join requests");
    const denied = await failureOf(staff.query("companyJoinRequests:getPendingRequestsForCompany"));
    expect(denied.data).toEqual({ code: "access.denied", params: { flag: "canManageJoinRequests" } });
    expect(refusalText(denied.data, "es")).toBe("No tienes permiso para gestionar solicitudes de ingreso");

    const manager = await new Client(server.url).signIn("manager@demo.test");
    const pending = await manager.query<Array<{ _id: string; email: string }>>("companyJoinRequests:getPendingRequestsForCompany");
    expect(pending.map((p) => p.email)).toContain("joiner@example.com");
    expect(await failure(manager.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "ADMIN" }))).toBe("You cannot grant the ADMIN role");
    const grant = await failureOf(manager.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "ADMIN" }));
    expect(grant.data).toEqual({ code: "access.cannotGrantRole", params: { role: "ADMIN" } });
    expect(refusalText(grant.data, "es")).toBe("No puedes otorgar el rol Administrador");
    await manager.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "STAFF" });
    expect(await failure(manager.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "STAFF" }))).toBe("This request was already decided");
    const decided = await failureOf(manager.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "STAFF" }));
    expect(decided.data).toEqual({ code: "companies.joinRequestDecided", params: {} });
    expect(refusalText(decided.data, "es")).toBe("Esta solicitud ya fue resuelta");

    expect(await user.query("auth:getUserCompanyRole")).toMatchObject({
      role: "STAFF",
      companyId: rioId,
      permissions: { hasCompanyMembership: true, canVerify: false },
    });
    expect(await user.query("companyJoinRequests:getUserPendingRequests")).toMatchObject([{ status: "APPROVED", hasNewActivity: true }]);
    const audit = await server.database.db.selectFrom("auditLog").selectAll().where("entityId", "=", requestId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: "approve", companyId: rioId });
  });

  it("deny leaves the user without membership", async () => {
    const user = await newUser("denied@example.com");
    const { requestId } = await user.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
    const owner = await new Client(server.url).signIn("owner@demo.test");
    await owner.mutation("companyJoinRequests:denyJoinRequest", { requestId, reason: "Not on the roster" });
    expect(await user.query("companyJoinRequests:getUserPendingRequests")).toMatchObject([
      { status: "DENIED", hasNewActivity: true, decisionReason: "Not on the roster" },
    ]);
    expect(await user.query("companies:getUserCompanyMemberships")).toEqual([]);
  });

  it("refuses requests to a closed company and admits at once where no approval is required", async () => {
    const db = server.database.db;
    await db.updateTable("companies").set({ allowJoinRequests: false }).where("id", "=", sudsId).execute();
    const user = await newUser("closed@example.com");
    expect(await user.query("companyJoinRequests:validateCompanyCode", { companyCode: "CMP200002" })).toMatchObject({
      isValid: false,
      message: "This company is not accepting join requests",
      company: { allowJoinRequests: false },
    });
    expect(await failure(user.mutation("companyJoinRequests:requestToJoin", { companyId: sudsId }))).toBe("This company is not accepting join requests");
    expect(await db.selectFrom("joinRequests").select("id").where("companyId", "=", sudsId).execute()).toEqual([]);

    await db.updateTable("companies").set({ allowJoinRequests: true, requireApproval: false }).where("id", "=", sudsId).execute();
    expect(await user.mutation("companyJoinRequests:requestToJoin", { companyId: sudsId })).toMatchObject({ status: "APPROVED" });
    expect(await user.query("auth:getUserCompanyRole")).toMatchObject({ role: "MEMBER", companyId: sudsId });
  });

  it("keeps guests out of companies", async () => {
    const guest = new Client(server.url);
    guest.token = (await guest.action<{ tokens: { token: string } }>("auth:signIn", { provider: "anonymous" })).tokens.token;
    expect(await failure(guest.mutation("companyJoinRequests:requestToJoin", { companyId: rioId }))).toBe("Create an account before joining a company");
  });
});

describe("memberships", () => {
  it("lists a user's companies and switches the active one on the server", async () => {
    const user = await newUser("twohats@example.com");
    const db = server.database.db;
    const userId = (await db.selectFrom("users").select("id").where("email", "=", "twohats@example.com").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("memberships")
      .values([
        { id: "m".repeat(31) + "1", companyId: rioId, userId, role: "STAFF" },
        { id: "m".repeat(31) + "2", companyId: sudsId, userId, role: "MANAGER" },
      ])
      .execute();
    await db.updateTable("users").set({ activeCompanyId: rioId }).where("id", "=", userId).execute();
    const list = await user.query<Array<{ companyName: string; isActive: boolean; role: string }>>("companies:getUserCompanyMemberships");
    expect(list.map((m) => [m.companyName, m.role, m.isActive])).toEqual([
      ["Rio Laundromat", "STAFF", true],
      ["Suds Express", "MANAGER", false],
    ]);
    await user.mutation("companies:switchActiveCompany", { companyId: sudsId });
    expect(await user.query("auth:getUserCompanyRole")).toMatchObject({ role: "MANAGER", companyId: sudsId, permissions: { canManageStores: true } });
    expect(await user.query("companies:getCurrentCompany")).toMatchObject({ name: "Suds Express", myRole: "MANAGER" });
    const stranger = await newUser("stranger@example.com");
    expect(await failure(stranger.mutation("companies:switchActiveCompany", { companyId: rioId }))).toBe("You are not a member of this company");
    expect((await failureOf(stranger.mutation("companies:switchActiveCompany", { companyId: rioId }))).data).toEqual({
      code: "companies.notMemberOfCompany",
      params: {},
    });
    expect(await stranger.query("companies:getCompanyDefaultLanguage", { companyId: rioId })).toBeNull();
    expect(await user.query("companies:getCompanyDefaultLanguage", { companyId: rioId })).toBe("en");
  });

  it("lets managers change roles and remove members, never above their own rank or themselves", async () => {
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const members = await manager.query<Array<{ _id: string; email: string; role: string; isSelf: boolean }>>("companyMembers:listMembers");
    const byEmail = (e: string) => members.find((m) => m.email === e)!;
    expect(await failure(manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("owner@demo.test")._id, role: "STAFF" }))).toBe(
      "You cannot change a member with a higher role than yours",
    );
    const higher = await failureOf(manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("owner@demo.test")._id, role: "STAFF" }));
    expect(higher.data).toEqual({ code: "access.higherRole", params: {} });
    expect(refusalText(higher.data, "es")).toBe("No puedes cambiar a un miembro con un rol superior al tuyo");
    expect(await failure(manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("manager@demo.test")._id, role: "STAFF" }))).toBe(
      "You cannot change your own membership",
    );
    expect(
      (await failureOf(manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("manager@demo.test")._id, role: "STAFF" }))).data,
    ).toEqual({
      code: "companies.ownMembership",
      params: {},
    });
    expect(await failure(manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("member@demo.test")._id, role: "OWNER" }))).toBe(
      "You cannot grant the OWNER role",
    );
    await manager.mutation("companyMembers:changeMemberRole", { membershipId: byEmail("member@demo.test")._id, role: "SUPERVISOR" });
    const member = await new Client(server.url).signIn("member@demo.test");
    expect(await member.query("auth:getUserCompanyRole")).toMatchObject({ role: "SUPERVISOR", permissions: { canVerify: true } });

    await manager.mutation("companyMembers:removeMember", { membershipId: byEmail("member@demo.test")._id });
    expect(await member.query("auth:getUserCompanyRole")).toMatchObject({ role: "UNASSIGNED", companyId: null });
    const staff = await new Client(server.url).signIn("staff@demo.test");
    expect(await failure(staff.query("companyMembers:listMembers"))).toBe("You don't have permission to manage users");
  });
});
