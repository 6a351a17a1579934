import { z } from "zod";
import { WEEKDAYS, type Weekday } from "./companySettings.ts";
import { addDays, isIsoDate } from "./datePresets.ts";
import { refusalTable } from "./refusals.ts";
import { businessDateSchema } from "./zodSchemas.ts";
import { wallClock, wallTimeToInstant } from "./zonedTime.ts";

// Scheduling rules shared by the server and the week grid (issue 17): weeks that start on the
// company's workweek day, shift times in the store's time zone, hours and cost, and the conflicts
// that block publishing unless a manager overrides them with a reason.

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The first day of the week holding `date`, weeks starting on `firstDay`. */
export function weekStartOf(date: string, firstDay: Weekday): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const first = WEEKDAYS.indexOf(firstDay);
  return addDays(date, -((weekday - first + 7) % 7));
}

/** The seven dates of the week starting `weekStart`. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** The instant (epoch ms) of `date` at `minutes` after local midnight in `timeZone`. */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  return wallTimeToInstant(date, minutes, timeZone);
}

/** The half-open range [from, to) of a week in `timeZone`, as epoch ms (23 or 25 hours on a DST day). */
export function weekRange(weekStart: string, timeZone: string): { from: number; to: number } {
  return { from: zonedInstant(weekStart, 0, timeZone), to: zonedInstant(addDays(weekStart, 7), 0, timeZone) };
}

/** The store-local date and minutes after midnight of an instant. */
export function localParts(epochMs: number, timeZone: string): { date: string; minutes: number } {
  return wallClock(epochMs, timeZone);
}

