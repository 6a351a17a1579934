import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayPeriodListItem, PayPeriodSummary, PayLine, PayrollFile } from "@tumble/domain/payroll";
import { periodLockedMessage } from "@tumble/domain/payrollMessages";
import { refusalText } from "@tumble/domain/refusals";
import { JOURNAL_COLUMNS, PROVIDER_COLUMNS, providerCsv } from "../src/payroll/exports.ts";
import { changePayrollSettings } from "../src/payroll/settingsEdit.ts";
import { AppError } from "../src/runtime/errors.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, unique } from "./support/workforce.ts";

// Payroll over HTTP (issue 18) in a company of its own: settings in the workforce section, a
// period computed from verified time at two stores and two rates (the golden figures of
// packages/domain/src/payroll.test.ts, "a two-store week"), the lock / reopen / paid rules,
// adjustments, access and another company's ids, the statement PDF (rendered with pdftoppm, read
// with pdftotext) and both CSV files.

const ZONE = "America/Chicago";
const H = 3_600_000;
let server: TestServer;
let owner: Client;
let manager: Client;
let staff: Client;
let rioManager: Client;
let companyId: string;
let downtown: string;
let uptown: string;
let ana: string;
let ben: string;
/** The weekly period three weeks before this one (Sunday to Saturday). */
let period: { startsOn: string; endsOn: string };
let periodId: string;
let pendingEntry: string;

const db = () => server.database.db;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

