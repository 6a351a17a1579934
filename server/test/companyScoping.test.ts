import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRegistry } from "../src/runtime/registry.ts";
import { sampleArgs } from "./support/sampleArgs.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Every registered function, called by the owner of Suds Express with ids taken from Rio
// Laundromat, must neither return nor change Rio's data. The sweep walks the registry, so each
// new function is covered the day it is written.

let server: TestServer;
let rio: { companyId: string; ids: Record<string, string[]>; sensitive: Set<string> };

/** Tables owned by a company; their Rio rows must be exactly the same after the sweep. */
const COMPANY_TABLES = ["stores", "storeSections", "equipmentTypes", "machines", "collections", "collectionLines", "memberships", "joinRequests", "auditLog"] as const;

// Discovery functions show any company's public face (name, code) to people looking for one.
const MAY_NAME_OTHER_COMPANIES = new Set([
  "companies:listActiveCompanies",
  "companyJoinRequests:searchCompanies",
  "companyJoinRequests:validateCompanyCode",
  "companyJoinRequests:requestToJoin",
  // The caller's own requests name the companies they asked to join.
  "companyJoinRequests:getUserPendingRequests",
]);

async function snapshotRio(): Promise<string> {
  const db = server.database.db;
  const parts: Record<string, unknown> = {};
  for (const table of COMPANY_TABLES) {
    // Join requests made by the sweep's own caller are the one legitimate new row.
    const rows = await db.selectFrom(table).selectAll().where("companyId", "=", rio.companyId).execute();
    parts[table] = rows
      .filter((r) => !(table === "joinRequests" && (r as { status: string }).status === "PENDING" && !rio.ids.joinRequest.includes((r as { id: string }).id)))
      .map((r) => JSON.stringify(r))
      .sort();
  }
  parts.company = await db.selectFrom("companies").selectAll().where("id", "=", rio.companyId).execute();
  parts.users = (await db.selectFrom("users").selectAll().where("id", "in", rio.ids.user).orderBy("id").execute()).map((u) => JSON.stringify(u));
  return JSON.stringify(parts);
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow();
  // A pending request at Rio, so request ids exist to aim at.
  const applicant = await new Client(server.url).action<{ tokens: { token: string } }>("auth:signIn", { provider: "password", params: { email: "applicant@example.com", password: "applicant-password", flow: "signUp" } });
  const applicantClient = new Client(server.url);
  applicantClient.token = applicant.tokens.token;
  await applicantClient.mutation("companyJoinRequests:requestToJoin", { companyId: company.id });

  const pick = async (table: (typeof COMPANY_TABLES)[number]) => (await db.selectFrom(table).select("id").where("companyId", "=", company.id).limit(5).execute()).map((r) => r.id);
  const ids: Record<string, string[]> = {
    company: [company.id],
    store: await pick("stores"),
    section: await pick("storeSections"),
    equipmentType: await pick("equipmentTypes"),
    machine: await pick("machines"),
    collection: await pick("collections"),
    membership: await pick("memberships"),
    joinRequest: await pick("joinRequests"),
    user: (await db.selectFrom("memberships").select("userId").where("companyId", "=", company.id).execute()).map((r) => r.userId),
  };
  const sensitive = new Set(Object.entries(ids).flatMap(([kind, list]) => (kind === "company" ? [] : list)));
  rio = { companyId: company.id, ids, sensitive };
});
afterAll(() => server?.stop());

function idFor(field: string, variant: number): string {
  const kind = field.replace(/Ids?$/i, "").replace(/^(campaign|claim)$/, "$1");
  const map: Record<string, string> = {
    company: "company",
    store: "store",
    section: "section",
    storeSection: "section",
    equipmentType: "equipmentType",
    type: "equipmentType",
    machine: "machine",
    collection: "collection",
    membership: "membership",
    request: "joinRequest",
    joinRequest: "joinRequest",
    user: "user",
    collector: "user",
  };
  const list = rio.ids[map[kind] ?? Object.keys(rio.ids)[variant % Object.keys(rio.ids).length]];
  return list[variant % list.length];
}

describe("company scoping sweep", () => {
  it("calls every function as Suds Express with Rio ids without reading or changing Rio data", async () => {
    const before = await snapshotRio();
    const registry = await loadRegistry();
    let client = await new Client(server.url).signIn("owner@suds.test");
    const leaks: string[] = [];
    let calls = 0;
    for (const [path, fn] of registry) {
      for (let variant = 0; variant < 9; variant++) {
        const args = sampleArgs(fn.args, (field) => idFor(field, variant));
        const outcome = await client.raw(fn.kind, path, args);
        calls++;
        if (outcome.status === 401) client = await new Client(server.url).signIn("owner@suds.test");
        const text = JSON.stringify(outcome.body);
        for (const id of rio.sensitive) if (text.includes(id)) leaks.push(`${path} returned Rio id ${id}`);
        if (!MAY_NAME_OTHER_COMPANIES.has(path) && (text.includes(rio.companyId) || text.includes("Rio Laundromat"))) leaks.push(`${path} named Rio`);
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(registry.size * 8);
    expect(await snapshotRio()).toBe(before);
  }, 300_000);
});
