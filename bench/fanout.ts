import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import WebSocket from "ws";
import type { Database } from "../server/src/db/database.ts";
import { newId } from "../server/src/runtime/ids.ts";
import { hashSecret, newRefreshToken, TokenService } from "../server/src/runtime/tokens.ts";
import { postgresTarget, type DatabaseTarget } from "./databases.ts";
import { summarize } from "./measure.ts";

// The fan-out benchmark (issue 11): on PostgreSQL, 20 companies and 1,000 users with sessions
// (50 per company, all managers), 1,000 authenticated sockets each subscribed to the shell's
// badge query (navigation:getBadgeCounts) and a list (stores:listAll). Each round creates an
// inactive store in one company over HTTP, which changes both subscriptions of that company's 50
// sockets; we time each push from the moment the mutation was sent (so the delay includes the
// commit), and count, from the servers' own counters, the executions of other companies'
// subscriptions (must be 0). Then one user's token refresh: executions of other users'
// subscriptions (must be 0) and identity re-resolutions (only the refreshing user's one socket). Run with one
// server process and with two on the same database (half the sockets on each).
// Target: p95 under 250 ms. `npm run bench` runs it last; `npx tsx bench/fanout.ts` alone.
// BENCH_ONLY without "fanout" skips it; BENCH_FANOUT_ROUNDS sets the mutations per run (default 20). Writes bench/results/fanout-latest.json.

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
const SERVER = fileURLToPath(new URL("./fanoutServer.ts", import.meta.url));
const COMPANIES = 20;
const USERS = 1000;
const TARGET_P95_MS = 250;
const QUERIES = ["navigation:getBadgeCounts", "stores:listAll"] as const;

interface Stats {
  cpu: NodeJS.CpuUsage;
  executions: number;
  byCompany: Record<string, number>;
  byUser: Record<string, number>;
  identityRefreshes: number;
  entries: number;
}

interface ServerHandle {
  url: string;
  child: ChildProcess;
  stats(): Promise<Stats>;
  stop(): Promise<void>;
}

interface BenchUser {
  id: string;
  companyId: string;
  token: string;
  refreshToken: string;
}

export interface FanoutResult {
  processes: number;
  sockets: number;
  subscriptions: number;
  rounds: number;
  /** Commit-to-push delays of the writing company's subscriptions, one sample per subscription per round. */
  delayMs: { samples: number; p50: number; p95: number; p99: number; max: number };
  /** The same, only for sockets on the other process than the one that ran the mutation. */
  remoteDelayMs: { p50: number; p95: number } | null;
  mutationMedianMs: number;
  /** Server CPU (user + system, all processes) per mutation and its fan-out. */
  serverCpuMsPerMutation: number;
  /** Re-runs of the writing company's subscriptions per mutation (all processes). */
  ownReRunsPerMutation: number;
  /** Executions of other companies' subscriptions caused by the mutations (must be 0). */
  otherCompanyReRuns: number;
  /** Pushes other companies' sockets received during the mutations (must be 0). */
  otherCompanyPushes: number;
  /** After one user's token refresh: executions of other users' subscriptions (must be 0). */
  refreshOtherUserReRuns: number;
  /** After that refresh: identity re-resolutions on all sockets (only the refreshing user's). */
  refreshIdentityRefreshes: number;
  /** 1-minute load average of the machine when the run ended (other work shares the CPUs). */
  loadAverage: number;
  meetsTarget: boolean;
}

/** 20 companies, 1,000 managers with a live session each, tokens signed with the servers' secret. */
async function seed(database: Database): Promise<BenchUser[]> {
  const db = database.db;
  const tokens = await TokenService.create(db);
  const companies = Array.from({ length: COMPANIES }, (_, i) => ({
    id: newId(),
    name: `Fanout ${i + 1}`,
    displayName: `Fanout ${i + 1}`,
    companyCode: `CMP9${String(i).padStart(5, "0")}`,
    emailDomain: `fanout${i + 1}.test`,
    industry: "laundromat",
    size: "SMALL",
    description: "Fan-out benchmark company",
  }));
  await db.insertInto("companies").values(companies).execute();
  const users = Array.from({ length: USERS }, (_, i) => {
    const company = companies[i % COMPANIES];
    return { id: newId(), sessionId: newId(), refreshToken: newRefreshToken(), companyId: company.id, email: `user${i}@${company.emailDomain}` };
  });
  const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  for (let i = 0; i < users.length; i += 250) {
    const chunk = users.slice(i, i + 250);
    await db
      .insertInto("users")
      .values(
        chunk.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.email,
          passwordHash: null,
          username: null,
          pinHash: null,
          globalRole: null,
          language: null,
          activeCompanyId: u.companyId,
        })),
      )
      .execute();
    await db
      .insertInto("memberships")
      .values(chunk.map((u) => ({ id: newId(), companyId: u.companyId, userId: u.id, role: "MANAGER" })))
      .execute();
    await db
      .insertInto("sessions")
      .values(chunk.map((u) => ({ id: u.sessionId, userId: u.id, expiresAt, revokedAt: null })))
      .execute();
    await db
      .insertInto("refreshTokens")
      .values(chunk.map((u) => ({ tokenHash: hashSecret(u.refreshToken), sessionId: u.sessionId, usedAt: null })))
      .execute();
  }
  return Promise.all(users.map(async (u) => ({ id: u.id, companyId: u.companyId, token: await tokens.sign(u.id, u.sessionId), refreshToken: u.refreshToken })));
}