async function signUp(prefix: string): Promise<{ email: string; client: Client }> {
  const email = `${prefix}-${unique()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "payroll-pw-123", flow: "signUp" } });
  return { email, client: await new Client(server.url).signIn(email, "payroll-pw-123") };
}

async function admit(role: string) {
  const { email, client } = await signUp(role.toLowerCase());
  const { requestId } = await client.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId });
  await owner.mutation("companyJoinRequests:approveJoinRequest", { requestId, role });
  return { email, client: await new Client(server.url).signIn(email, "payroll-pw-123") };
}

async function employee(name: string, storeIds: string[], rateCents: number) {
  const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
    name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "2026-01-01",
    storeIds,
    payType: "hourly",
    rateCents,
    effectiveFrom: "2026-01-01",
    username: `pay${unique()}`,
    pin: "4821",
  });
  return employeeId;
}

/** A worked entry as the time clock builds it, `hours` from 07:00 Chicago on `date`. */
const worked = (storeId: string, employeeId: string, date: string, hours: number, company = companyId) =>
  insertWorkedEntry(db(), { companyId: company, employeeId, storeId, ...morningOf(date, hours, ZONE), zone: ZONE });

const detail = (id = periodId, client = owner) => client.query<PayPeriodDetail>("payPeriods:get", { periodId: id });
const decode = (file: PayrollFile) => Buffer.from(file.base64, "base64");

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  rioManager = await new Client(server.url).signIn("manager@demo.test");
  const founder = await signUp("payroll-owner");
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Payroll Suds", ownerEmail: founder.email }));
  owner = await new Client(server.url).signIn(founder.email, "payroll-pw-123");
  manager = (await admit("MANAGER")).client;
  staff = (await admit("STAFF")).client;
  const store = async (name: string) => (await owner.mutation<{ storeId: string }>("stores:create", { name, address: `1 ${name} St`, timeZone: ZONE })).storeId;
  downtown = await store("Downtown");
  uptown = await store("Uptown");
  ana = await employee("Ana Peña", [downtown, uptown], 1500);
  ben = await employee("Ben Cole", [downtown], 2000);

  const today = todayIn(ZONE);
  period = periodContaining(addDays(today, -21), SETTINGS);
  // Ana's raise to $18.00 from the Wednesday of that week (a past date, as an import would record it).
  await db()
    .insertInto("employeeRates")
    .values({ id: `r${unique()}`, companyId, employeeId: ana, payType: "hourly", rateCents: 1800, effectiveFrom: addDays(period.startsOn, 3) })
    .execute();
  // Mon 10 h Downtown, Tue 10 h Uptown at $15; Wed 10 h Downtown, Thu 10 h Uptown, Fri 10 h Downtown at $18.
  const stores = [downtown, uptown, downtown, uptown, downtown];
  const entries = [];
  for (let i = 0; i < 5; i++) entries.push(await worked(stores[i], ana, addDays(period.startsOn, i + 1), 10));
  await owner.mutation("timeEntries:approve", { entryIds: entries });
  // Ben's Monday, verified, and his Tuesday waiting for review.
  await owner.mutation("timeEntries:approve", { entryIds: [await worked(downtown, ben, addDays(period.startsOn, 1), 8)] });
  pendingEntry = await worked(downtown, ben, addDays(period.startsOn, 2), 4);
  // Ana's published schedule: Monday 07:00–15:00 with a 30-minute break (7.5 h); a draft beside it is not the schedule.
  const monday = startOfBusinessDay(addDays(period.startsOn, 1), ZONE);
  const shift = (id: string, published: boolean) => ({
    id,
    companyId,
    storeId: downtown,
    employeeId: ana,
    startsAt: new Date(monday + 7 * H),
    endsAt: new Date(monday + 15 * H),
    breakMinutes: 30,
    status: published ? "published" : "draft",
    publishedAt: published ? new Date(monday) : null,
    publishedEmployeeId: published ? ana : null,
    publishedStartsAt: published ? new Date(monday + 7 * H) : null,
    publishedEndsAt: published ? new Date(monday + 15 * H) : null,
    publishedBreakMinutes: published ? 30 : null,
  });
  await db()
    .insertInto("shifts")
    .values([shift(`sh${unique()}`, true), shift(`sh${unique()}`, false)])
    .execute();
}, 120_000);
afterAll(() => server?.stop());

describe("payroll settings", () => {
  it("reads and writes the payroll fields of the workforce section", async () => {
    expect(await owner.query("payroll:getSettings")).toEqual({
      payFrequency: "biweekly",
      payAnchorDate: null,
      payrollStartsOn: null,
      workweekStart: "sunday",
      overtimePreset: "federal",
    });
    expect(await failure(owner.mutation("payroll:updateSettings", { payAnchorDate: "2026-02-30" }))).toMatch(/date/i);
    expect(await owner.mutation("payroll:updateSettings", SETTINGS)).toEqual(SETTINGS);
    // The same section the company settings screen shows.
    const section = await owner.query<{ workforce: Record<string, unknown> }>("companySettings:get", { section: "workforce" });
    expect(section.workforce).toMatchObject(SETTINGS);
    expect(await failure(staff.query("payroll:getSettings"))).toMatch(/permission|access|not allowed/i);
  });

  it("refuses a value the workforce section's rule refuses with the rule's English and its code", async () => {
    // The function's argument check refuses the same values first; the section's own check stays behind it.
    const before = await owner.query("payroll:getSettings");
    const error = await changePayrollSettings(db(), companyId, "nobody", { payAnchorDate: "2026-02-30" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const { message, data } = error as AppError;
    expect(message).toBe("Not a real calendar date");
    expect(data).toEqual({ code: "payroll.invalidSetting", params: { field: "payAnchorDate", message } });
    expect(refusalText(data, "es")).toBe("No es una fecha real del calendario");
    expect(await owner.query("payroll:getSettings")).toEqual(before);
  });
});

describe("a period from verified time", () => {
  it("lists the calendar newest first, up to the next period", async () => {
    const list = await owner.query<PayPeriodListItem[]>("payPeriods:list");
    const starts = list.map((p) => p.startsOn);
    expect(starts).toEqual([...starts].sort().reverse());
    const current = periodContaining(todayIn(ZONE), SETTINGS);
    expect(starts[0]).toBe(addDays(current.startsOn, 7));
    // Exactly one period is marked current: the one holding the company's today.
    expect(list.filter((p) => p.current).map((p) => p.startsOn)).toEqual([current.startsOn]);
    const mine = list.find((p) => p.startsOn === period.startsOn)!;
    expect(mine).toMatchObject({ endsOn: period.endsOn, status: "open", employeeCount: 2 });
    periodId = mine.id;
  });

  it("leaves out the periods that end before the company's payroll starts, or before its first time", async () => {
    const all = (await owner.query<PayPeriodListItem[]>("payPeriods:list")).map((p) => p.startsOn);
    // Without a start date, nothing before the company's first recorded time (its week is the oldest).
    expect(all.at(-1)).toBe(period.startsOn);
    const later = addDays(period.startsOn, 7);
    await owner.mutation("payroll:updateSettings", { payrollStartsOn: addDays(later, 3) });
    const since = (await owner.query<PayPeriodListItem[]>("payPeriods:list")).map((p) => p.startsOn);
    // The period holding the start date stays; every earlier one goes.
    expect(since).toEqual(all.filter((start) => start >= later));
    expect(since.length).toBeLessThan(all.length);
    await owner.mutation("payroll:updateSettings", { payrollStartsOn: null });
    expect((await owner.query<PayPeriodListItem[]>("payPeriods:list")).map((p) => p.startsOn)).toEqual(all);
  });

  it("computes the two-store week at two rates with the weighted regular rate, leaving unverified time out", async () => {
    const d = await detail();
    const line = d.lines.find((l) => l.employeeId === ana)!;
    // 50 h: $300 at $15 + $540 at $18 = $840 straight; regular rate $16.80; 10 h × $8.40 = $84 premium.
    expect(line).toMatchObject({ regularMinutes: 2400, overtimeMinutes: 600, regularCents: 84_000, overtimeCents: 8_400, grossCents: 92_400 });
    expect(line.days.map((x) => [x.storeName, x.rateCents, x.minutes])).toEqual([
      ["Downtown", 1500, 600],
      ["Uptown", 1500, 600],
      ["Downtown", 1800, 600],
      ["Uptown", 1800, 600],
      ["Downtown", 1800, 600],
    ]);
    // Ben: 8 verified hours at $20; his pending 4 hours are listed, not paid.
    expect(d.lines.find((l) => l.employeeId === ben)!.grossCents).toBe(16_000);
    expect(d.notIncluded).toEqual([expect.objectContaining({ entryId: pendingEntry, employeeName: "Ben Cole", storeName: "Downtown", status: "pending" })]);
    // Over the schedule: Ana 3,000 verified minutes − 450 published = 2,550; Ben 480 verified − none = 480
    // (his pending 240 are not verified); 2,550 + 480 = 3,030.
    expect(d).toMatchObject({
      status: "open",
      frozen: false,
      grossCents: 108_400,
      overtimeCostCents: 8_400,
      warnings: { unverifiedEntries: 1, overScheduleMinutes: 3_030 },
    });
  });
});

describe("lock, reopen, paid", () => {
  it("refuses to lock over unverified time without a reason, then locks with one and freezes the figures", async () => {
    // The English sentence (spec section 8), with its code and values beside it, by which a
    // Spanish screen says it in Spanish.
    const unverified = await failureOf(manager.mutation("payPeriods:lock", { periodId }));
    expect(unverified.message).toBe("1 time entry in this period is not verified: verify it first, or give a reason to lock anyway");
    expect(unverified.data).toEqual({ code: "payroll.unverified", params: { count: 1 } });
    expect(refusalText(unverified.data, "es")).toBe(
      "1 registro de tiempo de este periodo no está verificado: verifícalo primero o indica un motivo para bloquearlo de todos modos",
    );
    expect((await detail()).status).toBe("open");
    await manager.mutation("payPeriods:lock", { periodId, overrideReason: "Ben confirmed Tuesday by phone" });
    const locked = await detail();
    expect(locked).toMatchObject({ status: "locked", frozen: true, grossCents: 108_400 });
    expect(locked.locked).toMatchObject({ overrideReason: "Ben confirmed Tuesday by phone" });
    // Time is not approved into a locked period (it would be paid nowhere): the owner reopens it first.
    const intoLocked = await failureOf(owner.mutation("timeEntries:approve", { entryIds: [pendingEntry] }));
    expect(intoLocked.message).toBe(periodLockedMessage(period.startsOn, period.endsOn));
    expect(intoLocked.data).toEqual({ code: "payroll.periodLocked", params: { startsOn: period.startsOn, endsOn: period.endsOn } });
    expect((await detail()).grossCents).toBe(108_400);
    expect(await failure(manager.mutation("payroll:adjust", { periodId, employeeId: ben, kind: "bonus", amountCents: 100, reason: "Late" }))).toBe(
      "Adjustments are added to open periods only",
    );
    expect(await failure(manager.mutation("payPeriods:lock", { periodId }))).toBe("Only an open period can be locked");
  });

  it("lets only an owner reopen, with a reason, audited; the figures are computed again", async () => {
    expect(await failure(manager.mutation("payPeriods:reopen", { periodId, reason: "Fix" }))).toMatch(/permission|access|not allowed/i);
    expect(await failure(owner.mutation("payPeriods:reopen", { periodId, reason: " " }))).toContain("A reason is required");
    await owner.mutation("payPeriods:reopen", { periodId, reason: "Ben's Tuesday was verified" });
    await owner.mutation("timeEntries:approve", { entryIds: [pendingEntry] });
    const reopened = await detail();
    // Ben's Tuesday (4 h × $20) is verified now: 108,400 + 8,000.
    expect(reopened).toMatchObject({ status: "open", frozen: false, grossCents: 116_400, notIncluded: [], locked: null });
    expect(reopened.reopened).toMatchObject({ reason: "Ben's Tuesday was verified" });
    const audits = await db()
      .selectFrom("auditLog")
      .select(["action"])
      .where("companyId", "=", companyId)
      .where("entity", "=", "payPeriod")
      .where("entityId", "=", periodId)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(["lock", "reopen"]);
  });

  it("marks only a locked period paid; a paid period is final", async () => {
    expect(await failure(manager.mutation("payPeriods:markPaid", { periodId }))).toBe("Only a locked period can be marked paid");
    await manager.mutation("payPeriods:lock", { periodId });
    await manager.mutation("payPeriods:markPaid", { periodId });
    expect(await detail()).toMatchObject({ status: "paid", frozen: true, grossCents: 116_400 });
    expect(await failure(owner.mutation("payPeriods:reopen", { periodId, reason: "Too late" }))).toBe(
      "A paid period cannot be reopened: add corrections to the next open period as adjustments",
    );
    expect(await failure(manager.mutation("payroll:adjust", { periodId, employeeId: ben, kind: "bonus", amountCents: 100, reason: "Late" }))).toBe(
      "This period is paid: add the correction to the next open period",
    );
  });
});

describe("adjustments", () => {
  it("adds each kind to an open period's line, audited; bad input changes nothing", async () => {
    const next = (await owner.query<PayPeriodSummary[]>("payPeriods:list")).find((p) => p.startsOn === addDays(period.startsOn, 7))!;
    for (const [kind, amountCents] of [
      ["bonus", 5_000],
      ["commission", 2_550],
      ["reimbursement", 1_234],
      ["deduction", 1_000],
    ] as const) {
      await manager.mutation("payroll:adjust", { periodId: next.id, employeeId: ben, kind, amountCents, reason: `Correction ${kind}` });
    }
    const line = (await detail(next.id)).lines.find((l) => l.employeeId === ben)!;
    // Wages 5,000 + 2,550; gross 7,550 + 1,234 − 1,000 = 7,784.
    expect([line.wagesCents, line.reimbursementCents, line.deductionCents, line.grossCents]).toEqual([7_550, 1_234, 1_000, 7_784]);
    expect(line.adjustments.map((a) => a.createdByName)).toHaveLength(4);
    expect(await failure(manager.mutation("payroll:adjust", { periodId: next.id, employeeId: ben, kind: "bonus", amountCents: 0, reason: "x" }))).toContain(
      "The amount must be more than zero",
    );
    expect(await failure(manager.mutation("payroll:adjust", { periodId: next.id, employeeId: ben, kind: "tip", amountCents: 100, reason: "x" }))).toMatch(
      /kind|option|invalid/i,
    );
    const rioEmployee = await db().selectFrom("employees").select("id").where("companyId", "!=", companyId).limit(1).executeTakeFirstOrThrow();
    expect(
      await failure(manager.mutation("payroll:adjust", { periodId: next.id, employeeId: rioEmployee.id, kind: "bonus", amountCents: 100, reason: "x" })),
    ).toBe("Employee not found");
    const rows = await db().selectFrom("payrollAdjustments").select("id").where("companyId", "=", companyId).execute();
    expect(rows).toHaveLength(4);
    const audits = await db().selectFrom("auditLog").select("id").where("companyId", "=", companyId).where("entity", "=", "payrollAdjustment").execute();
    expect(audits).toHaveLength(4);
  });
});

describe("access and other companies", () => {
  it("denies staff every payroll function", async () => {
    for (const [kind, path, args] of [
      ["query", "payPeriods:list", {}],
      ["query", "payPeriods:get", { periodId }],
      ["mutation", "payPeriods:lock", { periodId }],
      ["mutation", "payroll:adjust", { periodId, employeeId: ben, kind: "bonus", amountCents: 100, reason: "x" }],
      ["query", "payroll:exportCsv", { periodId }],
    ] as const) {
      expect(await failure(staff.call(kind, path, args)), path).toMatch(/permission|access|not allowed/i);
    }
  });

  it("finds no period of another company, either way", async () => {
    expect(await failure(rioManager.query("payPeriods:get", { periodId }))).toBe("Pay period not found");
    expect(await failure(rioManager.mutation("payPeriods:lock", { periodId, overrideReason: "x" }))).toBe("Pay period not found");
    expect(await failure(rioManager.query("payroll:statement", { periodId, employeeId: ana }))).toBe("Pay period not found");
    const rioPeriod = await db().selectFrom("payPeriods").select("id").where("companyId", "!=", companyId).limit(1).executeTakeFirst();
    if (rioPeriod) expect(await failure(owner.query("payPeriods:get", { periodId: rioPeriod.id }))).toBe("Pay period not found");
    expect(await failure(owner.query("payPeriods:get", { periodId: "pp_nothing" }))).toBe("Pay period not found");
  });
});

describe("statement and exports", () => {
  const dir = mkdtempSync(join(tmpdir(), "payroll-"));

  it("renders a statement PDF in the employee's language with the name and gross", async () => {
    const file = await owner.query<PayrollFile>("payroll:statement", { periodId, employeeId: ana });
    expect(file.contentType).toBe("application/pdf");
    const pdf = join(dir, "ana.pdf");
    writeFileSync(pdf, decode(file));
    execFileSync("pdftoppm", ["-png", "-r", "40", pdf, join(dir, "ana")]);
    expect(readdirSync(dir).filter((f) => f.startsWith("ana") && f.endsWith(".png")).length).toBeGreaterThanOrEqual(1);
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toContain("Pay statement");
    expect(text).toContain("Ana Peña");
    expect(text).toContain("$924.00");

    // Ben's account reads Spanish: his statement is in Spanish.
    const { email } = await admit("STAFF");
    const spanish = await new Client(server.url).signIn(email, "payroll-pw-123");
    await spanish.mutation("users:updateLanguagePreference", { language: "es" });
    const userId = (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    await db().updateTable("employees").set({ userId }).where("id", "=", ben).execute();
    const es = join(dir, "ben.pdf");
    writeFileSync(es, decode(await owner.query<PayrollFile>("payroll:statement", { periodId, employeeId: ben })));
    const benText = execFileSync("pdftotext", ["-layout", es, "-"]).toString();
    expect(benText).toContain("Recibo de pago");
    expect(benText).toContain("Ben Cole");
    expect(benText).toContain("$240.00");
  });

  it("exports the provider CSV, one row per employee", async () => {
    const file = await owner.query<PayrollFile>("payroll:exportCsv", { periodId });
    const text = decode(file).toString("utf8");
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...PROVIDER_COLUMNS]);
    const row = parsed.data.find((r) => r.employee_id === ana)!;
    expect(row).toMatchObject({
      employee_name: "Ana Peña",
      regular_hours: "40.00",
      overtime_hours: "10.00",
      double_hours: "0.00",
      hourly_rates: "15.00|18.00",
      regular_rate: "16.80",
      overtime_rate: "25.20",
      straight_time_pay: "840.00",
      overtime_premium: "84.00",
      gross: "924.00",
    });
    expect(parsed.data).toHaveLength(2);
  });

  it("writes a deduction beyond the wages as a negative gross, and a formula-looking name as text", () => {
    const line: PayLine = {
      employeeId: "e1",
      name: "=HYPERLINK(1)",
      payType: "hourly",
      position: null,
      language: "en",
      ...{ regularMinutes: 60, overtimeMinutes: 0, doubleMinutes: 0, regularCents: 1_500, overtimeCents: 0, doubleCents: 0, salaryCents: 0 },
      adjustments: [{ id: "a1", kind: "deduction", amountCents: 2_000, reason: "Uniform", createdAt: 0, createdByName: null }],
      ...{ wagesCents: 1_500, reimbursementCents: 0, deductionCents: 2_000, grossCents: -500 },
      ...{ datesWithoutRate: [], days: [], workweeks: [] },
    };
    const [row] = Papa.parse<Record<string, string>>(providerCsv(period, [line]), { header: true, skipEmptyLines: true }).data;
    // $15.00 of wages less a $20.00 deduction: -5.00, a number the provider's importer reads.
    expect(row).toMatchObject({ employee_name: "'=HYPERLINK(1)", deduction: "20.00", gross: "-5.00" });
  });

  it("exports a balanced journal with the payroll of final periods by store", async () => {
    const file = await owner.query<PayrollFile>("payroll:journalCsv", { from: period.startsOn, to: period.endsOn });
    const parsed = Papa.parse<Record<string, string>>(decode(file).toString("utf8"), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...JOURNAL_COLUMNS]);
    const cents = (v: string) => (v ? Math.round(Number(v) * 100) : 0);
    const payroll = parsed.data.filter((r) => r.memo.startsWith("Payroll"));
    // Wages 92,400 (Ana: 30 h Downtown, 20 h Uptown → 55,440 / 36,960) + Ben 24,000 Downtown.
    expect(payroll.filter((r) => r.account === "Payroll Expense").map((r) => [r.class, r.debit])).toEqual([
      ["Downtown", "794.40"],
      ["Uptown", "369.60"],
    ]);
    expect(payroll.every((r) => r.date === period.endsOn)).toBe(true);
    const debit = parsed.data.reduce((s, r) => s + cents(r.debit), 0);
    const credit = parsed.data.reduce((s, r) => s + cents(r.credit), 0);
    expect(debit).toBe(credit);
    expect(await failure(owner.query("payroll:journalCsv", { from: period.endsOn, to: period.startsOn }))).toContain(
      "The start date must be on or before the end date",
    );
  });
});
