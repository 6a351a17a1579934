import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { postgresFiles } from "./server/test/support/engineMarks.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

// Unit tests for the pure domain package; the web app's own logic (web/src/lib) in happy-dom
// against a real server; integration tests drive the server over real HTTP against PGlite, and
// again against PostgreSQL when TEST_DATABASE_URL is set (the files marked `// @postgres:`).
const integration = (name: string, env: Record<string, string>, extra: string[], shared = ["server/test/*.test.ts"]) => ({
  test: {
    name,
    include: [...shared, ...extra],
    globalSetup: ["server/test/support/globalSetup.ts"],
    setupFiles: ["test-support/failOnConsoleError.ts"],
    env,
    // Each file starts its own server on its own database copy, so files need no fresh module graph
    // of their own: re-evaluating the server's modules for every file cost seconds a file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const DATE_TESTS = ["packages/domain/src/businessDate.test.ts", "packages/domain/src/dateFormat.test.ts", "packages/domain/src/campaignPlaceholders.test.ts"];
const zoned = (name: string, TZ: string) => [{ test: { name, include: DATE_TESTS, setupFiles: ["test-support/failOnConsoleError.ts"], env: { TZ } } }];

export default defineConfig({
  test: {
    // Integration files wait on their servers and databases as much as they compute: two at once
    // even on two cores (Vitest's default leaves one core idle there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "domain", include: ["packages/domain/**/*.test.ts"], setupFiles: ["test-support/failOnConsoleError.ts"] } },
      // The date rules again in a zone behind UTC and one ahead of it: they must not move.
      ...zoned("domain-tz-chicago", "America/Chicago"),
      ...zoned("domain-tz-auckland", "Pacific/Auckland"),
      {
        test: {
          name: "web",
          include: ["web/src/**/*.test.ts"],
          environment: "happy-dom",
          globalSetup: ["server/test/support/globalSetup.ts"],
          setupFiles: ["test-support/failOnConsoleError.ts"],
          env: { TEST_DB_KIND: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      integration("server-pglite", { TEST_DB_KIND: "pglite" }, ["server/test/pglite/*.test.ts"]),
      // On PostgreSQL, only the files whose behaviour can differ there (support/engineMarks.ts).
      ...(process.env.TEST_DATABASE_URL
        ? [integration("server-postgres", { TEST_DB_KIND: "postgres" }, ["server/test/postgres/*.test.ts"], postgresFiles(ROOT))]
        : []),
    ],
  },
});
