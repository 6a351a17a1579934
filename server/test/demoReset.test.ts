import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore } from "./support/workforce.ts";

// Issue 20, system-admin/demo: demo:reset deletes the demo companies (those the demo seed made)
// with every row they own and makes them again from the demo seed; other companies' rows stay
// exactly as they were; a non-demo company is refused.

let server: TestServer;
let sysadmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
});
afterAll(() => server?.stop());

const DENIED = "You don't have permission to system administrator access";

/** Every company-owned table (a company_id column), from the catalog. */
async function ownedTables(): Promise<string[]> {
  const { rows } = await sql<{ t: string }>`select table_name as t from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' order by 1`.execute(server.database.db);
  return rows.map((r) => r.t);
}

/** All of a company's rows in every table, as text, in a stable order. */
async function snapshot(companyId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of [...(await ownedTables()), "companies"]) {
    const column = t === "companies" ? "id" : "company_id";
    const { rows } = await sql<{ r: string }>`select row_to_json(x)::text as r from ${sql.id(t)} x where ${sql.id(column)} = ${companyId} order by 1`.execute(
      server.database.db,
    );
    out[t] = rows.map((r) => r.r);
  }
  return out;
}

async function demoCompanies() {
  return server.database.db.selectFrom("companies").select(["id", "name", "companyCode"]).where("demoSeed", "=", true).orderBy("companyCode").execute();
}

/** Row counts of the demo companies in every company-owned table. */
async function demoCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await ownedTables()) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(t)} where company_id in (select id from companies where demo_seed)`.execute(server.database.db);
    out[t] = rows[0].n;
  }
  return out;
}

/** A company that is not a demo company, with an owner, a store (and its cash accounts) and an employee. */
async function customerCompany() {
  const email = `customer-owner-${Date.now()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "a-good-password", flow: "signUp" } });
  const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: `Customer ${Date.now()}`, ownerEmail: email });
  const owner = await new Client(server.url).signIn(email, "a-good-password");
  const storeId = await createStore(owner, "Customer store");
  await createEmployee(owner, [storeId], { prefix: "cust" });
  return companyId;
}

describe("access", () => {
  it("refuses every function to anyone but a system admin", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const [rio] = await demoCompanies();
    expect(await failure(owner.query("demo:status"))).toBe(DENIED);
    expect(await failure(owner.mutation("demo:reset", {}))).toBe(DENIED);
    expect(await failure(owner.mutation("demo:createCampaigns", { companyId: rio.id }))).toBe(DENIED);
    expect(await failure(new Client(server.url).mutation("demo:reset", {}))).toMatch(/signed in/i);
  });
});

