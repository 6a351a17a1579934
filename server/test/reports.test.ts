import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { weekStart } from "@tumble/domain/reports";
import { SyncClient } from "./support/syncClient.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Reports over HTTP (issue 15) on a small history of a fresh store, figures worked out by hand
// below. "L" is last month and "P" the month before, in the store's zone (America/Chicago), so
// every day is in the past whatever today is. Machines: W1 and W2 (front-load washers, laundry),
// D1 (stack dryer, laundry) in "Front"; V1 (soap vending) in "Back"; C1 the bill changer.
//
//   P day 5   staff        W1 10000 coins, D1 5000 coins                                   = 15000
//   L day 3   staff        W1 12000, W2 8000, D1 6000 coins; V1 2500 bills;
//                          C1 10000 bills in / 10000 coins out (change, not revenue)      = 28500
//   L day 10  staff        W1 11000, D1 4000 coins + 1000 bills                           = 16000
//             adjusted by the admin: W1 +500 coins ("miscount")                          =   500
//   L day 20  supervisor   W1 3000 coins                                                  =  3000
//   L day 25  staff        W1 9999, rejected and never resubmitted (not revenue)
//
// L: total 48000 = coins 44500 (12000 + 8000 + 6000 + 11000 + 4000 + 500 + 3000) + bills 3500
// (2500 + 1000); against P's 15000: +33000, +220.0%.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;

const TZ = "America/Chicago";
const today = todayIn(TZ);
const [year, month] = today.split("-").map(Number);
const L = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
const P = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 7);
const lastOf = (ym: string) => new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).toISOString().slice(0, 10);
const l = (n: number) => `${L}-${String(n).padStart(2, "0")}`;
const p = (n: number) => `${P}-${String(n).padStart(2, "0")}`;

let storeId: string;
const machine: Record<string, string> = {};
const section: Record<string, string> = {};
const collectionOn: Record<string, string> = {};

interface Row {
  key: string;
  label: string;
  coinsCents: number;
  billsCents: number;
  totalCents: number;
  compareTotalCents?: number;
  changePercent: number | null;
}
interface Revenue {
  rows: Row[];
  totals: { coinsCents: number; billsCents: number; totalCents: number; compareTotalCents?: number; changePercent: number | null };
}

async function store(name: string): Promise<{ storeId: string; machines: Record<string, string>; sections: Record<string, string> }> {
  const { storeId: id } = await manager.mutation<{ storeId: string }>("stores:create", { name: `${name} ${Date.now()}`, address: "9 Report Rd", timeZone: TZ });
  const types = await manager.query<Array<{ _id: string; equipmentType: { name: string } }>>("equipmentConfig:getAllEquipmentTypes");
  const type = (name: string) => types.find((t) => t.equipmentType.name === name)!._id;
  const sections: Record<string, string> = {};
  for (const name of ["Front", "Back"])
    sections[name] = (await manager.mutation<{ sectionId: string }>("storeSections:create", { storeId: id, name })).sectionId;
  const machines: Record<string, string> = {};
  for (const [label, typeName, sectionName, capacity] of [
    ["W1", "Front-load washer", "Front", 20_000],
    ["W2", "Front-load washer", "Front", 5_000],
    ["D1", "Stack dryer", "Front", null],
    ["V1", "Soap vending", "Back", null],
    ["C1", "Bill changer", "Back", null],
  ] as const)
    machines[label] = (
      await manager.mutation<{ machineId: string }>("equipment:createMachine", {
        storeId: id,
        sectionId: sections[sectionName],
        equipmentTypeId: type(typeName),
        label,
        ...(capacity ? { coinBoxCapacityCents: capacity } : {}),
      })
    ).machineId;
  return { storeId: id, machines, sections };
}

type Lines = Array<[string, number, number]>;
async function collect(target: string, machines: Record<string, string>, businessDate: string, lines: Lines, collector = staff): Promise<string> {
  const { collectionId } = await collector.mutation<{ collectionId: string }>("collections:saveDraft", {
    storeId: target,
    businessDate,
    lines: lines.map(([label, coinsCents, billsCents]) => ({ machineId: machines[label], coinsCents, billsCents })),
  });
  await collector.mutation("collections:submit", { collectionId });
  return collectionId;
}
async function collectAndVerify(target: string, machines: Record<string, string>, businessDate: string, lines: Lines, collector = staff): Promise<string> {
  const collectionId = await collect(target, machines, businessDate, lines, collector);
  await manager.mutation("collections:verify", { collectionId });
  return collectionId;
}

