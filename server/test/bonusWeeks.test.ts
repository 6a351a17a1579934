import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays, nextPeriod, periodContaining } from "@tumble/domain/payPeriods";
import { payrollMessage } from "@tumble/domain/payrollMessages";
import type { PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, payrollCompany } from "./support/workforce.ts";

// @postgres: the multi-week bonus golden on the server database too.

// A bonus earned over several workweeks raises the regular rate of each of them (29 CFR 778.209):
// its extra overtime premium is worked out on the hours and overtime of the weeks it covers, and
// paid with it, wherever those weeks were paid.

const ZONE = "America/Chicago";
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

let server: TestServer;
let owner: Client;
let companyId: string;
let store: string;
let ana: string;
const db = () => server.database.db;
const today = todayIn(ZONE);
const w1 = periodContaining(addDays(today, -28), SETTINGS);
const w2 = nextPeriod(w1, SETTINGS);
const w3 = nextPeriod(w2, SETTINGS);
const idOf = async (range: { startsOn: string }) =>
  (await owner.query<PayPeriodListItem[]>("payPeriods:list", {})).find((p) => p.startsOn === range.startsOn)!.id;

beforeAll(async () => {
  server = await startTestServer();
  ({
    owner,
    companyId,
    storeId: store,
    employeeId: ana,
  } = await payrollCompany(server.url, { name: "Quarterly Suds", settings: SETTINGS, zone: ZONE, employeeName: "Ana Quarter" }));
  // W1: 5 × 9 h = 45 h (5 h overtime); W2: 5 × 8 h = 40 h; W3: 5 × 10 h = 50 h (10 h overtime).
  const ids: string[] = [];
  for (const [week, hours] of [
    [w1, 9],
    [w2, 8],
    [w3, 10],
  ] as const)
    for (let day = 1; day <= 5; day++)
      ids.push(
        await insertWorkedEntry(db(), { companyId, employeeId: ana, storeId: store, ...morningOf(addDays(week.startsOn, day), hours, ZONE), zone: ZONE }),
      );
  await owner.mutation("timeEntries:approve", { entryIds: ids });
});
afterAll(() => server?.stop());

describe("a bonus earned over three workweeks", () => {
  it("pays the extra premium on the overtime of the weeks it covers", async () => {
    const periodId = await idOf(w3);
    await owner.mutation("payroll:adjust", {
      periodId,
      employeeId: ana,
      kind: "bonus",
      amountCents: 27_000,
      reason: "Quarterly cleanliness bonus",
      coversFrom: w1.startsOn,
      coversTo: w3.endsOn,
    });
    // By hand: $270.00 over 135 h raises the regular rate by $2.00 an hour in each week; the
    // 5 + 10 = 15 overtime hours owe half of it more: 15 × $1.00 = $15.00.
    //   W3 line: 50 h × $15.00 = $750.00 + 10 h × $7.50 = $75.00 + bonus $270.00 + $15.00 = $1,110.00.
    // (Spread over W3's own 50 h only it would be $270.00 × 10 / (2 × 50) = $27.00.)
    const line = (await owner.query<PayPeriodDetail>("payPeriods:get", { periodId })).lines.find((l) => l.employeeId === ana)!;
    expect([line.regularCents, line.overtimeCents, line.bonusPremiumCents, line.grossCents]).toEqual([75_000, 7_500, 1_500, 111_000]);
    expect(line.adjustments[0]).toMatchObject({ kind: "bonus", coversFrom: w1.startsOn, coversTo: w3.endsOn });
    // The statement says which weeks it was earned in and the premium it added.
    const file = await owner.query<{ base64: string }>("payroll:statement", { periodId, employeeId: ana });
    const pdf = join(mkdtempSync(join(tmpdir(), "bonus-")), "statement.pdf");
    writeFileSync(pdf, Buffer.from(file.base64, "base64"));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toMatch(/Bonus: Quarterly cleanliness bonus \(earned \w{3} \d+, \d{4} – \w{3} \d+, \d{4}\)\s+\$270\.00/);
    expect(text).toMatch(/Overtime on bonuses and commissions\s+\$15\.00/);
  });

  it("and a commission without weeks named is spread over the period's own weeks", async () => {
    const periodId = await idOf(w1);
    await owner.mutation("payroll:adjust", { periodId, employeeId: ana, kind: "commission", amountCents: 9_000, reason: "Wash-and-fold sales" });
    // $90.00 over W1's 45 h = $2.00 an hour more; 5 overtime hours × $1.00 = $5.00.
    const line = (await owner.query<PayPeriodDetail>("payPeriods:get", { periodId })).lines.find((l) => l.employeeId === ana)!;
    expect(line.bonusPremiumCents).toBe(500);
  });

  it("refuses weeks after the period, weeks on a reimbursement and half a range, adding nothing", async () => {
    const periodId = await idOf(w2);
    const base = { periodId, employeeId: ana, amountCents: 10_000, reason: "x" };
    expect(await failure(owner.mutation("payroll:adjust", { ...base, kind: "bonus", coversFrom: w2.startsOn, coversTo: w3.endsOn }))).toBe(
      payrollMessage("coversAfterPeriod"),
    );
    expect(await failure(owner.mutation("payroll:adjust", { ...base, kind: "reimbursement", coversFrom: w1.startsOn, coversTo: w2.endsOn }))).toContain(
      "Only a bonus or commission is earned over workweeks",
    );
    expect(await failure(owner.mutation("payroll:adjust", { ...base, kind: "bonus", coversFrom: w1.startsOn }))).toContain(
      "Give both the first and the last day it covers",
    );
    const line = (await owner.query<PayPeriodDetail>("payPeriods:get", { periodId })).lines.find((l) => l.employeeId === ana)!;
    expect(line.adjustments).toHaveLength(0);
  });
});
