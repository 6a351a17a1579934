// @postgres: retried locks and adjustments claim their idempotency key in the lock's own transaction
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays, periodContaining } from "@tumble/domain/payPeriods";
import type { PayPeriodDetail, PayrollFile } from "@tumble/domain/payroll";
import type { PayPeriodVersionInfo, PayrollExport } from "@tumble/domain/payrollOutputs";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, unique } from "./support/workforce.ts";
import { lockTable, race, times } from "./support/race.ts";

// What payroll hands an accountant (issue 30, docs/decisions/0054-payroll-outputs.md), in a company
// of its own: the employer's address on the statement, each lock a version (a reopen keeps the
// earlier one readable), the provider presets with the provider's ids, and retried mutations.
//
// Figures by hand, one weekly period three weeks ago:
// - Ana at $15.00/h, Mon–Fri 10 h: 40 regular + 10 overtime hours; straight time 50 × 15.00 =
//   $750.00, overtime premium 10 × 7.50 = $75.00 (29 CFR 778.107), gross $825.00.
// - Ben at $20.00/h, Monday 8 h: $160.00.
// Version 1 = $985.00. After a reopen Ben gets a $50.00 bonus and a $10.00 deduction (no overtime,
// so no premium on the bonus): Ben $160 + $50 − $10 = $200.00, version 2 = $1,025.00.

const ZONE = "America/Chicago";
let server: TestServer;
let owner: Client;
let companyId: string;
let store: string;
let ana: string;
let ben: string;
let period: { startsOn: string; endsOn: string };
let periodId: string;

const db = () => server.database.db;
const decode = (file: PayrollFile) => Buffer.from(file.base64, "base64");
const pdfText = (file: PayrollFile) => {
  const path = join(mkdtempSync(join(tmpdir(), "outputs-")), "statement.pdf");
  writeFileSync(path, decode(file));
  return execFileSync("pdftotext", ["-layout", path, "-"]).toString();
};
const lines = (file: PayrollFile) => decode(file).toString("utf8").trimEnd().split("\n");
const detail = () => owner.query<PayPeriodDetail & { version: number | null; versions: PayPeriodVersionInfo[] }>("payPeriods:get", { periodId });
const exportOf = (format: string, extra: Record<string, unknown> = {}) => owner.query<PayrollExport>("payroll:exportCsv", { periodId, format, ...extra });

async function employee(name: string, rateCents: number) {
  const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
    ...{ name, email: "", phone: "", position: "Attendant", hireDate: "2026-01-01", storeIds: [store] },
    ...{ payType: "hourly", rateCents, effectiveFrom: "2026-01-01", username: `out${unique()}`, pin: "4821" },
  });
  return employeeId;
}
const worked = (employeeId: string, date: string, hours: number) =>
  insertWorkedEntry(db(), { companyId, employeeId, storeId: store, ...morningOf(date, hours, ZONE), zone: ZONE });

