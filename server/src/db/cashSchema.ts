import type { DefaultTimestamp, NullableTimestamp } from "./columnTypes.ts";

// The cash ledger: accounts and their transactions. Merged into DB in schema.ts.

export interface CashAccountsTable {
  id: string;
  companyId: string;
  storeId: string | null;
  kind: string;
  name: string;
  createdAt: DefaultTimestamp;
}

export interface CashTransactionsTable {
  id: string;
  companyId: string;
  accountId: string;
  kind: string;
  amountCents: number;
  status: string;
  collectionId: string | null;
  description: string | null;
  requestedBy: string | null;
  approvedBy: string | null;
  createdAt: DefaultTimestamp;
  approvedAt: NullableTimestamp;
}

export interface CashTables {
  cashAccounts: CashAccountsTable;
  cashTransactions: CashTransactionsTable;
}