const revenue = (args: Record<string, unknown>, client = owner) => client.query<Revenue>("reports:revenue", { storeId, from: l(1), to: lastOf(L), ...args });
const compared = { compareFrom: p(1), compareTo: lastOf(P) };
const pick = (rows: Row[]) => rows.map((r) => [r.label, r.coinsCents, r.billsCents, r.totalCents, r.compareTotalCents]);

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) =>
      new Client(server.url).signIn(email),
    ),
  );
  const made = await store("Reports");
  storeId = made.storeId;
  Object.assign(machine, made.machines);
  Object.assign(section, made.sections);
  collectionOn.p5 = await collectAndVerify(storeId, machine, p(5), [
    ["W1", 10_000, 0],
    ["D1", 5_000, 0],
  ]);
  collectionOn.l3 = await collectAndVerify(storeId, machine, l(3), [
    ["W1", 12_000, 0],
    ["W2", 8_000, 0],
    ["D1", 6_000, 0],
    ["V1", 0, 2_500],
    ["C1", 10_000, 10_000],
  ]);
  collectionOn.l10 = await collectAndVerify(storeId, machine, l(10), [
    ["W1", 11_000, 0],
    ["D1", 4_000, 1_000],
  ]);
  await admin.mutation("collections:adjust", {
    collectionId: collectionOn.l10,
    reason: "miscount",
    lines: [{ machineId: machine.W1, coinsCents: 11_500, billsCents: 0 }],
  });
  collectionOn.l20 = await collectAndVerify(storeId, machine, l(20), [["W1", 3_000, 0]], supervisor);
  collectionOn.l25 = await collect(storeId, machine, l(25), [["W1", 9_999, 0]]);
  await manager.mutation("collections:reject", { collectionId: collectionOn.l25, reason: "Count again" });
});
afterAll(() => server?.stop());