beforeAll(async () => {
  server = await startTestServer();
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  const email = `outputs-owner-${unique()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "payroll-pw-123", flow: "signUp" } });
  ({ companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: "Outputs Suds", ownerEmail: email }));
  owner = await new Client(server.url).signIn(email, "payroll-pw-123");
  await owner.mutation("payroll:updateSettings", { payFrequency: "weekly", payAnchorDate: "2026-01-04", workweekStart: "sunday" });
  store = (await owner.mutation<{ storeId: string }>("stores:create", { name: "Main", address: "12 Main St", timeZone: ZONE })).storeId;
  ana = await employee("Ana Peña", 1500);
  ben = await employee("Ben Cole", 2000);
  period = periodContaining(addDays(todayIn(ZONE), -21), { payFrequency: "weekly", payAnchorDate: "2026-01-04", workweekStart: "sunday" });
  const entries = [];
  for (let i = 1; i <= 5; i++) entries.push(await worked(ana, addDays(period.startsOn, i), 10));
  entries.push(await worked(ben, addDays(period.startsOn, 1), 8));
  // The week after: Ana's Monday, 8 h at $15.00 = $120.00 (that period is left open).
  entries.push(await worked(ana, addDays(period.startsOn, 8), 8));
  await owner.mutation("timeEntries:approve", { entryIds: entries });
  const list = await owner.query<{ id: string; startsOn: string }[]>("payPeriods:list");
  periodId = list.find((p) => p.startsOn === period.startsOn)!.id;
}, 120_000);
afterAll(() => server?.stop());

describe("the employer on the statement", () => {
  it("keeps the address and EIN in the company profile, refusing a malformed EIN", async () => {
    expect(await failure(owner.mutation("companySettings:update", { section: "profile", values: { employerId: "12-34" } }))).toContain(
      "An EIN is nine digits, as 12-3456789",
    );
    await owner.mutation("companySettings:update", {
      section: "profile",
      values: { address: "12 Main St\nSuite 4\nSpringfield, IL 62701", employerId: "12-3456789", payrollClientCode: "TUM1" },
    });
    const row = await db().selectFrom("companies").select(["address", "employerId"]).where("id", "=", companyId).executeTakeFirstOrThrow();
    expect(row).toEqual({ address: "12 Main St\nSuite 4\nSpringfield, IL 62701", employerId: "12-3456789" });
  });
});

describe("versions of the frozen figures", () => {
  it("locks as version 1, and a retried lock with the same key acts once and answers the same", async () => {
    const first = await owner.mutation("payPeriods:lock", { periodId, idempotencyKey: "lock-outputs-1" });
    const retry = await owner.mutation("payPeriods:lock", { periodId, idempotencyKey: "lock-outputs-1" });
    expect(first).toEqual({ periodId, status: "locked", grossCents: 98_500, version: 1 });
    expect(retry).toEqual(first);
    // Without the key the same call is a second lock, refused: the period is no longer open.
    expect(await failure(owner.mutation("payPeriods:lock", { periodId }))).toBe("Only an open period can be locked");
    const versions = await db().selectFrom("payPeriodVersions").select("version").where("periodId", "=", periodId).execute();
    expect(versions).toEqual([{ version: 1 }]);
    const d = await detail();
    expect(d.version).toBe(1);
    expect(d.versions.map((v) => [v.version, v.grossCents, v.reopenedAt])).toEqual([[1, 98_500, null]]);
  });

  it("prints the employer's name, address, EIN and the version on the statement", async () => {
    const text = pdfText(await owner.query<PayrollFile>("payroll:statement", { periodId, employeeId: ana }));
    const lockedOn = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${todayIn(ZONE)}T00:00:00Z`));
    for (const expected of [
      "Outputs Suds",
      "12 Main St",
      "Suite 4",
      "Springfield, IL 62701",
      "EIN 12-3456789",
      `Figures: version 1, locked ${lockedOn}`,
      "$825.00",
    ]) {
      expect(text).toContain(expected);
    }
    // The employer comes before the employee.
    expect(text.indexOf("Springfield, IL 62701")).toBeLessThan(text.indexOf("Ana Peña"));
  });

  it("reopens and locks again as version 2, version 1 still readable unchanged", async () => {
    const before = await owner.query<{ lines: { employeeId: string; grossCents: number }[]; totals: { grossCents: number } }>("payPeriods:version", {
      periodId,
      version: 1,
    });
    await owner.mutation("payPeriods:reopen", { periodId, reason: "Ben's bonus was missed", idempotencyKey: "reopen-outputs-1" });
    // A retried adjustment with the same key adds one row and answers the same id.
    const bonus = { periodId, employeeId: ben, kind: "bonus", amountCents: 5_000, reason: "Attendance", idempotencyKey: "adjust-outputs-1" };
    const added = await owner.mutation<{ adjustmentId: string }>("payroll:adjust", bonus);
    expect(await owner.mutation("payroll:adjust", bonus)).toEqual(added);
    expect(await failure(owner.mutation("payroll:adjust", { ...bonus, amountCents: 6_000 }))).toContain("already used for a different call");
    await owner.mutation("payroll:adjust", { periodId, employeeId: ben, kind: "deduction", amountCents: 1_000, reason: "Uniform" });
    const adjustments = await db().selectFrom("payrollAdjustments").select("kind").where("periodId", "=", periodId).orderBy("kind").execute();
    expect(adjustments.map((a) => a.kind)).toEqual(["bonus", "deduction"]);

    expect(await owner.mutation("payPeriods:lock", { periodId, idempotencyKey: "lock-outputs-2" })).toEqual({
      periodId,
      status: "locked",
      grossCents: 102_500,
      version: 2,
    });
    const d = await detail();
    expect(d.version).toBe(2);
    expect(d.versions.map((v) => [v.version, v.grossCents, v.reopenReason])).toEqual([
      [2, 102_500, null],
      [1, 98_500, "Ben's bonus was missed"],
    ]);
    const after = await owner.query<typeof before>("payPeriods:version", { periodId, version: 1 });
    // The same figures; the version now also says who reopened it and why.
    expect({ lines: after.lines, totals: after.totals }).toEqual({ lines: before.lines, totals: before.totals });
    expect(after.totals.grossCents).toBe(98_500);
    expect(after.lines.find((l) => l.employeeId === ben)!.grossCents).toBe(16_000);
    expect(await failure(owner.query("payPeriods:version", { periodId, version: 3 }))).toBe("This version of the period does not exist");

    // Each output names its version.
    expect(pdfText(await owner.query<PayrollFile>("payroll:statement", { periodId, employeeId: ben }))).toContain("Figures: version 2");
    expect(pdfText(await owner.query<PayrollFile>("payroll:statement", { periodId, employeeId: ben, version: 1 }))).toContain("Figures: version 1");
    const generic = await exportOf("generic");
    expect(generic.fileName).toBe(`payroll-${period.startsOn}-${period.endsOn}-v2.csv`);
    expect(lines(generic)[0].split(",").at(-1)).toBe("version");
    expect(
      lines(generic)
        .slice(1)
        .every((l) => l.endsWith(",2")),
    ).toBe(true);
    const old = await exportOf("generic", { version: 1 });
    expect(old.fileName).toBe(`payroll-${period.startsOn}-${period.endsOn}-v1.csv`);
    expect(lines(old).find((l) => l.startsWith(ben))).toContain(",160.00,1");
    const journal = await owner.query<PayrollFile>("payroll:journalCsv", { from: period.startsOn, to: period.endsOn });
    expect(
      lines(journal)
        .filter((l) => l.includes("Payroll "))
        .every((l) => l.includes(`Payroll ${period.startsOn} to ${period.endsOn}, version 2`)),
    ).toBe(true);
  });
});

