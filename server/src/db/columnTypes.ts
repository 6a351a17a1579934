import type { ColumnType } from "kysely";

// Column types shared by every module's table types. This file imports no schema file, so the
// schema files never import each other in a cycle.

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
export type Json<T> = ColumnType<T, string, string>;
/** bigint columns come back as strings from PostgreSQL; the code converts with Number(). */
export type Cents = ColumnType<string | number, number, number>;
export type NullableCents = ColumnType<string | number | null, number | null, number | null>;