describe("revenue", () => {
  it("totals the month against the month before, coins and bills apart, the changer left out", async () => {
    const r = await revenue({ groupBy: "month", ...compared });
    expect(r.totals).toEqual({ coinsCents: 44_500, billsCents: 3_500, totalCents: 48_000, compareTotalCents: 15_000, changePercent: 220 });
    expect(r.rows).toEqual([
      { key: L, label: L, coinsCents: 44_500, billsCents: 3_500, totalCents: 48_000, compareKey: P, compareTotalCents: 15_000, changePercent: 220 },
    ]);
  });

  it("groups by machine, section, equipment type and category, each beside the comparison", async () => {
    // W1 12000 + 11000 + 500 + 3000 = 26500 (P 10000); D1 6000 + 5000 = 11000 (P 5000); W2 8000; V1 2500. Largest first.
    expect(pick((await revenue({ groupBy: "machine", ...compared })).rows)).toEqual([
      ["W1", 26_500, 0, 26_500, 10_000],
      ["D1", 10_000, 1_000, 11_000, 5_000],
      ["W2", 8_000, 0, 8_000, 0],
      ["V1", 0, 2_500, 2_500, 0],
    ]);
    const machines = (await revenue({ groupBy: "machine", ...compared })).rows;
    expect(machines.map((m) => m.changePercent)).toEqual([165, 120, null, null]);
    // Front 26500 + 11000 + 8000 = 45500 (P 15000); Back 2500.
    expect(pick((await revenue({ groupBy: "section", ...compared })).rows)).toEqual([
      ["Front", 44_500, 1_000, 45_500, 15_000],
      ["Back", 0, 2_500, 2_500, 0],
    ]);
    // Washers 26500 + 8000 = 34500 (P 10000); the dryer 11000 (P 5000); vending 2500.
    expect(pick((await revenue({ groupBy: "equipmentType", ...compared })).rows)).toEqual([
      ["Front-load washer", 34_500, 0, 34_500, 10_000],
      ["Stack dryer", 10_000, 1_000, 11_000, 5_000],
      ["Soap vending", 0, 2_500, 2_500, 0],
    ]);
    // Laundry 34500 + 11000 = 45500; vending 2500. No "change" row: the changer is not revenue.
    expect(pick((await revenue({ groupBy: "category", ...compared })).rows)).toEqual([
      ["laundry", 44_500, 1_000, 45_500, 15_000],
      ["vending", 0, 2_500, 2_500, 0],
    ]);
  });

  it("lists every day and week of the range, the comparison's lined up by position", async () => {
    const days = (await revenue({ groupBy: "day", ...compared })).rows;
    expect(days.map((d) => d.key)).toEqual(Array.from({ length: Number(lastOf(L).slice(8)) }, (_, i) => l(i + 1)));
    const byDay = Object.fromEntries(days.map((d) => [d.key, [d.totalCents, d.compareTotalCents]]));
    // Day 10 holds the adjustment (16000 + 500); P's day 5 sits beside L's day 5.
    expect([byDay[l(3)], byDay[l(5)], byDay[l(10)], byDay[l(20)], byDay[l(25)]]).toEqual([
      [28_500, 0],
      [0, 15_000],
      [16_500, 0],
      [3_000, 0],
      [0, 0],
    ]);
    const weeks = (await revenue({ groupBy: "week" })).rows;
    expect(weeks[0].key).toBe(weekStart(l(1)));
    expect(weeks.filter((w) => w.totalCents).map((w) => [w.key, w.totalCents])).toEqual([
      [weekStart(l(3)), 28_500],
      [weekStart(l(10)), 16_500],
      [weekStart(l(20)), 3_000],
    ]);
  });

  it("counts the first day from its from-time and the last up to its to-time, in the store's zone", async () => {
    // Day 3's visit was submitted at 08:00 and day 20's at 18:00, Chicago time.
    const at = (collectionId: string, date: string, time: string) =>
      sql`update collections set submitted_at = (${`${date} ${time}`}::timestamp at time zone ${TZ}) where id = ${collectionId}`.execute(server.database.db);
    await at(collectionOn.l3, l(3), "08:00");
    await at(collectionOn.l20, l(20), "18:00");
    const range = { from: l(3), to: l(20), groupBy: "month" };
    expect((await revenue({ ...range })).totals.totalCents).toBe(48_000);
    // From 10:00 on day 3 to 17:00 on day 20: only day 10 (16000 + its adjustment 500, which goes by its original's time).
    expect((await revenue({ ...range, fromTime: "10:00", toTime: "17:00" })).totals.totalCents).toBe(16_500);
    expect((await revenue({ ...range, fromTime: "07:30", toTime: "18:00" })).totals.totalCents).toBe(48_000);
    expect(await failure(revenue({ ...range, fromTime: "25:00" }))).toBe('Invalid argument "fromTime": expected a time as HH:mm');
  });

  it("reads ranges across months from whole months, whole weeks and days alike", async () => {
    // P day 4 .. the end of L: P's cut month (weeks and days) and L whole = 15000 + 48000.
    for (const groupBy of ["category", "machine", "week", "month", "day"])
      expect((await revenue({ from: p(4), to: lastOf(L), groupBy })).totals.totalCents, groupBy).toBe(63_000);
    // P day 6 .. L day 9: only L day 3 = 28500 (its changer left out); 12000 + 8000 + 6000 coins in laundry.
    const cut = await revenue({ from: p(6), to: l(9), groupBy: "category" });
    expect(pick(cut.rows)).toEqual([
      ["laundry", 26_000, 0, 26_000, undefined],
      ["vending", 0, 2_500, 2_500, undefined],
    ]);
    // The whole of P and L by week: each week's figure as the day grouping sums it.
    const weeks = (await revenue({ from: p(1), to: lastOf(L), groupBy: "week" })).rows;
    const days = (await revenue({ from: p(1), to: lastOf(L), groupBy: "day" })).rows;
    const byWeek = new Map<string, number>();
    for (const d of days) byWeek.set(weekStart(d.key), (byWeek.get(weekStart(d.key)) ?? 0) + d.totalCents);
    expect(weeks.map((w) => [w.key, w.totalCents])).toEqual([...byWeek.entries()]);
    expect(weeks.reduce((sum, w) => sum + w.totalCents, 0)).toBe(63_000);
  });

  it("covers every store of the company without a store, and refuses bad ranges and other companies", async () => {
    const all = await owner.query<Revenue>("reports:revenue", { from: l(1), to: lastOf(L), groupBy: "machine" });
    const ours = all.rows.filter((r) => r.label.startsWith("Reports "));
    expect(ours.reduce((sum, r) => sum + r.totalCents, 0)).toBe(48_000);
    expect(await failure(revenue({ from: l(5), to: l(4), groupBy: "day" }))).toBe("The range's from date is after its to date");
    expect(await failure(revenue({ groupBy: "day", compareFrom: p(1) }))).toBe("Give both ends of the comparison period, or neither");
    expect(await failure(revenue({ groupBy: "day" }, sudsOwner))).toBe("Store not found");
    // The screens say them in the reader's language by their codes (decision 0067).
    const reversed = await failureOf(revenue({ from: l(5), to: l(4), groupBy: "day" }));
    expect(reversed.data).toEqual({ code: "reports.rangeReversed", params: {} });
    expect(refusalText(reversed.data, "es")).toBe("La fecha de inicio del período es posterior a su fecha de fin");
    expect((await failureOf(revenue({ groupBy: "day" }, sudsOwner))).data).toEqual({ code: "reports.storeNotFound", params: {} });
    expect(await failure(revenue({ groupBy: "day" }, staff))).toBe("You don't have permission to export reports");
  });
});

