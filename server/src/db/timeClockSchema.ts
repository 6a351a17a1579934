import type { Generated } from "kysely";
import type { DefaultTimestamp, Json, NullableTimestamp, Timestamp } from "./columnTypes.ts";

// The time clock (docs/decisions/0029-time-clock-and-kiosk.md, migration 0021): kiosks, raw
// punches, the time entries built from them, managers' corrections and wrong-PIN counters.
// Merged into DB in schema.ts.

export interface KiosksTable {
  id: string;
  companyId: string;
  storeId: string;
  name: string;
  /** SHA-256 of the kiosk credential (hashSecret); the credential itself is never stored. */
  tokenHash: string;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
  lastSeenAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  /** From then on the credential is refused, as a revoked one is (migration 0044); a manager extends it. */
  expiresAt: Timestamp;
}

/** One raw punch; insert-only (a trigger refuses updates and deletes). */
export interface PunchesTable {
  id: string;
  companyId: string;
  employeeId: string;
  storeId: string;
  /** 'clockIn' | 'breakStart' | 'breakEnd' | 'clockOut'. */
  action: string;
  /** When it happened: the device time of an offline punch (never after receipt), the server's otherwise. */
  occurredAt: Timestamp;
  receivedAt: DefaultTimestamp;
  deviceTime: NullableTimestamp;
  offline: Generated<boolean>;
  /** 'kiosk' | 'phone'. */
  source: string;
  kioskId: string | null;
  /** The signed-in user of a phone punch. */
  userId: string | null;
  /** The phone's location in millionths of a degree (as geo_zones keeps a zone's centre). */
  latitudeE6: number | null;
  longitudeE6: number | null;
  /** The location's accuracy, whole metres (rounded up). */
  accuracyMeters: number | null;
  distanceMeters: number | null;
  /** Phone punches: 'inside' | 'outside' | 'noZone'. */
  geoStatus: string | null;
  clientPunchId: string | null;
  /** The job a clock-in was for (employee_jobs); null: the profile's own job. */
  jobId: string | null;
}

export interface TimeEntryBreak {
  start: number;
  end: number | null;
}

/**
 * Built from punches (`id` is the clock-in punch's id, so a rebuild keeps it), or added by hand by
 * a manager (migration 0038: no punches, never rebuilt).
 */
export interface TimeEntriesTable {
  id: string;
  companyId: string;
  employeeId: string;
  storeId: string;
  businessDate: string;
  clockInAt: Timestamp;
  clockOutAt: NullableTimestamp;
  breakMinutes: Generated<number>;
  /** TimeEntryBreak[]. */
  breaks: Json<unknown>;
  /** 'open' | 'closed'. */
  status: string;
  /** EntryFlag values (@tumble/domain/timeClock). */
  flags: Json<unknown>;
  clockOutPunchId: string | null;
  /** The job of its clock-in (employee_jobs); null: the profile's own job. */
  jobId: string | null;
  updatedAt: DefaultTimestamp;
  /** 'punches' | 'manual'. */
  source: Generated<string>;
  /** Who added a manual entry (null once that account is deleted). */
  addedBy: string | null;
  addedAt: NullableTimestamp;
  addedReason: string | null;
}

/** A manager's correction of an entry (the newest counts); the raw entry stays as built. */
export interface TimeEntryCorrectionsTable {
  id: string;
  companyId: string;
  /** The entry's id: its clock-in punch. */
  entryId: string;
  employeeId: string;
  clockInAt: Timestamp;
  clockOutAt: NullableTimestamp;
  breakMinutes: number;
  reason: string;
  correctedBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface PinAttemptsTable {
  companyId: string;
  usernameLower: string;
  failures: Generated<number>;
  lastFailedAt: NullableTimestamp;
  lockedUntil: NullableTimestamp;
}

export interface TimeClockTables {
  kiosks: KiosksTable;
  punches: PunchesTable;
  timeEntries: TimeEntriesTable;
  timeEntryCorrections: TimeEntryCorrectionsTable;
  pinAttempts: PinAttemptsTable;
}
