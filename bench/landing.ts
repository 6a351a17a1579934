import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { startServerProcess } from "../server/test/support/serverProcess.ts";
import { alternate, builtDist, medianTiming, SLOW_4G, timeOnSlowPhone } from "./slowPhone.ts";

// The landing page on a slow phone network: first contentful paint and time to an interactive
// claim form, for /marketing/{friendlyId} (the Preact bundle) against a static HTML page of the
// same content served by the same server in the same run (landing/dist/static-baseline.html, at
// /landing/static-baseline.html). Network: Chrome DevTools emulation of slow 4G as the brief
// fixes it, ~400 kbit/s down and up, 400 ms round trip, cache disabled. Runs alternate pages.
// It also holds the landing bundle to its budget: JS + CSS under 80 KB gzipped.

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BUDGET_BYTES = 80 * 1024;
const RUNS = Number(process.env.BENCH_LANDING_RUNS ?? 7);
const FORM_READY = "form.claim-form button[type=submit]";

export interface LandingResult {
  bundle: { jsGzipBytes: number; cssGzipBytes: number; totalGzipBytes: number; budgetBytes: number };
  runs: number;
  landing: { fcpMs: number; formMs: number };
  staticBaseline: { fcpMs: number; formMs: number };
  ratio: { fcp: number; form: number };
}

/** The gzipped size of the JS and CSS the landing page loads. */
export function landingBundleSize(dist: string): LandingResult["bundle"] {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const assets = [...html.matchAll(/(?:src|href)="\/landing\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipSync(fs.readFileSync(path.join(dist, asset)), { level: 9 }).length;
    if (asset.endsWith(".js")) js += size;
    else css += size;
  }
  return { jsGzipBytes: js, cssGzipBytes: css, totalGzipBytes: js + css, budgetBytes: BUDGET_BYTES };
}

async function call<T>(base: string, kind: string, fnPath: string, args: unknown): Promise<T> {
  const response = await fetch(`${base}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: fnPath, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${fnPath}: ${body.errorMessage}`);
  return body.value;
}

/** The rendered landing page frozen as HTML: same markup and stylesheet, no script. */
async function writeStaticBaseline(browser: Browser, url: string, dist: string): Promise<void> {
  // Playwright evaluates string predicates with eval, which the page's CSP refuses.
  const page = await browser.newPage({ bypassCSP: true });
  await page.goto(url);
  await page.waitForSelector(FORM_READY);
  // Evaluated in the page (this package is typed without the DOM library).
  const html = await page.evaluate<string>(`(() => {
    document.querySelectorAll("script").forEach((s) => s.remove());
    return "<!doctype html>\\n" + document.documentElement.outerHTML;
  })()`);
  await page.close();
  fs.writeFileSync(path.join(dist, "static-baseline.html"), html);
}

export async function runLanding(log: (line: string) => void): Promise<LandingResult> {
  const dist = await builtDist("landing", process.env.LANDING_DIST_DIR, log);
  const bundle = landingBundleSize(dist);
  log(
    `Landing bundle: JS ${(bundle.jsGzipBytes / 1024).toFixed(1)} KB + CSS ${(bundle.cssGzipBytes / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
  );
  if (bundle.totalGzipBytes >= BUDGET_BYTES)
    throw new Error(`The landing bundle is ${bundle.totalGzipBytes} bytes gzipped, over its ${BUDGET_BYTES}-byte budget`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-bench-landing-"));
  const server = await startServerProcess({ DATA_DIR: path.join(dataDir, "db"), SEED: "demo", LANDING_DIST_DIR: dist }, 120_000);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const { friendlyId } = await call<{ friendlyId: string }>(server.url, "mutation", "marketing:createDemoCampaign", { template: "full" });
    const landingUrl = `${server.url}/marketing/${friendlyId}`;
    await writeStaticBaseline(browser, landingUrl, dist);
    const staticUrl = `${server.url}/landing/static-baseline.html`;
    const ready = `document.querySelector(${JSON.stringify(FORM_READY)}) ? performance.now() : false`;
    const [landing, baseline] = await alternate(
      RUNS,
      () => timeOnSlowPhone(browser, landingUrl, ready),
      () => timeOnSlowPhone(browser, staticUrl, ready),
    );
    const l = medianTiming(landing);
    const b = medianTiming(baseline);
    const result: LandingResult = {
      bundle,
      runs: RUNS,
      landing: l,
      staticBaseline: b,
      ratio: { fcp: Number((l.fcpMs / b.fcpMs).toFixed(2)), form: Number((l.formMs / b.formMs).toFixed(2)) },
    };
    log("");
    log("| landing page, slow 4G (400 kbit/s, 400 ms RTT), median of " + RUNS + " | static HTML baseline ms | landing ms | ratio |");
    log("|---|---:|---:|---:|");
    log(`| first contentful paint | ${b.fcpMs} | ${l.fcpMs} | ${result.ratio.fcp} |`);
    log(`| interactive claim form | ${b.formMs} | ${l.formMs} | ${result.ratio.form} |`);
    log("");
    const file = path.join(ROOT, "bench/results/landing-latest.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ benchmark: "landing", measuredAt: new Date().toISOString(), network: SLOW_4G, ...result }, null, 2)}\n`);
    log(`Wrote ${path.relative(process.cwd(), file)}`);
    return result;
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runLanding((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`Landing benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
