import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// axe-core on the page as it is now: zero serious or critical WCAG 2.1 A/AA violations. Each
// screen is scanned in light and, by switching the emulated scheme on the same page (the app
// follows the system's), in dark, so the dark scan costs one more analysis and no reload.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Frames that show what a user authored, not a screen of ours: an e-mail template's HTML (sandboxed,
 * so axe could not run inside anyway) and the theme editor's preview of the theme being designed.
 */
const AUTHORED_FRAMES = ["iframe[sandbox]", "iframe[data-testid^='theme-preview']"];

/** Fails (softly, so one run lists every screen's findings) with a readable list of what axe found. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const frame of AUTHORED_FRAMES) builder = builder.exclude(frame);
  const { violations } = await builder.analyze();
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("\n    ")}`,
    );
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
