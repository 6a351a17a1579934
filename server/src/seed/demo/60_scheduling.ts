import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { parseClock, shiftInstants, weekStartOf } from "@tumble/domain/scheduling";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// Rio's rota: this week published at Rio Downtown and Rio Eastside (what the employees see), next
// week's copy still in draft with an open Saturday shift anyone at Downtown may claim. No shift
// conflicts: James works both stores, five 8-hour days, exactly the 40-hour limit.

interface DemoShift {
  who: string | null;
  store: string;
  day: number;
  start: string;
  end: string;
  breakMinutes: number;
  position?: string;
}

const WEEK: DemoShift[] = [
  ...[1, 2, 3, 4, 5].map((day) => ({ who: "maria", store: "Rio Downtown", day, start: "07:00", end: "15:00", breakMinutes: 30 })),
  ...[1, 3, 5].map((day) => ({ who: "james", store: "Rio Downtown", day, start: "14:00", end: "22:00", breakMinutes: 30 })),
  ...[2, 4].map((day) => ({ who: "james", store: "Rio Eastside", day, start: "09:00", end: "17:00", breakMinutes: 30 })),
  ...[0, 1, 3, 5, 6].map((day) => ({ who: "sofia", store: "Rio Eastside", day, start: "10:00", end: "18:00", breakMinutes: 30 })),
  ...[1, 2, 3, 4, 5].map((day) => ({ who: "luis", store: "Rio Northgate", day, start: "08:00", end: "16:00", breakMinutes: 30 })),
  ...[1, 2, 3].map((day) => ({ who: "daniel", store: "Rio Downtown", day, start: "09:00", end: "17:00", breakMinutes: 60, position: "Store manager" })),
];

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const manager = data.users["manager@demo.test"];
  const stores = new Map(data.stores.filter((s) => s.companyId === companyId).map((s) => [s.name, s.id]));
  const zones = new Map((await db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", companyId).execute()).map((s) => [s.id, s.timeZone]));
  const downtown = stores.get("Rio Downtown")!;
  const thisWeek = weekStartOf(todayIn(zones.get(downtown)!, today), "sunday");
  const nextWeek = addDays(thisWeek, 7);
  const published = new Date(today.getTime() - 3 * 86_400_000);

  const shifts = [
    ...WEEK.map((s) => ({ ...s, week: thisWeek, publish: true })),
    ...WEEK.map((s) => ({ ...s, week: nextWeek, publish: false })),
    { who: null, store: "Rio Downtown", day: 6, start: "10:00", end: "16:00", breakMinutes: 0, week: nextWeek, publish: false },
    { who: null, store: "Rio Downtown", day: 6, start: "10:00", end: "16:00", breakMinutes: 0, week: thisWeek, publish: true },
  ];
  for (const s of shifts) {
    const storeId = stores.get(s.store)!;
    const { startsAt, endsAt } = shiftInstants(addDays(s.week, s.day), parseClock(s.start)!, parseClock(s.end)!, zones.get(storeId)!);
    const employeeId = s.who ? data.employees[s.who]! : null;
    const row = {
      id: newId(),
      companyId,
      storeId,
      employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      breakMinutes: s.breakMinutes,
      position: "position" in s && s.position ? s.position : null,
      note: null,
      createdBy: manager,
    };
    await db
      .insertInto("shifts")
      .values(
        s.publish
          ? {
              ...row,
              status: "published",
              publishedAt: published,
              publishedEmployeeId: employeeId,
              publishedStartsAt: row.startsAt,
              publishedEndsAt: row.endsAt,
              publishedBreakMinutes: row.breakMinutes,
              publishedPosition: row.position,
              publishedNote: null,
            }
          : { ...row, status: "draft" },
      )
      .execute();
  }
  for (const name of ["Rio Downtown", "Rio Eastside", "Rio Northgate"]) {
    const storeId = stores.get(name)!;
    await db
      .insertInto("shiftPublications")
      .values({
        id: newId(),
        companyId,
        storeId,
        weekStart: thisWeek,
        publishedBy: manager,
        publishedAt: published,
        shiftCount: shifts.filter((s) => s.publish && s.store === name).length,
        conflicts: "[]",
        overrideReason: null,
      })
      .execute();
  }
};