describe("demo reset", () => {
  it("knows the demo companies by the seed's mark", async () => {
    expect((await demoCompanies()).map((c) => [c.name, c.companyCode])).toEqual([
      ["Rio Laundromat", "CMP100001"],
      ["Suds Express", "CMP200002"],
    ]);
    const status = await sysadmin.query<{ companies: { name: string; stores: number; campaigns: number }[] }>("demo:status");
    expect(status.companies.map((c) => c.name)).toEqual(["Rio Laundromat", "Suds Express"]);
  });

  it("refuses a company that is not a demo company, changing nothing", async () => {
    const customer = await customerCompany();
    const before = await snapshot(customer);
    expect(await failure(sysadmin.mutation("demo:reset", { companyId: customer }))).toMatch(/not a demo company/);
    expect(await failure(sysadmin.mutation("demo:createCampaigns", { companyId: customer }))).toMatch(/not a demo company/);
    const notDemo = await failureOf(sysadmin.mutation("demo:reset", { companyId: customer }));
    expect(notDemo.data).toEqual({ code: "systemAdmin.notDemo", params: {} });
    expect(refusalText(notDemo.data, "es")).toMatch(/^Solo las empresas de demostración/);
    expect(await snapshot(customer)).toEqual(before);
  });

  it("restores the demo data after changes, keeps the demo accounts' ids, and leaves another company's rows identical", async () => {
    const customer = await customerCompany();
    const customerBefore = await snapshot(customer);
    expect(customerBefore.stores.length).toBe(1);
    expect(customerBefore.employees.length).toBe(1);
    const countsBefore = await demoCounts();
    const [rio] = await demoCompanies();
    const ownerId = (await server.database.db.selectFrom("users").select("id").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow()).id;

    // Someone plays with the demo: renames Rio, adds campaigns, a store, an adjustment.
    await sysadmin.mutation("systemAdmin:updateCompany", { companyId: rio.id, name: "Rio Renamed" });
    await sysadmin.mutation("demo:createCampaigns", { companyId: rio.id });
    const owner = await new Client(server.url).signIn("owner@demo.test");
    await createStore(owner, "Playground");
    const changed = await demoCounts();
    expect(changed.campaigns).toBe(countsBefore.campaigns + 2);
    expect(changed.stores).toBe(countsBefore.stores + 1);

    const started = performance.now();
    const result = await sysadmin.mutation<{ companies: { id: string; name: string }[]; deleted: { rows: number } }>("demo:reset", { companyId: rio.id });
    console.info(`demo reset: ${result.deleted.rows} rows deleted and the seed run again in ${Math.round(performance.now() - started)} ms`);
    expect(result.companies.map((c) => c.name)).toEqual(["Rio Laundromat", "Suds Express"]);
    expect(result.deleted.rows).toBeGreaterThan(1000);

    // The demo is as the seed makes it: the same rows in every company-owned table, new companies.
    const countsAfter = await demoCounts();
    expect({ ...countsAfter, audit_log: 0, outbox: 0 }).toEqual({ ...countsBefore, audit_log: 0, outbox: 0 });
    const after = await demoCompanies();
    expect(after.map((c) => c.name)).toEqual(["Rio Laundromat", "Suds Express"]);
    expect(after.map((c) => c.id)).not.toContain(rio.id);
    expect(await server.database.db.selectFrom("companies").select("id").where("id", "=", rio.id).executeTakeFirst()).toBeUndefined();
    for (const t of await ownedTables()) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(t)} where company_id = ${rio.id}`.execute(server.database.db);
      expect(rows[0].n, t).toBe(0);
    }

    // Demo accounts keep their ids and sign in to the new demo companies.
    const ownerAfter = await server.database.db
      .selectFrom("users")
      .select(["id", "activeCompanyId"])
      .where("email", "=", "owner@demo.test")
      .executeTakeFirstOrThrow();
    expect(ownerAfter).toEqual({ id: ownerId, activeCompanyId: after[0].id });
    const again = await new Client(server.url).signIn("owner@demo.test");
    const stores = await again.query<{ name: string }[]>("stores:listAll", {});
    expect(stores.map((s) => s.name)).toEqual(expect.arrayContaining(["Rio Downtown", "Rio Eastside", "Rio Northgate"]));
    expect(stores.map((s) => s.name).some((n) => n.startsWith("Playground"))).toBe(false);
    const area = await server.database.db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select("m.companyId")
      .where("u.email", "=", "area@demo.test")
      .execute();
    expect(new Set(area.map((m) => m.companyId))).toEqual(new Set(after.map((c) => c.id)));
    // The caller's own session goes on.
    expect((await sysadmin.query<{ companies: unknown[] }>("demo:status")).companies).toHaveLength(2);

    // The other company: every row identical.
    expect(await snapshot(customer)).toEqual(customerBefore);

    // Audited, without a company.
    const audit = await server.database.db.selectFrom("auditLog").select(["companyId"]).where("entity", "=", "demo").where("action", "=", "reset").execute();
    expect(audit).toEqual([{ companyId: null }]);
    // The seed hashes every demo password and PIN again: seconds, more on a busy machine.
  }, 180_000);

  it("gives a demo company the spec's two demo campaigns", async () => {
    const [rio] = await demoCompanies();
    const made = await sysadmin.mutation<{ campaigns: { name: string; url: string }[] }>("demo:createCampaigns", { companyId: rio.id });
    expect(made.campaigns.map((c) => c.name)).toEqual([
      expect.stringMatching(/^Full Template Demo Campaign \d{4}-/),
      expect.stringMatching(/^Standard Demo Campaign \d{4}-/),
    ]);
    const rows = await server.database.db
      .selectFrom("campaigns")
      .select(["campaignType", "offerAmountCents"])
      .where("companyId", "=", rio.id)
      .where("name", "like", "%Demo Campaign%")
      .execute();
    expect(rows.map((r) => [r.campaignType, Number(r.offerAmountCents)]).sort()).toEqual([
      ["ACQUISITION", 500],
      ["SEASONAL", 1500],
    ]);
  });
});
