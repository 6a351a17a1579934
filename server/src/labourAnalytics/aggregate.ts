import { matchShift } from "@tumble/domain/timeEntryReview";
import type { EntryRow, LabourInputs, ShiftRow } from "./read.ts";

// The figures of labour analytics from what read.ts loaded: scheduled against worked minutes,
// lateness and absences (each shift matched with the first entry worked against it, as
// verification matches them), overtime and labour cost from the pay calculation (cost.ts), and
// labour cost as a share of collected revenue. Pure, so the golden test's figures follow by hand.

/** Verified labour of one employee, store and business date, as the pay calculation pays it. */
export interface CostLine {
  employeeId: string;
  storeId: string;
  businessDate: string;
  /** Verified minutes worked that day at that store. */
  minutes: number;
  /** Of them, paid at overtime or double time. */
  overtimeMinutes: number;
  /** Straight time of every minute at the day's rate plus the overtime premium of these minutes, cents. */
  costCents: number;
  /** The overtime and double-time premium part of costCents. */
  overtimeCostCents: number;
}

export interface Figures {
  /** Published shifts that have started (minutes less breaks). */
  scheduledMinutes: number;
  /** Published shifts of the range not started yet. */
  upcomingMinutes: number;
  /** Closed entries not rejected, at their effective times. */
  workedMinutes: number;
  /** Of them, verified (only these are paid). */
  verifiedMinutes: number;
  lateCount: number;
  lateMinutes: number;
  /** Shifts over with nobody clocked in against them, outside approved time off. */
  absenceCount: number;
  overtimeMinutes: number;
  labourCostCents: number;
  overtimeCostCents: number;
  revenueCents: number;
  /** Labour cost per 100 of collected revenue, one decimal; null without revenue. */
  labourPercent: number | null;
}

export const zeroFigures = (): Figures => ({
  scheduledMinutes: 0,
  upcomingMinutes: 0,
  workedMinutes: 0,
  verifiedMinutes: 0,
  lateCount: 0,
  lateMinutes: 0,
  absenceCount: 0,
  overtimeMinutes: 0,
  labourCostCents: 0,
  overtimeCostCents: 0,
  revenueCents: 0,
  labourPercent: null,
});

/** Labour cost as a percentage of revenue to one decimal (cents are integers: one division at the end). */
export function labourPercent(costCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((costCents * 1000) / revenueCents) / 10;
}

/** 0 = Sunday … 6 = Saturday, of a yyyy-MM-dd date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export interface Attendance {
  shift: ShiftRow;
  entry: EntryRow | null;
  late: boolean;
  lateMinutes: number;
  absent: boolean;
}

/**
 * Each published shift with the entry worked against it: entries in clock-in order take the shift
 * matchShift gives them among their employee's shifts not yet taken. Late: clocked in more than
 * the tolerance after the start. Absent: the shift is over, nobody clocked in against it, and no
 * approved time off overlaps it.
 */
export function attendance(inputs: LabourInputs, toleranceMinutes: number, now: number): Attendance[] {
  const taken = new Map<string, EntryRow>();
  const byEmployee = new Map<string, ShiftRow[]>();
  for (const s of inputs.shifts) byEmployee.set(s.employeeId, [...(byEmployee.get(s.employeeId) ?? []), s]);
  const entries = inputs.entries.filter((e) => !e.rejected).sort((a, b) => a.clockInAt - b.clockInAt || a.id.localeCompare(b.id));
  for (const e of entries) {
    const free = (byEmployee.get(e.employeeId) ?? []).filter((s) => !taken.has(s.id));
    const shift = matchShift(e, free, now);
    if (shift) taken.set(shift.id, e);
  }
  return inputs.shifts.map((shift) => {
    const entry = taken.get(shift.id) ?? null;
    const lateMs = entry ? entry.clockInAt - shift.startsAt : 0;
    const late = entry !== null && lateMs > toleranceMinutes * 60_000;
    const excused = inputs.timeOff.some((t) => t.employeeId === shift.employeeId && t.startsAt < shift.endsAt && t.endsAt > shift.startsAt);
    return { shift, entry, late, lateMinutes: late ? Math.round(lateMs / 60_000) : 0, absent: !entry && shift.endsAt <= now && !excused };
  });
}

type Key = string;

/** Sums the figures by a key of each shift, entry, cost line and revenue day (null: left out). */
export function figuresBy(
  inputs: LabourInputs,
  marks: Attendance[],
  costs: CostLine[],
  now: number,
  keys: {
    shift: (s: ShiftRow) => Key | null;
    entry: (e: EntryRow) => Key | null;
    cost: (c: CostLine) => Key | null;
    revenue: (r: { storeId: string; businessDate: string }) => Key | null;
  },
): Map<Key, Figures> {
  const out = new Map<Key, Figures>();
  const at = (key: Key | null) => {
    if (key === null) return null;
    let f = out.get(key);
    if (!f) out.set(key, (f = zeroFigures()));
    return f;
  };
  for (const m of marks) {
    const f = at(keys.shift(m.shift));
    if (!f) continue;
    if (m.shift.startsAt <= now) f.scheduledMinutes += m.shift.minutes;
    else f.upcomingMinutes += m.shift.minutes;
    if (m.late) {
      f.lateCount += 1;
      f.lateMinutes += m.lateMinutes;
    }
    if (m.absent) f.absenceCount += 1;
  }
  for (const e of inputs.entries) {
    if (e.rejected) continue;
    const f = at(keys.entry(e));
    if (!f) continue;
    f.workedMinutes += e.minutes;
    if (e.verified) f.verifiedMinutes += e.minutes;
  }
  for (const c of costs) {
    const f = at(keys.cost(c));
    if (!f) continue;
    f.overtimeMinutes += c.overtimeMinutes;
    f.labourCostCents += c.costCents;
    f.overtimeCostCents += c.overtimeCostCents;
  }
  for (const r of inputs.revenue) {
    const f = at(keys.revenue(r));
    if (f) f.revenueCents += r.cents;
  }
  for (const f of out.values()) f.labourPercent = labourPercent(f.labourCostCents, f.revenueCents);
  return out;
}

/** One sum over everything. */
export function totalOf(inputs: LabourInputs, marks: Attendance[], costs: CostLine[], now: number): Figures {
  const all = () => "all";
  return figuresBy(inputs, marks, costs, now, { shift: all, entry: all, cost: all, revenue: all }).get("all") ?? zeroFigures();
}
