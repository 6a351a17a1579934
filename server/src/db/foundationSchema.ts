import type { Generated } from "kysely";
import type { Timestamp, DefaultTimestamp, NullableTimestamp, Json } from "./columnTypes.ts";

// Platform tables: accounts, sessions and tokens, the audit log, the outbox, rate limits and server secrets. Merged into DB in schema.ts.

export interface UsersTable {
  id: string;
  email: string | null;
  name: string | null;
  passwordHash: string | null;
  username: string | null;
  pinHash: string | null;
  globalRole: string | null;
  language: string | null;
  activeCompanyId: string | null;
  isAnonymous: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: DefaultTimestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface RefreshTokensTable {
  tokenHash: string;
  sessionId: string;
  createdAt: DefaultTimestamp;
  usedAt: NullableTimestamp;
  /** The branch of the session this token continues; null for a session's first token. */
  branchId: string | null;
  /** Set once used: the branch its successor started. */
  nextBranchId: string | null;
}

export interface PasswordResetCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface AuditLogTable {
  id: string;
  companyId: string | null;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  at: DefaultTimestamp;
}

export interface RateLimitsTable {
  key: string;
  windowStart: Timestamp;
  count: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A data upgrade that has run (db/upgrades.ts). */
export interface DataUpgradesTable {
  name: string;
  ranAt: DefaultTimestamp;
}

export interface FoundationTables {
  users: UsersTable;
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  passwordResetCodes: PasswordResetCodesTable;
  auditLog: AuditLogTable;
  rateLimits: RateLimitsTable;
  serverSecrets: ServerSecretsTable;
  dataUpgrades: DataUpgradesTable;
}
