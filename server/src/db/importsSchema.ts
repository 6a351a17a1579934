import type { ColumnType, Generated } from "kysely";
import type { DefaultTimestamp, Json, NullableTimestamp } from "./columnTypes.ts";

// Spreadsheet imports (migration 0029, docs/decisions/0040-imports.md). Merged into DB in schema.ts.

export interface StoredImportError {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

export interface ImportsTable {
  id: string;
  companyId: string;
  kind: string;
  fileName: string;
  /** 'queued' | 'running' | 'completed' | 'failed'. */
  status: Generated<string>;
  dryRun: boolean;
  allOrNothing: boolean;
  mapping: Json<Record<string, string>>;
  /** The file (CSV text or XLSX base64) until the import finishes. */
  content: string | null;
  totalRows: Generated<number>;
  processedRows: Generated<number>;
  createdCount: Generated<number>;
  updatedCount: Generated<number>;
  unchangedCount: Generated<number>;
  failedCount: Generated<number>;
  errors: ColumnType<StoredImportError[], string | undefined, string>;
  failureReason: string | null;
  createdBy: string;
  createdAt: DefaultTimestamp;
  finishedAt: NullableTimestamp;
  /** Stored by the process running it (migration 0048): its phase, done of total, and when it last said so. */
  progressPhase: "reading" | "validating" | "writing" | null;
  progressDone: Generated<number>;
  progressTotal: Generated<number>;
  heartbeatAt: NullableTimestamp;
}

export interface ImportMappingsTable {
  companyId: string;
  kind: string;
  mapping: Json<Record<string, string>>;
  updatedAt: DefaultTimestamp;
}

export interface ImportUploadsTable {
  companyId: string;
  uploadId: string;
  part: number;
  content: string;
  createdBy: string;
  createdAt: DefaultTimestamp;
}

export interface ImportsTables {
  imports: ImportsTable;
  importMappings: ImportMappingsTable;
  importUploads: ImportUploadsTable;
}