function startServer(databaseUrl: string): Promise<ServerHandle> {
  const child = fork(SERVER, [], {
    execArgv: ["--import", "tsx"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATABASE_URL: databaseUrl,
      // Every benchmark socket comes from this one machine's address.
      SOCKETS_PER_ADDRESS: "5000",
      LIVE_QUERIES_PER_ADDRESS: "100000",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`fan-out server exited with ${code}`)));
    child.once("message", (m: { type: string; url: string }) => {
      if (m.type !== "ready") return reject(new Error(`unexpected message ${m.type}`));
      resolve({
        url: m.url.replace("localhost", "127.0.0.1"),
        child,
        stats: () =>
          new Promise((res) => {
            const onMessage = (s: Stats & { type: string }) => {
              if (s.type !== "stats") return;
              child.off("message", onMessage);
              res(s);
            };
            child.on("message", onMessage);
            child.send({ type: "stats" });
          }),
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
  });
}

/** One user's socket with the two subscriptions; records when each push arrives. */
class Subscriber {
  readonly ws: WebSocket;
  readonly pushes: Array<{ queryId: number; at: number }> = [];
  /** Anything but a query update (an AuthError would mean the benchmark's sessions broke). */
  readonly unexpected: string[] = [];
  private initial = new Set<number>();
  private ready!: () => void;
  readonly subscribed = new Promise<void>((resolve) => (this.ready = resolve));

  constructor(
    url: string,
    readonly user: BenchUser,
    /** Which server process holds this socket. */
    readonly server: number,
  ) {
    this.ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/sync`);
    this.ws.on("message", (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as { type: string; modifications?: Array<{ type: string; queryId: number; errorMessage?: string }> };
      if (message.type !== "Transition") {
        this.unexpected.push(data.toString());
        return;
      }
      for (const mod of message.modifications ?? []) {
        if (mod.type !== "QueryUpdated") throw new Error(`Query failed: ${mod.errorMessage}`);
        if (!this.initial.has(mod.queryId)) {
          this.initial.add(mod.queryId);
          if (this.initial.size === QUERIES.length) this.ready();
        } else this.pushes.push({ queryId: mod.queryId, at });
      }
    });
    this.ws.once("open", () => {
      this.ws.send(JSON.stringify({ type: "Authenticate", token: user.token }));
      this.ws.send(
        JSON.stringify({ type: "ModifyQuerySet", modifications: QUERIES.map((udfPath, i) => ({ type: "Add", queryId: i + 1, udfPath, args: {} })) }),
      );
    });
  }

  close(): void {
    this.ws.close();
  }
}

async function call<T = unknown>(url: string, token: string, kind: string, fnPath: string, args: unknown): Promise<T> {
  const response = await fetch(`${url}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ path: fnPath, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${fnPath} failed: ${body.errorMessage}`);
  return body.value as T;
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await quiet(5);
  }
}

function sumStats(all: Stats[]): Stats {
  const merge = (maps: Array<Record<string, number>>) => {
    const out: Record<string, number> = {};
    for (const m of maps) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  return {
    cpu: { user: all.reduce((s, x) => s + x.cpu.user, 0), system: all.reduce((s, x) => s + x.cpu.system, 0) },
    executions: all.reduce((s, x) => s + x.executions, 0),
    byCompany: merge(all.map((x) => x.byCompany)),
    byUser: merge(all.map((x) => x.byUser)),
    identityRefreshes: all.reduce((s, x) => s + x.identityRefreshes, 0),
    entries: all.reduce((s, x) => s + x.entries, 0),
  };
}

async function run(databaseUrl: string, users: BenchUser[], processes: number, rounds: number, log: (line: string) => void): Promise<FanoutResult> {
  const servers = await Promise.all(Array.from({ length: processes }, () => startServer(databaseUrl)));
  const subscribers: Subscriber[] = [];
  try {
    const stats = async () => sumStats(await Promise.all(servers.map((s) => s.stats())));
    const t0 = Date.now();
    // Open the sockets a few dozen at a time, as a fleet of browsers coming online would.
    for (let i = 0; i < users.length; i += 50) {
      // User n belongs to company n % 20, so alternate servers per block of 20: every company has sockets on each.
      const batch = users.slice(i, i + 50).map((u, j) => {
        const server = Math.floor((i + j) / COMPANIES) % processes;
        return new Subscriber(servers[server].url, u, server);
      });
      subscribers.push(...batch);
      await Promise.all(batch.map((s) => s.subscribed));
    }
    log(`  ${processes} process(es): ${subscribers.length} sockets subscribed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await quiet(500);

    const byCompany = new Map<string, Subscriber[]>();
    for (const s of subscribers) byCompany.set(s.user.companyId, [...(byCompany.get(s.user.companyId) ?? []), s]);
    const companies = [...byCompany.keys()];
    const delays: number[] = [];
    /** Delays of sockets on the process that did not run the mutation (reached through NOTIFY). */
    const remoteDelays: number[] = [];
    const mutationMs: number[] = [];
    let otherReRuns = 0;
    let ownReRuns = 0;
    let otherPushes = 0;
    let cpuBefore = (await stats()).cpu;
    // Round -1 warms the servers up (JIT, pool connections) and is not counted.
    for (let round = -1; round < rounds; round++) {
      const companyId = companies[(round + companies.length) % companies.length];
      const own = byCompany.get(companyId)!;
      const others = subscribers.filter((s) => s.user.companyId !== companyId);
      const otherPushesBefore = others.reduce((n, s) => n + s.pushes.length, 0);
      const before = await stats();
      const ownBefore = own.map((s) => s.pushes.length);
      const writer = own[(round + own.length) % own.length];
      const sent = performance.now();
      // Each round's store goes to the server that does not hold the writer's socket, when there are two.
      const writingServer = (round + 2) % processes;
      await call(servers[writingServer].url, writer.user.token, "mutation", "stores:create", {
        name: `Fan-out store ${processes}-${round}`,
        address: "1 Benchmark Way",
        timeZone: "America/New_York",
        isActive: false,
      });
      const answered = performance.now() - sent;
      await waitUntil(() => own.every((s, i) => s.pushes.length >= ownBefore[i] + QUERIES.length), 30_000, "the company's pushes");
      await quiet(150);
      if (round < 0) continue;
      mutationMs.push(answered);
      for (const [i, s] of own.entries()) {
        for (const p of s.pushes.slice(ownBefore[i])) {
          delays.push(p.at - sent);
          if (s.server !== writingServer) remoteDelays.push(p.at - sent);
        }
      }
      const after = await stats();
      if (round < 0) {
        cpuBefore = after.cpu;
        continue;
      }
      const delta = (key: string) => (after.byCompany[key] ?? 0) - (before.byCompany[key] ?? 0);
      ownReRuns += delta(companyId);
      otherReRuns += after.executions - before.executions - delta(companyId);
      otherPushes += others.reduce((n, s) => n + s.pushes.length, 0) - otherPushesBefore;
    }
    const cpuAfter = (await stats()).cpu;

    // One user's token refresh: a sessions write naming only that user.
    const refresher = subscribers[7].user;
    const beforeRefresh = await stats();
    const refreshed = await call<{ tokens: { token: string; refreshToken: string } }>(servers[0].url, refresher.token, "action", "auth:signIn", {
      refreshToken: refresher.refreshToken,
    });
    // Refresh tokens rotate: the next run must present the new one (a reused one revokes the session).
    refresher.refreshToken = refreshed.tokens.refreshToken;
    await quiet(500);
    const afterRefresh = await stats();
    let refreshOthers = 0;
    for (const [userId, n] of Object.entries(afterRefresh.byUser)) if (userId !== refresher.id) refreshOthers += n - (beforeRefresh.byUser[userId] ?? 0);

    const unexpected = subscribers.flatMap((s) => s.unexpected);
    if (unexpected.length) throw new Error(`Sockets received ${unexpected.length} unexpected messages, first: ${unexpected[0]}`);
    const d = summarize(delays);
    const sorted = [...delays].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length, Math.ceil(0.99 * sorted.length)) - 1];
    const result: FanoutResult = {
      processes,
      sockets: subscribers.length,
      subscriptions: subscribers.length * QUERIES.length,
      rounds,
      delayMs: {
        samples: delays.length,
        p50: d.medianMs,
        p95: d.p95Ms,
        p99: Math.round(p99 * 1000) / 1000,
        max: Math.round(sorted[sorted.length - 1] * 1000) / 1000,
      },
      remoteDelayMs: remoteDelays.length ? { p50: summarize(remoteDelays).medianMs, p95: summarize(remoteDelays).p95Ms } : null,
      mutationMedianMs: summarize(mutationMs).medianMs,
      serverCpuMsPerMutation: Math.round((cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000 / rounds),
      ownReRunsPerMutation: Math.round(ownReRuns / rounds),
      otherCompanyReRuns: otherReRuns,
      otherCompanyPushes: otherPushes,
      refreshOtherUserReRuns: refreshOthers,
      refreshIdentityRefreshes: afterRefresh.identityRefreshes - beforeRefresh.identityRefreshes,
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      meetsTarget: d.p95Ms < TARGET_P95_MS && otherReRuns === 0 && refreshOthers === 0 && afterRefresh.identityRefreshes - beforeRefresh.identityRefreshes <= 1,
    };
    log(`  ${processes} process(es): p95 ${result.delayMs.p95} ms over ${delays.length} pushes; other companies' re-runs ${otherReRuns}`);
    return result;
  } finally {
    subscribers.forEach((s) => s.close());
    await Promise.all(servers.map((s) => s.stop()));
  }
}

function table(results: FanoutResult[]): string {
  return [
    "| processes | sockets | push delay p50 ms | p95 ms | p99 ms | other process p50 / p95 ms | mutation ms | server CPU ms / mutation | own re-runs / mutation | other companies' re-runs | token refresh: other users' re-runs | token refresh: identity re-resolutions | load avg | meets target |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(
      (r) =>
        `| ${r.processes} | ${r.sockets} | ${r.delayMs.p50.toFixed(1)} | ${r.delayMs.p95.toFixed(1)} | ${r.delayMs.p99.toFixed(1)} | ${r.remoteDelayMs ? `${r.remoteDelayMs.p50.toFixed(1)} / ${r.remoteDelayMs.p95.toFixed(1)}` : "—"} | ${r.mutationMedianMs.toFixed(1)} | ${r.serverCpuMsPerMutation} | ${r.ownReRunsPerMutation} | ${r.otherCompanyReRuns} | ${r.refreshOtherUserReRuns} | ${r.refreshIdentityRefreshes} | ${r.loadAverage} | ${r.meetsTarget ? "yes" : "no"} |`,
    ),
  ].join("\n");
}

