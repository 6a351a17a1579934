import type { Kysely } from "kysely";
import { supportedLanguage } from "@tumble/domain/languagePriority";
import { addDays, workweekStartOf, type DateRange } from "@tumble/domain/payPeriods";
import { calculatePayPeriod, type AdjustmentKind, type PayCalculation, type PayInputAdjustment, type PayInputEntry } from "@tumble/domain/payroll";
import { reviewStatus } from "@tumble/domain/timeEntryReview";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import type { DB } from "../db/schema.ts";
import { payRates } from "./rates.ts";
import { isoDate } from "../db/isoDate.ts";

// Loads what the pure calculation (packages/domain/src/payroll.ts) needs for one or more periods:
// the time entries of the workweeks touching them with their effective times (newest correction,
// else raw) and review status, every employee with their rates and statement language, and the
// periods' adjustments. Then calculates.

const ms = (d: Date | string) => new Date(d).getTime();

/** An entry's punched breaks as the calculation reads them (none while one is still running). */
function punchedBreaks(json: unknown): Pick<PayInputEntry, "breaks"> {
  const list = Array.isArray(json) ? (json as Array<{ start?: unknown; end?: unknown }>) : [];
  if (!list.length || !list.every((b) => typeof b.start === "number" && typeof b.end === "number")) return {};
  return { breaks: list.map((b) => ({ start: b.start as number, end: b.end as number })) };
}

export interface PayrollData {
  employees: Parameters<typeof calculatePayPeriod>[0]["employees"];
  entries: PayInputEntry[];
}

/**
 * Time entries with business dates (their clock-in's date) in [from, to], widened a day each way
 * (the day before brings an entry that runs past midnight into the range: shifts end within a
 * day), and those a correction moved into it.
 */
export async function loadPayrollData(db: Kysely<DB>, companyId: string, range: DateRange): Promise<PayrollData> {
  // An entry is paid where its effective time is: one corrected onto other days is found by its
  // correction (two days of margin either way cover every zone), wherever it was punched.
  const moved = db
    .selectFrom("timeEntryCorrections")
    .select("entryId")
    .where("companyId", "=", companyId)
    .where("clockInAt", ">=", new Date(`${addDays(range.startsOn, -2)}T00:00:00Z`))
    .where("clockInAt", "<", new Date(`${addDays(range.endsOn, 3)}T00:00:00Z`));
  const rows = await db
    .selectFrom("timeEntries as t")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .select(["t.id", "t.employeeId", "t.storeId", "s.name as storeName", "s.timeZone", "t.clockInAt", "t.clockOutAt", "t.breakMinutes", "t.jobId", "t.breaks"])
    .where("t.companyId", "=", companyId)
    .where((eb) =>
      eb.or([eb.and([eb("t.businessDate", ">=", addDays(range.startsOn, -1)), eb("t.businessDate", "<=", addDays(range.endsOn, 1))]), eb("t.id", "in", moved)]),
    )
    .execute();
  const ids = rows.map((r) => r.id);
  const corrections = ids.length
    ? await db
        .selectFrom("timeEntryCorrections")
        .select(["entryId", "clockInAt", "clockOutAt", "breakMinutes"])
        .where("companyId", "=", companyId)
        .where("entryId", "in", ids)
        .orderBy("createdAt")
        .orderBy("id")
        .execute()
    : [];
  const newest = new Map(corrections.map((c) => [c.entryId, c]));
  const reviews = ids.length
    ? await db
        .selectFrom("timeEntryReviews")
        .select(["entryId", "status", "clockInAt", "clockOutAt", "breakMinutes"])
        .where("companyId", "=", companyId)
        .where("entryId", "in", ids)
        .execute()
    : [];
  const reviewOf = new Map(reviews.map((r) => [r.entryId, r]));
  const entries = rows.map((r): PayInputEntry => {
    const c = newest.get(r.id);
    const effective = c
      ? { clockInAt: ms(c.clockInAt), clockOutAt: c.clockOutAt === null ? null : ms(c.clockOutAt), breakMinutes: c.breakMinutes }
      : { clockInAt: ms(r.clockInAt), clockOutAt: r.clockOutAt === null ? null : ms(r.clockOutAt), breakMinutes: Number(r.breakMinutes) };
    const review = reviewOf.get(r.id);
    const stored = review
      ? {
          status: review.status as "approved" | "rejected",
          clockInAt: ms(review.clockInAt),
          clockOutAt: ms(review.clockOutAt),
          breakMinutes: review.breakMinutes,
        }
      : null;
    return {
      id: r.id,
      employeeId: r.employeeId,
      storeId: r.storeId,
      storeName: r.storeName,
      timeZone: r.timeZone,
      jobId: r.jobId,
      ...effective,
      // The punched breaks count on the date they were taken (datedParts), but only while the entry
      // is as punched: a correction gives only a total of break minutes, which is then shared among
      // the dates in proportion to time. A break still running is no punched break yet.
      ...(c ? {} : punchedBreaks(r.breaks)),
      status: reviewStatus(effective, stored),
    };
  });

  const company = await db.selectFrom("companies").select("defaultLanguage").where("id", "=", companyId).executeTakeFirst();
  const fallback = supportedLanguage(company?.defaultLanguage) ?? "en";
  const people = await db
    .selectFrom("employees as e")
    .leftJoin("users as u", "u.id", "e.userId")
    .select(["e.id", "e.name", "e.position", "e.status", "e.hireDate", "e.endDate", "u.language"])
    .where("e.companyId", "=", companyId)
    .execute();
  const ratesOf = await payRates(db, companyId);
  return {
    entries,
    employees: people.map((p) => ({
      id: p.id,
      name: p.name,
      position: p.position,
      language: supportedLanguage(p.language) ?? fallback,
      active: p.status === "active",
      employedFrom: p.hireDate ? isoDate(p.hireDate) : null,
      employedTo: p.endDate ? isoDate(p.endDate) : null,
      ...ratesOf(p.id),
    })),
  };
}

