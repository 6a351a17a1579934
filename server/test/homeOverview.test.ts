import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeSummary, type HomeSummary, type PeriodTakings } from "../src/home/takings.ts";
import { newId } from "../src/runtime/ids.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";
import { unique } from "./support/workforce.ts";

// The owner's overview (issue 34): each store's takings today, over the last 7 days and month to
// date, in the store's own business calendar, each beside its comparison period, and the company
// total. The figures below are worked out by hand for one fixed instant.

let server: TestServer;
let owner: Client;
let companyId: string;
let collector: string;
beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  const ownerEmail = `home-${unique()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email: ownerEmail, password: "home-pw-12345", flow: "signUp" } });
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Overview Suds", ownerEmail }));
  owner = await new Client(server.url).signIn(ownerEmail, "home-pw-12345");
  collector = (await server.database.db.selectFrom("users").select("id").where("email", "=", ownerEmail).executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;

async function addStore(name: string, timeZone: string, isActive = true): Promise<string> {
  const id = newId();
  await db().insertInto("stores").values({ id, companyId, name, address: "1 Quay St", phone: null, hours: null, timeZone, isActive }).execute();
  return id;
}

async function collect(
  storeId: string,
  businessDate: string,
  totalCents: number,
  status = "verified",
  adjustsCollectionId: string | null = null,
): Promise<string> {
  const id = newId();
  await db()
    .insertInto("collections")
    .values({ id, companyId, storeId, businessDate, collectorId: collector, status, totalCents, adjustsCollectionId, rejectionReason: null, verifiedBy: null })
    .execute();
  return id;
}

// 2026-11-27 20:00 UTC is Saturday 2026-11-28 09:00 in Auckland (UTC+13 in summer) and Friday
// 2026-11-27 14:00 in Chicago (UTC−6). For an Auckland store:
//   today       2026-11-28            against 2026-11-27 (the previous day)
//   last 7 days 2026-11-22 … 11-28    against 2026-11-15 … 11-21 (the 7 days before)
//   MTD         2026-11-01 … 11-28    against 2026-10-01 … 10-28 (the same days of October)
const NOW = Date.UTC(2026, 10, 27, 20, 0);

const period = (summary: HomeSummary, name: string): PeriodTakings => summary.periods.find((p) => p.period === name)!;
const figures = (p: PeriodTakings, storeId: string) => {
  const s = p.stores.find((x) => x.storeId === storeId)!;
  return [s.totalCents, s.compareCents, s.collections, s.compareCollections];
};

describe("home:summary, the owner's overview", () => {
  let harbour: string;
  let ponsonby: string;

  it("sums each period and its comparison in the store's own calendar", async () => {
    harbour = await addStore("Harbour", "Pacific/Auckland");
    ponsonby = await addStore("Ponsonby", "Pacific/Auckland");
    await addStore("Closed Wharf", "Pacific/Auckland", false);

    await collect(harbour, "2026-11-28", 12_000);
    await collect(harbour, "2026-11-28", 3_000, "submitted");
    await collect(harbour, "2026-11-28", 50_000, "draft"); // never counted
    await collect(harbour, "2026-11-28", 40_000, "rejected"); // never counted
    const friday = await collect(harbour, "2026-11-27", 10_000);
    await collect(harbour, "2026-11-27", -500, "verified", friday); // an adjustment: its delta counts, it is no collection
    await collect(harbour, "2026-11-22", 7_000); // first day of the last 7
    await collect(harbour, "2026-11-21", 6_000); // last day of the 7 before
    await collect(harbour, "2026-11-15", 4_000); // first day of the 7 before
    await collect(harbour, "2026-11-14", 99); // month to date only
    await collect(harbour, "2026-11-01", 1_000); // first day of the month
    await collect(harbour, "2026-10-31", 2_000); // after October's same days: in nothing
    await collect(harbour, "2026-10-28", 3_000); // last day of October's same days
    await collect(harbour, "2026-10-01", 500); // first day of October's same days
    await collect(harbour, "2026-09-30", 77_777); // in nothing
    await collect(ponsonby, "2026-11-27", 8_000);

    const summary = await homeSummary(db(), companyId, NOW);
    expect(summary.periods.map((p) => p.period)).toEqual(["today", "last7Days", "mtd"]);
    // Harbour, [total, comparison, collections, comparison's collections]:
    //   today:  12 000 + 3 000 = 15 000 (2)       vs 10 000 − 500 = 9 500 (1)
    //   last 7: 15 000 + 9 500 + 7 000 = 31 500 (4) vs 6 000 + 4 000 = 10 000 (2)
    //   MTD:    31 500 + 6 000 + 4 000 + 99 + 1 000 = 42 599 (8) vs 3 000 + 500 = 3 500 (2)
    expect(figures(period(summary, "today"), harbour)).toEqual([15_000, 9_500, 2, 1]);
    expect(figures(period(summary, "last7Days"), harbour)).toEqual([31_500, 10_000, 4, 2]);
    expect(figures(period(summary, "mtd"), harbour)).toEqual([42_599, 3_500, 8, 2]);
    // Ponsonby: nothing today, 8 000 yesterday.
    expect(figures(period(summary, "today"), ponsonby)).toEqual([0, 8_000, 0, 1]);
    expect(figures(period(summary, "last7Days"), ponsonby)).toEqual([8_000, 0, 1, 0]);
    expect(figures(period(summary, "mtd"), ponsonby)).toEqual([8_000, 0, 1, 0]);

    const today = period(summary, "today");
    expect(today.stores.map((s) => s.storeName)).toEqual(["Harbour", "Ponsonby"]); // the inactive store is left out
    expect(today.stores[0]).toMatchObject({
      range: { fromDate: "2026-11-28", toDate: "2026-11-28" },
      compare: { fromDate: "2026-11-27", toDate: "2026-11-27" },
    });
    expect(period(summary, "last7Days").stores[0]).toMatchObject({
      range: { fromDate: "2026-11-22", toDate: "2026-11-28" },
      compare: { fromDate: "2026-11-15", toDate: "2026-11-21" },
    });
    expect(period(summary, "mtd").stores[0]).toMatchObject({
      range: { fromDate: "2026-11-01", toDate: "2026-11-28" },
      compare: { fromDate: "2026-10-01", toDate: "2026-10-28" },
    });
    // The company: today 15 000 vs 17 500; last 7 39 500 vs 10 000; MTD 50 599 vs 3 500; one calendar, so its ranges are the stores'.
    expect(today.total).toEqual({
      totalCents: 15_000,
      compareCents: 17_500,
      collections: 2,
      compareCollections: 2,
      range: { fromDate: "2026-11-28", toDate: "2026-11-28" },
      compare: { fromDate: "2026-11-27", toDate: "2026-11-27" },
    });
    expect([period(summary, "last7Days").total.totalCents, period(summary, "last7Days").total.compareCents]).toEqual([39_500, 10_000]);
    expect([period(summary, "mtd").total.totalCents, period(summary, "mtd").total.compareCents]).toEqual([50_599, 3_500]);
    // The Today figures of before stay as they were.
    expect(summary.stores.find((s) => s.storeId === harbour)).toEqual({
      storeId: harbour,
      storeName: "Harbour",
      businessDate: "2026-11-28",
      compareDate: "2026-11-27",
      totalCents: 15_000,
      compareCents: 9_500,
      collections: 2,
    });
  });

  it("gives a store in another zone its own today, and the company total no single range", async () => {
    const loop = await addStore("Loop", "America/Chicago");
    await collect(loop, "2026-11-27", 2_500); // Chicago's today
    await collect(loop, "2026-11-28", 9_999); // Chicago's tomorrow: in nothing yet
    const summary = await homeSummary(db(), companyId, NOW);
    const today = period(summary, "today");
    expect(today.stores.find((s) => s.storeId === loop)).toMatchObject({
      range: { fromDate: "2026-11-27", toDate: "2026-11-27" },
      compare: { fromDate: "2026-11-26", toDate: "2026-11-26" },
      totalCents: 2_500,
      compareCents: 0,
    });
    // 15 000 + 0 + 2 500 against 9 500 + 8 000 + 0.
    expect(today.total).toMatchObject({ totalCents: 17_500, compareCents: 17_500, range: null, compare: null });
    // Chicago's MTD is Nov 1–27 against Oct 1–27: Loop adds 2 500 to the month.
    expect(period(summary, "mtd").total.totalCents).toBe(53_099);
  });

  it("answers the owner over the wire with the three periods, and nobody without reports", async () => {
    const summary = await owner.query<HomeSummary>("home:summary");
    expect(summary.periods.map((p) => p.period)).toEqual(["today", "last7Days", "mtd"]);
    expect(summary.periods[0].stores.map((s) => s.storeName)).toEqual(["Harbour", "Loop", "Ponsonby"]);
    const staff = await new Client(server.url).signIn("staff@demo.test");
    expect(await staff.query("home:summary")).toBeNull();
  });
});
