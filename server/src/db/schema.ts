import type { Insertable, Selectable } from "kysely";
import type { CompaniesTable } from "./companiesSchema.ts";
import type { UsersTable } from "./foundationSchema.ts";

// The database as Kysely sees it: every module's tables, camelCase (CamelCasePlugin maps them to
// snake_case columns). A module keeps its table types in db/<module>Schema.ts, exporting one
// <Module>Tables interface; `npm run codegen` merges them all into DB (tables.generated.ts), so a
// new module edits no list here. server/test/schema.test.ts checks the whole against the migrated
// database. Every company-owned table has companyId first in its indexes.

export type { DB } from "./tables.generated.ts";

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
export type * from "./notificationsSchema.ts";

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
