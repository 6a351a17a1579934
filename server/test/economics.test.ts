// @postgres: the P&L and machine figures are hand-written SQL (window functions, percentile_cont, generate_series) whose target engine is PostgreSQL
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthsBetween } from "@tumble/domain/economics";
import { refusalText } from "@tumble/domain/refusals";
import { zonedInstant } from "@tumble/domain/scheduling";
import { ledgerAccountId, storeAccountId } from "../src/cash/accounts.ts";
import { createEntry } from "../src/cash/ledger.ts";
import { monthSpan } from "../src/economics/pnl.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry } from "./support/workforce.ts";

// Store economics over HTTP (issue 35): a company made for the test, one Chicago store "Econ
// Plaza" with a washer W1, a dryer D1 and a changer C1. Every figure below is worked by hand.
//
// September 2026 (the golden store-month), compared with August:
//   collections (verified): 08-31 W1 $100.00 (August);
//     09-10 W1 $400.00, D1 $48.00, C1 $300.00 in bills paid out as $300.00 of coins — a changer's cash
//     is change, not income, so it never counts; 09-24 W1 $350.00 → coins $798.00.
//   card: W1 $120.00 on 09-15; the store's wash-dry-fold $80.00 on 09-20 → revenue $998.00.
//   electricity bill 09-16 … 10-15 (30 days) $300.09: $10.00 a day, 9 cents left on 10-07 … 10-15;
//     September holds 09-16 … 09-30 = 15 days = $150.00 (October $150.09).
//   gas bill 09-01 … 09-30 $60.00 → $60.00.
//   recurring rent $250.00 a month from 2026-01 → $250.00 (August too).
//   payroll: Ana, $15.00/h, worked 09-14 08:00–16:00, approved: 8 h = $120.00.
//   ledger (approved): repairs $45.50 (09-12); utilities $77.77 (09-05), rent $250.00 (09-01) and
//     wages $90.00 (09-30) — left out: the bills, the recurring rent and payroll cover them.
//   Expenses 150 + 60 + 250 + 45.50 + 120 = $625.50; operating profit 998 − 625.50 = $372.50;
//   margin 372.50 / 998 = 37.32 → 37.3 %; utilities 210 / 998 = 21.04 → 21.0 % (good);
//   labour 120 / 998 = 12.02 → 12.0 % (good).
//   August: coins $100.00, rent $250.00 → operating profit −$150.00, margin −150.0 %.
//
// Machines for September (today is past it): washer price $5.00 from 2026-01-01, W1's own $6.00
// from 09-20; dryers 25¢ per 8 minutes with a 40-minute cycle = $1.25 a cycle. D1 installed 09-05
// for $3,000.00.
//   W1: 09-10 $400.00 over 09-01 … 09-10 = $40.00 a day = 8 cycles a day at $5.00 → 80;
//       09-24 $350.00 over 09-11 … 09-24 = $25.00 a day: 09-11 … 09-19 at $5.00 = 5 a day × 9 = 45,
//       09-20 … 09-24 at $6.00 = 4.1667 a day × 5 = 20.83; card $120.00 on 09-15 at $5.00 = 24.
//       In service 09-01 … 09-24 (its last collection): 24 days. Cycles 169.83 → 169.8; turns 169.83 / 24
//       = 7.08; revenue $870.00, per day 87,000 / 24 = 3,625¢; per cycle 87,000 / 169.83 = 512¢.
//   D1: first collection 09-10 $48.00 spreads back to its install: 09-05 … 09-10, $8.00 a day = 6.4 cycles
//       a day; 6 days, 38.4 cycles, 800¢ a day, 125¢ a cycle. Payback: the store's expenses are
//       62,550 / 99,800 of its revenue; net 800 × (1 − 0.62675) = 298.60¢ a day → 3,000.00 /
//       (298.60 × 365 / 12) = 33.0 months; return 298.60 × 365 / 300,000 = 36.3 %.
//   One machine of each type: the store's and the fleet's medians are its own figure.

const ZONE = "America/Chicago";

let server: TestServer;
let owner: Client;
let staff: Client;
let rioOwner: Client;
let companyId: string;
let storeId: string;
let w1: string;
let d1: string;

