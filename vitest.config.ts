import { defineConfig } from "vitest/config";

// Unit tests for the pure domain package; the web app's own logic (web/src/lib) in happy-dom
// against a real server; integration tests drive the server over real HTTP against PGlite, and
// again against PostgreSQL when TEST_DATABASE_URL is set.
const integration = (name: string, env: Record<string, string>, extra: string[] = []) => ({
  test: {
    name,
    include: ["server/test/*.test.ts", ...extra],
    globalSetup: ["server/test/support/globalSetup.ts"],
    setupFiles: ["test-support/failOnConsoleError.ts"],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const DATE_TESTS = ["packages/domain/src/businessDate.test.ts", "packages/domain/src/dateFormat.test.ts", "packages/domain/src/campaignPlaceholders.test.ts"];
const zoned = (name: string, TZ: string) => [{ test: { name, include: DATE_TESTS, setupFiles: ["test-support/failOnConsoleError.ts"], env: { TZ } } }];

export default defineConfig({
  test: {
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
      ...(process.env.TEST_DATABASE_URL ? [integration("server-postgres", { TEST_DB_KIND: "postgres" }, ["server/test/postgres/*.test.ts"])] : []),
    ],
  },
});
