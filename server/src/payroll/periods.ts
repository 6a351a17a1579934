import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import { companyTimeZone } from "../marketing/companyTimeZone.ts";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { calculationRange, nextPeriod, periodContaining, previousPeriod, type DateRange } from "@tumble/domain/payPeriods";
import {
  priorPeriodDifferences,
  withPriorPeriods,
  type NotIncludedEntry,
  type PayCalculation,
  type PayLine,
  type PayPeriodDetail,
  type PayPeriodStatus,
  type PayPeriodSummary,
} from "@tumble/domain/payroll";
import { isoDate } from "../db/isoDate.ts";
import type { DB } from "../db/schema.ts";
import { calculate, loadAdjustments, loadPayrollData } from "./compute.ts";
import { overScheduleMinutes, scheduledMinutes } from "./overSchedule.ts";

// The pay calendar (docs/decisions/0037-payroll.md). Periods come from the workforce settings;
// one is stored only once something happens to it (an adjustment, a lock), under the id it
// already had: a hash of the company and its dates. Stored periods win over computed ones that
// overlap them (after a change of frequency, say).

/** How many periods before the current one the list offers when nothing older is stored. */
export const PERIODS_BACK = 12;

const ms = (d: Date | string) => new Date(d).getTime();

export function periodIdOf(companyId: string, range: DateRange): string {
  return `pp_${createHash("sha256").update(`${companyId}|${range.startsOn}|${range.endsOn}`).digest("hex").slice(0, 24)}`;
}

/** The company's date today, in its zone (its oldest active store's). */
export async function companyToday(db: Kysely<DB>, companyId: string, now: number): Promise<string> {
  return todayIn(await companyTimeZone(db, companyId), now);
}

const periodColumns = [
  "p.id",
  "p.startsOn",
  "p.endsOn",
  "p.payDate",
  "p.status",
  "p.lockedAt",
  "p.overrideReason",
  "p.frozen",
  "p.reopenedAt",
  "p.reopenReason",
  "p.paidAt",
  "p.version",
  "l.name as lockedByName",
  "r.name as reopenedByName",
  "pd.name as paidByName",
] as const;

function storedPeriods(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom("payPeriods as p")
    .leftJoin("users as l", "l.id", "p.lockedBy")
    .leftJoin("users as r", "r.id", "p.reopenedBy")
    .leftJoin("users as pd", "pd.id", "p.paidBy")
    .select(periodColumns)
    .where("p.companyId", "=", companyId);
}
export type StoredPeriod = Awaited<ReturnType<ReturnType<typeof storedPeriods>["executeTakeFirstOrThrow"]>>;

export interface CalendarPeriod {
  id: string;
  range: DateRange;
  stored: StoredPeriod | null;
}

const overlaps = (a: DateRange, b: DateRange) => a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;

/**
 * The periods to offer, newest first: stored ones, and computed ones from PERIODS_BACK before
 * today's to the one after it, leaving out those that end before the company's payroll starts.
 */
export async function calendar(db: Kysely<DB>, companyId: string, settings: WorkforceSettings, today: string): Promise<CalendarPeriod[]> {
  const stored = await storedPeriods(db, companyId).orderBy("p.startsOn", "desc").limit(500).execute();
  const current = periodContaining(today, settings);
  let first = current;
  for (let i = 0; i < PERIODS_BACK; i++) first = previousPeriod(first, settings);
  const last = nextPeriod(current, settings);
  const out: CalendarPeriod[] = stored.map((s) => ({ id: s.id, range: { startsOn: s.startsOn, endsOn: s.endsOn }, stored: s }));
  // Without a payroll start, nothing before the company's own beginning: its creation, or its
  // first recorded time when that is earlier (an import), is offered.
  const since = settings.payrollStartsOn ?? (await payrollBeginning(db, companyId));
  for (let p = first; p.startsOn <= last.startsOn; p = nextPeriod(p, settings)) {
    if (since && p.endsOn < since) continue;
    if (!stored.some((s) => overlaps(p, { startsOn: s.startsOn, endsOn: s.endsOn }))) out.push({ id: periodIdOf(companyId, p), range: p, stored: null });
  }
  return out.sort((a, b) => b.range.startsOn.localeCompare(a.range.startsOn));
}

/** The first day the company could have pay: the earlier of its creation and its first time entry, in its zone. */
async function payrollBeginning(db: Kysely<DB>, companyId: string): Promise<string | null> {
  const company = await db.selectFrom("companies").select("createdAt").where("id", "=", companyId).executeTakeFirst();
  if (!company) return null;
  const created = todayIn(await companyTimeZone(db, companyId), new Date(company.createdAt).getTime());
  const first = await db
    .selectFrom("timeEntries")
    .select("businessDate")
    .where("companyId", "=", companyId)
    .orderBy("businessDate")
    .limit(1)
    .executeTakeFirst();
  const worked = first ? isoDate(first.businessDate) : null;
  return worked && worked < created ? worked : created;
}

