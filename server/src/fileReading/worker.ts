import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../runtime/errors.ts";
import { runReadJob, type ReadJob } from "./readers.ts";

// A file reader's thread (server/src/fileReading/reader.ts starts one per file): reads the one
// file it was given and answers with what it read, or with the refusal a user should see.
// Anything else (a bug, a file no parser expected) answers with no message; the main thread
// words it.

export interface ReadAnswer {
  ok: boolean;
  value?: unknown;
  refusal?: string | null;
  /** The refusal's code and values (errorData), when it has them. */
  data?: unknown;
}

let answer: ReadAnswer;
try {
  answer = { ok: true, value: await runReadJob(workerData as ReadJob) };
} catch (error) {
  answer = error instanceof AppError ? { ok: false, refusal: error.message, data: error.data } : { ok: false, refusal: null };
}
parentPort!.postMessage(answer);