interface Figure {
  line: string;
  cents: number;
  sources: string[];
}
interface Pnl {
  revenue: Figure[];
  revenueCents: number;
  expenses: Figure[];
  expenseCents: number;
  operatingProfitCents: number;
  marginPercent: number | null;
  loanPaymentsCents: number;
  utilityCents: number;
  utilityPercent: number | null;
  utilityBand: string | null;
  labourCents: number;
  labourPercent: number | null;
  labourBand: string | null;
  superseded: Array<{ line: string; source: string; cents: number; by: string }>;
}
interface Report {
  period: { from: string; to: string };
  compare: { from: string; to: string };
  current: Pnl;
  previous: Pnl;
  stores: Array<Pnl & { storeId: string; name: string }>;
  months: Array<{ month: string; revenueCents: number; collectionsCents: number; expenseCents: number; operatingProfitCents: number }>;
  status: { cash: string; stores: Array<{ storeId: string; closedDays: number; days: number }>; bankLinesOpen: number };
  utility: {
    month: string;
    months: Array<{ month: string; percent: number | null }>;
    scope: { normalPercent: number | null; currentPercent: number | null; rising: boolean };
    stores: Array<{ storeId: string; name: string; rising: boolean }>;
  };
}
interface Entry {
  source: string;
  id: string;
  date: string;
  storeId: string | null;
  description: string;
  cents: number;
  counted: boolean;
}
interface MachineRow {
  machineId: string;
  label: string;
  revenueCents: number;
  coinsCents: number;
  cardCents: number;
  daysInService: number;
  cycles: number | null;
  turnsPerDay: number | null;
  revenuePerCycleCents: number | null;
  revenuePerDayCents: number | null;
  storeMedianPerDayCents: number | null;
  fleetMedianPerDayCents: number | null;
  vsStorePercent: number | null;
  paybackMonths: number | null;
  roiPercent: number | null;
  flagged: boolean;
  meteredDays: number;
}

const pnl = (args: Record<string, unknown> = {}, client = owner) =>
  client.query<Report>("economicsReports:storePnl", { storeId, period: "month", anchor: "2026-09-15", ...args });
const machines = (args: Record<string, unknown> = {}, client = owner) =>
  client.query<{ expenseShare: number; machines: MachineRow[] }>("economicsReports:machines", { storeId, from: "2026-09-01", to: "2026-09-30", ...args });
const entries = (line: string, client = owner) =>
  client.query<{ entries: Entry[] }>("economicsReports:entries", { storeId, month: "2026-09", line }).then((r) => r.entries);

async function collect(businessDate: string, lines: Array<{ machineId: string; coinsCents: number; billsCents: number }>) {
  const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", { storeId, businessDate, lines });
  await staff.mutation("collections:submit", { collectionId });
  await owner.mutation("collections:verify", { collectionId });
}

