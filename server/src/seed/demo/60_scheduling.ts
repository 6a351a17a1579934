import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { withDefaults } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { periodContaining, previousPeriod, type DateRange } from "@tumble/domain/payPeriods";
import { parseClock, shiftInstants, weekStartOf } from "@tumble/domain/scheduling";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// Rio's rota: the same week every week, published for every week of the pay periods the demo's
// time history covers (as far back as the collections go), through next week; the week after next
// is still a draft. Attendants work part-time mornings and evenings (coin laundromats run mostly
// unattended), the salaried store manager visits one store a day, and an open Saturday shift at
// Downtown waits for someone to claim it. No shift conflicts: nobody comes near the hours limit.

export const ZONE = "America/Chicago";
/** How far back the collections go (30_collections.ts): the time history starts with the first pay period inside it. */
const HISTORY_DAYS = 112;

export interface DemoShiftRow {
  id: string;
  storeId: string;
  storeName: string;
  /** Kiosk username of the employee (null: an open shift). */
  who: string | null;
  employeeId: string | null;
  /** Business date of its start in the store's zone. */
  date: string;
  startsAt: number;
  endsAt: number;
  breakMinutes: number;
  published: boolean;
}

declare module "../demoContext.ts" {
  interface DemoData {
    /** Rio's pay periods with demo time, oldest first; the last is the current one. */
    payPeriods: DateRange[];
    /** Rio's shifts, published and draft, in start order. */
    shifts: DemoShiftRow[];
  }
}

interface RotaShift {
  who: string | null;
  store: string;
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  start: string;
  end: string;
  breakMinutes: number;
  position?: string;
}

/** One week of Rio's rota: about 48 attendant hours and the manager's three days. */
export const ROTA: RotaShift[] = [
  ...[1, 3, 5].map((day) => ({ who: "maria", store: "Rio Downtown", day, start: "07:00", end: "11:00", breakMinutes: 0 })),
  { who: "james", store: "Rio Eastside", day: 2, start: "16:00", end: "20:00", breakMinutes: 0 },
  { who: "james", store: "Rio Downtown", day: 4, start: "16:00", end: "20:00", breakMinutes: 0 },
  { who: "james", store: "Rio Downtown", day: 6, start: "10:00", end: "14:00", breakMinutes: 0 },
  ...[0, 3, 5].map((day) => ({ who: "sofia", store: "Rio Eastside", day, start: "10:00", end: "14:00", breakMinutes: 0 })),
  ...[1, 4, 6].map((day) => ({ who: "luis", store: "Rio Northgate", day, start: "08:00", end: "12:00", breakMinutes: 0 })),
  ...(
    [
      [1, "Rio Downtown"],
      [2, "Rio Eastside"],
      [3, "Rio Northgate"],
    ] as const
  ).map(([day, store]) => ({ who: "daniel", store, day, start: "09:00", end: "17:00", breakMinutes: 60, position: "Store manager" })),
];
/** The open shift of this week and the next two. */
const OPEN_SHIFT: RotaShift = { who: null, store: "Rio Downtown", day: 6, start: "10:00", end: "16:00", breakMinutes: 0 };

/** Rio's pay periods from the first one inside the collections' history to the current one (Rio keeps the default bi-weekly periods). */
export function demoPayPeriods(todayDate: string): DateRange[] {
  const settings = withDefaults("workforce", null);
  const periods = [periodContaining(todayDate, settings)];
  for (let p = previousPeriod(periods[0]!, settings); p.startsOn >= addDays(todayDate, -HISTORY_DAYS); p = previousPeriod(p, settings)) periods.unshift(p);
  return periods;
}

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const manager = data.users["manager@demo.test"];
  const stores = new Map(data.stores.filter((s) => s.companyId === companyId).map((s) => [s.name, s.id]));
  const zones = new Map((await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).execute()).map((s) => [s.id, s.timeZone]));
  const todayDate = todayIn(zones.get(stores.get("Rio Downtown")!) ?? ZONE, today);
  const thisWeek = weekStartOf(todayDate, "sunday");
  data.payPeriods = demoPayPeriods(todayDate);

  // Published weeks from the first pay period's (periods start on the workweek's Sunday) through next week.
  const weeks: Array<{ weekStart: string; publish: boolean }> = [];
  for (let w = weekStartOf(data.payPeriods[0]!.startsOn, "sunday"); w <= addDays(thisWeek, 7); w = addDays(w, 7)) weeks.push({ weekStart: w, publish: true });
  weeks.push({ weekStart: addDays(thisWeek, 14), publish: false });

  data.shifts = [];
  const rows = [];
  const publications = [];
  for (const { weekStart, publish } of weeks) {
    const withOpen = weekStart >= thisWeek ? [...ROTA, OPEN_SHIFT] : ROTA;
    // Published the Wednesday before the week, in the afternoon (never later than just now).
    const publishedAt = new Date(Math.min(startOfBusinessDay(addDays(weekStart, -4), ZONE) + 15 * 3_600_000, today.getTime() - 2 * 3_600_000));
    for (const s of withOpen) {
      const storeId = stores.get(s.store)!;
      const date = addDays(weekStart, s.day);
      const { startsAt, endsAt } = shiftInstants(date, parseClock(s.start)!, parseClock(s.end)!, zones.get(storeId)!);
      const employeeId = s.who ? data.employees[s.who]! : null;
      const id = newId();
      const row = {
        id,
        companyId,
        storeId,
        employeeId,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        breakMinutes: s.breakMinutes,
        position: s.position ?? null,
        note: null,
        createdBy: manager,
        createdAt: new Date(Math.min(publishedAt.getTime() - 3_600_000, today.getTime() - 3 * 3_600_000)),
      };
      rows.push(
        publish
          ? {
              ...row,
              status: "published",
              publishedAt,
              publishedEmployeeId: employeeId,
              publishedStartsAt: row.startsAt,
              publishedEndsAt: row.endsAt,
              publishedBreakMinutes: row.breakMinutes,
              publishedPosition: row.position,
              publishedNote: null,
            }
          : { ...row, status: "draft" },
      );
      data.shifts.push({ id, storeId, storeName: s.store, who: s.who, employeeId, date, startsAt, endsAt, breakMinutes: s.breakMinutes, published: publish });
    }
    if (publish)
      for (const name of ["Rio Downtown", "Rio Eastside", "Rio Northgate"])
        publications.push({
          id: newId(),
          companyId,
          storeId: stores.get(name)!,
          weekStart,
          publishedBy: manager,
          publishedAt,
          shiftCount: withOpen.filter((s) => s.store === name).length,
          conflicts: "[]",
          overrideReason: null,
        });
  }
  data.shifts.sort((a, b) => a.startsAt - b.startsAt || a.storeName.localeCompare(b.storeName) || (a.who ?? "").localeCompare(b.who ?? ""));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("shifts")
      .values(rows.slice(i, i + 200))
      .execute();
  await db.insertInto("shiftPublications").values(publications).execute();
};
