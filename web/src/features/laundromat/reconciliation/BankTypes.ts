import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type BankList = ReturnsOf<typeof api.bankLines.list>;
export type BankLine = BankList["lines"][number];
export type BankDeposit = BankList["unmatchedDeposits"][number];
/** A line of bankLines:listPage: the line with the deposits matched to it. */
export type BankPagedLine = ReturnsOf<typeof api.bankLines.listPage>["rows"][number];
export type TraceResult = ReturnsOf<typeof api.reconciliation.trace>;
