import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { startServerProcess } from "../server/test/support/serverProcess.ts";
import { alternate, builtDist, median, medianTiming, SLOW_4G, timeOnSlowPhone } from "./slowPhone.ts";

// The staff app's first screen on a slow phone network: time until the sign-in form is visible
// (translated, submit button on screen) at /, against a static HTML copy of the same rendered
// screen served by the same server in the same run (web/dist/static-signin.html). Network as in
// landing.ts: slow 4G, ~400 kbit/s down and up, 400 ms round trip, cache disabled. Runs alternate.

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(process.env.BENCH_SIGNIN_RUNS ?? 5);
const FORM_READY = "[data-testid=signin-submit]";
const STATIC_PAGE = "static-signin.html";

export interface SignInResult {
  runs: number;
  transferredBytes: { app: number; staticCopy: number };
  app: { fcpMs: number; formMs: number };
  staticCopy: { fcpMs: number; formMs: number };
  ratio: { fcp: number; form: number };
}

const formVisible = `(() => {
  const el = document.querySelector(${JSON.stringify(FORM_READY)});
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden" ? performance.now() : false;
})()`;

/** The rendered sign-in screen frozen as HTML: same markup, stylesheets and style elements, no script. */
async function writeStaticCopy(browser: Browser, url: string, dist: string): Promise<void> {
  // Playwright evaluates string predicates with eval, which the page's CSP refuses.
  const page = await browser.newPage({ bypassCSP: true });
  await page.goto(url);
  await page.waitForFunction(formVisible);
  const html = await page.evaluate<string>(`(() => {
    document.querySelectorAll("script, link[rel=modulepreload], link[rel=preload]").forEach((s) => s.remove());
    return "<!doctype html>\\n" + document.documentElement.outerHTML;
  })()`);
  await page.close();
  // Compressed like every other file of the build, so the copy is the best a static page can do.
  fs.writeFileSync(path.join(dist, STATIC_PAGE), html);
  fs.writeFileSync(path.join(dist, `${STATIC_PAGE}.br`), brotliCompressSync(html));
  fs.writeFileSync(path.join(dist, `${STATIC_PAGE}.gz`), gzipSync(html, { level: 9 }));
}

export async function runSignIn(log: (line: string) => void): Promise<SignInResult> {
  const dist = await builtDist("web", process.env.WEB_DIST_DIR, log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-bench-signin-"));
  const server = await startServerProcess({ DATA_DIR: path.join(dataDir, "db"), SEED: "none", WEB_DIST_DIR: dist }, 120_000);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const appUrl = `${server.url}/`;
    await writeStaticCopy(browser, appUrl, dist);
    const staticUrl = `${server.url}/${STATIC_PAGE}`;
    const options = { locale: "en-US", timeoutMs: 180_000 };
    const [app, copy] = await alternate(
      RUNS,
      () => timeOnSlowPhone(browser, appUrl, formVisible, options),
      () => timeOnSlowPhone(browser, staticUrl, formVisible, options),
    );
    const a = medianTiming(app);
    const b = medianTiming(copy);
    const result: SignInResult = {
      runs: RUNS,
      transferredBytes: { app: Math.round(median(app.map((r) => r.bytes))), staticCopy: Math.round(median(copy.map((r) => r.bytes))) },
      app: a,
      staticCopy: b,
      ratio: { fcp: Number((a.fcpMs / b.fcpMs).toFixed(2)), form: Number((a.formMs / b.formMs).toFixed(2)) },
    };
    log("");
    log(`| sign-in screen, slow 4G (400 kbit/s, 400 ms RTT), median of ${RUNS} | static HTML copy | app | ratio |`);
    log("|---|---:|---:|---:|");
    log(`| bytes transferred | ${result.transferredBytes.staticCopy} | ${result.transferredBytes.app} | |`);
    log(`| first contentful paint ms | ${b.fcpMs} | ${a.fcpMs} | ${result.ratio.fcp} |`);
    log(`| sign-in form visible ms | ${b.formMs} | ${a.formMs} | ${result.ratio.form} |`);
    log("");
    const file = path.join(ROOT, "bench/results/signin-latest.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ benchmark: "signin", measuredAt: new Date().toISOString(), network: SLOW_4G, ...result }, null, 2)}\n`);
    log(`Wrote ${path.relative(process.cwd(), file)}`);
    return result;
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    await server.exited;
    for (const suffix of ["", ".br", ".gz"]) fs.rmSync(path.join(dist, STATIC_PAGE + suffix), { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSignIn((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`Sign-in benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
