import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type PeriodFigures = ReturnsOf<typeof api.reconciliation.get>;
export type ClosedPeriod = ReturnsOf<typeof api.reconciliation.list>[number];
export type ChangerBalance = ReturnsOf<typeof api.reconciliation.changerBalance>;
export type Changer = ChangerBalance["changers"][number];
export type LedgerEntry = ReturnsOf<typeof api.cashTransactions.list>[number];
export type SafeCount = ReturnsOf<typeof api.physicalCounts.list>[number];
