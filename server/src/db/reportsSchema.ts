import type { Cents } from "./columnTypes.ts";

// Reports (docs/decisions/0027, 0031): verified revenue per machine and business date, kept by
// triggers on collections and collection_lines (migration 0018), and the same summed per Monday
// week and calendar month, kept by triggers on revenue_days (migration 0019). Merged into DB in
// schema.ts.

interface RevenueRollup {
  companyId: string;
  storeId: string;
  machineId: string;
  coinsCents: Cents;
  billsCents: Cents;
}

export interface RevenueDaysTable extends RevenueRollup {
  businessDate: string;
}

export interface RevenueWeeksTable extends RevenueRollup {
  weekStart: string;
}

export interface RevenueMonthsTable extends RevenueRollup {
  monthStart: string;
}

export interface CollectorDaysTable {
  companyId: string;
  businessDate: string;
  storeId: string;
  collectorId: string;
  collectedCents: Cents;
  expectedCents: Cents;
  againstExpectedCents: Cents;
  expectedLines: number;
  lowLines: number;
}

export interface ReportsTables {
  revenueDays: RevenueDaysTable;
  revenueWeeks: RevenueWeeksTable;
  revenueMonths: RevenueMonthsTable;
  collectorDays: CollectorDaysTable;
}
