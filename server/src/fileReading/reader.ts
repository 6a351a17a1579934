import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { fileRefusal } from "@tumble/domain/fileRefusals";
import { AppError, refused } from "../runtime/errors.ts";
import { runReadJob, type ReadJobs, type ReadKind } from "./readers.ts";
import type { ReadAnswer } from "./worker.ts";

// Files people send (import files, bank statements) are read off the main thread, so no file —
// however large, malformed or built to be slow — holds up other requests
// (docs/decisions/0061-files-read-safely.md). A small text file is read in place: its parsers
// (Papa Parse, the OFX reader) take time in proportion to its length, a few milliseconds. Any
// workbook, and any larger file, is read in a worker thread of its own with a time limit and a
// memory limit; a worker over either is stopped and the caller gets a refusal saying why. At most
// `concurrent` workers run at once, a few more files wait their turn, and beyond that a file is
// refused until the server has caught up.

export const READING_LIMITS = {
  /** A CSV or OFX text up to this many characters is read on the main thread. */
  inThreadChars: 256 * 1024,
  /** How long a worker may take, per kind of file. */
  timeMs: { importFile: 60_000, ofxStatement: 20_000, csvStatement: 20_000 } as Record<ReadKind, number>,
  /** A worker's heap (V8's old generation). A workbook is held whole while it is read (parse.ts bounds what it may unpack to). */
  memoryMb: 1024,
  /** Workers reading at once. */
  concurrent: 2,
  /** Files waiting for a worker; one more is refused. */
  waiting: 8,
};

/** Reads the file as the job says, in place when that is cheap, else in a worker within the limits. */
export async function readFile<K extends ReadKind>(job: { kind: K } & ReadJobs[K]["args"]): Promise<ReadJobs[K]["result"]> {
  const workbook = job.kind === "importFile" && (job as ReadJobs["importFile"]["args"]).xlsx;
  if (!workbook && job.content.length <= READING_LIMITS.inThreadChars) return runReadJob(job);
  return (await inWorker(job, workbook)) as ReadJobs[K]["result"];
}

// ---- workers ----

let running = 0;
const waiting: Array<() => void> = [];

/** Waits for a free worker place; the function returned gives it up (to the next file waiting, if any). */
async function place(): Promise<() => void> {
  if (running < READING_LIMITS.concurrent) running++;
  else {
    if (waiting.length >= READING_LIMITS.waiting) throw refused(fileRefusal("busy"));
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

async function inWorker(job: { kind: ReadKind; content: string }, workbook: boolean): Promise<unknown> {
  const file = await workerFile();
  const release = await place();
  const { memoryMb } = READING_LIMITS;
  const timeMs = READING_LIMITS.timeMs[job.kind];
  let worker: Worker;
  try {
    worker = new Worker(file, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  } catch (error) {
    release();
    throw error;
  }
  // The place is free again only once the thread has ended and its memory is given back.
  worker.once("exit", release);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const seconds = Math.max(1, Math.round(timeMs / 1000));
    const timer = setTimeout(() => settle(() => reject(refused(fileRefusal(workbook ? "workbookTooLong" : "tooLong", { seconds })))), timeMs);
    worker.on("message", (answer: ReadAnswer) =>
      settle(() =>
        answer.ok ? resolve(answer.value) : reject(answer.refusal ? new AppError(answer.refusal, answer.data) : refused(fileRefusal("unreadable"))),
      ),
    );
    worker.on("error", (error: NodeJS.ErrnoException) =>
      settle(() => {
        if (error.code !== "ERR_WORKER_OUT_OF_MEMORY") return reject(refused(fileRefusal("unreadable")));
        reject(refused(fileRefusal(workbook ? "workbookTooLarge" : "tooLarge", { megabytes: memoryMb })));
      }),
    );
    worker.on("exit", () => settle(() => reject(refused(fileRefusal("unreadable")))));
  });
}

// ---- the worker's file ----

const HERE = path.dirname(fileURLToPath(import.meta.url));
let located: Promise<string> | null = null;

/**
 * The compiled server (`npm run build`, `npm run serve`) has worker.js beside this file. Run from
 * TypeScript sources (tests, `npm run dev`), a worker thread has no TypeScript loader of its own
 * (tsx's takes about a second to start in each thread), so the worker and the modules it imports
 * are bundled once per process with esbuild, a development dependency, into one JavaScript file
 * under the repository's .tmp/ (git-ignored), where the packages left out of it are found in
 * node_modules.
 */
function workerFile(): Promise<string> {
  located ??= (async () => {
    const compiled = path.join(HERE, "worker.js");
    if (fs.existsSync(compiled)) return compiled;
    return bundleFromSources(path.join(HERE, "worker.ts"));
  })().catch((error: unknown) => {
    located = null;
    throw error;
  });
  return located;
}

async function bundleFromSources(entry: string): Promise<string> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "packages-from-node-modules",
        setup(build) {
          // The workspace's own packages are TypeScript and go in; every other package stays out.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@tumble/") ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const code = result.outputFiles[0].contents;
  const dir = path.resolve(HERE, "../../../.tmp");
  const file = path.join(dir, `file-reader-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Written aside and renamed: processes bundling the same sources at once never see half a file.
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, code);
    fs.renameSync(aside, file);
  }
  return file;
}
