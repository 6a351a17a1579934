import type { Cents } from "./columnTypes.ts";

// Reports (docs/decisions/0027): verified revenue per machine and business date, kept by
// triggers on collections and collection_lines (migration 0018). Merged into DB in schema.ts.

export interface RevenueDaysTable {
  companyId: string;
  businessDate: string;
  storeId: string;
  machineId: string;
  coinsCents: Cents;
  billsCents: Cents;
}

export interface ReportsTables {
  revenueDays: RevenueDaysTable;
}