/** "HH:mm" → minutes after midnight, or null. */
export function parseClock(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export interface ShiftTimes {
  startsAt: number;
  endsAt: number;
  breakMinutes: number;
}

/** Paid hours of a shift: its length less its break. */
export function shiftHours(shift: ShiftTimes): number {
  return Math.max(0, (shift.endsAt - shift.startsAt - shift.breakMinutes * MINUTE) / HOUR);
}

/** Cost in whole cents of `hours` at an hourly rate (cents per hour), rounded half up. */
export function laborCostCents(hours: number, hourlyRateCents: number): number {
  return Math.round(hours * hourlyRateCents);
}

/**
 * A shift's end from a date and two store-local clock times: an end at or before the start is on
 * the next day (an overnight shift).
 */
export function shiftInstants(date: string, startMinute: number, endMinute: number, timeZone: string): { startsAt: number; endsAt: number } {
  const startsAt = zonedInstant(date, startMinute, timeZone);
  const endsAt = zonedInstant(endMinute <= startMinute ? addDays(date, 1) : date, endMinute, timeZone);
  return { startsAt, endsAt };
}

export const MAX_SHIFT_HOURS = 24;

/** Scheduling's refusals and rules, in English (what shifts:* answers) and Spanish; codes "scheduling.<key>" (refusals.ts). */
const SCHEDULING_TABLE = refusalTable("scheduling", {
  endBeforeStart: { en: "The shift must end after it starts", es: "El turno debe terminar después de empezar" },
  tooLong: { en: "A shift cannot be longer than 24 hours", es: "Un turno no puede durar más de 24 horas" },
  breakTooLong: { en: "The break must be shorter than the shift", es: "El descanso debe ser más corto que el turno" },
  overrideNeeded: { en: "Conflicts remain: give a reason to publish over them", es: "Quedan conflictos: da un motivo para publicar de todos modos" },
  outsideEmployment: {
    en: "This person is not employed on that day (before their hire date or after their end date)",
    es: "Esta persona no está empleada ese día (antes de su fecha de contratación o después de su fecha de fin)",
  },
  weekNotEmpty: { en: "This week already has shifts: remove them first", es: "Esta semana ya tiene turnos: elimínalos primero" },
  sameWeek: { en: "Choose another week to copy from", es: "Elige otra semana de la que copiar" },
  nothingToCopy: { en: "That week has no shifts to copy", es: "Esa semana no tiene turnos para copiar" },
  nothingToSave: { en: "This week has no shifts to save", es: "Esta semana no tiene turnos para guardar" },
  inactiveEmployee: { en: "Only active employees can be scheduled", es: "Solo se puede programar a empleados activos" },
  notAtStore: { en: "This employee does not work at the shift's store", es: "Este empleado no trabaja en la tienda del turno" },
  shiftNotFound: { en: "Shift not found", es: "Ese turno ya no existe" },
  employeeNotFound: { en: "Employee not found", es: "No se encontró el empleado" },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  templateNotFound: { en: "Template not found", es: "No se encontró la plantilla" },
  /** The database's answer to a second template of one name (server/src/constraints/scheduling.ts), found by its English. */
  templateExists: { en: "This store already has a template of this name", es: "Esta tienda ya tiene una plantilla con ese nombre" },
  clock: { en: "Enter a time as HH:mm", es: "Escribe la hora como HH:mm" },
  templateNameRequired: { en: "Give the template a name", es: "Ponle un nombre a la plantilla" },
  templateNameTooLong: { en: "The name is too long", es: "El nombre es demasiado largo" },
});
/** A refusal for the server to throw, with its code ("scheduling.<key>", refusals.ts). */
export const schedulingRefusal = SCHEDULING_TABLE.refusal;
export const SCHEDULING_REFUSAL_TEXTS = SCHEDULING_TABLE.texts;
type SchedulingTexts = typeof SCHEDULING_TABLE.texts;
/** The English sentences (what the server answers, and the shift form's rules). */
export const SCHEDULING_MESSAGES = Object.fromEntries(Object.entries(SCHEDULING_TABLE.texts).map(([key, { en }]) => [key, en])) as {
  [K in keyof SchedulingTexts]: SchedulingTexts[K]["en"];
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULING_MESSAGES.clock);

/** A week template's name: shifts:saveTemplate and the save-as-template form. */
export const templateNameSchema = z.string().trim().min(1, SCHEDULING_MESSAGES.templateNameRequired).max(80, SCHEDULING_MESSAGES.templateNameTooLong);
export const templateNameFormSchema = z.object({ name: templateNameSchema });

/** The shift form (web drawer) and shifts:create / shifts:update times. */
export const shiftFormSchema = z
  .object({
    date: businessDateSchema,
    start: clock,
    end: clock,
    breakMinutes: z.number().int("Whole minutes").min(0, "The break cannot be negative").max(600),
    position: z.string().trim().max(80).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((v) => parseClock(v.start) !== parseClock(v.end), { message: SCHEDULING_MESSAGES.endBeforeStart, path: ["end"] })
  .refine(
    (v) => {
      const s = parseClock(v.start)!;
      let e = parseClock(v.end)!;
      if (e <= s) e += 1440;
      return v.breakMinutes < e - s;
    },
    { message: SCHEDULING_MESSAGES.breakTooLong, path: ["breakMinutes"] },
  );
export type ShiftForm = z.infer<typeof shiftFormSchema>;

export const CONFLICT_KINDS = ["overlap", "timeOff", "outsideStores", "weeklyHours", "rest"] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export interface ShiftConflict {
  kind: ConflictKind;
  shiftId: string;
  employeeId: string;
  /** overlap / rest: the other shift (perhaps at another store). */
  otherShiftId?: string;
  otherStoreId?: string;
  /** weeklyHours: the week's total and the limit; rest: the hours between the two shifts. */
  hours?: number;
  limit?: number;
  /** timeOff: the approved request. */
  requestId?: string;
}

/** Conflicts as a person reads them: one per person, rule (and other store), with every shift it touches. */
export interface ConflictGroup extends Omit<ShiftConflict, "shiftId" | "otherShiftId" | "requestId"> {
  shiftIds: string[];
}

/**
 * One line per person and rule instead of one per shift (a week 4 hours over the limit flags every
 * shift past it): weeklyHours keeps the week's highest total, rest the shortest rest.
 */
export function groupConflicts(conflicts: readonly ShiftConflict[]): ConflictGroup[] {
  const groups = new Map<string, ConflictGroup>();
  for (const c of conflicts) {
    const key = `${c.employeeId}|${c.kind}|${c.kind === "overlap" || c.kind === "rest" ? (c.otherStoreId ?? "") : ""}`;
    const g = groups.get(key);
    if (!g) {
      const { shiftId, otherShiftId: _other, requestId: _request, ...rest } = c;
      groups.set(key, { ...rest, shiftIds: [shiftId] });
      continue;
    }
    if (!g.shiftIds.includes(c.shiftId)) g.shiftIds.push(c.shiftId);
    if (c.hours !== undefined && g.hours !== undefined) g.hours = c.kind === "rest" ? Math.min(g.hours, c.hours) : Math.max(g.hours, c.hours);
  }
  return [...groups.values()];
}

export interface ScheduledShift extends ShiftTimes {
  id: string;
  storeId: string;
  employeeId: string | null;
}

export interface TimeOffSpan {
  id: string;
  employeeId: string;
  startsAt: number;
  endsAt: number;
}

export interface ConflictInput {
  /** The shifts to judge (e.g. one store's week). */
  shifts: ScheduledShift[];
  /** Every shift of the same employees around that week, at every store (may include `shifts`). */
  others: ScheduledShift[];
  /** Approved time off of those employees. */
  timeOff: TimeOffSpan[];
  /** The stores each employee works at. */
  storesOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** The workweek the weekly limit counts in. */
  week: { from: number; to: number };
  settings: { weeklyHoursLimit: number; minRestHours: number };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Every conflict of `shifts`: overlap with another shift of the same person at any store, approved
 * time off, a store the person does not work at, more than the weekly limit in the workweek (all
 * stores counted, flagged on each of the person's shifts judged that week) and less rest than the
 * minimum between two shifts. Open shifts (no employee) have none.
 */
export function findConflicts(input: ConflictInput): ShiftConflict[] {
  const { shifts, timeOff, storesOf, week, settings } = input;
  const all = new Map<string, ScheduledShift>();
  for (const s of [...input.others, ...shifts]) all.set(s.id, s);
  const byEmployee = new Map<string, ScheduledShift[]>();
  for (const s of all.values()) {
    if (!s.employeeId) continue;
    const list = byEmployee.get(s.employeeId) ?? [];
    list.push(s);
    byEmployee.set(s.employeeId, list);
  }
  const weekHours = new Map<string, number>();
  for (const [employeeId, list] of byEmployee) {
    weekHours.set(
      employeeId,
      list.filter((s) => s.startsAt >= week.from && s.startsAt < week.to).reduce((sum, s) => sum + shiftHours(s), 0),
    );
  }
  const restMs = settings.minRestHours * HOUR;
  const conflicts: ShiftConflict[] = [];
  for (const shift of shifts) {
    const employeeId = shift.employeeId;
    if (!employeeId) continue;
    const base = { shiftId: shift.id, employeeId };
    for (const other of byEmployee.get(employeeId) ?? []) {
      if (other.id === shift.id) continue;
      if (other.startsAt < shift.endsAt && shift.startsAt < other.endsAt) {
        conflicts.push({ kind: "overlap", ...base, otherShiftId: other.id, otherStoreId: other.storeId });
        continue;
      }
      const gap = other.startsAt >= shift.endsAt ? other.startsAt - shift.endsAt : shift.startsAt - other.endsAt;
      if (gap < restMs)
        conflicts.push({ kind: "rest", ...base, otherShiftId: other.id, otherStoreId: other.storeId, hours: round2(gap / HOUR), limit: settings.minRestHours });
    }
    for (const off of timeOff) {
      if (off.employeeId === employeeId && off.startsAt < shift.endsAt && shift.startsAt < off.endsAt)
        conflicts.push({ kind: "timeOff", ...base, requestId: off.id });
    }
    if (!storesOf.get(employeeId)?.has(shift.storeId)) conflicts.push({ kind: "outsideStores", ...base });
    const hours = weekHours.get(employeeId) ?? 0;
    if (shift.startsAt >= week.from && shift.startsAt < week.to && hours > settings.weeklyHoursLimit) {
      conflicts.push({ kind: "weeklyHours", ...base, hours: round2(hours), limit: settings.weeklyHoursLimit });
    }
  }
  return conflicts;
}

export type ShiftChangeKind = "added" | "changed" | "removed";

export interface ShiftChange {
  kind: ShiftChangeKind;
  shiftId: string;
  storeId: string;
  startsAt: string;
  endsAt: string;
  /** changed: what the employee was shown before. */
  previous?: { startsAt: string; endsAt: string };
}
