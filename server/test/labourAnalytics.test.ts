import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "@tumble/domain/scheduling";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry } from "./support/workforce.ts";

// Labour analytics and payroll reports over HTTP (issue 18) on a company made for the test
// through the API: one Chicago store, two hourly attendants, a published schedule, entries as
// the time clock builds them (verified through timeEntries:approve), one late arrival, one
// absence and one collection. Every figure below is worked by hand from that data.
//
// Range Mon 2026-10-12 … Wed 2026-10-14; its comparison is the three days before (Fri 10-09 …
// Sun 10-11). Ana earns $15.00/h, Ben $20.00/h (both from 2026-01-01). Tolerance: 5 minutes.
//
//   shift                              entry                                  worked   notes
//   Ana Mon 09:00–17:00, 30 min break   09:02–17:00, 30 min break, approved     448 min  within tolerance
//   Ana Tue 09:00–17:00, 30 min break   09:20–17:00, 30 min break, approved     430 min  late by 20 min
//   Ben Mon 12:00–18:00, no break       12:00–18:00, approved                   360 min
//   Ben Wed 08:00–12:00, no break       —                                         —      absent
//   —                                   Ben Tue 10:00–12:00, not reviewed        120 min  worked, not verified
//   Ana Fri 10-09 09:00–13:00 (compare) 09:00–13:00, approved                   240 min
//
// Scheduled 450 + 450 + 360 + 240 = 1,500 min; worked 448 + 430 + 360 + 120 = 1,358 min, of
// which verified 1,238. Collection Mon 10-12: W1 $300.00 of coins.
// Labour cost of verified time at straight time (no week reaches 40 hours, no overtime):
//   Ana Mon 448/60 × $15 = $112.00; Ana Tue 430/60 × $15 = $107.50; Ben Mon 360/60 × $20 = $120.00
//   total $339.50. Monday: $232.00 of $300.00 collected = 77.3%; the range: 339.50 / 300 = 113.2%.
//   Comparison: Ana Fri 240/60 × $15 = $60.00, no collection (no percentage).

const ZONE = "America/Chicago";
const FROM = "2026-10-12";
const TO = "2026-10-14";
const H = 60;

let server: TestServer;
let owner: Client;
let rioOwner: Client;
let rioStaff: Client;
let staff: Client;
let storeId: string;
let ana: string;
let ben: string;
let unverifiedEntry: string;

interface Figures {
  scheduledMinutes: number;
  upcomingMinutes: number;
  workedMinutes: number;
  verifiedMinutes: number;
  lateCount: number;
  lateMinutes: number;
  absenceCount: number;
  overtimeMinutes: number;
  labourCostCents: number;
  overtimeCostCents: number;
  revenueCents: number;
  labourPercent: number | null;
}
interface Overview {
  from: string;
  to: string;
  compareFrom: string;
  compareTo: string;
  totals: Figures;
  compareTotals: Figures;
  stores: Array<Figures & { storeId: string; name: string; compare: Figures }>;
  employees: Array<Figures & { employeeId: string; name: string; compare: Figures }>;
  days: Array<{ date: string; scheduledMinutes: number; workedMinutes: number; compareDate: string | null; compareWorkedMinutes: number | null }>;
  weekdays: Array<{ storeId: string; weekday: number; labourCostCents: number; revenueCents: number; labourPercent: number | null }>;
}
interface CostFigures {
  minutes: number;
  overtimeMinutes: number;
  labourCostCents: number;
  overtimeCostCents: number;
  revenueCents: number;
  labourPercent: number | null;
}
interface PayrollReport {
  totals: CostFigures;
  compareTotals: CostFigures;
  stores: Array<CostFigures & { storeId: string; compare: CostFigures }>;
  periods: Array<CostFigures & { weekStart: string; from: string; to: string }>;
  positions: Array<CostFigures & { position: string; none: boolean }>;
}

const at = (date: string, clock: string) => {
  const [h, m] = clock.split(":").map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, ZONE);
};

