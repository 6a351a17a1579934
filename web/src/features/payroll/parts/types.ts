export type {
  AdjustmentKind,
  NotIncludedEntry,
  PayAdjustment,
  PayDay,
  PayEntry,
  PayLine,
  PayPeriodDetail,
  PayPeriodStatus,
  PayPeriodSummary,
  PayrollFile,
  PayWorkweek,
} from "@tumble/domain/payroll";