let seq = 0;
async function posting(category: string, cents: number, businessDate: string, payee: string) {
  const db = server.database.db;
  const safe = await storeAccountId(db, companyId, storeId, "safe");
  const expense = await ledgerAccountId(db, companyId, "expense", category);
  const owners = await db.selectFrom("memberships").select("userId").where("companyId", "=", companyId).where("role", "=", "OWNER").executeTakeFirstOrThrow();
  seq += 1;
  return createEntry(db, {
    companyId,
    kind: "expense",
    status: "approved",
    storeId,
    businessDate,
    legs: [
      { accountId: safe, amountCents: -cents },
      { accountId: expense, amountCents: cents },
    ],
    description: `test ${seq}`,
    category,
    payee,
    requestedBy: owners.userId,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  rioOwner = await new Client(server.url).signIn("owner@demo.test");
  const email = `econ-${Date.now()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "econ-owner-pw", flow: "signUp" } });
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Econ Suds", ownerEmail: email }));
  owner = await new Client(server.url).signIn(email, "econ-owner-pw");
  const staffEmail = `econ-staff-${Date.now()}@example.com`;
  const joining = new Client(server.url);
  await joining.action("auth:signIn", { provider: "password", params: { email: staffEmail, password: "econ-staff-pw", flow: "signUp" } });
  const joiner = await joining.signIn(staffEmail, "econ-staff-pw");
  const { requestId } = await joiner.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId });
  await owner.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "STAFF" });
  staff = await new Client(server.url).signIn(staffEmail, "econ-staff-pw");

  storeId = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Econ Plaza", address: "9 Plaza St", timeZone: ZONE })).storeId;
  const type = async (name: string, category: string, specialCase: string | null = null) =>
    (
      await owner.mutation<{ equipmentTypeId: string }>("equipmentConfig:createEquipmentType", {
        name,
        category,
        specialCase,
        acceptsBills: category === "change",
      })
    ).equipmentTypeId;
  const washer = await type("Washer", "laundry");
  const dryer = await type("Dryer", "laundry");
  const changer = await type("Changer", "change", "changer");
  const { sectionId } = await owner.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Floor" });
  const machine = async (equipmentTypeId: string, label: string) =>
    (await owner.mutation<{ machineId: string }>("equipment:createMachine", { storeId, sectionId, equipmentTypeId, label })).machineId;
  w1 = await machine(washer, "W1");
  d1 = await machine(dryer, "D1");
  const c1 = await machine(changer, "C1");

  await collect("2026-08-31", [{ machineId: w1, coinsCents: 10_000, billsCents: 0 }]);
  await collect("2026-09-10", [
    { machineId: w1, coinsCents: 40_000, billsCents: 0 },
    { machineId: d1, coinsCents: 4_800, billsCents: 0 },
    { machineId: c1, coinsCents: 30_000, billsCents: 30_000 },
  ]);
  await collect("2026-09-24", [{ machineId: w1, coinsCents: 35_000, billsCents: 0 }]);

  // The inputs the economics set-up enters (prices, card revenue, bills, recurring rent, a machine's purchase), written directly.
  const db = server.database.db;
  await db
    .updateTable("machines")
    .set({ installedOn: "2026-09-05", purchasePriceCents: 300_000 })
    .where("companyId", "=", companyId)
    .where("id", "=", d1)
    .execute();
  const row = { companyId, createdBy: null };
  await db
    .insertInto("machinePrices")
    .values([
      {
        ...row,
        id: "econ-p1",
        equipmentTypeId: washer,
        machineId: null,
        effectiveFrom: "2026-01-01",
        priceCents: 500,
        perMinutes: null,
        typicalCycleMinutes: null,
      },
      {
        ...row,
        id: "econ-p2",
        equipmentTypeId: null,
        machineId: w1,
        effectiveFrom: "2026-09-20",
        priceCents: 600,
        perMinutes: null,
        typicalCycleMinutes: null,
      },
      { ...row, id: "econ-p3", equipmentTypeId: dryer, machineId: null, effectiveFrom: "2026-01-01", priceCents: 25, perMinutes: 8, typicalCycleMinutes: 40 },
    ])
    .execute();
  await db
    .insertInto("otherRevenue")
    .values([
      {
        ...row,
        id: "econ-r1",
        storeId,
        machineId: w1,
        businessDate: "2026-09-15",
        source: "card",
        amountCents: 12_000,
        note: null,
        importBatch: null,
        importKey: null,
      },
      {
        ...row,
        id: "econ-r2",
        storeId,
        machineId: null,
        businessDate: "2026-09-20",
        source: "wash_dry_fold",
        amountCents: 8_000,
        note: null,
        importBatch: null,
        importKey: null,
      },
    ])
    .execute();
  await db
    .insertInto("utilityBills")
    .values([
      {
        ...row,
        id: "econ-b1",
        storeId,
        utility: "electricity",
        periodStart: "2026-09-16",
        periodEnd: "2026-10-15",
        amountCents: 30_009,
        usage: 2_100,
        unit: "kWh",
      },
      { ...row, id: "econ-b2", storeId, utility: "gas", periodStart: "2026-09-01", periodEnd: "2026-09-30", amountCents: 6_000, usage: null, unit: null },
    ])
    .execute();
  await db
    .insertInto("recurringExpenses")
    .values({ ...row, id: "econ-x1", storeId, category: "rent", description: "Plaza lease", amountCents: 25_000, fromMonth: "2026-01", toMonth: null })
    .execute();

  // Payroll: Ana, $15.00 an hour, 8 hours on 09-14, approved.
  const { employeeId: ana } = await owner.mutation<{ employeeId: string }>("employees:create", {
    name: "Ana Econ",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "2026-01-01",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "2026-01-01",
    username: `anaecon${Date.now() % 100000}`,
    pin: "4821",
  });
  const [inAt, outAt] = [zonedInstant("2026-09-14", 8 * 60, ZONE), zonedInstant("2026-09-14", 16 * 60, ZONE)];
  const entryId = await insertWorkedEntry(db, {
    companyId,
    employeeId: ana,
    storeId,
    clockInAt: inAt,
    clockOutAt: outAt,
    zone: ZONE,
    breakMinutes: 0,
    ids: { in: `ei${inAt}`, out: `eo${outAt}` },
  });
  await owner.mutation("timeEntries:approve", { entryIds: [entryId] });

  await posting("repairs", 4_550, "2026-09-12", "Fix-It Co");
  await posting("utilities", 7_777, "2026-09-05", "City Power");
  await posting("rent", 25_000, "2026-09-01", "Plaza Landlord");
  await posting("wages", 9_000, "2026-09-30", "Cash wages");
});
afterAll(() => server?.stop());

describe("economicsReports:storePnl", () => {
  it("gives the store's month to the cent, each figure from the record that wins", async () => {
    const r = await pnl();
    expect([r.period, r.compare]).toEqual([
      { from: "2026-09-01", to: "2026-09-30" },
      { from: "2026-08-01", to: "2026-08-31" },
    ]);
    expect(r.current.revenue).toEqual([
      { line: "coins", cents: 79_800, sources: ["collections"] },
      { line: "card", cents: 12_000, sources: ["otherRevenue"] },
      { line: "wash_dry_fold", cents: 8_000, sources: ["otherRevenue"] },
    ]);
    expect(r.current.expenses).toEqual([
      { line: "electricity", cents: 15_000, sources: ["bills"] },
      { line: "gas", cents: 6_000, sources: ["bills"] },
      { line: "rent", cents: 25_000, sources: ["recurring"] },
      { line: "repairs", cents: 4_550, sources: ["ledger"] },
      { line: "wages", cents: 12_000, sources: ["payroll"] },
    ]);
    expect(r.current).toMatchObject({
      revenueCents: 99_800,
      expenseCents: 62_550,
      operatingProfitCents: 37_250,
      marginPercent: 37.3,
      utilityCents: 21_000,
      utilityPercent: 21,
      utilityBand: "good",
      labourCents: 12_000,
      labourPercent: 12,
      labourBand: "good",
    });
    expect(r.current.superseded).toEqual(
      expect.arrayContaining([
        { line: "utilities", source: "ledger", cents: 7_777, by: "bills" },
        { line: "rent", source: "ledger", cents: 25_000, by: "recurring" },
        { line: "wages", source: "ledger", cents: 9_000, by: "payroll" },
      ]),
    );
    expect(r.current.superseded).toHaveLength(3);
    expect(r.previous).toMatchObject({ revenueCents: 10_000, expenseCents: 25_000, operatingProfitCents: -15_000, marginPercent: -150 });
    expect(r.months).toEqual([
      { month: "2026-09", revenueCents: 99_800, collectionsCents: 79_800, expenseCents: 62_550, operatingProfitCents: 37_250, utilityPercent: 21 },
    ]);
    expect(r.status).toMatchObject({ cash: "open", stores: [{ storeId, closedDays: 0, days: 30 }], bankLinesOpen: 0 });
  });

  it("adds October's share of the bill to October, and sums a quarter and the company", async () => {
    // October: electricity 15 days × $10.00 + 9 cents = $150.09; rent $250.00; nothing else.
    const october = await pnl({ anchor: "2026-10-01" });
    expect(october.current.expenses).toEqual([
      { line: "electricity", cents: 15_009, sources: ["bills"] },
      { line: "rent", cents: 25_000, sources: ["recurring"] },
    ]);
    // Q3 (July … September): September's figures plus August's coins and rent and July's rent.
    const q3 = await pnl({ period: "quarter" });
    expect(q3.current).toMatchObject({ revenueCents: 109_800, expenseCents: 112_550, operatingProfitCents: -2_750 });
    // July holds rent but no collection: the screen says its coin revenue is missing.
    expect(q3.months.map((m) => [m.month, m.collectionsCents, m.expenseCents])).toEqual([
      ["2026-07", 0, 25_000],
      ["2026-08", 10_000, 25_000],
      ["2026-09", 79_800, 62_550],
    ]);
    // The whole company (one store here) gives the same figures, store by store.
    const all = await owner.query<Report>("economicsReports:storePnl", { period: "month", anchor: "2026-09-15" });
    expect(all.current.operatingProfitCents).toBe(37_250);
    expect(all.stores.map((s) => [s.name, s.operatingProfitCents])).toEqual([["Econ Plaza", 37_250]]);
    // A year earlier: nothing but rent (recurring from 2026-01 only: none in 2025).
    expect((await pnl({ compare: "lastYear" })).previous.revenueCents).toBe(0);
    // A month still to come holds no rent yet, though the recurring rent has no end.
    const ahead = new Date(Date.now() + 62 * 86_400_000).toISOString().slice(0, 10);
    expect((await pnl({ anchor: ahead })).current.expenses).toEqual([]);
  });
});

describe("the utility ratio against the store's own normal", () => {
  // Trend Corner: $1,000.00 of wash-dry-fold on the 15th of every month from 2025-09 to 2026-09,
  // and an electricity bill for each whole month: $220.00 (22.0 %) through 2026-08, then $300.00
  // in 2026-09 (30.0 %). September's normal is the median of the twelve months before, 22.0 %;
  // 30.0 % is 8 points above it (at least 3, and a sixth of 22, 3.67): rising. August's normal is
  // the eleven months before it, 22.0 %, and August is at it: not rising.
  it("flags the month whose ratio rose beyond the median of the twelve before it", async () => {
    const corner = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Trend Corner", address: "4 Trend Rd", timeZone: ZONE })).storeId;
    const months = monthsBetween("2025-09-01", "2026-09-01");
    for (const month of months) {
      await owner.mutation("economics:addOtherRevenue", { storeId: corner, businessDate: `${month}-15`, source: "wash_dry_fold", amountCents: 100_000 });
      const { from, to } = monthSpan(month);
      await owner.mutation("economics:addUtilityBill", {
        storeId: corner,
        utility: "electricity",
        periodStart: from,
        periodEnd: to,
        amountCents: month === "2026-09" ? 30_000 : 22_000,
      });
    }
    const september = await pnl({ storeId: corner, anchor: "2026-09-10" });
    expect(september.utility.month).toBe("2026-09");
    expect(september.utility.months.map((m) => m.percent)).toEqual([22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 30]);
    expect(september.utility.scope).toEqual({ normalPercent: 22, currentPercent: 30, rising: true });
    const august = await pnl({ storeId: corner, anchor: "2026-08-10" });
    expect(august.utility.months.map((m) => m.percent)).toEqual([null, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22]);
    expect(august.utility.scope).toEqual({ normalPercent: 22, currentPercent: 22, rising: false });
    // The whole company names the store that rose; a quarter judges its last month, September.
    const all = await owner.query<Report>("economicsReports:storePnl", { period: "quarter", anchor: "2026-09-15" });
    expect(all.utility.month).toBe("2026-09");
    expect(all.utility.stores.filter((s) => s.rising).map((s) => s.name)).toEqual(["Trend Corner"]);
  });
});

describe("economicsReports:entries", () => {
  it("opens a figure on its entries, showing what was left out", async () => {
    const coins = await entries("revenue:coins");
    // Two September collections; the changer's $600.00 is not in the first one's $448.00.
    expect(coins.map((e) => [e.date, e.cents, e.source])).toEqual([
      ["2026-09-10", 44_800, "collections"],
      ["2026-09-24", 35_000, "collections"],
    ]);
    const electricity = await entries("expense:electricity");
    expect(electricity.map((e) => [e.source, e.id, e.cents, e.description])).toEqual([["bills", "econ-b1", 15_000, "2026-09-16 – 2026-10-15 · 2100 kWh"]]);
    const rent = await entries("expense:rent");
    expect(rent.map((e) => [e.source, e.cents, e.counted])).toEqual([
      ["recurring", 25_000, true],
      ["ledger", 25_000, false],
    ]);
    const wages = await entries("expense:wages");
    expect(wages.map((e) => [e.source, e.description, e.cents, e.counted])).toEqual([
      ["payroll", "Ana Econ", 12_000, true],
      ["ledger", "Cash wages · test 4", 9_000, false],
    ]);
    const utilities = await entries("expense:utilities");
    expect(utilities.map((e) => [e.source, e.cents, e.counted])).toEqual([["ledger", 7_777, false]]);
    expect((await entries("expense:repairs")).map((e) => [e.source, e.cents, e.counted])).toEqual([["ledger", 4_550, true]]);
    // The counted entries of a figure add up to it.
    const card = await entries("revenue:card");
    expect(card.reduce((s, e) => s + e.cents, 0)).toBe(12_000);
  });
});

describe("economicsReports:machines", () => {
  it("gives turns per day with a price change inside the range and a dryer priced per minutes", async () => {
    const r = await machines();
    expect(r.machines.map((m) => m.label)).toEqual(["W1", "D1"]);
    const [w, d] = r.machines;
    expect(w).toMatchObject({
      machineId: w1,
      coinsCents: 75_000,
      cardCents: 12_000,
      revenueCents: 87_000,
      daysInService: 24,
      cycles: 169.8,
      turnsPerDay: 7.08,
      revenuePerCycleCents: 512,
      revenuePerDayCents: 3_625,
      storeMedianPerDayCents: 3_625,
      fleetMedianPerDayCents: 3_625,
      vsStorePercent: 100,
      paybackMonths: null,
      flagged: false,
    });
    expect(d).toMatchObject({
      machineId: d1,
      revenueCents: 4_800,
      daysInService: 6,
      cycles: 38.4,
      turnsPerDay: 6.4,
      revenuePerCycleCents: 125,
      revenuePerDayCents: 800,
      fleetMedianPerDayCents: 800,
      paybackMonths: 33,
      roiPercent: 36.3,
    });
  });

  it("agrees with the fleet's SQL sums when the range cuts a collection's days", async () => {
    // From 09-05: W1 keeps 09-05 … 09-10 of the 09-10 collection (6 × $40.00) → 24,000 + 35,000 + 12,000 = 71,000
    // over 20 days = 3,550¢ a day, in the store and in the fleet alike.
    const r = await machines({ from: "2026-09-05" });
    const w = r.machines.find((m) => m.label === "W1")!;
    expect([w.revenueCents, w.daysInService, w.revenuePerDayCents, w.fleetMedianPerDayCents]).toEqual([71_000, 20, 3_550, 3_550]);
  });

  it("takes the cycles from the counter where the collector read it on two visits in a row", async () => {
    // W1's cycle counter read 500 on 08-31 and 600 on 09-10: 100 cycles over 09-01 … 09-10, 10 a day,
    // where $400.00 ÷ $5.00 estimated 80. The month: 169.8 − 80 + 100 = 189.8 cycles over 24 days =
    // 7.91 a day; $870.00 ÷ 189.8 = 458.4 → $4.58 a cycle. The 09-24 visit has no reading: its days stay estimated.
    const db = server.database.db;
    const read = async (date: string, reading: number | null) => {
      const c = await db.selectFrom("collections").select("id").where("storeId", "=", storeId).where("businessDate", "=", date).executeTakeFirstOrThrow();
      await db.updateTable("collectionLines").set({ meterReading: reading }).where("collectionId", "=", c.id).where("machineId", "=", w1).execute();
    };
    await read("2026-08-31", 500);
    await read("2026-09-10", 600);
    try {
      const w = (await machines()).machines.find((m) => m.label === "W1")!;
      expect(w).toMatchObject({ revenueCents: 87_000, daysInService: 24, cycles: 189.8, turnsPerDay: 7.91, revenuePerCycleCents: 458, meteredDays: 10 });
    } finally {
      await read("2026-08-31", null);
      await read("2026-09-10", null);
    }
  });
});

describe("the below-median flag", () => {
  // Store "Flag Plaza": four washers at $5.00, collected every Sunday from 08-30 (the previous collection) to 10-04.
  // Range Mon 08-31 … Sun 09-27: four whole Monday weeks. WA, WB, WC take $175.00 a week = $25.00 a day = 5 turns;
  // WD takes $70.00 a week = $10.00 a day = 2 turns. Each week's median of the type is 5 turns; 2 < 5 × 0.5 = 2.5 in
  // all four weeks → WD is flagged, 4 weeks below; the others are at the median.
  it("flags the washer turning under half its type's median week after week", async () => {
    const db = server.database.db;
    const plaza = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Flag Plaza", address: "3 Flag St", timeZone: ZONE })).storeId;
    const { equipmentTypeId } = await owner.mutation<{ equipmentTypeId: string }>("equipmentConfig:createEquipmentType", {
      name: "Flag washer",
      category: "laundry",
    });
    const { sectionId } = await owner.mutation<{ sectionId: string }>("storeSections:create", { storeId: plaza, name: "Row" });
    const ids: Record<string, string> = {};
    for (const label of ["WA", "WB", "WC", "WD"])
      ids[label] = (await owner.mutation<{ machineId: string }>("equipment:createMachine", { storeId: plaza, sectionId, equipmentTypeId, label })).machineId;
    await db
      .insertInto("machinePrices")
      .values({
        id: "econ-flag-p",
        companyId,
        createdBy: null,
        equipmentTypeId,
        machineId: null,
        effectiveFrom: "2026-01-01",
        priceCents: 500,
        perMinutes: null,
        typicalCycleMinutes: null,
      })
      .execute();
    for (const businessDate of ["2026-08-30", "2026-09-06", "2026-09-13", "2026-09-20", "2026-09-27", "2026-10-04"]) {
      const lines = Object.entries(ids).map(([label, machineId]) => ({ machineId, coinsCents: label === "WD" ? 7_000 : 17_500, billsCents: 0 }));
      const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", { storeId: plaza, businessDate, lines });
      await staff.mutation("collections:submit", { collectionId });
      await owner.mutation("collections:verify", { collectionId });
    }
    const r = await owner.query<{
      machines: Array<
        MachineRow & { weeksBelow: number; storeMedianTurns: number | null; weeks: Array<{ week: string; turns: boolean; own: number; median: number | null }> }
      >;
    }>("economicsReports:machines", {
      storeId: plaza,
      from: "2026-08-31",
      to: "2026-09-27",
    });
    expect(r.machines.map((m) => [m.label, m.turnsPerDay, m.storeMedianTurns, m.flagged, m.weeksBelow])).toEqual([
      ["WA", 5, 5, false, 0],
      ["WB", 5, 5, false, 0],
      ["WC", 5, 5, false, 0],
      ["WD", 2, 5, true, 4],
    ]);
    // The flag's context: WD's own four weeks against the type's median, week by week.
    expect(r.machines.find((m) => m.label === "WD")!.weeks).toEqual(
      ["2026-08-31", "2026-09-07", "2026-09-14", "2026-09-21"].map((week) => ({ week, turns: true, own: 2, median: 5 })),
    );
  });
});

describe("economicsReports:pnlPdf", () => {
  /** The page's text as pdftotext lays it out, runs of spaces as one. */
  async function pdfText(client = owner): Promise<string> {
    const file = await client.query<{ fileName: string; contentType: string; base64: string }>("economicsReports:pnlPdf", { storeId, month: "2026-09" });
    expect([file.fileName, file.contentType]).toEqual(["pnl-Econ-Plaza-2026-09.pdf", "application/pdf"]);
    const dir = mkdtempSync(join(tmpdir(), "pnl-"));
    const pdf = join(dir, "pnl.pdf");
    writeFileSync(pdf, Buffer.from(file.base64, "base64"));
    expect(execFileSync("pdfinfo", [pdf]).toString()).toMatch(/Pages:\s+1\n/);
    return execFileSync("pdftotext", ["-layout", pdf, "-"])
      .toString()
      .replace(/[ \t]+/g, " ");
  }

  it("prints the golden month on one page beside the month before and a year earlier, in the reader's language", async () => {
    // The figures of the golden September above; August: coins $100.00, rent $250.00; September 2025: nothing.
    const text = await pdfText();
    expect(text).toContain("Profit and loss");
    expect(text).toContain("Econ Plaza");
    expect(text).toContain("Month: September 2026");
    expect(text).toContain("This month August 2026 September 2025");
    expect(text).toContain("Coins and bills (collections) $798.00 $100.00 $0.00");
    expect(text).toContain("Card $120.00 $0.00 $0.00");
    expect(text).toContain("Total revenue $998.00 $100.00 $0.00");
    expect(text).toContain("Electricity $150.00 $0.00 $0.00");
    expect(text).toContain("Rent $250.00 $250.00 $0.00");
    expect(text).toContain("Total operating expenses $625.50 $250.00 $0.00");
    expect(text).toContain("Operating profit $372.50 -$150.00 $0.00");
    expect(text).toContain("Operating margin 37.3% -150.0% —");
    expect(text).toContain("21.0% (good)");
    expect(text).toContain("Not reconciled yet");
    // The changer's $300.00 is nowhere: it is change, not income.
    expect(text).not.toContain("$300.00");

    await owner.mutation("users:updateLanguagePreference", { language: "es" });
    try {
      const es = await pdfText();
      expect(es).toContain("Pérdidas y ganancias");
      expect(es).toContain("Mes: septiembre de 2026");
      expect(es).toContain("Ingresos totales $998.00 $100.00 $0.00");
      expect(es).toContain("Beneficio operativo $372.50 -$150.00 $0.00");
      expect(es).toContain("21.0 % (buena)");
    } finally {
      await owner.mutation("users:updateLanguagePreference", { language: "en" });
    }
  });

  it("is refused to staff, and another company's store is not found", async () => {
    expect(await failure(staff.query("economicsReports:pnlPdf", { storeId, month: "2026-09" }))).toBe("You don't have permission to export reports");
    expect(await failure(rioOwner.query("economicsReports:pnlPdf", { storeId, month: "2026-09" }))).toBe("Store not found");
    expect(await failure(owner.query("economicsReports:pnlPdf", { storeId, month: "2026-9" }))).toMatch(/month/);
  });
});

describe("access", () => {
  it("refuses staff and keeps another company's store out of sight", async () => {
    expect(await failure(pnl({}, staff))).toBe("You don't have permission to export reports");
    expect(await failure(machines({}, staff))).toBe("You don't have permission to export reports");
    const hidden = await failureOf(pnl({}, rioOwner));
    expect(hidden.message).toBe("Store not found");
    expect(hidden.data).toEqual({ code: "economicsReports.storeNotFound", params: {} });
    expect(refusalText(hidden.data, "es")).toBe("No se encontró la tienda");
    expect(await failure(machines({}, rioOwner))).toBe("Store not found");
    expect(await failure(entries("revenue:coins", rioOwner))).toBe("Store not found");
    // Rio's own company P&L holds none of this company's figures.
    const rio = await rioOwner.query<Report>("economicsReports:storePnl", { period: "month", anchor: "2026-09-15" });
    expect(rio.stores.map((s) => s.storeId)).not.toContain(storeId);
  });

  it("refuses bad ranges and lines", async () => {
    expect(await failure(machines({ from: "2026-09-30", to: "2026-09-01" }))).toBe("The range's from date is after its to date");
    expect(await failure(machines({ from: "2025-01-01", to: "2026-09-01" }))).toBe("The machine figures cover at most a year at a time");
    expect(await failure(owner.query("economicsReports:entries", { storeId, month: "2026-13", line: "revenue:coins" }))).toMatch(/month/);
    expect(await failure(owner.query("economicsReports:entries", { storeId, month: "2026-09", line: "revenue:lottery" }))).toMatch(/line/);
  });
});
