import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableTimestamp } from "./columnTypes.ts";

// Link requests: an account asking to be linked to an employee profile (issue 31, migration 0045,
// docs/decisions/0030-geo-zones.md "Linking"). Merged into DB in schema.ts.

export interface EmployeeLinkRequestsTable {
  companyId: string;
  id: string;
  /** The profile asked for (employees.id, same company). */
  employeeId: string;
  /** The account asking, proven by the profile's kiosk username and PIN. */
  userId: string;
  /** 'code' (e-mailed to the profile's address) | 'approval' (a manager's). */
  method: string;
  /** 'pending' | 'linked' | 'declined' | 'cancelled' (LinkRequestStatus). */
  status: Generated<string>;
  /** code: the address the code went to. */
  sentTo: string | null;
  /** code: argon2id of the 6-digit code (hashSecretSlow); never leaves the server. */
  codeHash: string | null;
  /** code: when the code stops working. */
  expiresAt: NullableTimestamp;
  /** code: wrong tries so far (at most LINK_CODE_TRIES). */
  attempts: Generated<number>;
  createdAt: DefaultTimestamp;
  /** When it was linked, declined or withdrawn, and by whom (the approver, decliner or requester). */
  decidedAt: NullableTimestamp;
  decidedBy: string | null;
  /** A decline's reason, told to the requester. */
  reason: string | null;
}

export interface EmploymentTables {
  employeeLinkRequests: EmployeeLinkRequestsTable;
}
