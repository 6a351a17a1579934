// Time-entry verification (issue 17): the exceptions a time entry can have against its scheduled
// shift, and whether it may be approved without a person. Pure: the server decides with these,
// the verification screen shows the same codes.
//
// Tolerance is inclusive and in whole minutes: with 5 minutes, a clock-in 5:00 after the
// scheduled start is within it, 5:01 (and 6:00) is not.

export const ENTRY_EXCEPTIONS = [
  "missingPunch",
  "autoClockOut",
  "longShift",
  "breakTooShort",
  "arrivedEarly",
  "arrivedLate",
  "leftEarly",
  "leftLate",
  "unscheduled",
  "outsideZone",
  "offlinePunch",
  "otherStore",
  "edited",
] as const;
export type EntryException = (typeof ENTRY_EXCEPTIONS)[number];

/** Worked time over this is a long shift, whatever was scheduled. */
export const LONG_SHIFT_MINUTES = 10 * 60;
/** A shift longer than this must have at least MIN_BREAK_MINUTES of break. */
export const BREAK_REQUIRED_AFTER_MINUTES = 6 * 60;
export const MIN_BREAK_MINUTES = 30;
/**
 * A shift starting this close to a clock-in (either side) is its shift even when they do not
 * overlap: a scheduled person who came hours early is "arrived early", never "unscheduled".
 */
export const SHIFT_MATCH_WINDOW_MINUTES = 12 * 60;

/** What a clock-in earlier than the company allows before a scheduled shift does. */
export const EARLY_CLOCK_IN_POLICIES = ["flag", "refuse"] as const;
export type EarlyClockInPolicy = (typeof EARLY_CLOCK_IN_POLICIES)[number];

/**
 * The shift a clock-in at `at` comes too early for: the next one of the person starting more than
 * `minutes` later (within the match window), when none is under way or about to start. Null when
 * the clock-in is fine (unscheduled clock-ins included: they are flagged, not refused).
 */
export function tooEarlyFor<S extends Pick<ScheduledShift, "startsAt" | "endsAt">>(at: number, shifts: readonly S[], minutes: number): S | null {
  if (shifts.some((s) => s.startsAt - minutes * MINUTE <= at && at < s.endsAt)) return null;
  const next = shifts.filter((s) => s.startsAt > at && s.startsAt - at <= SHIFT_MATCH_WINDOW_MINUTES * MINUTE).sort((a, b) => a.startsAt - b.startsAt)[0];
  return next ?? null;
}

/** The refusal of a clock-in too early for its shift; times as the store's clock shows them ("14:00"). */
export function tooEarlyMessage(startsAt: string, from: string): string {
  return `Too early: your shift starts at ${startsAt}; you can clock in from ${from}`;
}
const TOO_EARLY = /^Too early: your shift starts at (.+); you can clock in from (.+)$/;
/** The same in Spanish, with 24-hour times. */
export function localizeTooEarly(message: string, language: "en" | "es"): string | null {
  const match = TOO_EARLY.exec(message);
  if (!match) return null;
  if (language === "en") return message;
  const h24 = (time: string) => {
    const m = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(time.trim());
    if (!m) return time;
    const hour = (Number(m[1]) % 12) + (m[3].toUpperCase() === "PM" ? 12 : 0);
    return `${String(hour).padStart(2, "0")}:${m[2]}`;
  };
  return `Demasiado pronto: tu turno empieza a las ${h24(match[1])}; puedes marcar entrada desde las ${h24(match[2])}`;
}

export type ReviewStatus = "open" | "pending" | "approved" | "rejected";

export interface ReviewEntry {
  clockInAt: number;
  /** null while on the clock. */
  clockOutAt: number | null;
  breakMinutes: number;
  storeId: string;
  /** The time clock's flags (EntryFlag of timeClock.ts). */
  flags: readonly string[];
  /** A manager corrected the times. */
  edited: boolean;
  /** Closed by the automatic clock-out. */
  autoClockOut: boolean;
}

export interface ScheduledShift {
  id: string;
  storeId: string;
  startsAt: number;
  endsAt: number;
  breakMinutes: number;
}

const MINUTE = 60_000;

