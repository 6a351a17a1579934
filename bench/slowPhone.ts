import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { build } from "vite";

// A page on a slow phone network, for the page benchmarks (landing.ts, signin.ts): Chrome DevTools
// emulation of slow 4G as the brief fixes it, ~400 kbit/s down and up, 400 ms round trip, cache
// disabled, on a phone-sized touch viewport.

const ROOT = fileURLToPath(new URL("../", import.meta.url));

export const SLOW_4G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

export interface PageTiming {
  fcpMs: number;
  /** When the page's ready expression first held (it returns performance.now() or false). */
  formMs: number;
  /** Bytes over the network, compressed as sent. */
  bytes: number;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The build folder of `app` ("web" or "landing"), or the one `override` names; built when missing. */
export async function builtDist(app: "web" | "landing", override: string | undefined, log: (line: string) => void): Promise<string> {
  const dist = path.resolve(ROOT, override ?? `${app}/dist`);
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    log(`Building ${app} into ${path.relative(process.cwd(), dist)}`);
    await build({
      configFile: path.join(ROOT, `${app}/vite.config.ts`),
      root: path.join(ROOT, app),
      logLevel: "warn",
      build: { outDir: dist, emptyOutDir: true },
    });
  }
  return dist;
}

/** One load of `url` on the slow phone: first contentful paint and when `ready` (a page expression) held. */
export async function timeOnSlowPhone(
  browser: Browser,
  url: string,
  ready: string,
  options: { locale?: string; timeoutMs?: number } = {},
): Promise<PageTiming> {
  const timeout = options.timeoutMs ?? 120_000;
  // bypassCSP: Playwright evaluates string predicates with eval, which the pages' CSP refuses.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true, locale: options.locale });
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  await page.goto(url, { waitUntil: "commit", timeout });
  const formMs = await page.waitForFunction(ready, undefined, { timeout, polling: "raf" }).then((h) => h.jsonValue() as Promise<number>);
  const fcpMs = await page
    .waitForFunction(`performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? false`, undefined, { timeout })
    .then((h) => h.jsonValue() as Promise<number>);
  await context.close();
  return { fcpMs, formMs, bytes };
}

/** `runs` timings of each page, alternating which goes first so drift lands on both alike. */
export async function alternate(runs: number, first: () => Promise<PageTiming>, second: () => Promise<PageTiming>): Promise<[PageTiming[], PageTiming[]]> {
  const a: PageTiming[] = [];
  const b: PageTiming[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      a.push(await first());
      b.push(await second());
    } else {
      b.push(await second());
      a.push(await first());
    }
  }
  return [a, b];
}

/** Median first paint and ready time of a list of timings, in whole milliseconds. */
export function medianTiming(list: PageTiming[]): { fcpMs: number; formMs: number } {
  return { fcpMs: Math.round(median(list.map((r) => r.fcpMs))), formMs: Math.round(median(list.map((r) => r.formMs))) };
}
