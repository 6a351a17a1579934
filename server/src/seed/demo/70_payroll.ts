import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { withDefaults } from "@tumble/domain/companySettings";
import { addDays, calculationRange } from "@tumble/domain/payPeriods";
import { calculate, loadAdjustments, loadPayrollData } from "../../payroll/compute.ts";
import { periodIdOf } from "../../payroll/periods.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";
import { ZONE } from "./60_scheduling.ts";

// Rio's payroll (issue 18) over the pay periods with demo time (65_time_entries.ts): each past
// period is locked by the manager four days after it ends (its last days' exceptions verified by
// then) and paid by the owner two days later; the newest past one stays locked until the next is,
// or open while its lock day has not come. Each lock keeps its frozen figures. The current period
// is open with a bonus. Rio keeps the default workforce settings (bi-weekly, federal overtime) but
// for the day its payroll in Tumble begins.

const H = 3_600_000;

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const owner = data.users["owner@demo.test"];
  const manager = data.users["manager@demo.test"];
  const settings = withDefaults("workforce", null);
  const now = today.getTime();
  const todayDate = todayIn(ZONE, today);
  const periods = data.payPeriods;
  const current = periods[periods.length - 1]!;

  // Rio's payroll in Tumble begins with the first of them: no earlier period is offered (nor flagged as left open).
  await db
    .insertInto("companySettings")
    .values({ companyId, section: "workforce", values: JSON.stringify({ payrollStartsOn: periods[0]!.startsOn }), updatedBy: owner, updatedAt: today })
    .execute();
  for (const p of periods)
    await db
      .insertInto("payPeriods")
      .values({ id: periodIdOf(companyId, p), companyId, startsOn: p.startsOn, endsOn: p.endsOn })
      .execute();
  await db
    .insertInto("payrollAdjustments")
    .values({
      id: newId(),
      companyId,
      periodId: periodIdOf(companyId, current),
      employeeId: data.employees.luis,
      kind: "bonus",
      amountCents: 5_000,
      reason: "Spotless store inspection",
      createdBy: owner,
      createdAt: today,
    })
    .execute();

  const past = periods.filter((p) => p.endsOn < todayDate);
  for (const [i, p] of past.entries()) {
    const lockedAt = startOfBusinessDay(addDays(p.endsOn, 4), ZONE) + 10 * H;
    if (lockedAt > now) continue;
    const newest = i === past.length - 1;
    const paid = !newest && lockedAt + 48 * H <= now;
    const id = periodIdOf(companyId, p);
    const payrollData = await loadPayrollData(db, companyId, calculationRange(p, settings.workweekStart));
    const figures = calculate(p, settings, payrollData, await loadAdjustments(db, companyId, [id], settings));
    const frozen = JSON.stringify({ lines: figures.lines, notIncluded: figures.notIncluded, totals: figures.totals });
    // Each lock is a version of the figures (migration 0039): the demo's locks are the first.
    await db
      .insertInto("payPeriodVersions")
      .values({ companyId, periodId: id, version: 1, frozen, grossCents: figures.totals.grossCents, lockedBy: manager, lockedAt: new Date(lockedAt) })
      .execute();
    await db
      .updateTable("payPeriods")
      .set({
        status: paid ? "paid" : "locked",
        lockedBy: manager,
        lockedAt: new Date(lockedAt),
        version: 1,
        frozen,
        paidBy: paid ? owner : null,
        paidAt: paid ? new Date(lockedAt + 48 * H) : null,
      })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .execute();
  }
};
