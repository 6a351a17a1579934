import { ConfigError, loadConfig } from "./base/config.ts";
import { DataDirLockedError } from "./db/lockFile.ts";
import { openDatabase, startServer } from "./app.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";

// config → database → migrate → seed demo (empty database only) → HTTP + socket.

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  if (config.seed === "demo") {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) process.stdout.write("Seeded the demo data (see README for the accounts).\n");
  }
  const server = await startServer(config, database);
  process.stdout.write(`Tumble is serving ${config.publicUrl} (port ${server.port}, database ${database.kind})\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Tumble failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
