import type { ReturnsOf } from "@tumble/domain/functionPath";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/reportRefusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";

// The reports functions (reports:revenue, machines, collectors, cadence, bucketChoice,
// dailyEstimate) and what they return.

export const reportsApi = api.reports;

export type RevenueReport = ReturnsOf<typeof reportsApi.revenue>;
export type RevenueRow = RevenueReport["rows"][number];
export type DailyEstimate = ReturnsOf<typeof reportsApi.dailyEstimate>;
export type MachineRow = ReturnsOf<typeof reportsApi.machines>[number];
export type CollectorRow = ReturnsOf<typeof reportsApi.collectors>[number];
export type CadenceStore = ReturnsOf<typeof reportsApi.cadence>[number];
export type CadenceMachine = CadenceStore["machines"][number];

/** A report's failure for its table, in the reader's language by its refusal code ("reports.<key>"); null when none. */
export const reportFailure = (error: Error | null, fallback: string): string | null => (error ? errorText(error, fallback) : null);
