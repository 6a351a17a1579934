import type { Kysely } from "kysely";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { calculatePayPeriod, type PayInputEmployee, type PayInputEntry } from "@tumble/domain/payroll";
import { addDays, calculationRange, datesOf, periodsBetween, workweekStartOf } from "@tumble/domain/payPeriods";
import type { DB } from "../db/schema.ts";
import { payRates } from "../payroll/rates.ts";
import type { CostLine } from "./aggregate.ts";
import { readEntries, storesOf, type StoreRow } from "./read.ts";

// Labour cost is what payroll pays for verified time, so it comes from the one pay calculation
// (calculatePayPeriod, @tumble/domain/payroll) and is only attributed here, never recomputed:
// - hourly time: the calculation runs over the range widened to whole workweeks of every store
//   (overtime is decided per workweek across all stores, so a one-store view still needs the
//   others' hours), which puts each overtime minute on its day; each day keeps its straight time
//   and a share of its week's premium by its overtime weight (1 per overtime minute, 2 per double
//   minute: half and all of the regular rate), split so the week's cents add up exactly;
// - salaries: each pay period touching the range as payroll computes it, spread evenly over the
//   period's days and the employee's stores.
// Adjustments (bonuses, reimbursements, deductions) belong to a period, not to days or stores,
// and are left out of labour cost.

