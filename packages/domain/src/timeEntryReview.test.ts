import { describe, expect, it } from "vitest";
import {
  autoApprovable,
  autoClockOutAt,
  entryExceptions,
  localizeTooEarly,
  matchShift,
  reviewStatus,
  tooEarlyFor,
  tooEarlyMessage,
  type ReviewEntry,
  type ScheduledShift,
} from "./timeEntryReview.ts";

const M = 60_000;
const H = 60 * M;
const T0 = Date.UTC(2026, 10, 23, 14, 0); // 9:00 in Chicago
const shift: ScheduledShift = { id: "s1", storeId: "st", startsAt: T0, endsAt: T0 + 8 * H, breakMinutes: 30 };
const entry = (over: Partial<ReviewEntry> = {}): ReviewEntry => ({
  clockInAt: T0,
  clockOutAt: T0 + 8 * H,
  breakMinutes: 30,
  storeId: "st",
  flags: [],
  edited: false,
  autoClockOut: false,
  ...over,
});

describe("entry exceptions", () => {
  it("finds none for an entry on its shift", () => {
    expect(entryExceptions(entry(), shift, 5)).toEqual([]);
    expect(autoApprovable(entry(), shift, 5)).toBe(true);
  });

  it("takes 5 minutes late in as within a 5-minute tolerance and 6 minutes late out as not", () => {
    expect(entryExceptions(entry({ clockInAt: T0 + 5 * M }), shift, 5)).toEqual([]);
    expect(entryExceptions(entry({ clockInAt: T0 + 6 * M }), shift, 5)).toEqual(["arrivedLate"]);
    expect(entryExceptions(entry({ clockInAt: T0 - 5 * M }), shift, 5)).toEqual([]);
    expect(entryExceptions(entry({ clockInAt: T0 - 6 * M }), shift, 5)).toEqual(["arrivedEarly"]);
    expect(entryExceptions(entry({ clockOutAt: T0 + 8 * H + 5 * M }), shift, 5)).toEqual([]);
    expect(entryExceptions(entry({ clockOutAt: T0 + 8 * H + 6 * M }), shift, 5)).toEqual(["leftLate"]);
    expect(entryExceptions(entry({ clockOutAt: T0 + 8 * H - 6 * M }), shift, 5)).toEqual(["leftEarly"]);
    expect(autoApprovable(entry({ clockInAt: T0 + 6 * M }), shift, 5)).toBe(false);
    // A tolerance of 0: one minute is already out.
    expect(entryExceptions(entry({ clockInAt: T0 + M }), shift, 0)).toEqual(["arrivedLate"]);
  });

  it("flags each exception", () => {
    expect(entryExceptions(entry(), null, 5)).toEqual(["unscheduled"]);
    expect(entryExceptions(entry({ flags: ["ignoredPunch"] }), shift, 5)).toEqual(["missingPunch"]);
    expect(entryExceptions(entry({ flags: ["openBreak"] }), shift, 5)).toEqual(["missingPunch"]);
    expect(entryExceptions(entry({ flags: ["outsideZone"] }), shift, 5)).toEqual(["outsideZone"]);
    expect(entryExceptions(entry({ flags: ["offline"] }), shift, 5)).toEqual(["offlinePunch"]);
    expect(entryExceptions(entry({ flags: ["otherStore"] }), shift, 5)).toEqual(["otherStore"]);
    expect(entryExceptions(entry({ storeId: "other" }), shift, 5)).toEqual(["otherStore"]);
    expect(entryExceptions(entry({ edited: true }), shift, 5)).toEqual(["edited"]);
    // 6:01 worked with a 29-minute break: break too short; 6:00 worked is not over the limit.
    expect(entryExceptions(entry({ clockOutAt: T0 + 6 * H + 30 * M, breakMinutes: 29 }), null, 5)).toEqual(["breakTooShort", "unscheduled"]);
    expect(entryExceptions(entry({ clockOutAt: T0 + 6 * H + 29 * M, breakMinutes: 29 }), null, 5)).toEqual(["unscheduled"]);
    // 10:01 worked is a long shift; an automatic clock-out at 12 hours is both.
    expect(entryExceptions(entry({ clockOutAt: T0 + 10 * H + 31 * M }), null, 5)).toEqual(["longShift", "unscheduled"]);
    expect(entryExceptions(entry({ clockOutAt: T0 + 12 * H, autoClockOut: true }), shift, 5)).toEqual(["autoClockOut", "longShift", "leftLate"]);
  });

  it("never auto-approves an open or unscheduled entry", () => {
    expect(autoApprovable(entry({ clockOutAt: null }), shift, 5)).toBe(false);
    expect(autoApprovable(entry(), null, 5)).toBe(false);
  });
});