describe("machines", () => {
  it("gives each machine its revenue per day in service, share, trend, last visit and expected figure", async () => {
    const rows = await owner.query<
      Array<{
        label: string;
        totalCents: number;
        daysInService: number;
        perDayCents: number | null;
        sharePercent: number | null;
        trendPercent: number | null;
        lastCollected: string | null;
      }>
    >("reports:machines", { storeId, from: l(1), to: lastOf(L) });
    const days = Number(lastOf(L).slice(8));
    const half = l(Math.floor(days / 2) + 1);
    // W1: in service since P (the whole month), 26500 / days; share 26500 / 48000 = 55.2%; halves: days 3 and 10
    // (12000 + 11500 = 23500) against day 20 (3000) when the second half starts after day 15 or 16: −87.2%.
    // Its last visit is day 25 (rejected visits do not count; the submitted... none): day 20.
    expect(half > l(10) && half <= l(20)).toBe(true);
    const w1 = rows.find((r) => r.label === "W1")!;
    expect(w1).toMatchObject({
      totalCents: 26_500,
      daysInService: days,
      perDayCents: Math.round(26_500 / days),
      sharePercent: 55.2,
      trendPercent: -87.2,
      lastCollected: l(20),
    });
    // W2: first collected on day 3, so in service from day 3: days − 2 days; 8000 / 48000 = 16.7%.
    expect(rows.find((r) => r.label === "W2")).toMatchObject({ totalCents: 8_000, daysInService: days - 2, sharePercent: 16.7, lastCollected: l(3) });
    expect(rows.map((r) => r.label)).toEqual(["W1", "W2", "D1", "V1"]);
  });
});

