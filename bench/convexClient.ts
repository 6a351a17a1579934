import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { anyApi } from "convex/server";
import { createServer } from "vite";
import WebSocket from "ws";
import { startServerProcess } from "../server/test/support/serverProcess.ts";
import { DEMO_PASSWORD } from "../server/src/seed/demo.ts";
import { compare, type Stats } from "./measure.ts";
import { machineInfo, writeResults } from "./results.ts";

// The web app's own clients (web/src/lib/http.ts and socket.ts, loaded through Vite as the app
// loads them) against the official `convex` clients, on one Tumble server in one run
// (docs/decisions/0034). Runs alternate; each side has its own signed-in user so a write reaches
// only the subscriber being timed.
// - HTTP query round trip: users:getUserLanguage (signed in, so no per-address rate limit).
// - Live update latency: another client writes users:updateLanguagePreference over HTTP; time
//   until the subscriber's users:getUserLanguage shows the new value.
// - Socket mutation: the same mutation sent over the socket, until its promise resolves (both
//   clients wait for their own subscription's update first).
// BENCH_CONVEX_ITERATIONS sets the timed runs per measurement (default 300).

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ITERATIONS = Number(process.env.BENCH_CONVEX_ITERATIONS ?? 300);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const api = anyApi as any;

interface WebHttp {
  setTokenSource(source: () => string | null): void;
  httpCall(kind: "query" | "mutation" | "action", path: string, args: unknown): Promise<unknown>;
}
interface WebSocketClient {
  setToken(token: string | null, identityChanged: boolean): void;
  watch(path: string, args: unknown, argsJSON: string): void;
  start(): void;
  stop(): void;
  latest(path: string, argsJSON: string): { value: unknown } | undefined;
  valueOf(path: string, argsJSON: string): Promise<unknown>;
  request(kind: "mutation" | "action", path: string, args: unknown): Promise<unknown>;
}
type WebSocketClass = new (handlers: Record<string, (...args: unknown[]) => void>, url: () => string) => WebSocketClient;

export interface ConvexClientBenchResult {
  iterations: number;
  httpQuery: { web: Stats; convex: Stats; ratio: number };
  liveUpdate: { web: Stats; convex: Stats; ratio: number };
  socketMutation: { web: Stats; convex: Stats; ratio: number };
}

async function signIn(url: string, email: string): Promise<string> {
  const client = new ConvexHttpClient(url, { logger: false });
  const result = (await client.action(api.auth.signIn, { provider: "password", params: { email, password: DEMO_PASSWORD, flow: "signIn" } })) as {
    tokens: { token: string };
  };
  return result.tokens.token;
}

async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("Timed out");
    // A resolved promise, not a timer: the wait adds no fixed delay to what is timed.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The browser globals the web's clients touch, in Node: a window to listen on, a WebSocket, relative fetch. */
function browserGlobals(base: string): void {
  const g = globalThis as Record<string, unknown>;
  g.window ??= { addEventListener() {}, removeEventListener() {}, location: new URL(base) };
  g.WebSocket ??= WebSocket;
  const original = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
    original(typeof input === "string" && input.startsWith("/") ? `${base}${input}` : input, init)) as typeof fetch;
}

const ratio = (a: Stats, b: Stats) => Number((b.medianMs / a.medianMs).toFixed(2));

