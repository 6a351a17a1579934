import { parseCsvStatement, type BankMapping, type ParsedStatement, type RowError, type StatementLine } from "@tumble/domain/bankStatement";
import { parseImportFile, type ImportFileOptions, type ParsedFile } from "./importFile.ts";
import { parseOfxStatement } from "./ofx.ts";

// What may be asked of a file reader: each job names its parser and carries the file's text. The
// same functions run on the main thread (a small text file) and in a worker (worker.ts), which
// loads only these parsers: a worker starts in a fraction of a second.

export interface ReadJobs {
  /** An import file (CSV text, or XLSX as base64) as header and lines. */
  importFile: { args: { content: string } & ImportFileOptions; result: ParsedFile };
  /** A bank statement in OFX/QFX. */
  ofxStatement: { args: { content: string }; result: { lines: StatementLine[]; errors: RowError[] } };
  /** A bank statement in CSV with its column mapping. */
  csvStatement: { args: { content: string; mapping: BankMapping }; result: ParsedStatement };
}

export type ReadKind = keyof ReadJobs;
export type ReadJob = { [K in ReadKind]: { kind: K } & ReadJobs[K]["args"] }[ReadKind];

export async function runReadJob<K extends ReadKind>(job: { kind: K } & ReadJobs[K]["args"]): Promise<ReadJobs[K]["result"]> {
  const j = job as ReadJob;
  switch (j.kind) {
    case "importFile":
      return (await parseImportFile(j.content, j)) as ReadJobs[K]["result"];
    case "ofxStatement":
      return parseOfxStatement(j.content) as ReadJobs[K]["result"];
    case "csvStatement":
      return parseCsvStatement(j.content, j.mapping) as ReadJobs[K]["result"];
  }
}