export interface AdjustmentRow {
  id: string;
  periodId: string;
  employeeId: string;
  kind: AdjustmentKind;
  amountCents: number;
  reason: string;
  createdAt: number;
  createdByName: string | null;
  coversFrom?: string | null;
  coversTo?: string | null;
  coverage?: PayInputAdjustment["coverage"];
}

/**
 * The periods' adjustments. A bonus or commission earned over named workweeks (29 CFR 778.209)
 * comes with those weeks' hours and overtime for the employee, as payroll decides them, so its
 * extra premium can be worked out on them.
 */
export async function loadAdjustments(
  db: Kysely<DB>,
  companyId: string,
  periodIds: string[],
  settings: Pick<WorkforceSettings, "workweekStart" | "overtimePreset">,
): Promise<AdjustmentRow[]> {
  if (!periodIds.length) return [];
  const rows = await db
    .selectFrom("payrollAdjustments as a")
    .leftJoin("users as u", "u.id", "a.createdBy")
    .select(["a.id", "a.periodId", "a.employeeId", "a.kind", "a.amountCents", "a.reason", "a.createdAt", "a.coversFrom", "a.coversTo", "u.name", "u.email"])
    .where("a.companyId", "=", companyId)
    .where("a.periodId", "in", periodIds)
    .execute();
  const out = rows.map((r): AdjustmentRow => ({
    id: r.id,
    periodId: r.periodId,
    employeeId: r.employeeId,
    kind: r.kind as AdjustmentKind,
    amountCents: Number(r.amountCents),
    reason: r.reason,
    createdAt: ms(r.createdAt),
    createdByName: r.name ?? r.email,
    ...(r.coversFrom && r.coversTo ? { coversFrom: isoDate(r.coversFrom), coversTo: isoDate(r.coversTo) } : {}),
  }));
  const loaded = new Map<string, PayrollData>();
  for (const a of out) {
    if (!a.coversFrom || !a.coversTo) continue;
    // Whole workweeks: overtime is decided per workweek.
    const weeks = { startsOn: workweekStartOf(a.coversFrom, settings.workweekStart), endsOn: addDays(workweekStartOf(a.coversTo, settings.workweekStart), 6) };
    const key = `${weeks.startsOn}|${weeks.endsOn}`;
    const data = loaded.get(key) ?? (await loadPayrollData(db, companyId, weeks));
    loaded.set(key, data);
    const line = calculatePayPeriod({
      period: weeks,
      workweekStart: settings.workweekStart,
      overtimePreset: settings.overtimePreset,
      employees: data.employees.filter((e) => e.id === a.employeeId),
      entries: data.entries.filter((e) => e.employeeId === a.employeeId),
      adjustments: [],
    }).lines[0];
    const covered = (line?.workweeks ?? []).filter((w) => w.startsOn >= weeks.startsOn && w.endsOn <= weeks.endsOn);
    a.coverage = {
      minutes: covered.reduce((s, w) => s + w.minutes, 0),
      overtimeMinutes: covered.reduce((s, w) => s + w.overtimeMinutes, 0),
      doubleMinutes: covered.reduce((s, w) => s + w.doubleMinutes, 0),
    };
  }
  return out;
}

/** One period's calculation from data loaded for a range covering its workweeks (calculationRange). */
export function calculate(
  period: DateRange,
  settings: Pick<WorkforceSettings, "workweekStart" | "overtimePreset">,
  data: PayrollData,
  adjustments: AdjustmentRow[],
): PayCalculation {
  return calculatePayPeriod({
    period,
    workweekStart: settings.workweekStart,
    overtimePreset: settings.overtimePreset,
    employees: data.employees,
    entries: data.entries,
    adjustments,
  });
}

/** The language an employee reads: their account's, else the company's default (statements use it, whenever they are printed). */
export async function employeeLanguage(db: Kysely<DB>, companyId: string, employeeId: string): Promise<"en" | "es"> {
  const row = await db
    .selectFrom("employees as e")
    .innerJoin("companies as c", "c.id", "e.companyId")
    .leftJoin("users as u", "u.id", "e.userId")
    .select(["u.language", "c.defaultLanguage"])
    .where("e.companyId", "=", companyId)
    .where("e.id", "=", employeeId)
    .executeTakeFirst();
  return supportedLanguage(row?.language) ?? supportedLanguage(row?.defaultLanguage) ?? "en";
}