export async function runConvexClient(log: (line: string) => void): Promise<ConvexClientBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-bench-convex-"));
  const server = await startServerProcess({ DATA_DIR: path.join(dataDir, "db"), SEED: "demo" }, 180_000);
  const vite = await createServer({
    root: path.join(ROOT, "web"),
    configFile: false,
    logLevel: "silent",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  let webSocket: WebSocketClient | undefined;
  let convex: ConvexClient | undefined;
  try {
    browserGlobals(server.url);
    const webHttp = (await vite.ssrLoadModule("/src/lib/http.ts")) as WebHttp;
    const { SyncSocket } = (await vite.ssrLoadModule("/src/lib/socket.ts")) as { SyncSocket: WebSocketClass };
    const options = { iterations: ITERATIONS, warmup: Math.max(10, Math.round(ITERATIONS / 10)) };

    const webToken = await signIn(server.url, "owner@demo.test");
    const convexToken = await signIn(server.url, "manager@demo.test");
    webHttp.setTokenSource(() => webToken);
    const convexHttp = new ConvexHttpClient(server.url, { logger: false });
    convexHttp.setAuth(webToken);

    log(`convex client benchmark: ${options.iterations} runs after ${options.warmup} warm-up, server ${server.url}`);
    const httpQuery = await compare(
      () => webHttp.httpCall("query", "users:getUserLanguage", {}),
      () => convexHttp.query(api.users.getUserLanguage, {}),
      options,
    );

    // Live: the web's SyncSocket as the owner, the official ConvexClient as the manager.
    const LANGUAGE = "users:getUserLanguage";
    webSocket = new SyncSocket({ onQueryUpdated() {}, onQueryFailed() {}, onAuthError() {} }, () => `${server.url.replace(/^http/, "ws")}/api/sync`);
    webSocket.setToken(webToken, false);
    webSocket.watch(LANGUAGE, {}, "{}");
    webSocket.start();
    await webSocket.valueOf(LANGUAGE, "{}");
    convex = new ConvexClient(server.url, { logger: false, unsavedChangesWarning: false });
    convex.setAuth(async () => convexToken);
    let convexLanguage: unknown = undefined;
    convex.onUpdate(api.users.getUserLanguage, {}, (value) => (convexLanguage = value));
    await until(() => convexLanguage !== undefined);

    const writer = (token: string) => {
      const client = new ConvexHttpClient(server.url, { logger: false });
      client.setAuth(token);
      return client;
    };
    const webWriter = writer(webToken);
    const convexWriter = writer(convexToken);
    const flip = (value: unknown) => (value === "es" ? "en" : "es");
    const liveUpdate = await compare(
      async () => {
        const next = flip(webSocket!.latest(LANGUAGE, "{}")?.value);
        await webWriter.mutation(api.users.updateLanguagePreference, { language: next });
        await until(() => webSocket!.latest(LANGUAGE, "{}")?.value === next);
      },
      async () => {
        const next = flip(convexLanguage);
        await convexWriter.mutation(api.users.updateLanguagePreference, { language: next });
        await until(() => convexLanguage === next);
      },
      options,
    );

    const socketMutation = await compare(
      async () => {
        await webSocket!.request("mutation", "users:updateLanguagePreference", { language: flip(webSocket!.latest(LANGUAGE, "{}")?.value) });
      },
      async () => {
        await convex!.mutation(api.users.updateLanguagePreference, { language: flip(convexLanguage) });
      },
      options,
    );

    const result: ConvexClientBenchResult = {
      iterations: options.iterations,
      httpQuery: { web: httpQuery.baseline, convex: httpQuery.subject, ratio: ratio(httpQuery.baseline, httpQuery.subject) },
      liveUpdate: { web: liveUpdate.baseline, convex: liveUpdate.subject, ratio: ratio(liveUpdate.baseline, liveUpdate.subject) },
      socketMutation: { web: socketMutation.baseline, convex: socketMutation.subject, ratio: ratio(socketMutation.baseline, socketMutation.subject) },
    };
    log("");
    log(`| measurement (median of ${options.iterations}, p95 in brackets) | web's own client ms | official convex client ms | ratio (convex/web) |`);
    log("|---|---:|---:|---:|");
    const row = (name: string, m: { web: Stats; convex: Stats; ratio: number }) =>
      log(`| ${name} | ${m.web.medianMs} (${m.web.p95Ms}) | ${m.convex.medianMs} (${m.convex.p95Ms}) | ${m.ratio} |`);
    row("HTTP query round trip (users:getUserLanguage)", result.httpQuery);
    row("live update after another client's HTTP write", result.liveUpdate);
    row("mutation over the socket until resolved", result.socketMutation);
    log("");
    const file = writeResults("convexClient", { benchmark: "convexClient", measuredAt: new Date().toISOString(), machine: machineInfo(), ...result });
    log(`Wrote ${file}`);
    return result;
  } finally {
    webSocket?.stop();
    await convex?.close();
    await vite.close();
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runConvexClient((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`Convex client benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