describe("matching a shift", () => {
  const later: ScheduledShift = { ...shift, id: "s2", startsAt: T0 + 10 * H, endsAt: T0 + 14 * H };
  it("takes the shift overlapping most, else the one starting nearest within twelve hours", () => {
    expect(matchShift(entry(), [later, shift])?.id).toBe("s1");
    expect(matchShift(entry({ clockInAt: T0 + 9 * H, clockOutAt: T0 + 13 * H }), [later, shift])?.id).toBe("s2");
    expect(matchShift(entry({ clockInAt: T0 - 3 * H, clockOutAt: T0 - 2 * H }), [{ ...shift, startsAt: T0 - H }])?.id).toBe("s1");
    // Hours early for the day's shift: that shift, arrived early — never "unscheduled".
    const early = entry({ clockInAt: T0 - 6 * H, clockOutAt: T0 - 5 * H });
    expect(matchShift(early, [shift])?.id).toBe("s1");
    expect(entryExceptions(early, shift, 5)).toEqual(expect.arrayContaining(["arrivedEarly", "leftEarly"]));
    expect(entryExceptions(early, shift, 5)).not.toContain("unscheduled");
    // Nothing within twelve hours: unscheduled.
    expect(matchShift(entry({ clockInAt: T0 - 13 * H, clockOutAt: T0 - 12.5 * H }), [shift])).toBeNull();
  });
});

describe("a clock-in before the shift", () => {
  it("is too early only beyond the company's minutes, when no shift is under way", () => {
    expect(tooEarlyFor(T0 - 15 * M, [shift], 15)).toBeNull();
    expect(tooEarlyFor(T0 - 16 * M, [shift], 15)).toEqual(shift);
    expect(tooEarlyFor(T0 + H, [shift], 15)).toBeNull();
    // A shift under way covers a clock-in between two shifts of the day.
    const evening: ScheduledShift = { ...shift, id: "s3", startsAt: T0 + 10 * H, endsAt: T0 + 14 * H };
    expect(tooEarlyFor(T0 + 7 * H, [shift, evening], 15)).toBeNull();
    expect(tooEarlyFor(T0 + 9 * H, [shift, evening], 15)).toEqual(evening);
    // Unscheduled: not refused here (the queue flags it).
    expect(tooEarlyFor(T0, [], 15)).toBeNull();
  });

  it("says when to come, in English and in Spanish with 24-hour times", () => {
    const message = tooEarlyMessage("2:00\u202fPM", "1:45\u202fPM");
    expect(message).toBe("Too early: your shift starts at 2:00\u202fPM; you can clock in from 1:45\u202fPM");
    expect(localizeTooEarly(message, "es")).toBe("Demasiado pronto: tu turno empieza a las 14:00; puedes marcar entrada desde las 13:45");
    expect(localizeTooEarly("Something else", "es")).toBeNull();
  });
});

describe("automatic clock-out and review status", () => {
  it("closes at the maximum once it has passed", () => {
    expect(autoClockOutAt(T0, 12, T0 + 12 * H - 1)).toBeNull();
    expect(autoClockOutAt(T0, 12, T0 + 20 * H)).toBe(T0 + 12 * H);
  });

  it("counts a review only while the times are the ones reviewed", () => {
    const times = { clockInAt: T0, clockOutAt: T0 + 8 * H, breakMinutes: 30 };
    expect(reviewStatus({ ...times, clockOutAt: null }, null)).toBe("open");
    expect(reviewStatus(times, null)).toBe("pending");
    expect(reviewStatus(times, { status: "approved", ...times })).toBe("approved");
    expect(reviewStatus(times, { status: "rejected", ...times })).toBe("rejected");
    expect(reviewStatus({ ...times, breakMinutes: 20 }, { status: "approved", ...times })).toBe("pending");
  });
});
