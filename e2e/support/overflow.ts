import { expect, type Page } from "@playwright/test";

// Issue 34: no screen scrolls sideways at 1366, 1024, 768 or 390 px. The accessibility walk opens
// every sub-screen of the route table; this resizes the loaded screen through the widths (the
// sidebar becomes the drawer below 1024 px, tables turn into cards on phones) and fails naming the
// widest elements when the page is wider than the window.

export const WIDTHS = [1366, 1024, 768, 390] as const;

async function overflowOf(page: Page, width: number): Promise<string | null> {
  return page.evaluate((w) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= w) return null;
    const wide = Array.from(document.querySelectorAll("body *"))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > w + 1)
      .slice(-3)
      .map(
        ({ el, right }) => `${el.tagName.toLowerCase()}[${el.getAttribute("data-testid") ?? el.className.toString().slice(0, 40)}] to ${Math.round(right)}px`,
      );
    return `${scrollWidth}px wide (${wide.join(", ")})`;
  }, width);
}

/** Fails when the screen scrolls sideways at any of WIDTHS; leaves the window as it found it. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const original = page.viewportSize();
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: original?.height ?? 800 });
    // Media queries answer at once; components that measure their box (a table that turns into
    // cards when it does not fit) answer on the next frames: a page still too wide after 2 s is.
    // So the first look waits for two frames, and only a page still too wide is looked at again.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    let overflow = await overflowOf(page, width);
    for (let attempt = 0; overflow && attempt < 8; attempt++) {
      await page.waitForTimeout(250);
      overflow = await overflowOf(page, width);
    }
    if (overflow) problems.push(`${label} at ${width}px is ${overflow}`);
  }
  if (original) await page.setViewportSize(original);
  expect(problems, "screens that scroll sideways").toEqual([]);
}
