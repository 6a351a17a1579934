import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { MarketingTables } from "./marketingSchema.ts";

// Table types, camelCase (CamelCasePlugin maps them to snake_case columns).
// Every company-owned table has companyId first in its indexes.

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
export type Json<T> = ColumnType<T, string, string>;

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
}

export interface CompaniesTable {
  id: string;
  name: string;
  displayName: string | null;
  companyCode: string;
  description: string | null;
  industry: string | null;
  size: string | null;
  emailDomain: string | null;
  allowJoinRequests: Generated<boolean>;
  requireApproval: Generated<boolean>;
  defaultLanguage: Generated<string>;
  isActive: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface MembershipsTable {
  id: string;
  companyId: string;
  userId: string;
  role: string;
  joinedAt: DefaultTimestamp;
}

export interface JoinRequestsTable {
  id: string;
  companyId: string;
  userId: string;
  status: string;
  message: string | null;
  requestedAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  decidedBy: string | null;
  decisionReason: Generated<string | null>;
}

export interface StoresTable {
  id: string;
  companyId: string;
  name: string;
  address: string;
  phone: string | null;
  timeZone: Generated<string>;
  hours: string | null;
  isActive: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface StoreSectionsTable {
  id: string;
  companyId: string;
  storeId: string;
  name: string;
  position: number;
}

export interface EquipmentTypesTable {
  id: string;
  companyId: string;
  name: string;
  category: string;
  acceptsCoins: Generated<boolean>;
  acceptsBills: Generated<boolean>;
  specialCase: string | null;
  colorHex: string | null;
  iconType: string | null;
}

export interface MachinesTable {
  id: string;
  companyId: string;
  storeId: string;
  sectionId: string;
  equipmentTypeId: string;
  label: string;
  coinBoxCapacityCents: number | null;
  position: number;
  isActive: Generated<boolean>;
}

export interface CollectionsTable {
  id: string;
  companyId: string;
  storeId: string;
  businessDate: string;
  collectorId: string;
  status: string;
  totalCents: Generated<number>;
  lineCount: Generated<number>;
  adjustsCollectionId: string | null;
  rejectionReason: string | null;
  adjustmentReason: Generated<string | null>;
  submittedAt: NullableTimestamp;
  verifiedAt: NullableTimestamp;
  verifiedBy: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface CollectionLinesTable {
  id: string;
  companyId: string;
  collectionId: string;
  machineId: string;
  coinsCents: number;
  billsCents: number;
  meterReading: number | null;
  note: string | null;
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

export interface OutboxTable {
  id: string;
  companyId: string | null;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: DefaultTimestamp;
  sentAt: NullableTimestamp;
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

export interface PasswordResetCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface UserPreferencesTable {
  userId: string;
  preferences: Json<unknown>;
  updatedAt: DefaultTimestamp;
}

export interface CompanyUsernamesTable {
  companyId: string;
  usernameLower: string;
  username: string;
  userId: string;
}

export interface ThemesTable {
  id: string;
  name: string;
  description: string | null;
  config: Json<unknown>;
  isDefault: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface UserThemePreferencesTable {
  userId: string;
  themeId: string;
  updatedAt: DefaultTimestamp;
}

export interface CashAccountsTable {
  id: string;
  companyId: string;
  storeId: string | null;
  kind: string;
  name: string;
  createdAt: DefaultTimestamp;
}

export interface CashTransactionsTable {
  id: string;
  companyId: string;
  accountId: string;
  kind: string;
  amountCents: number;
  status: string;
  collectionId: string | null;
  description: string | null;
  requestedBy: string | null;
  approvedBy: string | null;
  createdAt: DefaultTimestamp;
  approvedAt: NullableTimestamp;
}

export interface DB extends MarketingTables {
  cashAccounts: CashAccountsTable;
  cashTransactions: CashTransactionsTable;
  themes: ThemesTable;
  userThemePreferences: UserThemePreferencesTable;
  companyUsernames: CompanyUsernamesTable;
  userPreferences: UserPreferencesTable;
  users: UsersTable;
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  companies: CompaniesTable;
  memberships: MembershipsTable;
  joinRequests: JoinRequestsTable;
  stores: StoresTable;
  storeSections: StoreSectionsTable;
  equipmentTypes: EquipmentTypesTable;
  machines: MachinesTable;
  collections: CollectionsTable;
  collectionLines: CollectionLinesTable;
  auditLog: AuditLogTable;
  outbox: OutboxTable;
  rateLimits: RateLimitsTable;
  serverSecrets: ServerSecretsTable;
  passwordResetCodes: PasswordResetCodesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
