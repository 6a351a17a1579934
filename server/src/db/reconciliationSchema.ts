import type { Cents, DefaultTimestamp, Json, NullableTimestamp } from "./columnTypes.ts";

// Reconciliation (docs/decisions/0025-reconciliation.md): closed periods, bank statement lines,
// their matches to deposits, and the CSV mapping per bank account. Merged into DB in schema.ts.

export interface ReconciliationsTable {
  id: string;
  companyId: string;
  storeId: string;
  /** The account reconciled: the store's safe. */
  accountId: string;
  fromDate: string;
  toDate: string;
  status: string;
  countId: string;
  openingCents: Cents;
  expectedCents: Cents;
  /** What the closing count found… */
  countedCents: Cents;
  /** …less the lines dated after the period it already held: the counted closing the next period opens with. */
  countedClosingCents: Cents;
  varianceCents: Cents;
  /** The figures as they were at closing, with their entry ids. */
  figures: Json<unknown>;
  note: string | null;
  closedBy: string;
  closedAt: DefaultTimestamp;
  reopenedBy: string | null;
  reopenedAt: NullableTimestamp;
  reopenReason: string | null;
}

export interface BankLinesTable {
  id: string;
  companyId: string;
  accountId: string;
  date: string;
  description: string;
  /** A credit (money in) is positive. */
  amountCents: Cents;
  reference: string | null;
  fingerprint: string;
  source: string;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
  /** The deposit_clearing entry that moved this line's amount from deposits in transit to the bank, while matched. */
  clearingId: string | null;
  /** The deposit_difference entry that posted its match group's difference to cash over/short. */
  settlementId: string | null;
  /** The bank_entry booked from this line (a fee, interest); it stands while pending or approved and not reversed. */
  bookingId: string | null;
}

export interface BankUploadsTable {
  companyId: string;
  uploadId: string;
  part: number;
  content: string;
  createdBy: string;
  createdAt: DefaultTimestamp;
}

export interface BankLineMatchesTable {
  companyId: string;
  bankLineId: string;
  transactionId: string;
  automatic: boolean;
  matchedBy: string | null;
  matchedAt: DefaultTimestamp;
}

export interface BankMappingsTable {
  companyId: string;
  accountId: string;
  mapping: Json<unknown>;
  updatedAt: DefaultTimestamp;
}

export interface ReconciliationTables {
  reconciliations: ReconciliationsTable;
  bankLines: BankLinesTable;
  bankLineMatches: BankLineMatchesTable;
  bankMappings: BankMappingsTable;
  bankUploads: BankUploadsTable;
}
