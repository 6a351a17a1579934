// @postgres: the identity and campaign queries (sub-selects, date columns) written by the contract, on the real engine
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_FLAGS } from "@tumble/domain/permissions";
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
