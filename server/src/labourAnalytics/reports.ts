import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { weekStartOf } from "@tumble/domain/scheduling";
import { figuresBy, zeroFigures, type Figures } from "./aggregate.ts";
import { byPosition, byStore, type RangeLabour } from "./overview.ts";
import type { StoreRow } from "./read.ts";

// payroll/reports: labour cost by store, by period and by position, the overtime trend, and
// labour cost as a share of each store's collected revenue on the same dates. Periods are the
// company's fixed workweeks (the unit overtime is decided in), cut at the range's ends.

/** The key of employees without a position; the screen translates it. */
export const NO_POSITION = "";

const costOnly = (f: Figures) => ({
  minutes: f.verifiedMinutes,
  overtimeMinutes: f.overtimeMinutes,
  labourCostCents: f.labourCostCents,
  overtimeCostCents: f.overtimeCostCents,
  revenueCents: f.revenueCents,
  labourPercent: f.labourPercent,
});

/** The workweeks holding [from, to], each cut to the range. */
export function weeksOf(from: string, to: string, settings: Pick<WorkforceSettings, "workweekStart">): Array<{ key: string; from: string; to: string }> {
  const weeks: Array<{ key: string; from: string; to: string }> = [];
  for (let start = weekStartOf(from, settings.workweekStart); start <= to; start = addDays(start, 7)) {
    const end = addDays(start, 6);
    weeks.push({ key: start, from: start < from ? from : start, to: end > to ? to : end });
  }
  return weeks;
}

export function payrollReportOf(current: RangeLabour, compare: RangeLabour, stores: StoreRow[], settings: WorkforceSettings, now: number, noPosition: string) {
  const [storeNow, storeThen] = [byStore(current, now), byStore(compare, now)];
  const week = (x: { businessDate: string }) => weekStartOf(x.businessDate, settings.workweekStart);
  const weekly = figuresBy(current.inputs, current.marks, current.costs, now, { shift: week, entry: week, cost: week, revenue: week });
  const positions = byPosition(current, now, noPosition);
  const positionsThen = byPosition(compare, now, noPosition);
  return {
    from: current.range.from,
    to: current.range.to,
    compareFrom: compare.range.from,
    compareTo: compare.range.to,
    workweekStart: settings.workweekStart,
    totals: costOnly(current.total),
    compareTotals: costOnly(compare.total),
    stores: stores.map((s) => ({
      storeId: s.id,
      name: s.name,
      ...costOnly(storeNow.get(s.id) ?? zeroFigures()),
      compare: costOnly(storeThen.get(s.id) ?? zeroFigures()),
    })),
    periods: weeksOf(current.range.from, current.range.to, settings).map((w) => ({
      weekStart: w.key,
      from: w.from,
      to: w.to,
      ...costOnly(weekly.get(w.key) ?? zeroFigures()),
    })),
    positions: [...new Set([...positions.keys(), ...positionsThen.keys()])]
      .map((position) => ({
        position,
        none: position === noPosition,
        ...costOnly(positions.get(position) ?? zeroFigures()),
        compare: costOnly(positionsThen.get(position) ?? zeroFigures()),
      }))
      .filter((p) => p.minutes > 0 || p.labourCostCents > 0 || p.compare.minutes > 0 || p.compare.labourCostCents > 0)
      .sort((a, b) => b.labourCostCents - a.labourCostCents || b.minutes - a.minutes || a.position.localeCompare(b.position)),
  };
}
