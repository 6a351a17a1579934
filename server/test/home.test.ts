import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@tumble/domain/datePresets";
import { todayIn } from "@tumble/domain/businessDate";
import { newId } from "../src/runtime/ids.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// home:summary, the home's "today" figures: each active store's submitted and verified total for
// its own business today (its time zone) beside the previous day; only for canExportReports.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Summary = {
  stores: { storeId: string; storeName: string; businessDate: string; compareDate: string; totalCents: number; compareCents: number; collections: number }[];
} | null;

describe("home:summary", () => {
  it("totals a store's business today in its own time zone against the previous day, drafts and rejections left out", async () => {
    const db = server.database.db;
    const rio = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
    const collector = (await db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
    // A store on the other side of the date line, so its today differs from UTC's for much of the day.
    const storeId = newId();
    await db
      .insertInto("stores")
      .values({ id: storeId, companyId: rio, name: "Auckland Quay", address: "1 Quay St", phone: null, hours: null, timeZone: "Pacific/Auckland" })
      .execute();
    const today = todayIn("Pacific/Auckland");
    const yesterday = addDays(today, -1);
    const add = (businessDate: string, status: string, totalCents: number, adjustsCollectionId: string | null = null) => {
      const id = newId();
      return db
        .insertInto("collections")
        .values({
          id,
          companyId: rio,
          storeId,
          businessDate,
          collectorId: collector,
          status,
          totalCents,
          adjustsCollectionId,
          rejectionReason: null,
          verifiedBy: null,
        })
        .execute()
        .then(() => id);
    };
    const verified = await add(today, "verified", 12_345);
    await add(today, "submitted", 5_000);
    await add(today, "verified", -345, verified); // an adjustment's delta
    await add(today, "draft", 99_999);
    await add(today, "rejected", 88_888);
    await add(yesterday, "verified", 10_000);
    await add(addDays(today, -2), "verified", 77_777);

    const owner = await new Client(server.url).signIn("owner@demo.test");
    const summary = await owner.query<Summary>("home:summary");
    const quay = summary?.stores.find((s) => s.storeId === storeId);
    expect(quay).toEqual({
      storeId,
      storeName: "Auckland Quay",
      businessDate: today,
      compareDate: yesterday,
      totalCents: 17_000,
      compareCents: 10_000,
      collections: 2,
    });
    // Inactive stores are not listed; other companies' stores never are.
    const names = summary!.stores.map((s) => s.storeName);
    const inactive = await db.selectFrom("stores").select("name").where("companyId", "=", rio).where("isActive", "=", false).execute();
    expect(inactive.length).toBeGreaterThan(0);
    for (const s of inactive) expect(names).not.toContain(s.name);
    const others = await db.selectFrom("stores").select("id").where("companyId", "!=", rio).execute();
    for (const s of others) expect(summary!.stores.map((x) => x.storeId)).not.toContain(s.id);
  });

  it("gives no figures to those who may not see reports, nor to a user in no company", async () => {
    const staff = await new Client(server.url).signIn("staff@demo.test");
    expect(await staff.query<Summary>("home:summary")).toBeNull();
    const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
    expect(await sysadmin.query<Summary>("home:summary")).toBeNull();
    const supervisor = await new Client(server.url).signIn("supervisor@demo.test");
    expect((await supervisor.query<Summary>("home:summary"))?.stores.length).toBeGreaterThan(0);
  });

  it("refuses a signed-out caller", async () => {
    const outcome = await new Client(server.url).raw("query", "home:summary", {});
    expect(outcome.body).toMatchObject({ status: "error" });
  });
});
