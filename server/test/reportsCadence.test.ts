import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { collectionsPerWeek } from "@tumble/domain/reportBuckets";
import { weekStart } from "@tumble/domain/reports";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Reports that fit collection cadence (issue 34), on the seeded demo data: Rio Downtown is
// collected on Mondays and Thursdays (gaps of 3 and 4 days), verified up to a week ago. The range
// is four whole Monday weeks from about six weeks ago, all verified; the comparison runs 30 days
// earlier, so its Mondays and Thursdays fall on other weekdays than the range's and days with a
// collection sit beside days without one.

let server: TestServer;
let owner: Client;
let staff: Client;
let sudsOwner: Client;
let storeId: string;

const today = todayIn("America/Chicago");
const from = weekStart(addDays(today, -42));
const to = addDays(from, 27);
const compared = { compareFrom: addDays(from, -30), compareTo: addDays(to, -30) };

interface Row {
  key: string;
  totalCents: number;
  compareTotalCents?: number;
  changePercent: number | null;
  noCollection?: true;
  compareNoCollection?: true;
}
interface Revenue {
  rows: Row[];
  totals: { totalCents: number };
}
interface Choice {
  group: string;
  reason: string;
  intervalDays: number | null;
  stores: number;
}
interface Estimate {
  days: Array<{ date: string; estimatedCents: number; collectedCents: number; collected: boolean }>;
  beforeRangeCents: number;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, staff, sudsOwner] = await Promise.all(["owner@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)));
  const stores = await owner.query<Array<{ _id: string; name: string }>>("stores:listAll");
  storeId = stores.find((s) => s.name === "Rio Downtown")!._id;
});
afterAll(() => server?.stop());

describe("the bucket the revenue report opens on", () => {
  it("is weekly for a store collected twice a week, and says so", async () => {
    const choice = await owner.query<Choice>("reports:bucketChoice", { storeId, from, to });
    expect(choice.group).toBe("week");
    expect(choice.reason).toBe("sparse");
    // Four weeks of Mondays and Thursdays: eight dates, gaps of 3 and 4 days.
    expect([3, 3.5, 4]).toContain(choice.intervalDays);
    expect(collectionsPerWeek(choice.intervalDays!)).toBe(2);
    expect(choice.stores).toBe(1);
    // Every store of the company is collected the same way.
    const all = await owner.query<Choice>("reports:bucketChoice", { from, to });
    expect([all.group, all.reason, all.stores]).toEqual(["week", "sparse", 3]);
  });

  it("has nothing to go by in a range without collections, and refuses others' stores and staff", async () => {
    const future = addDays(today, 30);
    expect(await owner.query<Choice>("reports:bucketChoice", { storeId, from: future, to: addDays(future, 9) })).toEqual({
      group: "day",
      reason: "noCollections",
      intervalDays: null,
      stores: 0,
    });
    expect(await failure(sudsOwner.query("reports:bucketChoice", { storeId, from, to }))).toBe("Store not found");
    expect(await failure(staff.query("reports:bucketChoice", { storeId, from, to }))).toBe("You don't have permission to export reports");
  });
});

describe("days without a collection", () => {
  it("are never a 100% drop: only buckets that both hold collections are compared", async () => {
    const { rows } = await owner.query<Revenue>("reports:revenue", { storeId, from, to, ...compared, groupBy: "day" });
    expect(rows).toHaveLength(28);
    // Mondays and Thursdays only: 8 days with a collection, 20 without.
    expect(rows.filter((r) => !r.noCollection)).toHaveLength(8);
    expect(rows.filter((r) => r.noCollection).every((r) => r.totalCents === 0)).toBe(true);
    // Days without a collection beside days with one: once a "Down 100%", now nothing to compare.
    const emptyBesideCollected = rows.filter((r) => r.noCollection && !r.compareNoCollection);
    expect(emptyBesideCollected.length).toBeGreaterThan(0);
    expect(emptyBesideCollected.every((r) => r.compareTotalCents! > 0 && r.changePercent === null)).toBe(true);
    expect(rows.filter((r) => r.changePercent === -100)).toEqual([]);
    // Compared only where both days hold collections.
    for (const r of rows) expect(r.changePercent !== null, r.key).toBe(!r.noCollection && !r.compareNoCollection);
  });

  it("by week, every week holds two collections and is compared with the same week four weeks before", async () => {
    const { rows } = await owner.query<Revenue>("reports:revenue", {
      storeId,
      from,
      to,
      compareFrom: addDays(from, -28),
      compareTo: addDays(to, -28),
      groupBy: "week",
    });
    expect(rows).toHaveLength(4);
    expect(rows.some((r) => r.noCollection || r.compareNoCollection)).toBe(false);
    expect(rows.every((r) => typeof r.changePercent === "number")).toBe(true);
  });
});

describe("the daily estimate", () => {
  it("spreads each collection over the days since the previous one and adds up to what was collected", async () => {
    const estimate = await owner.query<Estimate>("reports:dailyEstimate", { storeId, from, to });
    const revenue = await owner.query<Revenue>("reports:revenue", { storeId, from, to, groupBy: "month" });
    expect(estimate.days).toHaveLength(28);
    const collected = estimate.days.reduce((sum, d) => sum + d.collectedCents, 0);
    const estimated = estimate.days.reduce((sum, d) => sum + d.estimatedCents, 0);
    expect(collected).toBe(revenue.totals.totalCents);
    expect(estimated + estimate.beforeRangeCents).toBe(collected);
    // The range's first collection reaches back before it (the store was collected before the range).
    expect(estimate.beforeRangeCents).toBeGreaterThan(0);
    // From the range's first day to its last collection, every day has an estimate: no saw-tooth.
    const last = estimate.days.filter((d) => d.collected).at(-1)!.date;
    expect(estimate.days.filter((d) => d.date <= last).every((d) => d.estimatedCents > 0)).toBe(true);
    // Days after the last collection wait for the next one, outside the range.
    expect(estimate.days.filter((d) => d.date > last).every((d) => d.estimatedCents === 0)).toBe(true);
  });

  it("covers at most a year, in the reader's language", async () => {
    const long = failureOf(owner.query("reports:dailyEstimate", { storeId, from: addDays(to, -400), to }));
    const error = await long;
    expect(error.data).toEqual({ code: "reports.rangeOverYear", params: {} });
    expect(refusalText(error.data, "es")).toBe("El período abarca más de un año");
    expect(await failure(sudsOwner.query("reports:dailyEstimate", { storeId, from, to }))).toBe("Store not found");
  });
});
