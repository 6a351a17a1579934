import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type BankList = ReturnsOf<typeof api.bankLines.list>;
export type BankLine = BankList["lines"][number];
export type BankDeposit = BankList["unmatchedDeposits"][number];
export type TraceResult = ReturnsOf<typeof api.reconciliation.trace>;
