import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import { openPGlite, openPostgres } from "../server/src/db/database.ts";

// The server process of the live-fairness benchmark (bench/liveFairness.ts): the real server on
// DATABASE_URL (PostgreSQL) or on the prepared PGlite directory BENCH_PGLITE_DIR, in a process of
// its own so the benchmark's thousands of sockets do not share its event loop. It answers the
// parent's IPC requests for its live-query counters and for waiting until its live runs are done.

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, PORT: "0", SEED: "none" });
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPGlite(process.env.BENCH_PGLITE_DIR!, { durable: false });
  const server = await startServer(config, database, () => {});
  process.on("message", (message: { type: string }) => {
    if (message.type === "stats") {
      process.send!({
        type: "stats",
        cpu: process.cpuUsage(),
        executions: server.live.stats.executions,
        byCompany: Object.fromEntries(server.live.stats.byCompany),
        entries: server.live.size,
        waiting: server.live.waiting,
      });
    } else if (message.type === "idle") {
      void server.live.idle().then(() => process.send!({ type: "idle" }));
    }
  });
  process.on("SIGTERM", () => {
    void server
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send!({ type: "ready", url: server.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`Live-fairness server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
