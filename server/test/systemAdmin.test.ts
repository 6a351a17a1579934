import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Issue 20: the platform console over HTTP — only system admins, the SUPER_ADMIN rules, company
// suspension and disabled accounts enforced by the identity layer, a new company's owner invited
// through the outbox.

let server: TestServer;
let sysadmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
});
afterAll(() => server?.stop());

let counter = 0;
async function signUp(prefix: string) {
  const email = `${prefix}-${++counter}-${Date.now()}@example.com`;
  const c = new Client(server.url);
  const r = await c.action<{ tokens: { token: string; refreshToken: string } }>("auth:signIn", {
    provider: "password",
    params: { email, password: "a-good-password", flow: "signUp" },
  });
  c.token = r.tokens.token;
  const id = (await server.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return { client: c, email, id };
}

async function superAdmin() {
  const u = await signUp("super");
  await server.database.db.updateTable("users").set({ globalRole: "SUPER_ADMIN" }).where("id", "=", u.id).execute();
  return { ...u, client: await new Client(server.url).signIn(u.email, "a-good-password") };
}

type CompanyRow = { id: string; name: string; companyCode: string; suspendedAt: string | null; memberCount: number };
type UserRow = {
  id: string;
  email: string;
  globalRole: string | null;
  disabled: boolean;
  activeSessions: number;
  memberships: { companyName: string; role: string }[];
};

const FUNCTIONS: [kind: "query" | "mutation", path: string, args: Record<string, unknown>][] = [
  ["query", "systemAdmin:dashboard", {}],
  ["query", "systemAdmin:listCompanies", {}],
  ["query", "systemAdmin:listCompanyMembers", { companyId: "x" }],
  ["mutation", "systemAdmin:createCompany", { name: "Nope", ownerEmail: "nope@example.com" }],
  ["mutation", "systemAdmin:updateCompany", { companyId: "x", name: "Nope" }],
  ["mutation", "systemAdmin:setCompanySuspended", { companyId: "x", suspended: true }],
  ["query", "systemAdmin:listUsers", {}],
  ["mutation", "systemAdmin:setGlobalRole", { userId: "x", globalRole: "SYSTEM_ADMIN" }],
  ["mutation", "systemAdmin:setUserDisabled", { userId: "x", disabled: true }],
  ["mutation", "systemAdmin:endSessions", { userId: "x" }],
  ["query", "systemAdmin:listChanges", {}],
  ["mutation", "systemAdmin:approveChange", { changeId: "x" }],
  ["mutation", "systemAdmin:rejectChange", { changeId: "x" }],
];

describe("access", () => {
  it("refuses every function to anyone but a system admin, an owner included", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const anonymous = new Client(server.url);
    for (const [kind, path, args] of FUNCTIONS) {
      expect(await failure(owner.call(kind, path, args)), path).toBe("You don't have permission to system administrator access");
      expect(await failure(anonymous.call(kind, path, args)), path).toMatch(/signed in/i);
    }
    const companiesBefore = await server.database.db.selectFrom("companies").select("id").execute();
    expect(companiesBefore.some((c) => c.id === "x")).toBe(false);
  });

  it("gives a system admin without a company the dashboard", async () => {
    const d = await sysadmin.query<{
      companies: number;
      users: number;
      activeToday: number;
      activeThisWeek: number;
      database: { kind: string; bytes: number };
      perDay: { day: string; collections: number; claims: number }[];
      processes: { uptimeSeconds: number }[];
    }>("systemAdmin:dashboard", { timeZone: "America/Chicago" });
    expect(d.companies).toBeGreaterThanOrEqual(2);
    expect(d.users).toBeGreaterThanOrEqual(10);
    // The system admin signed in just now.
    expect(d.activeToday).toBeGreaterThanOrEqual(1);
    expect(d.activeThisWeek).toBeGreaterThanOrEqual(d.activeToday);
    expect(d.database.kind).toBe(server.database.kind);
    expect(d.database.bytes).toBeGreaterThan(0);
    expect(d.perDay).toHaveLength(30);
    // The demo has a submitted collection today at every active Rio store.
    expect(d.perDay.reduce((n, x) => n + x.collections, 0)).toBeGreaterThan(0);
    expect(d.processes[0]!.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(await failure(sysadmin.query("systemAdmin:dashboard", { timeZone: "Mars/Olympus" }))).toMatch(/Unknown time zone/);
  });
});

describe("companies", () => {
  it("creates a company with its first owner invited by e-mail through the outbox, audited", async () => {
    const email = `new-owner-${Date.now()}@example.com`;
    const created = await sysadmin.mutation<{ companyId: string; companyCode: string; newAccount: boolean }>("systemAdmin:createCompany", {
      name: "Bubbles Co",
      industry: "Laundromat",
      size: "SMALL",
      ownerEmail: ` ${email.toUpperCase()} `,
    });
    expect(created.newAccount).toBe(true);
    expect(created.companyCode).toMatch(/^CMP\d{6}$/);
    const db = server.database.db;
    const mail = await db.selectFrom("outbox").selectAll().where("recipient", "=", email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You're the owner of Bubbles Co on Tumble");
    expect(mail[0]!.body).toContain(created.companyCode);
    expect(mail[0]!.body).toContain("Forgot password");
    const membership = await db.selectFrom("memberships").select(["role"]).where("companyId", "=", created.companyId).execute();
    expect(membership).toEqual([{ role: "OWNER" }]);
    const audited = await db.selectFrom("auditLog").select(["action", "actorId"]).where("entityId", "=", created.companyId).execute();
    expect(audited).toEqual([{ action: "create", actorId: expect.any(String) }]);

    const found = await sysadmin.query<CompanyRow[]>("systemAdmin:listCompanies", { search: "bubbles" });
    expect(found.map((c) => [c.name, c.memberCount, c.suspendedAt])).toEqual([["Bubbles Co", 1, null]]);
    const members = await sysadmin.query<{ email: string; role: string }[]>("systemAdmin:listCompanyMembers", { companyId: created.companyId });
    expect(members.map((m) => [m.email, m.role])).toEqual([[email, "OWNER"]]);
  });

  it("refuses bad input and changes nothing", async () => {
    const before = await server.database.db.selectFrom("companies").select("id").execute();
    expect(await failure(sysadmin.mutation("systemAdmin:createCompany", { name: "", ownerEmail: "a@example.com" }))).toMatch(/Company name is required/);
    expect(await failure(sysadmin.mutation("systemAdmin:createCompany", { name: "X", ownerEmail: "not-an-email" }))).toBe("Invalid email");
    expect(await failure(sysadmin.mutation("systemAdmin:createCompany", { name: "X", ownerEmail: "a@example.com", size: "HUGE" }))).toMatch(/size/);
    expect(await server.database.db.selectFrom("companies").select("id").execute()).toHaveLength(before.length);
    expect(await failure(sysadmin.mutation("systemAdmin:updateCompany", { companyId: "missing", name: "Y" }))).toBe("Company not found");
  });

  it("edits any field, audited, and a taken code gets a clear message", async () => {
    const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", {
      name: "Edit Me",
      ownerEmail: "edit-owner@example.com",
    });
    await sysadmin.mutation("systemAdmin:updateCompany", {
      companyId,
      name: "Edited",
      displayName: "Edited Ltd",
      emailDomain: "Edited.example",
      allowJoinRequests: false,
      defaultLanguage: "es",
      companyCode: "edit0001",
    });
    const row = await server.database.db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Edited",
      displayName: "Edited Ltd",
      emailDomain: "edited.example",
      allowJoinRequests: false,
      defaultLanguage: "es",
      companyCode: "EDIT0001",
    });
    expect(await failure(sysadmin.mutation("systemAdmin:updateCompany", { companyId, companyCode: "CMP100001" }))).toBe(
      "A company with this code already exists",
    );
    const audits = await server.database.db.selectFrom("auditLog").select("action").where("entityId", "=", companyId).orderBy("at").execute();
    expect(audits.map((a) => a.action)).toEqual(["create", "update"]);
  });

  it("suspends a company: its members are told at sign-in and can do nothing in it; reactivating restores them", async () => {
    const ownerEmail = `suspended-owner-${Date.now()}@example.com`;
    const owner = await signUp("suspended");
    const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Soon Suspended", ownerEmail: owner.email });
    void ownerEmail;
    const session = await new Client(server.url).signIn(owner.email, "a-good-password");
    expect(await session.query("companies:getCurrentCompany")).toMatchObject({ name: "Soon Suspended" });

    await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId, suspended: true, reason: "Unpaid" });
    expect(await failure(sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId, suspended: true }))).toBe("This company is already suspended");
    // The console says it in the reader's language by this code (decision 0067).
    const suspendedTwice = await failureOf(sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId, suspended: true }));
    expect(suspendedTwice.data).toEqual({ code: "systemAdmin.alreadySuspended", params: {} });
    expect(refusalText(suspendedTwice.data, "es")).toBe("Esta empresa ya está suspendida");
    // The open session acts in no company now.
    expect(await failure(session.query("companies:getCurrentCompany"))).toMatch(/company/i);
    expect(await failure(session.mutation("stores:create", { name: "Sneaky", address: "1 Main St", timeZone: "America/Chicago" }))).toMatch(
      /permission|company/i,
    );
    expect(await failure(new Client(server.url).signIn(owner.email, "a-good-password"))).toBe(
      "Your company has been suspended. Contact the platform administrator.",
    );
    expect((await sysadmin.query<CompanyRow[]>("systemAdmin:listCompanies", { status: "suspended", search: "Soon" })).map((c) => c.name)).toEqual([
      "Soon Suspended",
    ]);
    // Other companies' members are untouched.
    expect(await (await new Client(server.url).signIn("owner@suds.test")).query("companies:getCurrentCompany")).toMatchObject({ name: "Suds Express" });

    await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId, suspended: false });
    expect(await failure(sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId, suspended: false }))).toBe("This company is not suspended");
    const back = await new Client(server.url).signIn(owner.email, "a-good-password");
    expect(await back.query("companies:getCurrentCompany")).toMatchObject({ name: "Soon Suspended" });
    const audits = await server.database.db.selectFrom("auditLog").select("action").where("entityId", "=", companyId).orderBy("at").execute();
    expect(audits.map((a) => a.action)).toEqual(["create", "suspend", "reactivate"]);
  });

  it("a member of a suspended company and an active one signs in and acts in the active one", async () => {
    const area = await new Client(server.url).signIn("area@demo.test");
    const memberships = await server.database.db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["m.companyId"])
      .where("u.email", "=", "area@demo.test")
      .execute();
    expect(memberships).toHaveLength(2);
    const current = await area.query<{ _id: string; name: string }>("companies:getCurrentCompany");
    await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId: current._id, suspended: true });
    try {
      const again = await new Client(server.url).signIn("area@demo.test");
      const other = await again.query<{ name: string }>("companies:getCurrentCompany");
      expect(other.name).not.toBe(current.name);
    } finally {
      await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId: current._id, suspended: false });
    }
  });
});

