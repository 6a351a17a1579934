import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { instantAt } from "@tumble/domain/requests";
import { weekStartOf } from "@tumble/domain/scheduling";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";
import { ZONE } from "./60_scheduling.ts";

// Rio's employees' requests around today: Sofia's sick day a week or so ago, approved (her shift that day
// is excused, not an absence, and nobody worked it), and waiting for an approver on the
// employee-management dashboard: James's swap of next Thursday's evening with Maria (she accepted),
// Maria's claim of next Saturday's open shift, her vacation the week after, and Luis's doctor's
// appointment at the start of next Thursday's shift.

declare module "../demoContext.ts" {
  interface DemoData {
    /** Published shifts nobody worked because of approved time off (65_time_entries.ts skips them). */
    excusedShiftIds: string[];
  }
}

const H = 3_600_000;

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const manager = data.users["manager@demo.test"];
  const now = today.getTime();
  const todayDate = todayIn(ZONE, today);
  const nextWeek = addDays(weekStartOf(todayDate, "sunday"), 7);
  const shiftOf = (who: string | null, date: string) => data.shifts.find((s) => s.who === who && s.date === date && s.published);

  // Sofia's last shift between ten and four days ago (she works three days a week, so there is one).
  const sick = data.shifts.filter((s) => s.who === "sofia" && s.date >= addDays(todayDate, -10) && s.date <= addDays(todayDate, -4)).pop()!;
  data.excusedShiftIds = [sick.id];
  const calledIn = sick.startsAt - 3 * H;

  const swapShift = shiftOf("james", addDays(nextWeek, 4))!;
  const openShift = shiftOf(null, addDays(nextWeek, 6))!;
  const luisShift = shiftOf("luis", addDays(nextWeek, 4))!;
  const vacation = addDays(nextWeek, 8);
  // Next week was published (60_scheduling.ts) before any request about it was made.
  const published = Math.min(startOfBusinessDay(addDays(nextWeek, -4), ZONE) + 15 * H, now - 2 * H);
  const after = (share: number) => new Date(published + Math.round((now - published) * share));
  const base = { companyId, note: null, createdBy: null, decidedBy: null, decidedAt: null, decisionReason: null, respondedAt: null, responseReason: null };
  await db
    .insertInto("requests")
    .values([
      {
        ...base,
        id: newId(),
        kind: "timeOff",
        employeeId: data.employees.sofia,
        status: "approved",
        startsAt: new Date(startOfBusinessDay(sick.date, ZONE)),
        endsAt: new Date(startOfBusinessDay(addDays(sick.date, 1), ZONE)),
        allDay: true,
        timeOffType: "sick",
        note: "Fever, staying home",
        decidedBy: manager,
        decidedAt: new Date(calledIn + 20 * 60_000),
        createdAt: new Date(calledIn),
      },
      {
        ...base,
        id: newId(),
        kind: "swap",
        employeeId: data.employees.james,
        status: "pending",
        shiftId: swapShift.id,
        targetEmployeeId: data.employees.maria,
        note: "Family dinner that evening",
        respondedAt: after(0.6),
        createdAt: after(0.3),
      },
      {
        ...base,
        id: newId(),
        kind: "claim",
        employeeId: data.employees.maria,
        status: "pending",
        shiftId: openShift.id,
        createdAt: after(0.8),
      },
      {
        ...base,
        id: newId(),
        kind: "timeOff",
        employeeId: data.employees.maria,
        status: "pending",
        startsAt: new Date(startOfBusinessDay(vacation, ZONE)),
        endsAt: new Date(startOfBusinessDay(addDays(vacation, 3), ZONE)),
        allDay: true,
        timeOffType: "vacation",
        note: "Visiting family in Monterrey",
        createdAt: new Date(now - 50 * H),
      },
      {
        ...base,
        id: newId(),
        kind: "timeOff",
        employeeId: data.employees.luis,
        status: "pending",
        startsAt: new Date(instantAt(luisShift.date, "08:00", ZONE)),
        endsAt: new Date(instantAt(luisShift.date, "10:00", ZONE)),
        allDay: false,
        timeOffType: "personal",
        note: "Doctor's appointment",
        createdAt: new Date(now - 2 * H),
      },
    ])
    .execute();
};