describe("collectors", () => {
  it("sets each collector's take against the expected figure, with low lines and rejections", async () => {
    // Expected = the figure each line was verified against, kept on the line: the machine's median over the 8
    // weeks before (all weekdays: fewer than three same-weekday visits), adjusting records left out.
    // staff: L3 W1 12000 vs 10000, D1 6000 vs 5000 (W2, V1 have no history); L10 W1 11000 vs median(10000, 12000)
    //   = 11000, D1 5000 vs median(5000, 6000) = 5500 → 34000 of 31500 = 107.9%. The admin's +500 on L10 counts
    //   in what staff collected (28500 + 16000 + 500 = 45000), not against the figure the verifier saw.
    //   Visits L3, L10, L25 (rejected): 1 of 3 = 33.3%.
    // supervisor: L20 W1 3000 vs median(10000, 12000, 11000) = 11000 → 27.3%, a low line (under half).
    const rows = await admin.query<
      Array<{
        name: string;
        collections: number;
        lines: number;
        collectedCents: number;
        expectedCents: number;
        percentOfExpected: number | null;
        lowLines: number;
        rejected: number;
        rejectRatePercent: number | null;
        flagged: boolean;
      }>
    >("reports:collectors", { storeId, from: l(1), to: lastOf(L) });
    const by = Object.fromEntries(rows.map((r) => [r.collections === 2 ? "staff" : "supervisor", r]));
    expect(by.staff).toMatchObject({
      collections: 2,
      lines: 4,
      collectedCents: 45_000,
      expectedCents: 31_500,
      percentOfExpected: 107.9,
      lowLines: 0,
      rejected: 1,
      rejectRatePercent: 33.3,
    });
    expect(by.supervisor).toMatchObject({
      collections: 1,
      lines: 1,
      collectedCents: 3_000,
      expectedCents: 11_000,
      percentOfExpected: 27.3,
      lowLines: 1,
      rejected: 0,
      rejectRatePercent: 0,
    });
    // One line is too few to single anyone out.
    expect(rows.some((r) => r.flagged)).toBe(false);
    expect(await failure(manager.query("reports:collectors", { storeId, from: l(1), to: lastOf(L) }))).toBe(
      "You don't have permission to administrator access",
    );
  });
});

describe("cadence", () => {
  it("predicts when each box fills and flags a store that missed its usual collection", async () => {
    // A store collected 21, 14 and 7 days ago. W1 (box $200.00): 9000, then 7000 and 7000 → 14000 over 14 days
    // = 1000 a day; full 20 days after its last visit: today + 13. W2 (box $50.00): 4000, 4200, 4200 → 600 a day;
    // full floor(5000 / 600) = 8 days after: today + 1, due. Usual interval 7 days, 7 since the last: not overdue.
    const steady = await store("Steady");
    for (const [ago, w1, w2] of [
      [21, 9_000, 4_000],
      [14, 7_000, 4_200],
      [7, 7_000, 4_200],
    ] as const)
      await collectAndVerify(steady.storeId, steady.machines, addDays(today, -ago), [
        ["W1", w1, 0],
        ["W2", w2, 0],
      ]);
    // Another collected 30, 25 and 20 days ago: every 5 days, 20 days since → overdue (more than 7.5).
    const late = await store("Late");
    for (const ago of [30, 25, 20]) await collectAndVerify(late.storeId, late.machines, addDays(today, -ago), [["W1", 1_000, 0]]);
    const [s] = await owner.query<
      Array<{
        lastCollected: string;
        usualIntervalDays: number;
        daysSinceLast: number;
        overdue: boolean;
        machines: Array<{ label: string; dailyTakeCents: number | null; predictedFullDate: string | null; due: boolean; accumulatedCents: number | null }>;
      }>
    >("reports:cadence", { storeId: steady.storeId });
    expect([s.lastCollected, s.usualIntervalDays, s.daysSinceLast, s.overdue]).toEqual([addDays(today, -7), 7, 7, false]);
    expect(s.machines.filter((m) => m.dailyTakeCents !== null).map((m) => [m.label, m.dailyTakeCents, m.predictedFullDate, m.due, m.accumulatedCents])).toEqual(
      [
        ["W1", 1_000, addDays(today, 13), false, 7_000],
        ["W2", 600, addDays(today, 1), true, 4_200],
      ],
    );
    const [l2] = await owner.query<Array<{ usualIntervalDays: number; daysSinceLast: number; overdue: boolean }>>("reports:cadence", { storeId: late.storeId });
    expect([l2.usualIntervalDays, l2.daysSinceLast, l2.overdue]).toEqual([5, 20, true]);
    // Every store at once says the same of each.
    const all = await owner.query<Array<{ storeId: string }>>("reports:cadence", {});
    expect(all.find((x) => x.storeId === steady.storeId)).toEqual(s);
    expect(all.find((x) => x.storeId === late.storeId)).toEqual(l2);
  });
});

describe("live", () => {
  // Last: it adds a visit the figures above do not hold.
  it("updates an open report when a collection is verified elsewhere", async () => {
    const socket = await SyncClient.connect(server.url, owner.token);
    try {
      const report = socket.subscribe("reports:revenue", { storeId, from: l(1), to: lastOf(L), groupBy: "month" });
      const first = (await report.next(1)).value as Revenue;
      expect(first.totals.totalCents).toBe(48_000);
      // A visit of day 28 for $7.77, verified by the manager: the open report goes to 48777.
      await collectAndVerify(storeId, machine, l(28), [["W2", 777, 0]]);
      const second = (await report.next(2)).value as Revenue;
      expect(second.totals.totalCents).toBe(48_777);
    } finally {
      socket.close();
    }
  });
});

