import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import { openPostgres } from "../server/src/db/database.ts";

// One server process of the fan-out benchmark (bench/fanout.ts starts one or two): the real
// server on DATABASE_URL, answering the parent's IPC requests for its CPU time and its live-query
// counters, which only this process can see.

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, PORT: "0", SEED: "none" });
  const database = await openPostgres(config.databaseUrl!);
  const server = await startServer(config, database, () => {});
  process.on("message", (message: { type: string }) => {
    if (message.type !== "stats") return;
    const { executions, byCompany, byUser, identityRefreshes } = server.live.stats;
    process.send!({
      type: "stats",
      cpu: process.cpuUsage(),
      executions,
      byCompany: Object.fromEntries(byCompany),
      byUser: Object.fromEntries(byUser),
      identityRefreshes,
      entries: server.live.size,
    });
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
  process.stderr.write(`Fan-out server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
