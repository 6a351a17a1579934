import type { ReturnsOf } from "@tumble/domain/functionPath";
// Imported for its refusal table, which errorText reads by code ("economicsReports.<key>").
import "@tumble/domain/economics";
import { api } from "../../../../lib/api";

// The store economics reads (economicsReports:storePnl, entries, machines) and what they return.

export const economicsApi = api.economicsReports;

export type PnlReport = ReturnsOf<typeof economicsApi.storePnl>;
export type Pnl = PnlReport["current"];
export type FigureEntry = ReturnsOf<typeof economicsApi.entries>["entries"][number];
export type MachineEconomicsRow = ReturnsOf<typeof economicsApi.machines>["machines"][number];
