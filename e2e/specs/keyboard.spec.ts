import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 12: recording and verifying a collection with the keyboard alone (Tab, Enter, Space and
// arrows; addresses typed, never a mouse click), each control showing a visible focus ring.

test.use({ viewport: { width: 1280, height: 800 } });

/** The most recent Tuesday or Wednesday before today in the store's time zone (the seed visits on Mondays and Thursdays). */
function quietBusinessDate(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() - 1);
  while (![2, 3].includes(d.getUTCDay()));
  return d.toISOString().slice(0, 10);
}

const display = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1");

/** Presses Tab until `target` has focus (at most `limit` times), then checks its focus ring shows. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) {
      await expectFocusRing(page);
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused control draws an outline (or a focus-visible box shadow) a sighted keyboard user can see. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const style = getComputedStyle(el);
    return {
      outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
      shadow: style.boxShadow !== "none",
      visible: el.matches(":focus-visible"),
    };
  });
  expect(ring?.visible, "the focused control matches :focus-visible").toBe(true);
  expect(ring!.outline || ring!.shadow, "the focused control draws a ring").toBe(true);
}

const signIn = (page: Page, baseURL: string, email: string, storeId: string, storeName: string, date: string) =>
  signInWithSelection(page, baseURL, email, selectionOf({ storeId, storeName }, date));

test("a collection is recorded, submitted and verified with the keyboard alone", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(120_000);
  const date = quietBusinessDate();
  await signIn(page, baseURL!, world.users.STAFF, world.storeId, world.storeName, date);

  await test.step("staff types two amounts, moving on with Enter, and submits with Enter", async () => {
    await page.goto("/laundromat/collection-record");
    const washers = page.getByRole("region", { name: "Front washers" });
    const w1 = washers.getByLabel("W1 Coins", { exact: true });
    await expect(w1).toBeVisible({ timeout: 20_000 });
    await tabTo(page, w1);
    await page.keyboard.type("40");
    await page.keyboard.press("Enter");
    await expect(washers.getByLabel("W2 Coins", { exact: true })).toBeFocused();
    await page.keyboard.type("12.50");
    await expect(page.getByTestId("record-total")).toHaveText("$52.50");
    await expect(page.getByTestId("draft-sync")).toHaveAttribute("data-state", "synced");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Collection of $52.50 submitted for verification")).toBeVisible();
  });

  await test.step("a supervisor opens it from the list with Enter and verifies it with Space", async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const supervisor = await context.newPage();
    const errors: string[] = [];
    supervisor.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await signIn(supervisor, baseURL!, world.users.SUPERVISOR, world.storeId, world.storeName, date);
    await supervisor.goto("/laundromat/collections-list");
    const open = supervisor.getByRole("button", { name: `Open collection of ${world.storeName} on ${display(date)}` });
    await expect(open).toBeVisible({ timeout: 20_000 });
    await tabTo(supervisor, open, 150);
    await supervisor.keyboard.press("Enter");
    const detail = supervisor.getByRole("dialog");
    await expect(detail.getByTestId("detail-total")).toHaveText("$52.50");
    const verify = detail.getByRole("button", { name: "Verify" });
    await tabTo(supervisor, verify);
    await expect(verify).toBeInViewport();
    await supervisor.keyboard.press("Space");
    await expect(supervisor.getByText("Collection verified: $52.50 posted to the safe")).toBeVisible();
    await expect(detail.getByTestId("collection-status")).toHaveText("Verified");
    // Escape closes the drawer and gives focus back to the row that opened it.
    await supervisor.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    await context.close();
    expect(errors, "console errors on the supervisor's page").toEqual([]);
  });
});
