import type { Generated } from "kysely";
import type { Cents, DefaultTimestamp, Json, NullableCents, NullableTimestamp } from "./columnTypes.ts";

// The cash ledger (docs/decisions/0023-cash-ledger.md): accounts, journal entries
// (cash_transactions) and their lines (cash_entries), physical counts and the company's cash
// settings. Merged into DB in schema.ts.

export interface CashAccountsTable {
  id: string;
  companyId: string;
  storeId: string | null;
  /** A cash kind (safe, change_fund, petty_cash, bank, other) or a counterpart kind (collections_income, ...). */
  kind: string;
  name: string;
  /** Expense accounts only: the category. */
  category: string | null;
  archivedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  /** An administrator let this account go below zero; others refuse cash out they cannot cover. */
  allowNegative: Generated<boolean>;
}

/** A journal entry: what moved, why, and who asked and decided. Its lines are cash_entries. */
export interface CashTransactionsTable {
  id: string;
  companyId: string;
  kind: string;
  /** The amount moved (never negative); the lines say which way. */
  amountCents: Cents;
  status: string;
  storeId: string | null;
  businessDate: string;
  collectionId: string | null;
  description: string | null;
  category: string | null;
  payee: string | null;
  bagNumber: string | null;
  slipNumber: string | null;
  reversesId: string | null;
  countId: string | null;
  requestedBy: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  createdAt: DefaultTimestamp;
  decidedAt: NullableTimestamp;
}

/** One line of an entry. seq, balanceAfterCents and postedAt are set when the entry is approved. */
export interface CashEntriesTable {
  id: string;
  companyId: string;
  transactionId: string;
  accountId: string;
  amountCents: Cents;
  storeId: string | null;
  businessDate: string;
  seq: NullableCents;
  balanceAfterCents: NullableCents;
  postedAt: NullableTimestamp;
}

export interface PhysicalCountsTable {
  id: string;
  companyId: string;
  accountId: string;
  status: string;
  blind: boolean;
  expectedCents: Cents;
  countedCents: NullableCents;
  varianceCents: NullableCents;
  /** Pieces counted by denomination code (DENOMINATIONS in @tumble/domain/cashLedger). */
  denominations: Json<unknown> | null;
  reason: string | null;
  note: string | null;
  countedBy: string;
  startedAt: DefaultTimestamp;
  submittedAt: NullableTimestamp;
  reviewedBy: string | null;
  reviewedAt: NullableTimestamp;
  reviewNote: string | null;
  transactionId: string | null;
}

export interface CashSettingsTable {
  companyId: string;
  requireApproval: Generated<boolean>;
  blindCounts: Generated<boolean>;
  varianceThresholdCents: Generated<string | number>;
  /** A second collection of a machine on one date above this needs a second verifier; null: never. */
  duplicateApprovalCents: Generated<string | number | null>;
  updatedAt: DefaultTimestamp;
}

export interface CashTables {
  cashAccounts: CashAccountsTable;
  cashTransactions: CashTransactionsTable;
  cashEntries: CashEntriesTable;
  physicalCounts: PhysicalCountsTable;
  cashSettings: CashSettingsTable;
}
