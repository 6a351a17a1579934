import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type CashAccount = ReturnsOf<typeof api.cashAccounts.list>[number];
export type CashEntry = ReturnsOf<typeof api.cashTransactions.list>[number];
export type LedgerPage = ReturnsOf<typeof api.cashAccounts.getLedger>;
export type LedgerLine = LedgerPage["lines"][number];
export type PhysicalCount = ReturnsOf<typeof api.physicalCounts.list>[number];
export type CashDashboard = ReturnsOf<typeof api.cashDashboard.get>;
