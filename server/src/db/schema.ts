import type { Insertable, Selectable } from "kysely";
import type { BalanceAdminTables } from "./balanceAdminSchema.ts";
import type { AnnouncementsTables } from "./announcementsSchema.ts";
import type { ExportsTables } from "./exportsSchema.ts";
import type { CashTables } from "./cashSchema.ts";
import type { CollectionsTables } from "./collectionsSchema.ts";
import type { CompaniesTable, CompaniesTables } from "./companiesSchema.ts";
import type { CompanySettingsTables } from "./companySettingsSchema.ts";
import type { EmailTemplatesTables } from "./emailTemplatesSchema.ts";
import type { EmployeesTables } from "./employeesSchema.ts";
import type { EmploymentTables } from "./employmentSchema.ts";
import type { FoundationTables, UsersTable } from "./foundationSchema.ts";
import type { GeoZonesTables } from "./geoZonesSchema.ts";
import type { ImportsTables } from "./importsSchema.ts";
import type { MarketingTables } from "./marketingSchema.ts";
import type { OutboxTables } from "./outboxSchema.ts";
import type { PayrollTables } from "./payrollSchema.ts";
import type { SystemAdminTables } from "./systemAdminSchema.ts";
import type { PreferencesTables } from "./preferencesSchema.ts";
import type { ReconciliationTables } from "./reconciliationSchema.ts";
import type { ReportsTables } from "./reportsSchema.ts";
import type { RequestsTables } from "./requestsSchema.ts";
import type { SchedulingTables } from "./schedulingSchema.ts";
import type { StoresTables } from "./storesSchema.ts";
import type { TimeClockTables } from "./timeClockSchema.ts";

// The database as Kysely sees it: every module's tables, camelCase (CamelCasePlugin maps them to
// snake_case columns). A module keeps its table types in db/<module>Schema.ts, exporting an
// XTables interface added here with one `extends`; server/test/schema.test.ts checks the whole
// against the migrated database. Every company-owned table has companyId first in its indexes.

export interface DB
  extends
    FoundationTables,
    CompaniesTables,
    CompanySettingsTables,
    EmailTemplatesTables,
    StoresTables,
    CollectionsTables,
    CashTables,
    ReconciliationTables,
    ReportsTables,
    MarketingTables,
    EmployeesTables,
    EmploymentTables,
    TimeClockTables,
    RequestsTables,
    SchedulingTables,
    PreferencesTables,
    GeoZonesTables,
    ImportsTables,
    SystemAdminTables,
    BalanceAdminTables,
    OutboxTables,
    PayrollTables,
    AnnouncementsTables,
    ExportsTables {}

export type * from "./columnTypes.ts";
export type * from "./foundationSchema.ts";
export type * from "./companiesSchema.ts";
export type * from "./storesSchema.ts";
export type * from "./collectionsSchema.ts";
export type * from "./cashSchema.ts";
export type * from "./reconciliationSchema.ts";
export type * from "./reportsSchema.ts";
export type * from "./marketingSchema.ts";
export type * from "./employeesSchema.ts";
export type * from "./timeClockSchema.ts";
export type * from "./requestsSchema.ts";
export type * from "./schedulingSchema.ts";
export type * from "./geoZonesSchema.ts";
export type * from "./outboxSchema.ts";
export type * from "./preferencesSchema.ts";

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
