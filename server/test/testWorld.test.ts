import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent test companies
// The browser tests' own companies: offered only when TUMBLE_TEST_WORLD=1, each one separate.

describe("test companies for browser tests", () => {
  let plain: TestServer;
  let withWorlds: TestServer;
  const previous = process.env.TUMBLE_TEST_WORLD;

  beforeAll(async () => {
    plain = await startTestServer();
    process.env.TUMBLE_TEST_WORLD = "1";
    try {
      withWorlds = await startTestServer();
    } finally {
      if (previous === undefined) delete process.env.TUMBLE_TEST_WORLD;
      else process.env.TUMBLE_TEST_WORLD = previous;
    }
  });
  afterAll(async () => {
    await plain?.stop();
    await withWorlds?.stop();
  });

  it("does not exist without the flag", async () => {
    const companies = () => plain.database.db.selectFrom("companies").select("id").execute();
    const before = (await companies()).length;
    const response = await fetch(`${plain.url}/api/test/world`, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await companies()).toHaveLength(before);
  });

  it("makes a separate company with a member per role, a store with machines and a collection history", async () => {
    const make = async () =>
      (await (await fetch(`${withWorlds.url}/api/test/world`, { method: "POST" })).json()) as {
        companyId: string;
        storeName: string;
        users: Record<string, string>;
      };
    const [first, second] = await Promise.all([make(), make()]);
    expect(first.companyId).not.toBe(second.companyId);
    expect(first.users.STAFF).not.toBe(second.users.STAFF);

    const owner = await new Client(withWorlds.url).signIn(first.users.OWNER);
    expect(await owner.query("auth:getUserCompanyRole")).toMatchObject({ role: "OWNER" });
    const stores = await owner.query<Array<{ name: string }>>("stores:listAll");
    expect(stores.map((s) => s.name)).toEqual([first.storeName]);
    const staff = await new Client(withWorlds.url).signIn(first.users.STAFF);
    expect(await staff.query("auth:getUserCompanyRole")).toMatchObject({ role: "STAFF" });
    const machines = await withWorlds.database.db.selectFrom("machines").where("companyId", "=", first.companyId).select("label").execute();
    expect(machines).toHaveLength(15);
    const verified = await withWorlds.database.db
      .selectFrom("collections")
      .where("companyId", "=", first.companyId)
      .where("status", "=", "verified")
      .select("id")
      .execute();
    expect(verified.length).toBeGreaterThan(10);
  });
});
