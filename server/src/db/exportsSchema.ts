import type { ColumnType, Generated } from "kysely";
import type { DefaultTimestamp, NullableTimestamp } from "./columnTypes.ts";

// Table types of the export jobs (migration 0048), merged into DB in schema.ts.

export type ExportJobStatus = "queued" | "running" | "ready" | "failed";

export interface ExportJobsTable {
  id: string;
  kind: "company" | "user";
  subjectId: string;
  fileName: string;
  requestedBy: string;
  status: Generated<ExportJobStatus>;
  filesDone: Generated<number>;
  filesTotal: Generated<number>;
  /** bigint: a string from PostgreSQL. */
  rows: ColumnType<string | number, number | undefined, number>;
  bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** JSON: [{ file, rows }] of a ready export. */
  files: Generated<string>;
  error: string | null;
  attempts: Generated<number>;
  /** The process that holds or last held the job (host:pid:n), until lockedUntil. */
  claimedBy: string | null;
  lockedUntil: NullableTimestamp;
  createdAt: DefaultTimestamp;
  finishedAt: NullableTimestamp;
}

export interface ExportJobChunksTable {
  exportId: string;
  seq: number;
  data: Uint8Array;
}

export interface ExportsTables {
  exportJobs: ExportJobsTable;
  exportJobChunks: ExportJobChunksTable;
}