/** Splits `total` cents into parts proportional to `weights` that add up exactly (largest remainder). */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = weights.map((w, i) => ({ i, rem: Number((BigInt(total) * BigInt(w)) % BigInt(sum)) })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The people whose pay can land in `stores` over the range: linked to one of them (a salary is
 * spread over the person's stores) or clocked in at one of them. Their pay is still calculated
 * from all their time, at every store, as overtime is decided per workweek across stores.
 */
async function peopleAt(db: Kysely<DB>, companyId: string, stores: StoreRow[], range: { from: string; to: string }): Promise<string[]> {
  const ids = stores.map((s) => s.id);
  const rows = await db
    .selectFrom("employeeStores")
    .select("employeeId")
    .where("companyId", "=", companyId)
    .where("storeId", "in", ids)
    .union(
      // Clocked in on a business date of the range (the index on store and business date).
      db
        .selectFrom("timeEntries")
        .select("employeeId")
        .where("companyId", "=", companyId)
        .where("storeId", "in", ids)
        .where("businessDate", ">=", range.from)
        .where("businessDate", "<=", range.to),
    )
    .execute();
  return rows.map((r) => r.employeeId);
}

async function employeesOf(
  db: Kysely<DB>,
  companyId: string,
  only: readonly string[] | undefined,
): Promise<{ people: PayInputEmployee[]; storesOf: Map<string, string[]> }> {
  if (only && !only.length) return { people: [], storesOf: new Map() };
  const rows = await db
    .selectFrom("employees")
    .select(["id", "name", "position", "status"])
    .where("companyId", "=", companyId)
    .$if(only !== undefined, (q) => q.where("id", "in", only!))
    .execute();
  const ratesOf = await payRates(db, companyId, only);
  const links = await db
    .selectFrom("employeeStores")
    .select(["employeeId", "storeId"])
    .where("companyId", "=", companyId)
    .$if(only !== undefined, (q) => q.where("employeeId", "in", only!))
    .execute();
  const people = rows.map((e): PayInputEmployee => ({
    id: e.id,
    name: e.name,
    position: e.position,
    language: "en",
    active: e.status === "active",
    ...ratesOf(e.id),
  }));
  const storesOfEmployee = new Map<string, string[]>();
  for (const l of links) storesOfEmployee.set(l.employeeId, [...(storesOfEmployee.get(l.employeeId) ?? []), l.storeId].sort());
  return { people, storesOf: storesOfEmployee };
}

export async function costLines(
  db: Kysely<DB>,
  companyId: string,
  stores: StoreRow[],
  range: { from: string; to: string },
  settings: WorkforceSettings,
): Promise<CostLine[]> {
  if (!stores.length) return [];
  const inScope = new Set(stores.map((s) => s.id));
  const inRange = (date: string) => date >= range.from && date <= range.to;
  const allStores = await storesOf(db, companyId, null);
  const names = new Map(allStores.map((s) => [s.id, s]));
  const wide = calculationRange({ startsOn: range.from, endsOn: range.to }, settings.workweekStart);
  // From the day before: a night clocked in then is paid in part on the range's first day (decision 0048).
  // One store's cost needs only the people who worked there or are paid a salary there.
  const only = stores.length < allStores.length ? await peopleAt(db, companyId, stores, { from: addDays(wide.startsOn, -1), to: wide.endsOn }) : undefined;
  // The people and their time side by side (two connections).
  const [{ people, storesOf: storesOfEmployee }, entries] = await Promise.all([
    employeesOf(db, companyId, only),
    only?.length === 0 ? [] : readEntries(db, companyId, allStores, addDays(wide.startsOn, -1), wide.endsOn, only),
  ]);
  const lines: CostLine[] = [];

  const payEntries = entries.map((e): PayInputEntry => ({
    id: e.id,
    employeeId: e.employeeId,
    storeId: e.storeId,
    storeName: names.get(e.storeId)?.name ?? "",
    timeZone: names.get(e.storeId)?.timeZone ?? "UTC",
    clockInAt: e.clockInAt,
    clockOutAt: e.clockOutAt,
    breakMinutes: e.breakMinutes,
    jobId: e.jobId,
    status: e.verified ? "approved" : e.rejected ? "rejected" : "pending",
  }));
  const hourly = calculatePayPeriod({
    period: wide,
    workweekStart: settings.workweekStart,
    overtimePreset: settings.overtimePreset,
    employees: people,
    entries: payEntries,
    adjustments: [],
  });
  for (const line of hourly.lines) {
    // The days of each workweek, in one pass (filtering all days per week cost seconds over years).
    const daysOfWeek = new Map<string, typeof line.days>();
    for (const d of line.days) {
      const week = workweekStartOf(d.date, settings.workweekStart);
      const list = daysOfWeek.get(week);
      if (list) list.push(d);
      else daysOfWeek.set(week, [d]);
    }
    for (const week of line.workweeks) {
      const days = daysOfWeek.get(week.startsOn) ?? [];
      const premiums = spread(
        week.premiumCents,
        days.map((d) => d.overtimeMinutes + 2 * d.doubleMinutes),
      );
      days.forEach((d, i) => {
        if (!inRange(d.date) || !inScope.has(d.storeId)) return;
        lines.push({
          employeeId: line.employeeId,
          storeId: d.storeId,
          businessDate: d.date,
          minutes: d.minutes,
          overtimeMinutes: d.overtimeMinutes + d.doubleMinutes,
          costCents: d.straightCents + premiums[i]!,
          overtimeCostCents: premiums[i]!,
        });
      });
    }
  }

  // Salaries: per pay period as payroll pays them, spread over its days and the person's stores.
  for (const period of periodsBetween(range.from, range.to, settings)) {
    const salaried = calculatePayPeriod({
      period,
      workweekStart: settings.workweekStart,
      overtimePreset: settings.overtimePreset,
      employees: people,
      entries: [],
      adjustments: [],
    });
    const dates = datesOf(period);
    for (const line of salaried.lines) {
      if (line.salaryCents <= 0) continue;
      const at = storesOfEmployee.get(line.employeeId) ?? [];
      if (!at.length) continue;
      spread(
        line.salaryCents,
        dates.map(() => 1),
      ).forEach((cents, i) => {
        const date = dates[i]!;
        if (!inRange(date)) return;
        spread(
          cents,
          at.map(() => 1),
        ).forEach((share, j) => {
          if (!inScope.has(at[j]!) || share === 0) return;
          lines.push({
            employeeId: line.employeeId,
            storeId: at[j]!,
            businessDate: date,
            minutes: 0,
            overtimeMinutes: 0,
            costCents: share,
            overtimeCostCents: 0,
          });
        });
      });
    }
  }
  return lines;
}