/** A worked entry as the time clock builds it from two punches (the API punches only at the present). */
async function worked(employeeId: string, date: string, from: string, to: string, breakMinutes: number, store = storeId): Promise<string> {
  const db = server.database.db;
  const { companyId } = await db.selectFrom("stores").select("companyId").where("id", "=", store).executeTakeFirstOrThrow();
  const [inAt, outAt] = [at(date, from), at(date, to)];
  return insertWorkedEntry(db, {
    companyId,
    employeeId,
    storeId: store,
    clockInAt: inAt,
    clockOutAt: outAt,
    zone: ZONE,
    breakMinutes,
    ids: { in: `la${employeeId.slice(0, 8)}${inAt}`, out: `lo${employeeId.slice(0, 8)}${outAt}` },
  });
}

async function shift(employeeId: string, date: string, start: string, end: string, breakMinutes: number) {
  await owner.mutation("shifts:create", { storeId, employeeId, date, start, end, breakMinutes });
}

const overview = (args: Record<string, unknown> = {}, client = owner) =>
  client.query<Overview>("labourAnalytics:overview", { storeId, from: FROM, to: TO, ...args });
const report = (args: Record<string, unknown> = {}, client = owner) =>
  client.query<PayrollReport>("payrollReports:get", { storeId, from: FROM, to: TO, ...args });

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  [rioOwner, rioStaff] = await Promise.all(["owner@demo.test", "staff@demo.test"].map((email) => new Client(server.url).signIn(email)));

  // A company of its own: an owner who signs up, made owner of a new company by an administrator.
  const email = `labour-${Date.now()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "labour-owner-pw", flow: "signUp" } });
  const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Labour Suds", ownerEmail: email });
  owner = await new Client(server.url).signIn(email, "labour-owner-pw");
  // Its attendant, a member with the STAFF role, who collects.
  const staffEmail = `labour-staff-${Date.now()}@example.com`;
  const joining = new Client(server.url);
  await joining.action("auth:signIn", { provider: "password", params: { email: staffEmail, password: "labour-staff-pw", flow: "signUp" } });
  const joiner = await joining.signIn(staffEmail, "labour-staff-pw");
  const { requestId } = await joiner.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId });
  await owner.mutation("companyJoinRequests:approveJoinRequest", { requestId, role: "STAFF" });
  staff = await new Client(server.url).signIn(staffEmail, "labour-staff-pw");

  storeId = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Lakeview", address: "1 Lake St", timeZone: ZONE })).storeId;
  const person = async (name: string, username: string, rateCents: number, position: string) =>
    (
      await owner.mutation<{ employeeId: string }>("employees:create", {
        name,
        email: "",
        phone: "",
        position,
        hireDate: "2026-01-01",
        storeIds: [storeId],
        payType: "hourly",
        rateCents,
        effectiveFrom: "2026-01-01",
        username,
        pin: "4821",
      })
    ).employeeId;
  ana = await person("Ana Ruiz", `ana${Date.now() % 100000}`, 1500, "Attendant");
  ben = await person("Ben Cole", `ben${Date.now() % 100000}`, 2000, "Lead");

  await shift(ana, "2026-10-09", "09:00", "13:00", 0);
  await shift(ana, "2026-10-12", "09:00", "17:00", 30);
  await shift(ana, "2026-10-13", "09:00", "17:00", 30);
  await shift(ben, "2026-10-12", "12:00", "18:00", 0);
  await shift(ben, "2026-10-14", "08:00", "12:00", 0);
  for (const weekStart of ["2026-10-04", "2026-10-11"])
    await owner.mutation("shifts:publish", { storeId, weekStart, overrideReason: "Past weeks for the report" });

  const approved = [
    await worked(ana, "2026-10-09", "09:00", "13:00", 0),
    await worked(ana, "2026-10-12", "09:02", "17:00", 30),
    await worked(ana, "2026-10-13", "09:20", "17:00", 30),
    await worked(ben, "2026-10-12", "12:00", "18:00", 0),
  ];
  unverifiedEntry = await worked(ben, "2026-10-13", "10:00", "12:00", 0);
  await owner.mutation("timeEntries:approve", { entryIds: approved });

  // One collection: a washer's $300.00 on Monday.
  const { equipmentTypeId } = await owner.mutation<{ equipmentTypeId: string }>("equipmentConfig:createEquipmentType", { name: "Washer", category: "laundry" });
  const { sectionId } = await owner.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Front" });
  const { machineId } = await owner.mutation<{ machineId: string }>("equipment:createMachine", { storeId, sectionId, equipmentTypeId, label: "W1" });
  const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
    storeId,
    businessDate: "2026-10-12",
    lines: [{ machineId, coinsCents: 30_000, billsCents: 0 }],
  });
  await staff.mutation("collections:submit", { collectionId });
  await owner.mutation("collections:verify", { collectionId });
});
afterAll(() => server?.stop());

describe("labourAnalytics:overview", () => {
  it("gives scheduled against worked hours, lateness and absences as worked by hand", async () => {
    const o = await overview();
    expect([o.from, o.to, o.compareFrom, o.compareTo]).toEqual([FROM, TO, "2026-10-09", "2026-10-11"]);
    expect(o.totals).toMatchObject({
      scheduledMinutes: 1500,
      upcomingMinutes: 0,
      workedMinutes: 1358,
      verifiedMinutes: 1238,
      lateCount: 1,
      lateMinutes: 20,
      absenceCount: 1,
      revenueCents: 30_000,
    });
    expect(o.compareTotals).toMatchObject({
      scheduledMinutes: 4 * H,
      workedMinutes: 4 * H,
      verifiedMinutes: 4 * H,
      lateCount: 0,
      absenceCount: 0,
      revenueCents: 0,
    });

    const byName = Object.fromEntries(o.employees.map((e) => [e.name, e]));
    expect(byName["Ana Ruiz"]).toMatchObject({
      scheduledMinutes: 900,
      workedMinutes: 878,
      verifiedMinutes: 878,
      lateCount: 1,
      lateMinutes: 20,
      absenceCount: 0,
    });
    expect(byName["Ana Ruiz"]!.compare).toMatchObject({ scheduledMinutes: 240, workedMinutes: 240 });
    expect(byName["Ben Cole"]).toMatchObject({ scheduledMinutes: 600, workedMinutes: 480, verifiedMinutes: 360, lateCount: 0, absenceCount: 1 });

    expect(o.days.map((d) => [d.date, d.scheduledMinutes, d.workedMinutes, d.compareDate, d.compareWorkedMinutes])).toEqual([
      ["2026-10-12", 810, 808, "2026-10-09", 240],
      ["2026-10-13", 450, 550, "2026-10-10", 0],
      ["2026-10-14", 240, 0, "2026-10-11", 0],
    ]);
    expect(o.stores).toHaveLength(1);
    expect(o.stores[0]).toMatchObject({ storeId, name: "Lakeview", scheduledMinutes: 1500, workedMinutes: 1358, revenueCents: 30_000 });
    expect(o.weekdays.filter((w) => w.revenueCents > 0).map((w) => [w.weekday, w.revenueCents])).toEqual([[1, 30_000]]);
  });

  it("counts labour cost the way pay is computed, and its share of the collections", async () => {
    const o = await overview();
    expect(o.totals).toMatchObject({ labourCostCents: 33_950, overtimeMinutes: 0, overtimeCostCents: 0, labourPercent: 113.2 });
    expect(o.compareTotals).toMatchObject({ labourCostCents: 6_000, labourPercent: null });
    const monday = o.weekdays.find((w) => w.weekday === 1)!;
    expect([monday.labourCostCents, monday.revenueCents, monday.labourPercent]).toEqual([23_200, 30_000, 77.3]);
  });

  it("follows verification: approving the last entry adds it to verified time", async () => {
    await owner.mutation("timeEntries:approve", { entryIds: [unverifiedEntry] });
    const o = await overview();
    expect([o.totals.workedMinutes, o.totals.verifiedMinutes]).toEqual([1358, 1358]);
    // Back to pending for the other tests: a correction to the same times would approve; reject instead.
    await owner.mutation("timeEntries:reject", { entryIds: [unverifiedEntry], reason: "Not scheduled" });
    const after = await overview();
    expect([after.totals.workedMinutes, after.totals.verifiedMinutes]).toEqual([1238, 1238]);
  });

  it("takes an explicit comparison period and refuses bad ranges", async () => {
    const o = await overview({ compareFrom: "2026-10-05", compareTo: "2026-10-07" });
    expect([o.compareFrom, o.compareTo, o.compareTotals.scheduledMinutes]).toEqual(["2026-10-05", "2026-10-07", 0]);
    expect(await failure(overview({ from: TO, to: FROM }))).toBe("The range's from date is after its to date");
    expect(await failure(overview({ from: "2024-01-01", to: "2026-01-01" }))).toBe("The range is longer than a year");
    expect(await failure(overview({ compareFrom: "2026-10-05" }))).toBe("Give both ends of the comparison period, or neither");
    // The screen says them in the reader's language by their codes (decision 0067).
    const long = await failureOf(overview({ from: "2024-01-01", to: "2026-01-01" }));
    expect(long.data).toEqual({ code: "reports.rangeOverYear", params: {} });
    expect(refusalText(long.data, "es")).toBe("El período abarca más de un año");
    const reversed = await failureOf(overview({ compareFrom: "2026-10-07", compareTo: "2026-10-05" }));
    expect(reversed.message).toBe("The comparison period's from date is after its to date");
    expect(reversed.data).toEqual({ code: "reports.comparisonReversed", params: {} });
  });
});

describe("payrollReports:get", () => {
  it("gives labour by store, workweek and position beside the collections", async () => {
    const r = await report();
    expect(r.stores).toHaveLength(1);
    expect(r.totals).toMatchObject({ minutes: 1238, revenueCents: 30_000 });
    // Workweeks start on Sunday (the default): the range sits in the week of Sunday 10-11.
    expect(r.periods.map((p) => [p.weekStart, p.from, p.to, p.minutes])).toEqual([["2026-10-11", FROM, TO, 1238]]);
    expect(r.positions.map((p) => [p.position, p.minutes])).toEqual([
      ["Attendant", 878],
      ["Lead", 360],
    ]);
    expect(r.totals).toMatchObject({ labourCostCents: 33_950, labourPercent: 113.2 });
    expect(r.positions.map((p) => p.labourCostCents)).toEqual([21_950, 12_000]);
    expect(r.compareTotals).toMatchObject({ labourCostCents: 6_000, minutes: 240 });
    expect(r.stores[0]).toMatchObject({ labourCostCents: 33_950, revenueCents: 30_000, labourPercent: 113.2, compare: { labourCostCents: 6_000 } });
  });
});

describe("overtime", () => {
  // Cara ($18.00/h, Northside only) works Mon 10-19 … Fri 10-23, 08:00–17:30 with a 30-minute
  // break: 5 × 540 = 2,700 minutes, 45 hours in the workweek of Sunday 10-18. The weekly rule
  // makes the minutes past 40 hours overtime in clock-in order: Friday's last 300 minutes.
  // Straight time 45 × $18 = $810.00; premium 5 × $9.00 = $45.00 (half the regular rate), on Friday,
  // whose cost is 9 × $18 = $162.00 + $45.00. Monday to Thursday: 36 × $18 = $648.00.
  it("puts a week's overtime on the day it happens, decided on the whole week", async () => {
    const north = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Northside", address: "2 North St", timeZone: ZONE })).storeId;
    const { employeeId: cara } = await owner.mutation<{ employeeId: string }>("employees:create", {
      name: "Cara Diaz",
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "2026-01-01",
      storeIds: [north],
      payType: "hourly",
      rateCents: 1800,
      effectiveFrom: "2026-01-01",
      username: `cara${Date.now() % 100000}`,
      pin: "4821",
    });
    const ids = [];
    for (const date of ["2026-10-19", "2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23"]) ids.push(await worked(cara, date, "08:00", "17:30", 30, north));
    await owner.mutation("timeEntries:approve", { entryIds: ids });

    const week = await overview({ storeId: north, from: "2026-10-19", to: "2026-10-23" });
    expect(week.totals).toMatchObject({ verifiedMinutes: 2700, overtimeMinutes: 300, overtimeCostCents: 4_500, labourCostCents: 85_500 });
    expect(week.employees.map((e) => [e.name, e.overtimeMinutes])).toEqual([["Cara Diaz", 300]]);
    // Monday to Thursday alone: no overtime yet, though the week is decided on all of its days.
    const early = await overview({ storeId: north, from: "2026-10-19", to: "2026-10-22" });
    expect(early.totals).toMatchObject({ verifiedMinutes: 2160, overtimeMinutes: 0, labourCostCents: 64_800 });
    const friday = await overview({ storeId: north, from: "2026-10-23", to: "2026-10-23" });
    expect(friday.totals).toMatchObject({ overtimeMinutes: 300, overtimeCostCents: 4_500, labourCostCents: 16_200 + 4_500 });

    const r = await report({ storeId: north, from: "2026-10-18", to: "2026-10-31" });
    expect(r.periods.map((p) => [p.weekStart, p.overtimeMinutes, p.overtimeCostCents, p.labourCostCents])).toEqual([
      ["2026-10-18", 300, 4_500, 85_500],
      ["2026-10-25", 0, 0, 0],
    ]);
    // Every store together: Lakeview's range is in another week, so the company's figures add up.
    const all = await report({ storeId: undefined, from: "2026-10-12", to: "2026-10-23" });
    expect(all.totals).toMatchObject({ labourCostCents: 33_950 + 85_500, overtimeCostCents: 4_500 });
    expect(all.stores.map((s) => [s.labourCostCents])).toEqual([[33_950], [85_500]]);
  });

  // Dev ($20.00/h, linked to Westside only) works Mon 11-02 … Thu 11-05 08:00–18:00 at Westside
  // (4 × 600 = 2,400 minutes: 40 hours) and Friday 11-06 09:00–13:00 at Eastside, where he is not
  // linked. Friday's 240 minutes are past 40 hours, so overtime: Eastside's cost is 4 × $20.00 =
  // $80.00 + the premium 4 × $10.00 = $40.00, $120.00. One store's view still decides the week on
  // the hours worked at the other; Westside's four days are straight time, 40 × $20.00 = $800.00.
  it("counts at one store the overtime that hours at another store cause", async () => {
    const create = async (name: string) =>
      (await owner.mutation<{ storeId: string }>("stores:create", { name, address: `${name} Rd`, timeZone: ZONE })).storeId;
    const west = await create("Westside");
    const east = await create("Eastside");
    const { employeeId: dev } = await owner.mutation<{ employeeId: string }>("employees:create", {
      name: "Dev Patel",
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "2026-01-01",
      storeIds: [west],
      payType: "hourly",
      rateCents: 2000,
      effectiveFrom: "2026-01-01",
      username: `dev${Date.now() % 100000}`,
      pin: "4822",
    });
    const ids = [];
    for (const date of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]) ids.push(await worked(dev, date, "08:00", "18:00", 0, west));
    ids.push(await worked(dev, "2026-11-06", "09:00", "13:00", 0, east));
    await owner.mutation("timeEntries:approve", { entryIds: ids });

    const eastWeek = await overview({ storeId: east, from: "2026-11-02", to: "2026-11-06" });
    expect(eastWeek.totals).toMatchObject({ verifiedMinutes: 240, overtimeMinutes: 240, overtimeCostCents: 4_000, labourCostCents: 12_000 });
    const westWeek = await overview({ storeId: west, from: "2026-11-02", to: "2026-11-06" });
    expect(westWeek.totals).toMatchObject({ verifiedMinutes: 2_400, overtimeMinutes: 0, labourCostCents: 80_000 });
  });
});

describe("access", () => {
  it("refuses staff and gives another company's store nothing", async () => {
    expect(await failure(overview({}, staff))).toBe("You don't have permission to manage employees");
    expect(await failure(report({}, staff))).toBe("You don't have permission to manage stores");
    expect(await failure(overview({ storeId: undefined }, rioStaff))).toMatch(/permission/i);
    expect(await failure(overview({}, rioOwner))).toBe("Store not found");
    expect(await failure(report({}, rioOwner))).toBe("Store not found");
    const rio = await overview({ storeId: undefined }, rioOwner);
    expect(rio.stores.map((s) => s.storeId)).not.toContain(storeId);
    expect(rio.employees.map((e) => e.employeeId)).not.toContain(ana);
  });
});