/** The scheduled shift an entry was worked against: the one it overlaps most, else one starting near its clock-in. */
export function matchShift<S extends ScheduledShift>(
  entry: Pick<ReviewEntry, "clockInAt" | "clockOutAt">,
  shifts: readonly S[],
  now: number = Date.now(),
): S | null {
  const end = entry.clockOutAt ?? Math.max(now, entry.clockInAt);
  let best: S | null = null;
  let bestScore = -Infinity;
  for (const s of shifts) {
    const overlap = Math.min(end, s.endsAt) - Math.max(entry.clockInAt, s.startsAt);
    const distance = Math.abs(s.startsAt - entry.clockInAt);
    const score = overlap > 0 ? overlap : distance <= SHIFT_MATCH_WINDOW_MINUTES * MINUTE ? -distance : -Infinity;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return bestScore === -Infinity ? null : best;
}

/** Whole minutes worked (clock-in to clock-out less breaks). */
export function workedMinutesOf(entry: Pick<ReviewEntry, "clockInAt" | "clockOutAt" | "breakMinutes">): number {
  if (entry.clockOutAt === null) return 0;
  return Math.max(0, Math.round((entry.clockOutAt - entry.clockInAt) / MINUTE) - entry.breakMinutes);
}

/** The entry's exceptions against its shift (null: none scheduled), in ENTRY_EXCEPTIONS order. */
export function entryExceptions(entry: ReviewEntry, shift: ScheduledShift | null, toleranceMinutes: number): EntryException[] {
  const found = new Set<EntryException>();
  const tolerance = toleranceMinutes * MINUTE;
  if (entry.flags.includes("ignoredPunch") || entry.flags.includes("openBreak")) found.add("missingPunch");
  if (entry.autoClockOut) found.add("autoClockOut");
  const worked = workedMinutesOf(entry);
  if (worked > LONG_SHIFT_MINUTES) found.add("longShift");
  if (entry.clockOutAt !== null && worked > BREAK_REQUIRED_AFTER_MINUTES && entry.breakMinutes < MIN_BREAK_MINUTES) found.add("breakTooShort");
  if (!shift) found.add("unscheduled");
  else {
    if (entry.clockInAt < shift.startsAt - tolerance) found.add("arrivedEarly");
    if (entry.clockInAt > shift.startsAt + tolerance) found.add("arrivedLate");
    if (entry.clockOutAt !== null && entry.clockOutAt < shift.endsAt - tolerance) found.add("leftEarly");
    if (entry.clockOutAt !== null && entry.clockOutAt > shift.endsAt + tolerance) found.add("leftLate");
    if (shift.storeId !== entry.storeId) found.add("otherStore");
  }
  if (entry.flags.includes("outsideZone")) found.add("outsideZone");
  if (entry.flags.includes("offline")) found.add("offlinePunch");
  if (entry.flags.includes("otherStore")) found.add("otherStore");
  if (entry.edited) found.add("edited");
  return ENTRY_EXCEPTIONS.filter((e) => found.has(e));
}

/** Approved without a person: closed, scheduled, within tolerance and without any exception. */
export function autoApprovable(entry: ReviewEntry, shift: ScheduledShift | null, toleranceMinutes: number): boolean {
  return entry.clockOutAt !== null && shift !== null && entryExceptions(entry, shift, toleranceMinutes).length === 0;
}

/** When an entry open since `clockInAt` is clocked out automatically (null: not yet at `now`). */
export function autoClockOutAt(clockInAt: number, maxShiftHours: number, now: number): number | null {
  const at = clockInAt + maxShiftHours * 60 * MINUTE;
  return now >= at ? at : null;
}

export interface StoredReview {
  status: "approved" | "rejected";
  clockInAt: number;
  clockOutAt: number;
  breakMinutes: number;
}

/**
 * Where an entry stands. A review counts only while the entry's effective times (a correction's,
 * else the raw ones) are still the times it reviewed: a later punch or correction makes it pending
 * again. Only "approved" is verified time.
 */
export function reviewStatus(effective: Pick<ReviewEntry, "clockInAt" | "clockOutAt" | "breakMinutes">, review: StoredReview | null): ReviewStatus {
  if (effective.clockOutAt === null) return "open";
  if (!review) return "pending";
  const same = review.clockInAt === effective.clockInAt && review.clockOutAt === effective.clockOutAt && review.breakMinutes === effective.breakMinutes;
  return same ? review.status : "pending";
}
