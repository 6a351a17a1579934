import type { DefaultTimestamp, NullableTimestamp } from "./columnTypes.ts";

// System administration's tables (migration 0026): company suspensions and disabled accounts. Merged into DB in schema.ts.

export interface CompanySuspensionsTable {
  id: string;
  companyId: string;
  reason: string | null;
  suspendedBy: string | null;
  suspendedAt: DefaultTimestamp;
  reactivatedBy: string | null;
  reactivatedAt: NullableTimestamp;
}

export interface UserDisablementsTable {
  userId: string;
  reason: string | null;
  disabledBy: string | null;
  disabledAt: DefaultTimestamp;
}

export interface SystemAdminTables {
  companySuspensions: CompanySuspensionsTable;
  userDisablements: UserDisablementsTable;
}
