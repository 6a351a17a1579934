import type { Page } from "@playwright/test";
import { AREA_TABLE, routePath } from "@tumble/domain/routes";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, storeSelection } from "../support/selection";

// The money screens at a laptop's 1024 and a tablet's 768 px: nothing scrolls the page sideways and
// every button on the screen (row actions included: Approve, Reject, Accept, Ask for a recount) lies
// inside the window, where a person can reach it.

const WIDTHS = [1024, 768];
const LAUNDROMAT = AREA_TABLE.find((a) => a.area === "laundromat")!.subScreens;

async function settle(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible]")).toHaveCount(0, { timeout: 15_000 });
}

/** Buttons in the main area whose right edge lies beyond the window, by their text. */
async function buttonsOffScreen(page: Page, width: number): Promise<string[]> {
  return page.locator("main button:visible, main a[role=button]:visible").evaluateAll(
    (buttons, w) =>
      buttons
        .filter((b) => {
          const r = b.getBoundingClientRect();
          return r.width > 0 && r.right > w + 1;
        })
        .map((b) => (b.textContent || b.getAttribute("aria-label") || b.outerHTML.slice(0, 80)).trim()),
    width,
  );
}

for (const width of WIDTHS) {
  test(`the laundromat screens fit ${width} px: no sideways scroll, every button in reach`, async ({ page, baseURL, signInAs, world }) => {
    test.setTimeout(LAUNDROMAT.length * 15_000 + 30_000);
    // Something for the row actions to act on: a draw waiting for the owner and a count to review.
    const manager = await Api.as(baseURL!, world.users.MANAGER);
    await manager.call("mutation", "cashTransactions:create", {
      kind: "withdrawal",
      amountCents: 1_000,
      storeId: world.storeId,
      description: "Owner draw",
      idempotencyKey: crypto.randomUUID(),
    });
    const petty = (
      await manager.call<Array<{ _id: string; kind: string; storeId: string | null }>>("query", "cashAccounts:list", { storeId: world.storeId })
    ).find((a) => a.kind === "petty_cash" && a.storeId === world.storeId)!._id;
    const { countId } = await manager.call<{ countId: string }>("mutation", "physicalCounts:start", {
      accountId: petty,
      blind: false,
      idempotencyKey: crypto.randomUUID(),
    });
    await manager.call("mutation", "physicalCounts:submit", {
      countId,
      denominations: { bill_100: 1 },
      reason: "miscount",
      note: "a dollar over",
      idempotencyKey: crypto.randomUUID(),
    });
    await page.setViewportSize({ width, height: 900 });
    await signInAs(world.users.OWNER);
    await storeSelection(page, selectionOf(world));
    for (const sub of LAUNDROMAT) {
      await page.goto(routePath("laundromat", sub));
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${sub} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await buttonsOffScreen(page, width), `${sub} at ${width} px`).toEqual([]);
      if (sub === "cash-dashboard") await expect(page.getByRole("button", { name: /^Approve/ }).first()).toBeInViewport();
      if (sub === "physical-counts") await expect(page.getByRole("button", { name: /^Accept/ }).first()).toBeVisible();
    }
  });
}