/** A period of the calendar by id (null: not this company's). */
export async function findPeriod(
  db: Kysely<DB>,
  companyId: string,
  periodId: string,
  settings: WorkforceSettings,
  today: string,
): Promise<CalendarPeriod | null> {
  const stored = await storedPeriods(db, companyId).where("p.id", "=", periodId).executeTakeFirst();
  if (stored) return { id: stored.id, range: { startsOn: stored.startsOn, endsOn: stored.endsOn }, stored };
  return (await calendar(db, companyId, settings, today)).find((p) => p.id === periodId) ?? null;
}

/** Stores a computed period (as open) if it is not yet, and returns its row locked for the rest of the transaction. */
export async function materialize(
  db: Kysely<DB>,
  companyId: string,
  period: CalendarPeriod,
): Promise<{ id: string; status: PayPeriodStatus; startsOn: string; endsOn: string }> {
  if (!period.stored) {
    await db
      .insertInto("payPeriods")
      .values({ id: period.id, companyId, startsOn: period.range.startsOn, endsOn: period.range.endsOn })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const row = await db
    .selectFrom("payPeriods")
    .select(["id", "status", "startsOn", "endsOn"])
    .where("companyId", "=", companyId)
    .where("id", "=", period.id)
    .forUpdate()
    .executeTakeFirst();
  // Another period with the same start was stored meanwhile (a change of settings): this one is gone.
  if (!row) throw new Error("Pay period changed");
  return { ...row, status: row.status as PayPeriodStatus };
}

/** What a lock freezes: the figures as they were. */
export interface FrozenPeriod {
  lines: PayLine[];
  notIncluded: NotIncludedEntry[];
  totals: PayCalculation["totals"];
}

/** Calculations of the open periods among `periods` (frozen ones read their snapshot), from one load of data. */
export async function calculations(
  db: Kysely<DB>,
  companyId: string,
  settings: WorkforceSettings,
  periods: CalendarPeriod[],
): Promise<Map<string, FrozenPeriod>> {
  const out = new Map<string, FrozenPeriod>();
  const open: CalendarPeriod[] = [];
  for (const p of periods) {
    if (p.stored && p.stored.status !== "open" && p.stored.frozen) out.set(p.id, p.stored.frozen as unknown as FrozenPeriod);
    else open.push(p);
  }
  if (!open.length) return out;
  const ranges = open.map((p) => calculationRange(p.range, settings.workweekStart));
  const span = {
    startsOn: ranges.map((r) => r.startsOn).sort()[0],
    endsOn: ranges
      .map((r) => r.endsOn)
      .sort()
      .at(-1)!,
  };
  const data = await loadPayrollData(db, companyId, span);
  const adjustments = await loadAdjustments(
    db,
    companyId,
    open.map((p) => p.id),
    settings,
  );
  const carried = await priorPeriodCarry(db, companyId, settings, open);
  for (const p of open) {
    const calc = withPriorPeriods(
      calculate(
        p.range,
        settings,
        data,
        adjustments.filter((a) => a.periodId === p.id),
      ),
      carried.get(p.id) ?? [],
    );
    const overSchedule = overScheduleMinutes(calc.lines, p.range, await scheduledMinutes(db, companyId, p.range));
    const totals = { ...calc.totals, warnings: { ...calc.totals.warnings, overScheduleMinutes: overSchedule } };
    out.set(p.id, { lines: calc.lines, notIncluded: calc.notIncluded, totals });
  }
  return out;
}

type Difference = ReturnType<typeof priorPeriodDifferences>[number];

/**
 * What the open periods pay for paid periods whose time or pay changed afterwards: each such
 * period is recomputed, compared with what was paid for it (its frozen lines, less what they
 * carried for earlier periods) and with what later frozen periods already carried for it, and the
 * difference goes to the first period after it that is still open.
 */
async function priorPeriodCarry(db: Kysely<DB>, companyId: string, settings: WorkforceSettings, open: CalendarPeriod[]): Promise<Map<string, Difference[]>> {
  const out = new Map<string, Difference[]>();
  // Only the periods marked changed after they were paid are recomputed, so only they and the
  // frozen periods after the earliest of them (where the next open period is sought, and where
  // earlier differences were carried) are read, not every frozen period of the company's history.
  const changed = await db
    .selectFrom("payPeriods")
    .select(["id", "startsOn", "endsOn", "frozen"])
    .where("companyId", "=", companyId)
    .where("status", "=", "paid")
    .where("changedAfterPaid", "=", true)
    .where("frozen", "is not", null)
    .orderBy("startsOn")
    .execute();
  if (!changed.length) return out;
  const closed = await db
    .selectFrom("payPeriods")
    .select(["id", "startsOn", "endsOn", "frozen"])
    .where("companyId", "=", companyId)
    .where("status", "in", ["locked", "paid"])
    .where("endsOn", ">", changed[0].endsOn)
    .orderBy("startsOn")
    .execute();
  const frozenOf = (p: { frozen: unknown }) => p.frozen as unknown as FrozenPeriod;
  const overlapping = (r: DateRange) => closed.find((c) => c.startsOn <= r.endsOn && r.startsOn <= c.endsOn);
  for (const paid of changed) {
    // The first period after it that is not locked or paid.
    let next = nextPeriod({ startsOn: paid.startsOn, endsOn: paid.endsOn }, settings);
    for (let i = 0; i < 400 && overlapping(next); i++) next = nextPeriod(next, settings);
    const target = open.find((o) => o.range.startsOn <= next.endsOn && next.startsOn <= o.range.endsOn);
    if (!target) continue;
    const range = { startsOn: paid.startsOn, endsOn: paid.endsOn };
    const now = calculate(
      range,
      settings,
      await loadPayrollData(db, companyId, calculationRange(range, settings.workweekStart)),
      await loadAdjustments(db, companyId, [paid.id], settings),
    );
    const carried = closed
      .filter((c) => c.startsOn > paid.endsOn && c.frozen)
      .flatMap((c) => frozenOf(c).lines.flatMap((l) => (l.priorPeriods ?? []).map((adjustment) => ({ employeeId: l.employeeId, adjustment }))));
    const differences = priorPeriodDifferences({ id: paid.id, ...range }, now.lines, frozenOf(paid).lines.map(ownFigures), carried);
    if (differences.length) out.set(target.id, [...(out.get(target.id) ?? []), ...differences]);
  }
  return out;
}

/**
 * A frozen line's figures for its own period: its money also holds the differences it paid for
 * earlier periods (withPriorPeriods adds them to wages, reimbursements, deductions and gross, not
 * to minutes or premiums). Compared with the period recomputed, which holds none, those would be
 * taken back as a difference of this period and so paid twice or not at all.
 */
function ownFigures(line: PayLine): PayLine {
  const carried = line.priorPeriods ?? [];
  if (!carried.length) return line;
  const sum = (f: "wagesCents" | "reimbursementCents" | "deductionCents" | "grossCents") => carried.reduce((s, c) => s + c[f], 0);
  return {
    ...line,
    wagesCents: line.wagesCents - sum("wagesCents"),
    reimbursementCents: line.reimbursementCents - sum("reimbursementCents"),
    deductionCents: line.deductionCents - sum("deductionCents"),
    grossCents: line.grossCents - sum("grossCents"),
  };
}

/** An employee's hours and gross of the calendar year through `period`: the year's periods locked or paid before it (their frozen figures) and `line`. */
export async function yearToDateOf(
  db: Kysely<DB>,
  companyId: string,
  settings: WorkforceSettings,
  period: CalendarPeriod,
  line: PayLine,
  today: string,
): Promise<{ minutes: number; grossCents: number }> {
  const year = period.range.endsOn.slice(0, 4);
  const earlier = (await calendar(db, companyId, settings, today)).filter(
    (p) => p.stored && p.stored.status !== "open" && p.range.endsOn.startsWith(year) && p.range.endsOn < period.range.endsOn,
  );
  const lines = [...(await calculations(db, companyId, settings, earlier)).values()].flatMap((f) => f.lines.filter((l) => l.employeeId === line.employeeId));
  const minutes = (l: PayLine) =>
    l.regularMinutes +
    l.overtimeMinutes +
    l.doubleMinutes +
    (l.priorPeriods ?? []).reduce((s, p) => s + p.regularMinutes + p.overtimeMinutes + p.doubleMinutes, 0);
  return {
    minutes: [...lines, line].reduce((s, l) => s + minutes(l), 0),
    grossCents: [...lines, line].reduce((s, l) => s + l.grossCents, 0),
  };
}

export function summaryOf(period: CalendarPeriod, figures: FrozenPeriod): PayPeriodSummary {
  return {
    id: period.id,
    startsOn: period.range.startsOn,
    endsOn: period.range.endsOn,
    payDate: period.stored?.payDate ?? null,
    status: (period.stored?.status ?? "open") as PayPeriodStatus,
    ...figures.totals,
  };
}

export function detailOf(period: CalendarPeriod, figures: FrozenPeriod): PayPeriodDetail {
  const s = period.stored;
  const status = (s?.status ?? "open") as PayPeriodStatus;
  return {
    ...summaryOf(period, figures),
    lines: figures.lines,
    notIncluded: figures.notIncluded,
    locked: s?.lockedAt ? { byName: s.lockedByName, at: ms(s.lockedAt), reason: null, overrideReason: s.overrideReason } : null,
    reopened: s?.reopenedAt ? { byName: s.reopenedByName, at: ms(s.reopenedAt), reason: s.reopenReason } : null,
    paid: s?.paidAt ? { byName: s.paidByName, at: ms(s.paidAt), reason: null } : null,
    frozen: status !== "open",
  };
}
