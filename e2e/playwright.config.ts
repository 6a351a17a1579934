import { defineConfig, devices } from "@playwright/test";

// Browser journeys against the built app, on a fresh copy of the demo database, in the system
// Chromium (no browser is downloaded). Tests that write data make a company of their own
// (support/world.ts); the server offers that only because TUMBLE_TEST_WORLD=1 is set here.

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./specs",
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  // One more try on CI, where the whole suite shares two cores with the server it drives; a test
  // that passes only on its second try is listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's snapshots, which took a third of the suite's time: it is kept
    // for the retry of a test that failed on CI (`--trace on` records one locally).
    trace: "on-first-retry",
    // The app honours reduced motion (no transitions, spinners or shimmer to paint while a screen
    // loads), which took another sixth; the motion itself is not what these journeys check.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    // A fresh copy of the integration tests' seeded template (built once per day and sources).
    command: `DATA_DIR=.tmp/e2e-data-${PORT} PORT=${PORT} SEED=demo TUMBLE_TEST_WORLD=1 node --import tsx server/test/support/e2eServer.ts`,
    cwd: "..",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // Building the template when no integration run made it first has taken over two minutes.
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
