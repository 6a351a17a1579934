import type { Insertable } from "kysely";
import { businessDateOf, startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { withDefaults } from "@tumble/domain/companySettings";
import { addDays } from "@tumble/domain/datePresets";
import { breakMinutes, replayPunches, type PunchAction, type PunchFact } from "@tumble/domain/timeClock";
import type { PunchesTable, TimeEntriesTable } from "../../db/timeClockSchema.ts";
import type { TimeEntryReviewsTable } from "../../db/requestsSchema.ts";
import { newId } from "../../runtime/ids.ts";
import { prng, type DemoSeeder } from "../demoContext.ts";
import { ZONE } from "./60_scheduling.ts";

// Rio's punches and time entries for every published shift up to now (60_scheduling.ts), as the
// time clock builds them from phone punches: clock-ins and clock-outs a few minutes either side
// of the shift (within the five-minute tolerance, so verification approved them by itself), the
// manager's break, now and then a late arrival a manager approved. People whose shift is under way
// right now are on the clock. In the last three days, four real exceptions wait in the
// verification queue: an early clock-in, a late arrival, a forgotten clock-out closed by the
// automatic clock-out after twelve hours, and an evening nobody scheduled.

const MINUTE = 60_000;
const H = 3_600_000;

/** Where each attendant works an unscheduled evening. */
const HOME_STORE = { james: "Rio Eastside", luis: "Rio Northgate", sofia: "Rio Eastside", maria: "Rio Downtown" } as const;

type Kind = "clean" | "lateApproved" | "early" | "late" | "forgot";

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const manager = data.users["manager@demo.test"];
  const now = today.getTime();
  const todayDate = todayIn(ZONE, today);
  const settings = withDefaults("workforce", null);
  const rand = prng(20251212);
  const jitter = (from: number, to: number) => Math.round((from + rand() * (to - from)) * MINUTE) + Math.floor(rand() * 60) * 1000;

  const worked = data.shifts.filter((s) => s.published && s.employeeId && s.startsAt <= now && !data.excusedShiftIds.includes(s.id));
  // The exceptions waiting for a person: attendants' shifts of the last three days, oldest first.
  const recent = worked.filter((s) => s.who !== "daniel" && s.date >= addDays(todayDate, -3) && s.date < todayDate);
  const kinds = new Map<string, Kind>();
  // The forgotten clock-out first: its automatic clock-out, twelve hours on, is long past.
  (["forgot", "early", "late"] as const).forEach((kind, i) => recent[i] && kinds.set(recent[i].id, kind));

  const punches: Array<Insertable<PunchesTable>> = [];
  const entries: Array<Insertable<TimeEntriesTable>> = [];
  const reviews: Array<Insertable<TimeEntryReviewsTable>> = [];
  const record = (
    employeeId: string,
    storeId: string,
    facts: Array<{ action: PunchAction; at: number; auto?: boolean }>,
    review: { by: string | null; at: number } | null,
  ) => {
    const withIds = facts.map((f) => ({ ...f, id: newId() }));
    for (const f of withIds)
      punches.push({
        id: f.id,
        companyId,
        employeeId,
        storeId,
        action: f.action,
        occurredAt: new Date(f.at),
        receivedAt: new Date(f.at),
        source: f.auto ? "auto" : "phone",
        offline: false,
      });
    const replay = replayPunches(withIds.map((f): PunchFact => ({ id: f.id, action: f.action, at: f.at, storeId })));
    for (const e of replay.entries) {
      entries.push({
        id: e.clockInPunchId,
        companyId,
        employeeId,
        storeId,
        businessDate: businessDateOf(e.clockInAt, ZONE),
        clockInAt: new Date(e.clockInAt),
        clockOutAt: e.clockOutAt === null ? null : new Date(e.clockOutAt),
        breakMinutes: breakMinutes(e.breaks.filter((b) => b.end !== null)),
        breaks: JSON.stringify(e.breaks),
        status: e.status,
        flags: JSON.stringify(e.flags),
        clockOutPunchId: e.clockOutPunchId,
      });
      if (review && e.clockOutAt !== null)
        reviews.push({
          companyId,
          entryId: e.clockInPunchId,
          employeeId,
          status: "approved",
          auto: review.by === null,
          clockInAt: new Date(e.clockInAt),
          clockOutAt: new Date(e.clockOutAt),
          breakMinutes: breakMinutes(e.breaks),
          reviewedBy: review.by,
          reviewedAt: new Date(Math.min(review.at, now)),
        });
    }
  };

  for (const s of worked) {
    const kind: Kind = kinds.get(s.id) ?? (s.date < addDays(todayDate, -3) && rand() < 0.04 ? "lateApproved" : "clean");
    const inAt =
      kind === "early"
        ? s.startsAt - 25 * MINUTE
        : kind === "late"
          ? s.startsAt + 22 * MINUTE
          : kind === "lateApproved"
            ? s.startsAt + jitter(7, 18)
            : s.startsAt + jitter(-4, 3);
    const outAt = kind === "forgot" ? inAt + settings.maxShiftHours * H : s.endsAt + jitter(-3, 4);
    const facts: Array<{ action: PunchAction; at: number; auto?: boolean }> = [{ action: "clockIn", at: inAt }];
    // The manager's hour off in the middle of the day.
    if (s.breakMinutes > 0) {
      const breakAt = s.startsAt + 4 * H + jitter(-10, 10);
      const backAt = breakAt + s.breakMinutes * MINUTE + jitter(0, 3);
      if (backAt < now) facts.push({ action: "breakStart", at: breakAt }, { action: "breakEnd", at: backAt });
    }
    // Still on the clock: the shift is under way.
    if (outAt >= now) {
      record(s.employeeId!, s.storeId, facts, null);
      continue;
    }
    facts.push({ action: "clockOut", at: outAt, auto: kind === "forgot" });
    const pending = kind === "early" || kind === "late" || kind === "forgot";
    // Clean time approves itself when the queue next opens; a late arrival waits for the manager's next morning.
    const review = pending ? null : kind === "lateApproved" ? { by: manager, at: outAt + 16 * H } : { by: null, at: outAt + 10 * MINUTE };
    record(s.employeeId!, s.storeId, facts, review);
  }

  // An evening nobody scheduled: an attendant without a shift yesterday (else the day before), one
  // with no other exception if there is one, came in at their home store for three and a half hours.
  const flagged = new Set(recent.filter((s) => kinds.has(s.id)).map((s) => s.who));
  const attendants = (Object.keys(HOME_STORE) as Array<keyof typeof HOME_STORE>).sort((a, b) => Number(flagged.has(a)) - Number(flagged.has(b)));
  for (const date of [addDays(todayDate, -1), addDays(todayDate, -2)]) {
    const who = attendants.find((w) => !data.shifts.some((s) => s.who === w && s.date === date && s.published));
    if (!who) continue;
    const storeId = data.stores.find((s) => s.companyId === companyId && s.name === HOME_STORE[who])!.id;
    const inAt = startOfBusinessDay(date, ZONE) + 16 * H + jitter(-2, 2);
    record(
      data.employees[who]!,
      storeId,
      [
        { action: "clockIn", at: inAt },
        { action: "clockOut", at: inAt + 3.5 * H + jitter(0, 4) },
      ],
      null,
    );
    break;
  }

  for (let i = 0; i < punches.length; i += 500)
    await db
      .insertInto("punches")
      .values(punches.slice(i, i + 500))
      .execute();
  for (let i = 0; i < entries.length; i += 500)
    await db
      .insertInto("timeEntries")
      .values(entries.slice(i, i + 500))
      .execute();
  for (let i = 0; i < reviews.length; i += 500)
    await db
      .insertInto("timeEntryReviews")
      .values(reviews.slice(i, i + 500))
      .execute();
};
