import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import type { Config } from "./base/config.ts";
import { openPGlite, openPostgres, type Database } from "./db/database.ts";
import { assertMigrated } from "./db/migrate.ts";
import { cacheStatic, limitBodies, securityHeaders, sendPage, type Framing } from "./http/delivery.ts";
import { ensureDefaultThemes } from "./seed/themes.ts";
import { mountTestWorld } from "./seed/testWorld.ts";
import { createTransport, OutboxWorker } from "./mail/outbox.ts";
import { Executor } from "./runtime/executor.ts";
import { purgeExpiredKeys } from "./runtime/idempotency.ts";
import { sweepOpenEntries } from "./timeEntries/sweep.ts";
import { sweepCutOffImports } from "./imports/run.ts";
import { startBackups } from "./backups/service.ts";
import { startExports } from "./exports/service.ts";
import { mountHttpApi } from "./http/httpApi.ts";
import { IdentityCache } from "./runtime/identityCache.ts";
import { InvalidationBus } from "./runtime/invalidation.ts";
import { DEFAULT_LIVE_LIMITS, LiveQueries } from "./runtime/liveQueries.ts";
import { RateLimiter } from "./runtime/rateLimit.ts";
import { loadRegistry } from "./runtime/registry.ts";
import type { Services } from "./runtime/services.ts";
import { createSyncServer, syncDialectOf } from "./runtime/socket.ts";
import { TokenService } from "./runtime/tokens.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// Overridable so parallel browser-test runs can each serve their own build.
const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, "web/dist"));
const LANDING_DIST = path.resolve(process.env.LANDING_DIST_DIR ?? path.join(ROOT, "landing/dist"));
/** Staff screens under /marketing; any other /marketing/{id} is a public campaign page. */
const STAFF_MARKETING = new Set(["claim", "verify", "dashboard"]);

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  executor: Executor;
  live: LiveQueries;
  close(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPGlite(config.dataDir);
}

function sendIndex(dist: string, framing: Framing = "none") {
  return sendPage(path.join(dist, "index.html"), `${path.relative(ROOT, dist)} is not built: run \`npm run build\``, framing);
}

/** Static files from a build folder, once it exists (it may be built after the server starts). */
function whenBuilt(dist: string, make: () => MiddlewareHandler): MiddlewareHandler {
  let handler: MiddlewareHandler | null = null;
  return (c, next) => {
    if (!handler && fs.existsSync(dist)) handler = make();
    return handler ? handler(c, next) : next();
  };
}

/** Builds services over an open, migrated database and starts HTTP + socket on config.port. */
export async function startServer(
  config: Config,
  database: Database,
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<RunningServer> {
  await assertMigrated(database.db);
  await ensureDefaultThemes(database.db);
  const bus = new InvalidationBus(database);
  await bus.start();
  const services: Services = {
    config,
    database,
    bus,
    tokens: await TokenService.create(database.db, config.authSecret),
    outbox: new OutboxWorker(database.db, createTransport({ smtpUrl: config.smtpUrl, smsUrl: config.smsUrl, log }), { log, pollMs: config.outboxPollMs }),
    rateLimiter: new RateLimiter(database.db),
    log,
  };
  const registry = await loadRegistry();
  const executor = new Executor(services, registry);
  const live = new LiveQueries(executor, bus, { ...DEFAULT_LIVE_LIMITS, perAddress: config.liveQueriesPerAddress });

  const app = new Hono();
  app.use(securityHeaders({ https: config.publicUrl.startsWith("https:") }));
  app.use(limitBodies());
  const identities = new IdentityCache(bus);
  mountTestWorld(app, database.db);
  mountHttpApi(app, services, executor, identities);
  // Backup downloads (/backup-files/:id) and scheduled backups (backups/service.ts).
  const stopBackups = startBackups(app, services);
  // Export downloads (/export-files/:id; exports/service.ts).
  const exportWorker = startExports(app, services);
  const landingIndex = sendIndex(LANDING_DIST);
  // A public campaign page may be framed by this origin: the marketing dashboard previews it.
  const campaignPage = sendIndex(LANDING_DIST, "sameOrigin");
  const webIndex = sendIndex(WEB_DIST);
  app.get("/", webIndex);
  app.get("/index.html", webIndex);
  app.get("/landing/", landingIndex);
  app.get("/landing/index.html", landingIndex);
  app.use(
    "/landing/*",
    cacheStatic(),
    whenBuilt(LANDING_DIST, () =>
      serveStatic({ root: path.relative(process.cwd(), LANDING_DIST), precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/landing/, "") }),
    ),
  );
  app.get("/marketing-demo", landingIndex);
  // No campaign id: the landing's invalid-link page (staff with a session go on to claim from there).
  app.get("/marketing", landingIndex);
  app.get("/marketing/", landingIndex);
  app.get("/marketing/:campaignId", (c, next) => (STAFF_MARKETING.has(c.req.param("campaignId")) ? next() : campaignPage(c)));
  app.use(
    "/*",
    cacheStatic(),
    whenBuilt(WEB_DIST, () => serveStatic({ root: path.relative(process.cwd(), WEB_DIST), precompressed: true })),
  );
  app.get("/*", webIndex);

  const server = createAdaptorServer({ fetch: app.fetch }) as import("node:http").Server;
  // An idle connection is kept well past a client's own keep-alive (undici: 4 s, proxies: 60 s), so
  // a client never reuses one at the moment the server closes it (a reset instead of an answer).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const wss = createSyncServer(services, executor, live);
  server.on("upgrade", (request, socket, head) => {
    if (!syncDialectOf(new URL(request.url ?? "/", "http://x").pathname)) return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, "0.0.0.0", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // One delivery worker per process; the executor wakes it when a mutation that enqueued commits.
  services.outbox.start();
  // And one export worker (exports/service.ts): jobs live in the database, any process takes them.
  exportWorker.startWorker();
  const housekeeping = setInterval(() => void purgeExpiredKeys(database.db).catch(() => undefined), 60 * 60_000);
  housekeeping.unref();
  // Entries open past the company's maximum shift are clocked out (timeEntries/sweep.ts).
  const clockSweep = setInterval(() => void sweepOpenEntries(database.db, services.bus).catch(() => undefined), 10 * 60_000);
  clockSweep.unref();
  // Imports whose process stopped are shown failed to everyone (imports/run.ts).
  const importSweep = setInterval(
    () => void sweepCutOffImports(database.db, (companyId) => services.bus.publish({ tables: ["imports"], companyId, userIds: null })).catch(() => undefined),
    60_000,
  );
  importSweep.unref();

  return {
    url: `http://localhost:${port}`,
    port,
    services,
    executor,
    live,
    async close() {
      clearInterval(housekeeping);
      clearInterval(clockSweep);
      clearInterval(importSweep);
      stopBackups();
      for (const client of wss.clients) client.close(1001, "Server shutting down");
      wss.close();
      // Finish in-flight requests, then stop.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.outbox.stop();
      await exportWorker.stop();
      await live.idle();
      live.close();
      identities.close();
      await bus.stop();
    },
  };
}
