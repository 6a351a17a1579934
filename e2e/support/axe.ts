import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Frame, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

// axe-core on the page as it is now: zero serious or critical WCAG 2.1 A/AA violations. Each
// screen is scanned in light and, by switching the emulated scheme on the same page (the app
// follows the system's), in dark, so the dark scan costs one more analysis and no reload.
//
// axe-core is run here directly rather than through @axe-core/playwright: that wrapper injects the
// 550 KB script into every frame on every scan and finishes each scan in a new blank page, which
// on a busy two-core machine took 2–20 s a scan (a report tab's test timed out at two minutes);
// injected once per document and run in place, a scan takes about 150 ms.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
  // Each frame is scanned on its own below, the authored ones left out.
  iframes: false,
};

/**
 * Frames that show what a user authored, not a screen of ours: an e-mail template's HTML (sandboxed,
 * so axe could not run inside anyway), a store's map, and the theme editor's preview of the theme
 * being designed.
 */
const AUTHORED_FRAMES = ["iframe[sandbox]", "iframe[data-testid^='theme-preview']"];

type Violation = Pick<AxeResults["violations"][number], "id" | "impact" | "help"> & { nodes: Array<{ target: string; summary: string }> };

async function violationsIn(frame: Frame): Promise<Violation[]> {
  if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, options);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary?.split("\n")[1]?.trim() ?? "" })),
    }));
  }, OPTIONS);
}

/** The page's own frames: the top one and every same-document child that is not authored content. */
async function framesToScan(page: Page): Promise<Frame[]> {
  const frames = [page.mainFrame()];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || frame.isDetached()) continue;
    const element = await frame.frameElement().catch(() => null);
    if (!element) continue;
    const authored = await element.evaluate((e, selectors) => selectors.some((s) => (e as Element).matches(s)), AUTHORED_FRAMES);
    if (!authored) frames.push(frame);
  }
  return frames;
}

/** The serious and critical findings, one readable entry per rule. */
async function findings(page: Page): Promise<string[]> {
  const bad: string[] = [];
  for (const frame of await framesToScan(page)) {
    for (const v of await violationsIn(frame)) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      bad.push(`${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target} ${n.summary}`).join("\n    ")}`);
    }
  }
  return bad;
}

/**
 * Fails (softly, so one run lists every screen's findings) with a readable list of what axe found.
 * A finding is checked again after a moment before it counts: just after the scheme switches, a
 * control re-rendered by React can still show the other scheme's colours for a frame or two (seen
 * on the language toggle under load), and a real violation is still there a second later.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  let bad = await findings(page);
  for (let again = 0; again < 3 && bad.length > 0; again++) {
    await page.waitForTimeout(500);
    bad = await findings(page);
  }
  expect.soft(bad, `axe violations on ${where}`).toEqual([]);
}

/** Scans in light, then in dark, and leaves the page light. */
export async function expectAccessibleInBothSchemes(page: Page, where: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The staff app marks its scheme on <html>; the kiosk and landing pages follow the media query alone.
    if ((await page.locator("html[data-mantine-color-scheme]").count()) > 0) {
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    }
    // Mantine's transitions: let colours settle before measuring contrast.
    await page.waitForTimeout(150);
    await expectAccessible(page, `${where} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
