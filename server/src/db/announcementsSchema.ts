import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableTimestamp } from "./columnTypes.ts";

// Announcements, their audience and who read them (docs/decisions/0041-announcements.md,
// migration 0030). Merged into DB in schema.ts.

export interface AnnouncementsTable {
  id: string;
  companyId: string;
  title: string;
  /** Markdown, rendered safely (packages/domain/src/announcements.ts renderMarkdown). */
  body: string;
  /** The Spanish version: both or neither. */
  titleEs: string | null;
  bodyEs: string | null;
  /** 'company' | 'stores' | 'roles'; the stores and roles are in their own tables. */
  audience: string;
  pinned: Generated<boolean>;
  /** Shown until this instant; null until archived. */
  expiresAt: NullableTimestamp;
  /** When it was e-mailed to its audience (once, on creation). */
  emailedAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
  archivedAt: NullableTimestamp;
  archivedBy: string | null;
}

export interface AnnouncementStoresTable {
  companyId: string;
  announcementId: string;
  storeId: string;
}

export interface AnnouncementRolesTable {
  companyId: string;
  announcementId: string;
  role: string;
}

export interface AnnouncementReadsTable {
  companyId: string;
  announcementId: string;
  userId: string;
  readAt: DefaultTimestamp;
}

export interface AnnouncementsTables {
  announcements: AnnouncementsTable;
  announcementStores: AnnouncementStoresTable;
  announcementRoles: AnnouncementRolesTable;
  announcementReads: AnnouncementReadsTable;
}
