import type { Kysely } from "kysely";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { addDays, daysBetweenInclusive } from "@tumble/domain/datePresets";
import type { DB } from "../db/schema.ts";
import { attendance, figuresBy, totalOf, weekdayOf, zeroFigures, type Attendance, type CostLine, type Figures } from "./aggregate.ts";
import { costLines } from "./cost.ts";
import { readInputs, type LabourInputs, type StoreRow } from "./read.ts";

// One range's labour, read and summed every way the two screens show it. The comparison period
// is computed the same way and paired: stores and employees by id, days by position, store
// weekdays by store and weekday.

export interface Range {
  from: string;
  to: string;
}

export interface RangeLabour {
  range: Range;
  inputs: LabourInputs;
  marks: Attendance[];
  costs: CostLine[];
  total: Figures;
}

export async function rangeLabour(
  db: Kysely<DB>,
  companyId: string,
  stores: StoreRow[],
  range: Range,
  settings: WorkforceSettings,
  now: number,
): Promise<RangeLabour> {
  const storeId = stores.length === 1 ? stores[0]!.id : null;
  const inputs = await readInputs(db, { companyId, storeId, ...range }, stores);
  const marks = attendance(inputs, settings.autoApproveToleranceMinutes, now);
  const costs = await costLines(db, companyId, stores, range, settings);
  return { range, inputs, marks, costs, total: totalOf(inputs, marks, costs, now) };
}

export function byStore(r: RangeLabour, now: number): Map<string, Figures> {
  const s = (x: { storeId: string }) => x.storeId;
  return figuresBy(r.inputs, r.marks, r.costs, now, { shift: s, entry: s, cost: s, revenue: s });
}

export function byEmployee(r: RangeLabour, now: number): Map<string, Figures> {
  const e = (x: { employeeId: string }) => x.employeeId;
  return figuresBy(r.inputs, r.marks, r.costs, now, { shift: e, entry: e, cost: e, revenue: () => null });
}

export function byDate(r: RangeLabour, now: number): Map<string, Figures> {
  const d = (x: { businessDate: string }) => x.businessDate;
  return figuresBy(r.inputs, r.marks, r.costs, now, { shift: d, entry: d, cost: d, revenue: d });
}

export function byStoreWeekday(r: RangeLabour, now: number): Map<string, Figures> {
  const k = (x: { storeId: string; businessDate: string }) => `${x.storeId}|${weekdayOf(x.businessDate)}`;
  return figuresBy(r.inputs, r.marks, r.costs, now, { shift: k, entry: k, cost: k, revenue: k });
}

export function byPosition(r: RangeLabour, now: number, none: string): Map<string, Figures> {
  const p = (x: { employeeId: string }) => r.inputs.employees.get(x.employeeId)?.position?.trim() || none;
  return figuresBy(r.inputs, r.marks, r.costs, now, { shift: p, entry: p, cost: p, revenue: () => null });
}

const datesOf = (range: Range) => Array.from({ length: daysBetweenInclusive(range.from, range.to) }, (_, i) => addDays(range.from, i));

/** employee-management/analytics: every chart's figures for the range beside its comparison period. */
export function overviewOf(current: RangeLabour, compare: RangeLabour, stores: StoreRow[], now: number) {
  const names = new Map([...current.inputs.employees, ...compare.inputs.employees]);
  const [storeNow, storeThen] = [byStore(current, now), byStore(compare, now)];
  const [empNow, empThen] = [byEmployee(current, now), byEmployee(compare, now)];
  const [dayNow, dayThen] = [byDate(current, now), byDate(compare, now)];
  const [wdNow, wdThen] = [byStoreWeekday(current, now), byStoreWeekday(compare, now)];
  const compareDates = datesOf(compare.range);
  const employeeIds = [...new Set([...empNow.keys(), ...empThen.keys()])];
  return {
    from: current.range.from,
    to: current.range.to,
    compareFrom: compare.range.from,
    compareTo: compare.range.to,
    totals: current.total,
    compareTotals: compare.total,
    stores: stores.map((s) => ({ storeId: s.id, name: s.name, ...(storeNow.get(s.id) ?? zeroFigures()), compare: storeThen.get(s.id) ?? zeroFigures() })),
    employees: employeeIds
      .map((id) => ({
        employeeId: id,
        name: names.get(id)?.name ?? "",
        position: names.get(id)?.position ?? null,
        ...(empNow.get(id) ?? zeroFigures()),
        compare: empThen.get(id) ?? zeroFigures(),
      }))
      .sort((a, b) => b.workedMinutes - a.workedMinutes || a.name.localeCompare(b.name)),
    days: datesOf(current.range).map((date, i) => {
      const f = dayNow.get(date) ?? zeroFigures();
      const other = compareDates[i];
      const c = other ? (dayThen.get(other) ?? zeroFigures()) : null;
      return {
        date,
        scheduledMinutes: f.scheduledMinutes + f.upcomingMinutes,
        workedMinutes: f.workedMinutes,
        compareDate: other ?? null,
        compareScheduledMinutes: c ? c.scheduledMinutes + c.upcomingMinutes : null,
        compareWorkedMinutes: c ? c.workedMinutes : null,
      };
    }),
    weekdays: stores.flatMap((s) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
        const f = wdNow.get(`${s.id}|${weekday}`) ?? zeroFigures();
        const c = wdThen.get(`${s.id}|${weekday}`) ?? zeroFigures();
        return {
          storeId: s.id,
          storeName: s.name,
          weekday,
          labourCostCents: f.labourCostCents,
          revenueCents: f.revenueCents,
          labourPercent: f.labourPercent,
          compareLabourPercent: c.labourPercent,
        };
      }),
    ),
  };
}
