import { makeApi, type ReturnsOf } from "@tumble/domain/functionPath";
import type * as reportsModule from "@tumble/server/functions/reports";
import type { ApiFromModules } from "@tumble/server/runtime/apiTypes";

// Typed handles on the reports functions (reports:revenue, machines, collectors, cadence), built
// from the server module itself like the generated Api type is.

export const reportsApi = (makeApi() as ApiFromModules<{ reports: typeof reportsModule }>).reports;

export type RevenueReport = ReturnsOf<typeof reportsApi.revenue>;
export type RevenueRow = RevenueReport["rows"][number];
export type MachineRow = ReturnsOf<typeof reportsApi.machines>[number];
export type CollectorRow = ReturnsOf<typeof reportsApi.collectors>[number];
export type CadenceStore = ReturnsOf<typeof reportsApi.cadence>[number];
export type CadenceMachine = CadenceStore["machines"][number];
