import http from "node:http";
import { pathToFileURL } from "node:url";
import { strToU8, zipSync } from "fflate";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import { pgliteTarget } from "./databases.ts";
import { machineInfo, writeResults } from "./results.ts";
import { HttpClient } from "./wire.ts";

// Issue 32 (docs/decisions/0061-files-read-safely.md): how long /api/health takes to answer while
// files built to be slow are sent back to back — the 48-byte OFX file that made ofx-js backtrack
// for 13.5 s, a workbook whose last cell is a million lines down, and one that unpacks to 47 MB
// from 140 KB — against the same server left quiet, in the same run (PGlite, server and client in
// one process). The goal: no request holds health up for more than 500 ms. `npx tsx
// bench/fileSafety.ts` runs it alone; `npm run bench` with BENCH_ONLY including "fileSafety".
// Writes bench/results/fileSafety-latest.json.

const SECONDS = Number(process.env.BENCH_FILE_SAFETY_SECONDS ?? 10);

const PATHOLOGICAL_OFX = `OFXHEADER:100\n<OFX><${"A".repeat(28)}`;

function workbook(sheetRows: string): string {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const zip = zipSync(
    {
      "[Content_Types].xml": xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      "_rels/.rels": xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      "xl/workbook.xml": xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      "xl/worksheets/sheet1.xml": xml(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
    },
    { level: 9 },
  );
  return Buffer.from(zip).toString("base64");
}

const cell = (ref: string, text: string) => `<c${ref ? ` r="${ref}"` : ""} t="inlineStr"><is><t>${text}</t></is></c>`;
const FAR_OUT = workbook(
  `<row r="1">${cell("A1", "name")}${cell("B1", "address")}</row><row r="1048576">${cell("A1048576", "Deep")}${cell("B1048576", "1 Deep Rd")}${cell("XFD1048576", "far")}</row>`,
);
const UNPACKS_LARGE = workbook(`<row>${cell("", "name")}</row>${`<row>${cell("", "x")}</row>`.repeat(1_000_000)}`);

interface Latencies {
  samples: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

function summary(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { samples: sorted.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: sorted[sorted.length - 1] ?? 0 };
}

/** Health answer times, asked every 20 ms until `until` settles. */
async function healthWhile(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL("/api/health", baseUrl.replace("localhost", "127.0.0.1"));
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) =>
      http
        .get(url, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve());
        })
        .on("error", reject),
    );
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  agent.destroy();
  return times;
}

export async function runFileSafety(log: (line: string) => void) {
  log("");
  log(`File safety benchmark (PGlite): /api/health while slow-to-read files arrive back to back, against quiet, ${SECONDS} s each`);
  const bench = await pgliteTarget().open();
  const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), bench.database, () => undefined);
  try {
    const admin = new HttpClient(server.url);
    const signIn = await admin.call<{ tokens: { token: string } }>("action", "auth:signIn", {
      provider: "password",
      params: { email: "admin@demo.test", password: "demo-password", flow: "signIn" },
    });
    admin.token = signIn.tokens.token;
    const { accountId } = await admin.call<{ accountId: string }>("mutation", "cashAccounts:create", {
      name: `Bench bank ${Date.now()}`,
      kind: "bank",
      idempotencyKey: `bench-file-safety-${Date.now()}`,
    });
    const calls: Record<string, number[]> = { ofx: [], farOut: [], unpacksLarge: [] };
    const timed = async (name: string, call: () => Promise<unknown>) => {
      const started = performance.now();
      await call().catch(() => undefined);
      calls[name].push(performance.now() - started);
    };
    // One round first: run from sources, the first worker bundles its code.
    await timed("farOut", () => admin.call("action", "imports:preview", { kind: "stores", fileName: "far.xlsx", content: FAR_OUT }));
    calls.farOut = [];

    const quiet = await healthWhile(server.url, new Promise((r) => setTimeout(r, SECONDS * 1000)));
    const deadline = Date.now() + SECONDS * 1000;
    const sending = (async () => {
      while (Date.now() < deadline) {
        await timed("ofx", () => admin.call("mutation", "bankLines:import", { accountId, format: "ofx", content: PATHOLOGICAL_OFX, dryRun: true }));
        await timed("farOut", () => admin.call("action", "imports:preview", { kind: "stores", fileName: "far.xlsx", content: FAR_OUT }));
        await timed("unpacksLarge", () => admin.call("action", "imports:preview", { kind: "stores", fileName: "big.xlsx", content: UNPACKS_LARGE }));
      }
    })();
    const busy = await healthWhile(server.url, sending);
    await sending;

    const result = {
      benchmark: "fileSafety",
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      seconds: SECONDS,
      files: {
        ofx: `${PATHOLOGICAL_OFX.length}-byte OFX, an unclosed 28-letter tag (bankLines:import, dry run)`,
        farOut: "XLSX whose last cell is XFD1048576 (imports:preview)",
        unpacksLarge: `XLSX of ${Math.round((UNPACKS_LARGE.length * 3) / 4 / 1024)} KB unpacking to 47 MB (imports:preview)`,
      },
      callsMs: Object.fromEntries(Object.entries(calls).map(([name, times]) => [name, summary(times)])),
      health: { quiet: summary(quiet), duringFiles: summary(busy) },
      ratio: {
        median: summary(busy).medianMs / Math.max(summary(quiet).medianMs, 0.001),
        p95: summary(busy).p95Ms / Math.max(summary(quiet).p95Ms, 0.001),
      },
      goalMaxMs: 500,
      met: summary(busy).maxMs < 500,
    };
    const f = (n: number) => n.toFixed(1);
    log(`  health quiet:        median ${f(result.health.quiet.medianMs)} ms, p95 ${f(result.health.quiet.p95Ms)} ms, max ${f(result.health.quiet.maxMs)} ms`);
    log(
      `  health during files: median ${f(result.health.duringFiles.medianMs)} ms, p95 ${f(result.health.duringFiles.p95Ms)} ms, max ${f(result.health.duringFiles.maxMs)} ms`,
    );
    log(`  ratio (during / quiet): median ${f(result.ratio.median)}×, p95 ${f(result.ratio.p95)}×; goal max under 500 ms: ${result.met ? "met" : "MISSED"}`);
    for (const [name, s] of Object.entries(result.callsMs)) log(`  ${name}: ${s.samples} calls, median ${f(s.medianMs)} ms, max ${f(s.maxMs)} ms`);
    log(`  wrote ${writeResults("fileSafety", result)}`);
    return result;
  } finally {
    await server.close();
    await bench.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runFileSafety((line) => process.stdout.write(`${line}\n`));