describe("provider presets", () => {
  it("stores one provider id per employee, unique in the company", async () => {
    await owner.mutation("payroll:setExternalId", { employeeId: ana, externalId: "A100" });
    expect(await failure(owner.mutation("payroll:setExternalId", { employeeId: ben, externalId: "A100" }))).toBe(
      "Another employee already has this provider id",
    );
    expect(await failure(owner.mutation("payroll:setExternalId", { employeeId: ben, externalId: "A 100" }))).toContain(
      "The provider id has letters, digits, - or _ only",
    );
    expect(await owner.query("payroll:externalIds")).toEqual({ [ana]: "A100" });
  });

  it("writes Gusto's columns, warning about Ben (no provider id) and his deduction", async () => {
    const file = await exportOf("gusto");
    expect(file.fileName).toBe(`payroll-${period.startsOn}-${period.endsOn}-gusto-v2.csv`);
    const [header, ...rows] = lines(file);
    expect(header).toBe(
      "first_name,last_name,gusto_employee_id,regular_hours,overtime_hours,double_overtime_hours,bonus,commission,correction_payment,reimbursement,personal_note",
    );
    expect(rows).toContain(`Ana,Peña,A100,40.00,10.00,,,,,,"Payroll ${period.startsOn} to ${period.endsOn}, version 2"`);
    expect(rows).toContain(`Ben,Cole,,8.00,,,50.00,,,,"Payroll ${period.startsOn} to ${period.endsOn}, version 2"`);
    expect(file.missingExternalIds).toEqual([{ employeeId: ben, name: "Ben Cole" }]);
    expect(file.deductionsLeftOut).toEqual([{ employeeId: ben, name: "Ben Cole", amountCents: 1_000 }]);
  });

  it("writes ADP Workforce Now's paydata columns with the company code and the regular rate", async () => {
    const file = await exportOf("adp");
    const [header, ...rows] = lines(file);
    expect(header).toBe(
      "Co Code,Batch ID,File #,Temp Rate,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Reg Earnings,Earnings 3 Code,Earnings 3 Amount,Earnings 4 Code,Earnings 4 Amount,Earnings 5 Code,Earnings 5 Amount,Adjust Ded Code,Adjust Ded Amount",
    );
    const batch = `T${period.startsOn.replaceAll("-", "").slice(2)}`;
    // 40 × 15.00 + 10 × 22.50 = $825.00, Ana's gross.
    expect(rows).toContain(`TUM1,${batch},A100,15.00,40.00,10.00,,,,,,,,,,,`);
    // Ben without a provider id goes by our id, and is warned about.
    expect(rows).toContain(`TUM1,${batch},${ben},20.00,8.00,,,,,B,50.00,,,,,M,10.00`);
    expect(file.missingExternalIds.map((m) => m.name)).toEqual(["Ben Cole"]);
  });

  it("writes Paychex Flex's lines, one per pay component", async () => {
    const file = await exportOf("paychex");
    const [header, ...rows] = lines(file);
    expect(header).toBe(
      "Client ID,Worker ID,Org,Job Number,Pay Component,Rate,Rate Number,Hours,Units,Line Date,Amount,Check Seq Number,Override State,Override Local,Override Local Jurisdiction,Labor Assignment",
    );
    const end = period.endsOn;
    expect(rows.filter((r) => r.includes(",A100,"))).toEqual([
      `TUM1,A100,,,Hourly,15.00,,40.00,,${end},,,,,,`,
      `TUM1,A100,,,Overtime,22.50,,10.00,,${end},,,,,,`,
    ]);
    expect(rows.filter((r) => r.includes(`,${ben},`))).toEqual([
      `TUM1,${ben},,,Hourly,20.00,,8.00,,${end},,,,,,`,
      `TUM1,${ben},,,Bonus,,,,,${end},50.00,,,,,`,
      `TUM1,${ben},,,Deduction,,,,,${end},10.00,,,,,`,
    ]);
    expect(file.missingExternalIds.map((m) => m.name)).toEqual(["Ben Cole"]);
  });
});

