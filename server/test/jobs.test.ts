import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { EMPLOYEE_MESSAGES, belowMinimumWage } from "@tumble/domain/employees";
import { addDays, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, TEST_PIN, unique } from "./support/workforce.ts";

// @postgres: two managers adding the same job at once must end with one job, not two or a Server Error.
//
// One person, several jobs (issue 30, docs/decisions/0055). Each job has its own rate history; the
// hours of every job add up in the workweek and the overtime premium is half the week's regular
// rate, the straight time of all jobs over all hours (29 CFR 778.115, 778.419).

const ZONE = "America/Chicago";
const H = 3_600_000;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

let server: TestServer;
let owner: Client;
let companyId: string;
let storeA: string;
let storeB: string;
let ana: string;
let anaUsername: string;
let route: string;
const db = () => server.database.db;
const today = todayIn(ZONE);
// A weekly period two weeks back, Sunday to Saturday: one whole workweek.
const week = periodContaining(addDays(today, -14), SETTINGS);
const day = (i: number) => addDays(week.startsOn, i);

const list = () => owner.query<PayPeriodListItem[]>("payPeriods:list", {});
const detail = async () => owner.query<PayPeriodDetail>("payPeriods:get", { periodId: (await list()).find((p) => p.startsOn === week.startsOn)!.id });
const worked = (date: string, hours: number, jobId: string | null, storeId = storeA) => {
  const clockInAt = startOfBusinessDay(date, ZONE) + 7 * H;
  return insertWorkedEntry(db(), { companyId, employeeId: ana, storeId, clockInAt, clockOutAt: clockInAt + hours * H, zone: ZONE, jobId });
};
const kioskOf = async (storeId: string) =>
  (await owner.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: `Tablet ${unique()}` })).kioskToken;

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  const email = `jobs-${unique()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "payroll-pw-123", flow: "signUp" } });
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Two Jobs Suds", ownerEmail: email }));
  owner = await new Client(server.url).signIn(email, "payroll-pw-123");
  await owner.mutation("companySettings:update", { section: "workforce", values: SETTINGS });
  ({ storeId: storeA } = await owner.mutation<{ storeId: string }>("stores:create", { name: "Jobs North", address: "1 North St", timeZone: ZONE }));
  ({ storeId: storeB } = await owner.mutation<{ storeId: string }>("stores:create", { name: "Jobs South", address: "2 South St", timeZone: ZONE }));
  anaUsername = `jobs${unique()}`;
  ({ employeeId: ana } = await owner.mutation<{ employeeId: string }>("employees:create", {
    name: "Ana Two Jobs",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "2026-01-01",
    storeIds: [storeA, storeB],
    payType: "hourly",
    rateCents: 1200,
    effectiveFrom: "2026-01-01",
    username: anaUsername,
    pin: TEST_PIN,
  }));
});
afterAll(() => server?.stop());

describe("a further job", () => {
  it("is added with its own first rate, at one of the person's stores", async () => {
    ({ jobId: route } = await owner.mutation<{ jobId: string }>("employees:addJob", {
      employeeId: ana,
      title: "Route collections",
      storeId: storeB,
      payType: "hourly",
      rateCents: 1800,
      effectiveFrom: "2026-01-01",
    }));
    const profile = await owner.query<{
      currentRate: { rateCents: number };
      jobs: Array<{ _id: string; title: string; storeId: string | null; currentRate: { rateCents: number } | null }>;
    }>("employees:get", { employeeId: ana });
    // The profile's own job keeps its $12.00; the route job has $18.00 of its own.
    expect(profile.currentRate.rateCents).toBe(1200);
    expect(profile.jobs.map((j) => [j._id, j.title, j.storeId, j.currentRate?.rateCents])).toEqual([[route, "Route collections", storeB, 1800]]);
  });

  it("refuses a blank title, a store the person does not work at, the same job twice and a rate under the minimum", async () => {
    const base = { employeeId: ana, payType: "hourly", rateCents: 1500, effectiveFrom: "2026-01-01" };
    expect(await failure(owner.mutation("employees:addJob", { ...base, title: "  " }))).toBe(
      `Invalid argument "title": ${EMPLOYEE_MESSAGES.jobTitleRequired.en}`,
    );
    const { storeId: elsewhere } = await owner.mutation<{ storeId: string }>("stores:create", {
      name: `Jobs East ${unique()}`,
      address: "3 East St",
      timeZone: ZONE,
    });
    expect(await failure(owner.mutation("employees:addJob", { ...base, title: "Folding", storeId: elsewhere }))).toBe(EMPLOYEE_MESSAGES.jobNotAtStore.en);
    expect(await failure(owner.mutation("employees:addJob", { ...base, title: "route COLLECTIONS", storeId: storeB }))).toBe(
      EMPLOYEE_MESSAGES.jobTitleTaken.en,
    );
    expect(await failure(owner.mutation("employees:addJob", { ...base, title: "Folding", rateCents: 500 }))).toBe(belowMinimumWage(500, 725));
    // The screens say these in the reader's language by their codes (decision 0067).
    const below = await failureOf(owner.mutation("employees:addJob", { ...base, title: "Folding", rateCents: 500 }));
    expect(below.data).toEqual({ code: "employees.belowMinimumWage", params: { rateCents: 500, minimumCents: 725 } });
    expect(refusalText(below.data, "es")).toBe("$5.00 por hora está por debajo del salario mínimo de $7.25 que aplica la empresa");
    const taken = await failureOf(owner.mutation("employees:addJob", { ...base, title: "route COLLECTIONS", storeId: storeB }));
    expect(taken.data).toEqual({ code: "employees.jobTitleTaken", params: {} });
    const profile = await owner.query<{ jobs: unknown[] }>("employees:get", { employeeId: ana });
    expect(profile.jobs).toHaveLength(1);
  });

  it("takes rates of its own: a raise of one job leaves the other's rate alone", async () => {
    const effectiveFrom = addDays(today, 30);
    await owner.mutation("employees:setRate", { employeeId: ana, jobId: route, rateCents: 1900, effectiveFrom, reason: "Route raise" });
    // The same date for the profile's own job is another history: allowed.
    await owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1250, effectiveFrom, reason: "Raise" });
    const profile = await owner.query<{
      rates: Array<{ rateCents: number; effectiveFrom: string }>;
      jobs: Array<{ rates: Array<{ rateCents: number; effectiveFrom: string }> }>;
    }>("employees:get", { employeeId: ana });
    expect(profile.rates.map((r) => r.rateCents)).toEqual([1250, 1200]);
    expect(profile.jobs[0].rates.map((r) => r.rateCents)).toEqual([1900, 1800]);
    // Another person's job is not this person's.
    const other = await owner.mutation<{ employeeId: string }>("employees:create", {
      name: "Ben Other",
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "2026-01-01",
      storeIds: [storeA],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "2026-01-01",
      username: `other${unique()}`,
      pin: TEST_PIN,
    });
    expect(await failure(owner.mutation("employees:setRate", { employeeId: other.employeeId, jobId: route, rateCents: 2000, effectiveFrom }))).toBe(
      EMPLOYEE_MESSAGES.jobNotFound.en,
    );
  });
});

describe("two jobs in one workweek", () => {
  it("adds the hours of both and pays overtime at the weighted regular rate: $792.00, not $720.00", async () => {
    // Monday to Wednesday 10 h as an attendant at $12.00 (30 h); Thursday and Friday 10 h on the
    // route at $18.00 (20 h). By hand:
    //   straight time  30 × $12.00 + 20 × $18.00 = $360.00 + $360.00 = $720.00
    //   regular rate   $720.00 / 50 h = $14.40 an hour
    //   overtime       50 − 40 = 10 h, premium ½ × $14.40 = $7.20 an hour → $72.00
    //   gross          $720.00 + $72.00 = $792.00
    const ids = [
      await worked(day(1), 10, null),
      await worked(day(2), 10, null),
      await worked(day(3), 10, null),
      await worked(day(4), 10, route, storeB),
      await worked(day(5), 10, route, storeB),
    ];
    await owner.mutation("timeEntries:approve", { entryIds: ids });
    const period = await detail();
    const line = period.lines.find((l) => l.employeeId === ana)!;
    expect([line.regularCents, line.overtimeMinutes, line.overtimeCents, line.grossCents]).toEqual([72_000, 600, 7_200, 79_200]);
    expect(line.workweeks.map((w) => [w.minutes, w.regularRateCents, w.premiumCents])).toEqual([[3_000, 1_440, 7_200]]);
    // The statement's per-job lines: each job's hours and straight time; they add up to the line.
    expect(line.jobs).toEqual([
      { jobId: null, title: "Attendant", minutes: 1_800, straightCents: 36_000, salaryCents: 0 },
      { jobId: route, title: "Route collections", minutes: 1_200, straightCents: 36_000, salaryCents: 0 },
    ]);
    // Each day is paid at its job's rate.
    expect(line.days.map((d) => [d.date, d.jobId, d.rateCents])).toEqual([
      [day(1), null, 1200],
      [day(2), null, 1200],
      [day(3), null, 1200],
      [day(4), route, 1800],
      [day(5), route, 1800],
    ]);
    expect(period.grossCents).toBe(79_200);
  });

  it("prints hours and pay per job on the statement", async () => {
    const file = await owner.query<{ base64: string }>("payroll:statement", {
      periodId: (await list()).find((p) => p.startsOn === week.startsOn)!.id,
      employeeId: ana,
    });
    const pdf = join(mkdtempSync(join(tmpdir(), "jobs-")), "statement.pdf");
    writeFileSync(pdf, Buffer.from(file.base64, "base64"));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toContain("Hours and pay by job");
    expect(text).toMatch(/Attendant\s+30\.00\s+\$360\.00/);
    expect(text).toMatch(/Route collections\s+20\.00\s+\$360\.00/);
    expect(text).toMatch(/Jobs South · Route collections/);
    expect(text).toMatch(/Gross pay\s+\$792\.00/);
  });
});

describe("the clock asks which job", () => {
  it("offers the person's jobs at the kiosk and clocks into the store's job unless another is chosen", async () => {
    const south = await kioskOf(storeB);
    const anonymous = new Client(server.url);
    const who = { kioskToken: south, username: anaUsername, pin: TEST_PIN };
    const status = await anonymous.action<{ jobs: Array<{ id: string | null; title: string | null }>; defaultJobId: string | null }>(
      "timeclock:kioskStatus",
      who,
    );
    expect(status.jobs).toEqual([
      { id: null, title: "Attendant" },
      { id: route, title: "Route collections" },
    ]);
    expect(status.defaultJobId).toBe(route);

    const entryJob = async () =>
      (
        await db()
          .selectFrom("timeEntries")
          .select("jobId")
          .where("companyId", "=", companyId)
          .where("employeeId", "=", ana)
          .where("status", "=", "open")
          .executeTakeFirstOrThrow()
      ).jobId;
    await anonymous.action("timeclock:punch", { ...who, action: "clockIn" });
    expect(await entryJob()).toBe(route);
    await anonymous.action("timeclock:punch", { ...who, action: "clockOut" });
    // Chosen: the profile's own job at the same kiosk.
    await anonymous.action("timeclock:punch", { ...who, action: "clockIn", jobId: null });
    expect(await entryJob()).toBeNull();
    await anonymous.action("timeclock:punch", { ...who, action: "clockOut" });

    // The route job is kept for the south store: not offered or accepted at the north one.
    const north = await kioskOf(storeA);
    const atNorth = { kioskToken: north, username: anaUsername, pin: TEST_PIN };
    const northStatus = await anonymous.action<{ jobs: Array<{ id: string | null }>; defaultJobId: string | null }>("timeclock:kioskStatus", atNorth);
    expect([northStatus.jobs.map((j) => j.id), northStatus.defaultJobId]).toEqual([[null], null]);
    expect(await failure(anonymous.action("timeclock:punch", { ...atNorth, action: "clockIn", jobId: route }))).toBe(EMPLOYEE_MESSAGES.jobNotAtStore.en);
    expect(await failure(anonymous.action("timeclock:punch", { ...atNorth, action: "clockIn", jobId: "no-such-job" }))).toBe(EMPLOYEE_MESSAGES.jobNotFound.en);
    const noJob = await failureOf(anonymous.action("timeclock:punch", { ...atNorth, action: "clockIn", jobId: "no-such-job" }));
    expect(noJob.data).toEqual({ code: "employees.jobNotFound", params: {} });
    expect(refusalText(noJob.data, "es")).toBe("No se encontró el trabajo");
  });

  it("refuses an ended job, and ending it before time worked in it", async () => {
    const yesterday = addDays(today, -1);
    // The route job has approved time two weeks back: it cannot end before that.
    expect(await failure(owner.mutation("employees:endJob", { employeeId: ana, jobId: route, endedOn: day(3) }))).toBe(EMPLOYEE_MESSAGES.jobEndBeforeWork.en);
    // The kiosk punches of the test above were today: ending it yesterday is refused too; so is a raise after it ends.
    expect(await failure(owner.mutation("employees:endJob", { employeeId: ana, jobId: route, endedOn: yesterday }))).toBe(
      EMPLOYEE_MESSAGES.jobEndBeforeWork.en,
    );
    await owner.mutation("employees:endJob", { employeeId: ana, jobId: route, endedOn: today });
    expect(await failure(owner.mutation("employees:setRate", { employeeId: ana, jobId: route, rateCents: 2000, effectiveFrom: addDays(today, 40) }))).toBe(
      EMPLOYEE_MESSAGES.jobEnded.en,
    );
    // Its time stays paid at its rate.
    const line = (await detail()).lines.find((l) => l.employeeId === ana)!;
    expect(line.grossCents).toBe(79_200);
  });
});

describe("a shift added by hand", () => {
  it("is for the job chosen (or the store's), and the queue names it", async () => {
    const date = addDays(week.startsOn, 6);
    const from = startOfBusinessDay(date, ZONE) + 7 * H;
    const base = { employeeId: ana, clockOut: from + 4 * H, breaks: 0, reason: "Forgot to punch" };
    // At the south store, unasked: the route job kept for it.
    const { entryId } = await owner.mutation<{ entryId: string }>("timeEntries:add", { ...base, storeId: storeB, clockIn: from });
    // The route job is not worked at the north store.
    expect(await failure(owner.mutation("timeEntries:add", { ...base, storeId: storeA, clockIn: from + 5 * H, clockOut: from + 6 * H, jobId: route }))).toBe(
      EMPLOYEE_MESSAGES.jobNotAtStore.en,
    );
    const queue = await owner.query<{ entries: Array<{ _id: string; jobId: string | null; jobTitle: string | null }> }>("timeEntries:list", {
      from: date,
      to: date,
      status: "all",
    });
    expect(queue.entries.find((e) => e._id === entryId)).toMatchObject({ jobId: route, jobTitle: "Route collections" });
  });
});

describe("at the same time", () => {
  it("two managers adding the same job make one job", async () => {
    const manager = owner;
    const results = await Promise.allSettled(
      [0, 1, 2].map(() =>
        manager.mutation("employees:addJob", {
          employeeId: ana,
          title: "Night folding",
          storeId: null,
          payType: "hourly",
          rateCents: 1500,
          effectiveFrom: today,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String((r.reason as Error).message)).toContain(EMPLOYEE_MESSAGES.jobTitleTaken.en);
    const jobs = await db().selectFrom("employeeJobs").select("id").where("companyId", "=", companyId).where("title", "=", "Night folding").execute();
    expect(jobs).toHaveLength(1);
  });
});

describe("a store's own minimum wage", () => {
  it("refuses an hourly rate under the highest minimum of the person's stores, in any job", async () => {
    // The south store is in a city with a $16.50 minimum; the company keeps the federal $7.25.
    await owner.mutation("stores:update", { storeId: storeB, minimumWageCents: 1650 });
    const stores = await owner.query<Array<{ _id: string; minimumWageCents: number | null }>>("stores:listAll", {});
    expect(stores.find((s) => s._id === storeB)!.minimumWageCents).toBe(1650);
    const effectiveFrom = addDays(today, 50);
    expect(await failure(owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1600, effectiveFrom }))).toBe(belowMinimumWage(1600, 1650));
    expect(
      await failure(
        owner.mutation("employees:addJob", { employeeId: ana, title: "Ironing", storeId: storeA, payType: "hourly", rateCents: 1500, effectiveFrom }),
      ),
    ).toBe(belowMinimumWage(1500, 1650));
    await owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1650, effectiveFrom });
    // Cleared, the company's figure applies again.
    await owner.mutation("stores:update", { storeId: storeB, minimumWageCents: null });
    await owner.mutation("employees:setRate", { employeeId: ana, rateCents: 1300, effectiveFrom: addDays(today, 51) });
  });
});