describe("users", () => {
  it("searches across companies with memberships and global role", async () => {
    const found = await sysadmin.query<UserRow[]>("systemAdmin:listUsers", { search: "suds express" });
    expect(found.map((u) => u.email).sort()).toEqual(["area@demo.test", "owner@suds.test"]);
    expect(found.find((u) => u.email === "area@demo.test")!.memberships.map((m) => `${m.companyName}:${m.role}`)).toEqual([
      "Rio Laundromat:MANAGER",
      "Suds Express:SUPERVISOR",
    ]);
    const admins = await sysadmin.query<UserRow[]>("systemAdmin:listUsers", { role: "SYSTEM_ADMIN" });
    expect(admins.map((u) => u.email)).toContain("sysadmin@demo.test");
    expect(admins.every((u) => u.globalRole === "SYSTEM_ADMIN")).toBe(true);
  });

  it("grants (approved by a second admin) and revokes global roles; only a super admin touches SUPER_ADMIN; the last one keeps it", async () => {
    const target = await signUp("promoted");
    const root = await superAdmin();
    // A grant waits for another system admin (decision 0060).
    const asked = await sysadmin.mutation<{ status: string; changeId: string }>("systemAdmin:setGlobalRole", {
      userId: target.id,
      globalRole: "COMPANIES_ADMIN",
    });
    expect(asked.status).toBe("pending");
    expect(await failure(target.client.query("systemAdmin:listCompanies", {}))).toBe("You don't have permission to system administrator access");
    const denied = await failureOf(target.client.query("systemAdmin:listCompanies", {}));
    expect(denied.data).toEqual({ code: "access.denied", params: { flag: "isSystemAdmin" } });
    expect(refusalText(denied.data, "es")).toBe("No tienes acceso de administrador del sistema");
    await root.client.mutation("systemAdmin:approveChange", { changeId: asked.changeId });
    expect(await target.client.query("systemAdmin:listCompanies", {})).toEqual(expect.any(Array));
    expect(await failure(sysadmin.mutation("systemAdmin:setGlobalRole", { userId: target.id, globalRole: "SUPER_ADMIN" }))).toBe(
      "Only a super administrator can grant or revoke the super administrator role",
    );
    await sysadmin.mutation("systemAdmin:setGlobalRole", { userId: target.id, globalRole: null });
    expect(await failure(target.client.query("systemAdmin:listCompanies", {}))).toBe("You don't have permission to system administrator access");

    // The only super admin cannot demote themselves, nor be demoted.
    const supers = await server.database.db.selectFrom("users").select("id").where("globalRole", "=", "SUPER_ADMIN").execute();
    expect(supers).toHaveLength(1);
    expect(await failure(root.client.mutation("systemAdmin:setGlobalRole", { userId: root.id, globalRole: "SYSTEM_ADMIN" }))).toBe(
      "The last super administrator cannot lose that role",
    );
    const superGrant = await root.client.mutation<{ changeId: string }>("systemAdmin:setGlobalRole", { userId: target.id, globalRole: "SUPER_ADMIN" });
    // A second super admin approves a super admin: made the way an installation's first one is (`npm run admin -- create`).
    const other = await superAdmin();
    await other.client.mutation("systemAdmin:approveChange", { changeId: superGrant.changeId });
    await server.database.db.updateTable("users").set({ globalRole: null }).where("id", "=", other.id).execute();
    expect(await failure(sysadmin.mutation("systemAdmin:setGlobalRole", { userId: target.id, globalRole: null }))).toBe(
      "Only a super administrator can grant or revoke the super administrator role",
    );
    // With two, one may go.
    await root.client.mutation("systemAdmin:setGlobalRole", { userId: root.id, globalRole: "SYSTEM_ADMIN" });
    const fresh = await new Client(server.url).signIn(target.email, "a-good-password");
    expect(await failure(fresh.mutation("systemAdmin:setGlobalRole", { userId: target.id, globalRole: null }))).toBe(
      "The last super administrator cannot lose that role",
    );
    const audits = await server.database.db.selectFrom("auditLog").select(["action", "after"]).where("entityId", "=", target.id).orderBy("at").execute();
    expect(audits.map((a) => a.action)).toEqual(["requestGlobalRole", "setGlobalRole", "requestGlobalRole"]);
    // Leave no super admin behind for the other tests.
    await server.database.db.updateTable("users").set({ globalRole: null }).where("id", "=", target.id).execute();
  });

  it("disables an account: its sessions end, sign-in is refused with a clear message; enabling lets it back", async () => {
    const u = await signUp("disabled");
    const second = await new Client(server.url).signIn(u.email, "a-good-password");
    expect(await second.query("auth:loggedInUser")).toMatchObject({ email: u.email });
    await sysadmin.mutation("systemAdmin:setUserDisabled", { userId: u.id, disabled: true, reason: "Abuse" });
    const listed = await sysadmin.query<UserRow[]>("systemAdmin:listUsers", { search: u.email });
    expect(listed.map((x) => [x.disabled, x.activeSessions])).toEqual([[true, 0]]);
    const refused = await second.raw("query", "auth:loggedInUser");
    expect(refused.status).toBe(401);
    expect(await failure(new Client(server.url).signIn(u.email, "a-good-password"))).toBe("This account has been disabled. Contact your administrator.");
    // A token minted by another path (the reset flow) is refused too.
    expect(await failure(sysadmin.mutation("systemAdmin:setUserDisabled", { userId: (await whoAmI(sysadmin)).id, disabled: true }))).toBe(
      "You cannot disable your own account",
    );
    await sysadmin.mutation("systemAdmin:setUserDisabled", { userId: u.id, disabled: false });
    const back = await new Client(server.url).signIn(u.email, "a-good-password");
    expect(await back.query("auth:loggedInUser")).toMatchObject({ email: u.email });
    const audits = await server.database.db.selectFrom("auditLog").select("action").where("entityId", "=", u.id).orderBy("at").execute();
    expect(audits.map((a) => a.action)).toEqual(["disable", "enable"]);
  });

  it("ends all sessions of a user", async () => {
    const u = await signUp("ended");
    const other = await new Client(server.url).signIn(u.email, "a-good-password");
    expect(await sysadmin.mutation("systemAdmin:endSessions", { userId: u.id })).toEqual({ ended: 2 });
    expect((await u.client.raw("query", "auth:loggedInUser")).status).toBe(401);
    expect((await other.raw("query", "auth:loggedInUser")).status).toBe(401);
    expect(await failure(sysadmin.mutation("systemAdmin:endSessions", { userId: "missing" }))).toBe("User not found");
    expect((await failureOf(sysadmin.mutation("systemAdmin:endSessions", { userId: "missing" }))).data).toEqual({
      code: "systemAdmin.userNotFound",
      params: {},
    });
  });
});

async function whoAmI(c: Client) {
  return c.query<{ _id: string }>("auth:loggedInUser").then((u) => ({ id: u._id }));
}
