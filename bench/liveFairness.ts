import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import WebSocket from "ws";
import { addDays } from "@tumble/domain/datePresets";
import { openPGlite } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import { seedDemoIfEmpty } from "../server/src/seed/demo.ts";
import { postgresTarget } from "./databases.ts";
import { summarize, type Stats } from "./measure.ts";
import { machineInfo, writeResults } from "./results.ts";
import { HttpClient } from "./wire.ts";

// Issue 32 (docs/decisions/0059-fair-live-queries.md): another company's median call time while
// one member holds 4,000 live queries (20 sockets × 200, from two addresses: within the caps) and
// saves a draft once a second, and while 6,000 anonymous live queries of a public campaign page
// (60 from each of 100 addresses) watch that campaign take a claim once a second — against the
// same server left quiet, in the same run. Goal: under 2× the quiet median in both. The server
// runs in a process of its own (bench/liveFairnessServer.ts); the victim is Suds Express's owner
// calling stores:listAll over HTTP every 50 ms. `npx tsx bench/liveFairness.ts` runs it alone
// (PGlite, and PostgreSQL when one answers); `npm run bench` with BENCH_ONLY including
// "liveFairness". BENCH_LIVE_FAIRNESS_SECONDS sets each phase's length (default 15);
// BENCH_LIVE_FAIRNESS_DATABASES (pglite,postgres) and BENCH_LIVE_FAIRNESS_PHASES (member,anonymous)
// choose what runs.
// Writes bench/results/liveFairness-latest.json.

const SECONDS = Number(process.env.BENCH_LIVE_FAIRNESS_SECONDS ?? 15);
const SERVER = fileURLToPath(new URL("./liveFairnessServer.ts", import.meta.url));
const GOAL_RATIO = 2;
/** BENCH_LIVE_FAIRNESS_PHASES: which loads to measure (default both). */
const PHASES = (process.env.BENCH_LIVE_FAIRNESS_PHASES ?? "member,anonymous").split(",");
// The demo seed's running Rio campaign (server/src/seed/demo/50_marketing.ts).
const DEMO_CAMPAIGN_FRIENDLY_ID = "rio-fall-wash-credit";
const PER_SOCKET = 200;
/** Calls (and so new subscriptions) of one public function per address per minute (executor.ts). */
const PUBLIC_PER_ADDRESS = 60;

interface ServerStats {
  cpu: NodeJS.CpuUsage;
  executions: number;
  byCompany: Record<string, number>;
  entries: number;
  waiting: number;
}

interface ServerHandle {
  url: string;
  stats(): Promise<ServerStats>;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function request<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: T & { type: string }) => {
      if (m.type !== type) return;
      child.off("message", onMessage);
      resolve(m);
    };
    child.on("message", onMessage);
    child.send({ type });
  });
}

