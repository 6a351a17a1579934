import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";

// The reports functions (reports:revenue, machines, collectors, cadence) and what they return.

export const reportsApi = api.reports;

export type RevenueReport = ReturnsOf<typeof reportsApi.revenue>;
export type RevenueRow = RevenueReport["rows"][number];
export type MachineRow = ReturnsOf<typeof reportsApi.machines>[number];
export type CollectorRow = ReturnsOf<typeof reportsApi.collectors>[number];
export type CadenceStore = ReturnsOf<typeof reportsApi.cadence>[number];
export type CadenceMachine = CadenceStore["machines"][number];
