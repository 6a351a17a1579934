import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableCents, NullableTimestamp } from "./columnTypes.ts";

// Collections and their lines (one per machine). Merged into DB in schema.ts.

export interface CollectionsTable {
  id: string;
  companyId: string;
  storeId: string;
  businessDate: string;
  collectorId: string;
  status: string;
  totalCents: Generated<number>;
  lineCount: Generated<number>;
  adjustsCollectionId: string | null;
  rejectionReason: string | null;
  adjustmentReason: Generated<string | null>;
  /** Why a collection repeating machines of another the same day was verified anyway. */
  duplicateReason: Generated<string | null>;
  /** The first of two verifiers of a second collection above the company's amount, until the second verifies. */
  duplicateApprovedBy: Generated<string | null>;
  duplicateApprovedAt: Generated<Date | null>;
  submittedAt: NullableTimestamp;
  verifiedAt: NullableTimestamp;
  verifiedBy: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface CollectionLinesTable {
  id: string;
  companyId: string;
  collectionId: string;
  machineId: string;
  coinsCents: number;
  billsCents: number;
  meterReading: number | null;
  note: string | null;
  /** The expected figure shown at verification (migration 0019); null without history or for changers. */
  expectedCents: NullableCents;
}

export interface CollectionsTables {
  collections: CollectionsTable;
  collectionLines: CollectionLinesTable;
}