describe("the roll-ups", () => {
  // Whatever path writes a collection — verify, adjust, reject, the demo seed, or SQL by hand —
  // revenue_days, revenue_weeks and revenue_months stay the sums of the verified lines by company,
  // day (Monday week, calendar month), store and machine.
  const rollups = [
    { table: "revenue_days", period: "business_date", bucket: "c.business_date" },
    { table: "revenue_weeks", period: "week_start", bucket: "date_trunc('week', c.business_date)::date" },
    { table: "revenue_months", period: "month_start", bucket: "date_trunc('month', c.business_date)::date" },
  ];
  const mismatches = async () => {
    const counts: Record<string, number> = {};
    for (const { table, period, bucket } of rollups)
      counts[table] = (
        await sql<{ n: number }>`
          with expected as (
            select c.company_id, ${sql.raw(bucket)} as period, c.store_id, l.machine_id, sum(l.coins_cents) as coins_cents, sum(l.bills_cents) as bills_cents
            from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
            where c.status = 'verified' group by 1, 2, 3, 4
          ), kept as (
            select company_id, ${sql.raw(period)} as period, store_id, machine_id, coins_cents, bills_cents from ${sql.table(table)} where coins_cents <> 0 or bills_cents <> 0
          )
          select count(*)::int as n from ((select * from expected except select * from kept) union all (select * from kept except select * from expected)) x`.execute(
          server.database.db,
        )
      ).rows[0].n;
    counts.collector_days = (
      await sql<{ n: number }>`
        with expected as (
          select c.company_id, c.business_date, c.store_id, coalesce(o.collector_id, c.collector_id) as collector_id,
            sum(l.coins_cents + l.bills_cents) as collected, coalesce(sum(l.expected_cents), 0) as expected,
            coalesce(sum(l.coins_cents + l.bills_cents) filter (where l.expected_cents is not null), 0) as against, count(l.expected_cents) as lines,
            count(*) filter (where l.expected_cents > 0 and (l.coins_cents + l.bills_cents) < l.expected_cents * 0.5) as low
          from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
          join machines m on m.id = l.machine_id join equipment_types t on t.id = m.equipment_type_id
          left join collections o on o.id = c.adjusts_collection_id
          where c.status = 'verified' and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change' group by 1, 2, 3, 4
        ), kept as (
          select company_id, business_date, store_id, collector_id, collected_cents, expected_cents, against_expected_cents, expected_lines::bigint, low_lines::bigint
          from collector_days where collected_cents <> 0 or expected_lines <> 0
        )
        select count(*)::int as n from ((select * from expected except select * from kept) union all (select * from kept except select * from expected)) x`.execute(
        server.database.db,
      )
    ).rows[0].n;
    return counts;
  };
  const none = { revenue_days: 0, revenue_weeks: 0, revenue_months: 0, collector_days: 0 };

  it("equals the verified lines after every kind of write", async () => {
    expect(await mismatches()).toEqual(none);
    const db = server.database.db;
    // A verified collection sent back to submitted and verified again, by hand.
    await sql`update collections set status = 'submitted' where id = ${collectionOn.l3}`.execute(db);
    expect((await revenue({ groupBy: "month" })).totals.totalCents).toBe(48_777 - 28_500);
    await sql`update collections set status = 'verified' where id = ${collectionOn.l3}`.execute(db);
    expect(await mismatches()).toEqual(none);
    // A verified line changed and another removed, by hand.
    await sql`update collection_lines set coins_cents = coins_cents + 1 where collection_id = ${collectionOn.l20}`.execute(db);
    await sql`delete from collection_lines where collection_id = ${collectionOn.l3} and machine_id = ${machine.V1}`.execute(db);
    expect(await mismatches()).toEqual(none);
    expect((await revenue({ groupBy: "month" })).totals.totalCents).toBe(48_777 + 1 - 2_500);
  });
});
