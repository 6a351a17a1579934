import type { Generated } from "kysely";
import type { DefaultTimestamp, Json, NullableTimestamp } from "./columnTypes.ts";

// The notification centre (issue 34, migration 0051). Merged into DB by codegen.

/** A notice to one person about a decision that concerns them. */
export interface NotificationsTable {
  /** The company the decision was made in. */
  companyId: string;
  id: string;
  userId: string;
  /** A stable code (server/src/notifications/kinds.ts); the text is written from it and `params` by the reader's language. */
  kind: string;
  params: Json<Record<string, unknown>>;
  /** The app route the notice opens ("/user/my-requests"), or null. */
  link: string | null;
  createdAt: DefaultTimestamp;
  readAt: NullableTimestamp;
}

/** Whether a person wants their notices e-mailed; no row: yes. */
export interface NotificationPreferencesTable {
  userId: string;
  email: Generated<boolean>;
  updatedAt: DefaultTimestamp;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
}