export async function runFanout(
  postgres: DatabaseTarget | null,
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<FanoutResult[] | null> {
  const only = env.BENCH_ONLY?.split(",").map((s) => s.trim());
  if (only && !only.includes("fanout")) {
    log(`Fan-out benchmark: skipped (BENCH_ONLY=${env.BENCH_ONLY})`);
    return null;
  }
  if (!postgres) {
    log("Fan-out benchmark skipped: it needs PostgreSQL (set BENCH_DATABASE_URL).");
    return null;
  }
  const value = env.BENCH_FANOUT_ROUNDS;
  const rounds = value ? Number(value) : 20;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`Invalid BENCH_FANOUT_ROUNDS: must be a positive whole number, got "${value}"`);
  const started = Date.now();
  const bench = await postgres.open();
  const results: FanoutResult[] = [];
  try {
    const users = await seed(bench.database);
    log(`Fan-out: ${COMPANIES} companies, ${users.length} users seeded on ${bench.label}`);
    const url = bench.url!;
    for (const processes of [1, 2]) results.push(await run(url, users, processes, rounds, log));
  } finally {
    await bench.dispose();
  }
  log("");
  log(table(results));
  log("");
  const cpus = os.cpus();
  const output = {
    benchmark: "fanout",
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown" },
    database: bench.label,
    note:
      "Delay: from sending the mutation (HTTP) to each push of the writing company's two subscriptions on every socket (50 sockets x 2 per round); includes the commit. " +
      "Client sockets live in the benchmark process; each server is its own process. Target: p95 < 250 ms, 0 re-runs of other companies' and other users' subscriptions.",
    targetP95Ms: TARGET_P95_MS,
    results,
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, "fanout-latest.json");
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  log(`Wrote ${path.relative(process.cwd(), file)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  postgresTarget()
    .then(({ target, note }) => {
      log(`PostgreSQL: ${note}`);
      return runFanout(target, log);
    })
    .catch((error: unknown) => {
      process.stderr.write(`Fan-out benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
