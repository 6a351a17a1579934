import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { withDefaults } from "@tumble/domain/companySettings";
import { addDays, datesOf, periodContaining, previousPeriod } from "@tumble/domain/payPeriods";
import { calculate, loadAdjustments, loadPayrollData } from "../../payroll/compute.ts";
import { calculationRange } from "@tumble/domain/payPeriods";
import { periodIdOf } from "../../payroll/periods.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// Rio's payroll (issue 18): verified weekday shifts of three attendants in the previous pay period
// (James across two stores, with overtime), that period locked and the one before it paid, both
// with their frozen figures; the current period open with a bonus. Rio keeps the default
// workforce settings (bi-weekly, federal overtime).

const ZONE = "America/Chicago";
const H = 3_600_000;

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const owner = data.users["owner@demo.test"];
  const manager = data.users["manager@demo.test"];
  const settings = withDefaults("workforce", null);
  const current = periodContaining(todayIn(ZONE, today), settings);
  const previous = previousPeriod(current, settings);
  const older = previousPeriod(previous, settings);
  const store = (name: string) => data.stores.find((s) => s.companyId === companyId && s.name === name)!.id;

  // Who worked which weekdays of the older and previous periods, where and how long.
  const plan = [
    { employee: data.employees.maria, store: store("Rio Downtown"), hours: 8 },
    { employee: data.employees.james, store: store("Rio Downtown"), hours: 9, second: store("Rio Eastside") },
    { employee: data.employees.sofia, store: store("Rio Eastside"), hours: 7.5 },
  ];
  for (const date of [...datesOf(older), ...datesOf(previous)]) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const p of plan) {
      const storeId = p.second && weekday >= 4 ? p.second : p.store;
      const inAt = startOfBusinessDay(date, ZONE) + 8 * H;
      const outAt = inAt + p.hours * H + 30 * 60_000;
      const inId = newId();
      const outId = newId();
      const base = { companyId, employeeId: p.employee, storeId, source: "phone", offline: false };
      await db
        .insertInto("punches")
        .values([
          { ...base, id: inId, action: "clockIn", occurredAt: new Date(inAt), receivedAt: new Date(inAt) },
          { ...base, id: outId, action: "clockOut", occurredAt: new Date(outAt), receivedAt: new Date(outAt) },
        ])
        .execute();
      await db
        .insertInto("timeEntries")
        .values({
          id: inId,
          companyId,
          employeeId: p.employee,
          storeId,
          businessDate: date,
          clockInAt: new Date(inAt),
          clockOutAt: new Date(outAt),
          breakMinutes: 30,
          breaks: JSON.stringify([{ start: inAt + 4 * H, end: inAt + 4 * H + 30 * 60_000 }]),
          status: "closed",
          flags: "[]",
          clockOutPunchId: outId,
        })
        .execute();
      await db
        .insertInto("timeEntryReviews")
        .values({
          companyId,
          entryId: inId,
          employeeId: p.employee,
          status: "approved",
          clockInAt: new Date(inAt),
          clockOutAt: new Date(outAt),
          breakMinutes: 30,
          reviewedBy: manager,
          reviewedAt: new Date(outAt + 12 * H),
        })
        .execute();
    }
  }

  const periods = [
    { range: older, status: "paid" as const },
    { range: previous, status: "locked" as const },
    { range: current, status: "open" as const },
  ];
  for (const p of periods) {
    await db
      .insertInto("payPeriods")
      .values({ id: periodIdOf(companyId, p.range), companyId, startsOn: p.range.startsOn, endsOn: p.range.endsOn })
      .execute();
  }
  const currentId = periodIdOf(companyId, current);
  await db
    .insertInto("payrollAdjustments")
    .values({
      id: newId(),
      companyId,
      periodId: currentId,
      employeeId: data.employees.maria,
      kind: "bonus",
      amountCents: 5_000,
      reason: "Perfect attendance",
      createdBy: owner,
      createdAt: today,
    })
    .execute();
  for (const p of periods.filter((x) => x.status !== "open")) {
    const id = periodIdOf(companyId, p.range);
    const payrollData = await loadPayrollData(db, companyId, calculationRange(p.range, settings.workweekStart));
    const figures = calculate(p.range, settings, payrollData, await loadAdjustments(db, companyId, [id], settings));
    const lockedAt = new Date(Math.min(startOfBusinessDay(addDays(p.range.endsOn, 2), ZONE) + 10 * H, today.getTime() - H));
    const frozen = JSON.stringify({ lines: figures.lines, notIncluded: figures.notIncluded, totals: figures.totals });
    // Each lock is a version of the figures (migration 0039): the demo's locks are the first.
    await db
      .insertInto("payPeriodVersions")
      .values({ companyId, periodId: id, version: 1, frozen, grossCents: figures.totals.grossCents, lockedBy: manager, lockedAt })
      .execute();
    await db
      .updateTable("payPeriods")
      .set({
        status: p.status,
        lockedBy: manager,
        lockedAt,
        version: 1,
        frozen,
        paidBy: p.status === "paid" ? owner : null,
        paidAt: p.status === "paid" ? new Date(Math.min(lockedAt.getTime() + 48 * H, today.getTime() - H)) : null,
      })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .execute();
  }
};