function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const child = fork(SERVER, [], {
    execArgv: ["--import", "tsx"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`live-fairness server exited with ${code}`)));
    child.once("message", (m: { type: string; url: string }) => {
      if (m.type !== "ready") return reject(new Error(`unexpected message ${m.type}`));
      resolve({
        url: m.url.replace("localhost", "127.0.0.1"),
        stats: () => request<ServerStats>(child, "stats"),
        idle: () => request<unknown>(child, "idle").then(() => undefined),
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
  });
}

/** One socket from `localAddress` holding `subscriptions`; resolves `ready` once each has its first result. */
class Flood {
  private readonly ws: WebSocket;
  private readonly first = new Set<number>();
  failures: string[] = [];
  pushes = 0;
  readonly ready: Promise<void>;

  constructor(url: string, token: string | null, localAddress: string, subscriptions: Array<{ udfPath: string; args: unknown }>) {
    this.ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/sync`, { localAddress });
    this.ready = new Promise((resolve, reject) => {
      this.ws.once("error", reject);
      this.ws.once("close", (code) => (this.first.size < subscriptions.length ? reject(new Error(`socket closed (${code}) before its results`)) : undefined));
      this.ws.on("message", (data) => {
        const message = JSON.parse(data.toString()) as { type: string; modifications?: Array<{ type: string; queryId: number; errorMessage?: string }> };
        if (message.type !== "Transition") return;
        for (const mod of message.modifications ?? []) {
          if (mod.type === "QueryFailed") this.failures.push(mod.errorMessage ?? "failed");
          if (this.first.has(mod.queryId)) this.pushes++;
          else this.first.add(mod.queryId);
        }
        if (this.first.size === subscriptions.length) resolve();
      });
      this.ws.once("open", () => {
        this.ws.send(JSON.stringify({ type: "Authenticate", token }));
        this.ws.send(JSON.stringify({ type: "ModifyQuerySet", modifications: subscriptions.map((s, i) => ({ type: "Add", queryId: i + 1, ...s })) }));
      });
    });
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.ws.once("close", () => resolve()));
    this.ws.close();
    await closed;
  }
}

/** Opens `count` subscriptions over sockets of `perSocket`, `perAddress` per loopback address. */
async function flood(
  url: string,
  token: string | null,
  count: number,
  perSocket: number,
  perAddress: number,
  addressBase: string,
  subscription: (i: number) => { udfPath: string; args: unknown },
) {
  const sockets: Flood[] = [];
  for (let start = 0; start < count; start += perSocket) {
    const address = `${addressBase}.${1 + Math.floor(start / perAddress)}`;
    const subs = Array.from({ length: Math.min(perSocket, count - start) }, (_, k) => subscription(start + k));
    sockets.push(new Flood(url, token, address, subs));
  }
  const started = performance.now();
  await Promise.all(sockets.map((s) => s.ready));
  const failures = sockets.flatMap((s) => s.failures);
  if (failures.length) throw new Error(`${failures.length} subscriptions failed, e.g. ${failures[0]}`);
  return { sockets, subscribedInMs: performance.now() - started, close: () => Promise.all(sockets.map((s) => s.close())) };
}

/** The victim's call times: stores:listAll every 50 ms for `seconds`. */
async function victimFor(client: HttpClient, seconds: number): Promise<{ times: number[]; errors: number }> {
  const deadline = Date.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      await client.call("query", "stores:listAll");
      times.push(performance.now() - started);
    } catch {
      errors++;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { times, errors };
}

/** Runs `write` once a second until `until` settles; counts the writes and their failures. */
async function everySecond(until: Promise<unknown>, write: (i: number) => Promise<unknown>): Promise<{ writes: number; failed: number; medianMs: number }> {
  let done = false;
  void until.finally(() => (done = true));
  let writes = 0;
  let failed = 0;
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    try {
      await write(writes);
      times.push(performance.now() - started);
    } catch (error) {
      failed++;
      if (failed === 1) process.stderr.write(`  a write failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    writes++;
    const wait = 1000 - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { writes, failed, medianMs: times.length ? summarize(times).medianMs : 0 };
}

/** An anonymous claim from its own loopback address (claims are rate-limited per address). */
function claim(url: string, localAddress: string, args: unknown): Promise<void> {
  const target = new URL("/api/mutation", url);
  const body = JSON.stringify({ path: "marketing:submitClaim", args, format: "json" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (response.statusCode === 200 && (JSON.parse(text) as { status: string }).status === "success") resolve();
          else reject(new Error(`submitClaim: HTTP ${response.statusCode} ${text.slice(0, 200)}`));
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

interface Phase {
  victim: Stats & { maxMs: number; errors: number };
  /** Median under load / median of the quiet window just before it (subscriptions held, no writes). */
  ratio: number;
  quietJustBefore?: Stats & { maxMs: number; errors: number };
  ratioToFirstQuiet?: number;
  subscriptions?: number;
  subscribedInMs?: number;
  writes?: number;
  writesFailed?: number;
  writeMedianMs?: number;
  /** Live executions during the phase, per write. */
  reRunsPerWrite?: number;
  /** Runs still waiting in the fair queue when the phase ended. */
  waitingAtEnd?: number;
  serverCpuPercent?: number;
}

async function measureOn(kind: "pglite" | "postgres", env: Record<string, string>, log: (line: string) => void) {
  const server = await startServer({ ...env, SOCKETS_PER_ADDRESS: "300", LIVE_QUERIES_PER_ADDRESS: "2000" });
  try {
    const victim = new HttpClient(server.url);
    await victim.signIn("owner@suds.test");
    const member = new HttpClient(server.url);
    await member.signIn("owner@demo.test");
    const storeId = (await member.call<Array<{ _id: string; timeZone?: string }>>("query", "stores:listAll"))[0]._id;
    const today = new Date().toISOString().slice(0, 10);
    const draftDate = addDays(today, -1);
    const { collectionId } = await member.call<{ collectionId: string }>("mutation", "collections:saveDraft", { storeId, businessDate: draftDate, lines: [] });
    const anonymous = new HttpClient(server.url);
    const campaign = await anonymous.call<{ campaignId: string; companyId: string }>("query", "marketing:getCampaignByFriendlyIdPublic", {
      friendlyId: DEMO_CAMPAIGN_FRIENDLY_ID,
    });
    // Warm-up: the victim's first calls compile and cache.
    await victimFor(victim, 2);

    const phase = (times: number[], errors: number, quietMedian: number | null): Phase => {
      const victimStats = { ...summarize(times.length ? times : [0]), maxMs: Math.round(Math.max(0, ...times) * 10) / 10, errors };
      return { victim: victimStats, ratio: quietMedian ? victimStats.medianMs / quietMedian : 1 };
    };

    // Quiet.
    const quietRun = await victimFor(victim, SECONDS);
    const quiet = phase(quietRun.times, quietRun.errors, null);
    const quietMedian = Math.max(quiet.victim.medianMs, 0.001);
    log(`  ${kind} quiet: median ${quiet.victim.medianMs.toFixed(1)} ms, p95 ${quiet.victim.p95Ms.toFixed(1)} ms (${quiet.victim.iterations} calls)`);

    const underLoad = async (
      name: string,
      open: () => Promise<{ subscribedInMs: number; close: () => Promise<unknown> }>,
      subscriptions: number,
      write: (i: number) => Promise<unknown>,
    ) => {
      const opened = await open();
      await server.idle();
      // The quiet figure next to it: the subscriptions held but idle cost nothing until a write,
      // and other work on a shared machine drifts less over seconds than over minutes.
      const adjacent = await victimFor(victim, SECONDS);
      const adjacentMedian = Math.max(summarize(adjacent.times).medianMs, 0.001);
      const before = await server.stats();
      const measuring = victimFor(victim, SECONDS);
      const writing = everySecond(measuring, write);
      const run = await measuring;
      const writes = await writing;
      const after = await server.stats();
      const loaded = phase(run.times, run.errors, adjacentMedian);
      const result: Phase = {
        ...loaded,
        quietJustBefore: { ...phase(adjacent.times, adjacent.errors, null).victim },
        ratioToFirstQuiet: loaded.victim.medianMs / quietMedian,
        subscriptions,
        subscribedInMs: Math.round(opened.subscribedInMs),
        writes: writes.writes,
        writesFailed: writes.failed,
        writeMedianMs: writes.medianMs,
        reRunsPerWrite: Math.round((after.executions - before.executions) / Math.max(1, writes.writes)),
        waitingAtEnd: after.waiting,
        serverCpuPercent: Math.round(((after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000 / (SECONDS * 1000)) * 100),
      };
      await opened.close();
      await server.idle();
      log(
        `  ${kind} ${name}: median ${result.victim.medianMs.toFixed(1)} ms, p95 ${result.victim.p95Ms.toFixed(1)} ms, max ${result.victim.maxMs.toFixed(1)} ms ` +
          `(quiet just before: median ${result.quietJustBefore!.medianMs.toFixed(1)} ms; ${result.ratio.toFixed(2)}× that, ${result.ratioToFirstQuiet!.toFixed(2)}× the first quiet; ${subscriptions} subscriptions ready in ${(result.subscribedInMs! / 1000).toFixed(1)} s; ` +
          `${result.writes} writes, ${result.writesFailed} failed; ${result.reRunsPerWrite} re-runs per write, ${result.waitingAtEnd} waiting at the end; server CPU ${result.serverCpuPercent}%)`,
      );
      return result;
    };

    // One member: 4,000 distinct lists of Rio's collections over 20 sockets from two addresses
    // (2,000 each: the address cap), and a draft saved once a second.
    const memberFlood = !PHASES.includes("member")
      ? null
      : await underLoad(
          "one member's 4,000 live queries, a draft saved every second",
          () =>
            flood(server.url, member.token, 4000, PER_SOCKET, 2000, "127.0.1", (i) => ({
              udfPath: "collections:list",
              args: { fromDate: addDays("2015-01-01", i), toDate: addDays(today, 30) },
            })),
          4000,
          () => member.call("mutation", "collections:saveDraft", { collectionId, storeId, businessDate: draftDate, lines: [] }),
        );

    // Anonymous: 6,000 claim-status pages of the campaign (distinct phone numbers), 60 from each
    // of 100 addresses (a public function admits 60 calls a minute per address), and a claim on
    // that campaign once a second.
    const run = Date.now() % 100000;
    const anonymousFlood = !PHASES.includes("anonymous")
      ? null
      : await underLoad(
          "6,000 anonymous live queries of a public campaign, a claim every second",
          () =>
            flood(server.url, null, 6000, PUBLIC_PER_ADDRESS, PUBLIC_PER_ADDRESS, "127.0.2", (i) => ({
              udfPath: "marketing:getClaimByPhone",
              args: { phone: `555${String(4000000 + i).padStart(7, "0")}`, campaignId: campaign.campaignId },
            })),
          6000,
          (i) =>
            claim(server.url, `127.0.3.${1 + i}`, {
              customerName: `Bench Customer ${i}`,
              email: `bench.${run}.${i}@example.com`,
              phone: `555${String(6000000 + run + i).padStart(7, "0")}`,
              campaignId: campaign.campaignId,
              companyId: campaign.companyId,
            }),
        );
    victim.close();
    member.close();
    anonymous.close();
    return { quiet, memberFlood, anonymousFlood, met: [memberFlood, anonymousFlood].every((p) => !p || p.ratio < GOAL_RATIO) };
  } finally {
    await server.stop();
  }
}

async function preparedPGlite(): Promise<{ dir: string; dispose: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-bench-fair-"));
  const database = await openPGlite(path.join(dir, "db"));
  try {
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db);
  } finally {
    await database.close();
  }
  return { dir: path.join(dir, "db"), dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function runLiveFairness(log: (line: string) => void) {
  log("");
  log(`Live fairness benchmark: another company's stores:listAll median under a flood of live queries, against quiet, ${SECONDS} s each`);
  const results: Record<string, unknown> = {};
  const only = (process.env.BENCH_LIVE_FAIRNESS_DATABASES ?? "pglite,postgres").split(",");
  if (only.includes("pglite")) {
    const pglite = await preparedPGlite();
    try {
      results.pglite = await measureOn("pglite", { BENCH_PGLITE_DIR: pglite.dir }, log);
    } finally {
      pglite.dispose();
    }
  }
  const postgres = await postgresTarget();
  if (only.includes("postgres") && postgres.target) {
    const bench = await postgres.target.open();
    try {
      results.postgres = await measureOn("postgres", { DATABASE_URL: bench.url! }, log);
    } finally {
      await bench.dispose();
    }
  } else if (only.includes("postgres")) log(`  PostgreSQL: ${postgres.note}`);
  const output = {
    benchmark: "liveFairness",
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    seconds: SECONDS,
    goal: `another company's median under ${GOAL_RATIO}× its quiet median`,
    note: "Server in its own process; victim: owner@suds.test calling stores:listAll every 50 ms over HTTP. ratio = median under load / quiet median.",
    results,
  };
  log(`  wrote ${writeResults("liveFairness", output)}`);
  return output;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runLiveFairness((line) => process.stdout.write(`${line}\n`));
