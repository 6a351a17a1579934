export type {
  AdjustmentKind,
  NotIncludedEntry,
  PayAdjustment,
  PayDay,
  PayEntry,
  PayLine,
  PayPeriodDetail,
  PayPeriodListItem,
  PayPeriodStatus,
  PayPeriodSummary,
  PayrollFile,
  PayWorkweek,
} from "@tumble/domain/payroll";
