import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from "./columnTypes.ts";

// Requests and time-entry reviews (issue 17, migration 0025,
// docs/decisions/0033-time-entry-verification-and-requests.md). Merged into DB in schema.ts.

/** An employee's request: time off, or a swap, drop or claim of a shift. */
export interface RequestsTable {
  id: string;
  companyId: string;
  /** 'timeOff' | 'swap' | 'drop' | 'claim' (REQUEST_KINDS, @tumble/domain/requests). */
  kind: string;
  employeeId: string;
  /** 'pending' | 'approved' | 'denied' | 'cancelled'. */
  status: Generated<string>;
  /** Time off: the absence as an instant range (a whole day runs from the store's midnight to the next). */
  startsAt: NullableTimestamp;
  endsAt: NullableTimestamp;
  /** Time off asked for whole days (startsAt/endsAt at midnights of the employee's first store). */
  allDay: Generated<boolean>;
  /** 'vacation' | 'sick' | 'personal' | 'unpaid' | 'other' (time off only). */
  timeOffType: string | null;
  /** swap, drop and claim: the shift (scheduling's shifts.id). */
  shiftId: string | null;
  /** swap: the employee who takes the shift. */
  targetEmployeeId: string | null;
  note: string | null;
  createdBy: string | null;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  decisionReason: string | null;
  /** A swap's coworker: when they accepted or declined, and why they declined (migration 0043). */
  respondedAt: NullableTimestamp;
  responseReason: string | null;
  createdAt: DefaultTimestamp;
}

/**
 * The verification of one time entry (entryId = its clock-in punch). Verified time is exactly:
 * status 'approved' with clockInAt/clockOutAt/breakMinutes equal to the entry's effective times
 * (the newest correction, else the raw entry). Anything else is pending review.
 */
export interface TimeEntryReviewsTable {
  companyId: string;
  entryId: string;
  employeeId: string;
  /** 'approved' | 'rejected'. */
  status: string;
  /** Approved by the tolerance rule, without a person. */
  auto: Generated<boolean>;
  clockInAt: Timestamp;
  clockOutAt: Timestamp;
  breakMinutes: number;
  /** Why it was rejected. */
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: DefaultTimestamp;
}

export interface RequestsTables {
  requests: RequestsTable;
  timeEntryReviews: TimeEntryReviewsTable;
}
