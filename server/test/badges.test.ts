import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBadgeContributors, sumBadges } from "../src/runtime/badges.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Spec section 2 "Tab badges" / "Sub-tab badges", contributed per module (server/src/badges).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Badges = { counts: Record<string, number>; tabs: Record<string, number>; subTabs: Record<string, number> };

describe("navigation badges", () => {
  it("follow the spec: each sub-tab's count, and tabs summing theirs except the own-unverified subset", async () => {
    const db = server.database.db;
    const supervisor = await new Client(server.url).signIn("supervisor@demo.test");
    const rio = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
    const staffId = (await db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
    const submitted = (
      await db
        .selectFrom("collections")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("companyId", "=", rio)
        .where("status", "=", "submitted")
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(submitted)).toBeGreaterThan(0);

    const seen = await supervisor.query<Badges>("navigation:getBadgeCounts");
    expect(seen.subTabs["laundromat/collections-list"]).toBe(Number(submitted));
    expect(seen.tabs.laundromat).toBe(seen.subTabs["laundromat/collections-list"] + seen.subTabs["laundromat/cash-dashboard"]);
    expect(seen.tabs.user).toBe(seen.subTabs["user/my-requests"]);

    // Staff recorded every demo collection, so their own unverified ones show on the record
    // sub-tab, but they may not verify: the all-unverified badge and the tab stay 0.
    const staff = await new Client(server.url).signIn("staff@demo.test");
    const own = await staff.query<Badges>("navigation:getBadgeCounts");
    const ownSubmitted = (
      await db
        .selectFrom("collections")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("companyId", "=", rio)
        .where("status", "=", "submitted")
        .where("collectorId", "=", staffId)
        .executeTakeFirstOrThrow()
    ).n;
    expect(own.subTabs["laundromat/collection-record"]).toBe(Number(ownSubmitted));
    expect(own.subTabs["laundromat/collections-list"]).toBe(0);
    expect(own.tabs.laundromat ?? 0).toBe(own.subTabs["laundromat/cash-dashboard"]);

    // A manager sees the inactive demo store on locations and in the company tab.
    const manager = await new Client(server.url).signIn("manager@demo.test");
    const managed = await manager.query<Badges>("navigation:getBadgeCounts");
    expect(managed.subTabs["company/locations"]).toBe(1);
    expect(managed.tabs.company).toBe(managed.subTabs["company/locations"] + managed.subTabs["company/join-requests"]);
    // The demo self-registration waiting for its profile to be completed, on profiles.
    const pending = await db.selectFrom("employees").select("id").where("companyId", "=", rio).where("status", "=", "pending").execute();
    expect(pending.length).toBeGreaterThan(0);
    expect(managed.subTabs["employee-management/profiles"]).toBe(pending.length);
    expect(own.subTabs["employee-management/profiles"] ?? 0).toBe(0);
  });

  it("are found in their folder, so a module adds a badge with one file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-badges-"));
    try {
      fs.writeFileSync(
        path.join(dir, "cash.mjs"),
        `export const badges = [{ key: "openShifts", subTab: "laundromat/cash-dashboard", countsTowardTab: true, count: () => null },
                                 { key: "draftsToCheck", subTab: "laundromat/collection-record", countsTowardTab: false, count: () => null }];`,
      );
      fs.writeFileSync(path.join(dir, "cash.d.ts"), "export {};");
      const found = await loadBadgeContributors(dir);
      expect(found.map((b) => b.key)).toEqual(["openShifts", "draftsToCheck"]);
      expect(sumBadges(found, { openShifts: 2, draftsToCheck: 5 })).toEqual({
        counts: { openShifts: 2, draftsToCheck: 5 },
        tabs: { laundromat: 2 },
        subTabs: { "laundromat/cash-dashboard": 2, "laundromat/collection-record": 5 },
      });
      fs.writeFileSync(
        path.join(dir, "typo.mjs"),
        `export const badges = [{ key: "x", subTab: "laundromat/nowhere", countsTowardTab: true, count: () => null }];`,
      );
      await expect(loadBadgeContributors(dir)).rejects.toThrow("Badge x names an unknown sub-tab laundromat/nowhere");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
