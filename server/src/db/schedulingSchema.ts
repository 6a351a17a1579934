import type { Generated } from "kysely";
import type { DefaultTimestamp, Json, NullableTimestamp, Timestamp } from "./columnTypes.ts";

// Scheduling (docs/decisions/0032-scheduling.md, migration 0024): shifts (drafts and what was
// last published of them), each publish of a store's week, the notices a publish leaves each
// employee, and templates of recurring shifts. Merged into DB in schema.ts.

export interface ShiftsTable {
  id: string;
  companyId: string;
  storeId: string;
  /** null = an open shift any eligible employee may claim. */
  employeeId: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  breakMinutes: Generated<number>;
  position: string | null;
  note: string | null;
  /** 'draft' | 'published': published = what employees see is what is here. */
  status: Generated<string>;
  /** When this shift was last published (null: never). */
  publishedAt: NullableTimestamp;
  /** What employees were last shown (null while never published). */
  publishedEmployeeId: string | null;
  publishedStartsAt: NullableTimestamp;
  publishedEndsAt: NullableTimestamp;
  publishedBreakMinutes: number | null;
  publishedPosition: string | null;
  publishedNote: string | null;
  /** A published shift removed: kept until the next publish tells its employee. */
  removedAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface ShiftPublicationsTable {
  id: string;
  companyId: string;
  storeId: string;
  weekStart: string;
  publishedBy: string | null;
  publishedAt: DefaultTimestamp;
  shiftCount: number;
  /** ShiftConflict[] (@tumble/domain/scheduling) published over. */
  conflicts: Json<unknown>;
  overrideReason: string | null;
}

export interface ShiftNoticesTable {
  id: string;
  companyId: string;
  employeeId: string;
  publicationId: string | null;
  storeId: string;
  /** ShiftChange[] (@tumble/domain/scheduling). */
  changes: Json<unknown>;
  createdAt: DefaultTimestamp;
  seenAt: NullableTimestamp;
}

export interface ShiftTemplatesTable {
  id: string;
  companyId: string;
  storeId: string;
  name: string;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface ShiftTemplateItemsTable {
  id: string;
  companyId: string;
  templateId: string;
  employeeId: string | null;
  /** Days after the week's first day (0–6). */
  dayIndex: number;
  /** Minutes after midnight, store time. */
  startMinute: number;
  durationMinutes: number;
  breakMinutes: Generated<number>;
  position: string | null;
  note: string | null;
}

export interface SchedulingTables {
  shifts: ShiftsTable;
  shiftPublications: ShiftPublicationsTable;
  shiftNotices: ShiftNoticesTable;
  shiftTemplates: ShiftTemplatesTable;
  shiftTemplateItems: ShiftTemplateItemsTable;
}