describe("stale periods", () => {
  it("flags open periods whose last day is more than three days past", async () => {
    const today = todayIn(ZONE);
    const list = await owner.query<{ id: string; startsOn: string; endsOn: string; status: string; staleDays: number | null }[]>("payPeriods:list");
    const next = list.find((p) => p.startsOn === addDays(period.startsOn, 7))!;
    const days = (Date.parse(today) - Date.parse(next.endsOn)) / 86_400_000;
    expect(days).toBeGreaterThan(3);
    expect(next.staleDays).toBe(days);
    expect(list.find((p) => p.id === periodId)!.staleDays).toBeNull();
    // An ended open period nobody worked in is not flagged: there is nothing to lock.
    const later = list.find((p) => p.startsOn === addDays(period.startsOn, 14))!;
    if (Date.parse(today) - Date.parse(later.endsOn) > 3 * 86_400_000) expect(later.staleDays).toBeNull();
    expect(list.filter((p) => p.startsOn <= today && today <= p.endsOn).map((p) => p.staleDays)).toEqual([null]);
  });

  it("locks a left-behind period once when the same lock is sent three times at once", async () => {
    const list = await owner.query<{ id: string; startsOn: string }[]>("payPeriods:list");
    const next = list.find((p) => p.startsOn === addDays(period.startsOn, 7))!;
    const { outcomes, ok } = await race(
      server,
      times(3, () => owner.mutation("payPeriods:lock", { periodId: next.id, idempotencyKey: "lock-outputs-race" })),
      [lockTable("pay_period_versions")],
    );
    expect(ok).toBe(3);
    const answers = outcomes.map((o) => (o.status === "fulfilled" ? o.value : null));
    expect(answers).toEqual(Array(3).fill({ periodId: next.id, status: "locked", grossCents: 12_000, version: 1 }));
    const versions = await db().selectFrom("payPeriodVersions").select("version").where("periodId", "=", next.id).execute();
    expect(versions).toEqual([{ version: 1 }]);
    expect((await owner.query<{ id: string; staleDays: number | null }[]>("payPeriods:list")).find((p) => p.id === next.id)!.staleDays).toBeNull();
  });
});
