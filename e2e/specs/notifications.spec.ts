import type { Page } from "@playwright/test";
import { Api } from "../support/api";
import { newPage } from "../support/contexts";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import type { World } from "../support/world";
import { dateIn } from "../support/workday";

// Issue 34, the notification centre: a manager asks for an owner draw; the owner, in another
// browser, approves it on the cash dashboard; the manager's bell counts the notice without a
// reload, its panel says what was decided, and the notice opens the draw on the cash dashboard,
// read from then on. On a phone the bell ends the bottom bar (the header shows the time only).

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const prepare = (page: Page, baseURL: string, email: string, world: World) =>
  signInWithSelection(page, baseURL, email, selectionOf(world, dateIn(Date.now(), "America/Chicago")));

const bellCount = async (page: Page) => Number(await page.getByTestId("notification-count").getAttribute("data-count"));

test("the owner's approval reaches the manager's bell live, and the notice opens the draw", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(120_000);
  const ownerErrors: string[] = [];
  const owner = await newPage(browser, baseURL!, ownerErrors, { viewport: { width: 1366, height: 900 } });

  // The manager waits on their profile, the bell at zero (nothing has been decided for them yet).
  await prepare(page, baseURL!, world.users.MANAGER, world);
  await page.goto("/user/profile");
  await expect(page.getByTestId("notification-bell")).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveAttribute("data-count", "0");
  await expect(page.getByRole("button", { name: "Notices", exact: true })).toBeVisible();

  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const accounts = await manager.call<Array<{ _id: string; kind: string; storeId: string | null }>>("query", "cashAccounts:list", { storeId: world.storeId });
  const safe = accounts.find((a) => a.storeId === world.storeId && a.kind === "safe")!._id;
  const { transactionId } = await manager.call<{ transactionId: string }>("mutation", "cashTransactions:create", {
    kind: "withdrawal",
    amountCents: 123,
    fromAccountId: safe,
    description: "Draw for the notice test",
    idempotencyKey: `notice-e2e-${Date.now()}`,
  });

  await test.step("the owner approves the draw in another browser", async () => {
    await prepare(owner.page, baseURL!, world.users.OWNER, world);
    await owner.page.goto("/laundromat/cash-dashboard");
    const pending = owner.page.getByTestId("transaction-row").and(owner.page.locator("[data-kind=withdrawal][data-status=pending]"));
    await expect(pending).toHaveCount(1);
    await pending.getByTestId("approve-transaction").click();
    await expect(owner.page.getByText("Transaction approved")).toBeVisible();
  });

  await test.step("the manager's bell rises without a reload", async () => {
    await expect.poll(() => bellCount(page)).toBe(1);
    await expect(page.getByRole("button", { name: "Notices: 1 unread" })).toBeVisible();
  });

  await test.step("the panel says what was decided, and the notice opens the draw", async () => {
    await page.getByTestId("notification-bell").click();
    const item = page.getByTestId("notification-item").and(page.locator("[data-kind='cash.decided']"));
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-unread", "true");
    await expect(item).toContainText("Your owner draw of $1.23 was approved.");
    await expect(item).toContainText(world.companyName);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/laundromat/cash-dashboard\\?(.*&)?open=${transactionId}(&|$)`));
    await expect(page.getByTestId("notification-count")).toHaveAttribute("data-count", "0");
    await page.getByTestId("notification-bell").click();
    await expect(page.getByTestId("notification-item").first()).toHaveAttribute("data-unread", "false");
    await expect(page.getByTestId("notifications-mark-all")).toBeDisabled();
  });

  await owner.context.close();
  expect(ownerErrors, "console errors in the owner's browser").toEqual([]);
});

test("on a phone the bell fits the bottom bar and marks every notice read", async ({ browser, baseURL, world }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const phone = await newPage(browser, baseURL!, errors, PHONE);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const accounts = await manager.call<Array<{ _id: string; kind: string; storeId: string | null }>>("query", "cashAccounts:list", { storeId: world.storeId });
  const safe = accounts.find((a) => a.storeId === world.storeId && a.kind === "safe")!._id;
  const owner = await Api.as(baseURL!, world.users.OWNER);
  for (const amountCents of [101, 102]) {
    const { transactionId } = await manager.call<{ transactionId: string }>("mutation", "cashTransactions:create", {
      kind: "withdrawal",
      amountCents,
      fromAccountId: safe,
      description: "Draw for the phone notice test",
      idempotencyKey: `notice-phone-${amountCents}-${Date.now()}`,
    });
    await owner.call("mutation", "cashTransactions:reject", { transactionId, reason: "Not this week", idempotencyKey: `notice-reject-${transactionId}` });
  }

  await prepare(phone.page, baseURL!, world.users.MANAGER, world);
  await phone.page.goto("/user/profile");
  // The phone's header shows the time only (spec section 2): the bell ends the bottom bar, after the company.
  await expect(phone.page.getByTestId("header-clock")).toBeVisible();
  await expect(phone.page.getByTestId("mobile-header").getByTestId("notification-bell")).toHaveCount(0);
  const bar = phone.page.getByTestId("mobile-nav-bar");
  const bell = bar.getByTestId("notification-bell");
  await expect(bell).toBeVisible();
  await expect(bar.getByTestId("notification-count")).toHaveAttribute("data-count", "2");
  await expect(bar.getByTestId("header-company")).toBeVisible();
  const [barBox, bellBox, companyBox] = [await bar.boundingBox(), await bell.boundingBox(), await bar.getByTestId("header-company").boundingBox()];
  expect(bellBox!.x).toBeGreaterThanOrEqual(companyBox!.x + companyBox!.width);
  expect(bellBox!.x + bellBox!.width).toBeLessThanOrEqual(Math.min(barBox!.x + barBox!.width, PHONE.viewport.width));
  expect(bellBox!.y).toBeGreaterThanOrEqual(barBox!.y);
  expect(bellBox!.y + bellBox!.height).toBeLessThanOrEqual(barBox!.y + barBox!.height);

  await bell.click();
  const panel = phone.page.getByTestId("notification-panel");
  await expect(panel.getByTestId("notification-item")).toHaveCount(2);
  await expect(panel.getByText("Reason: Not this week").first()).toBeVisible();
  const panelBox = await panel.boundingBox();
  expect(panelBox!.x).toBeGreaterThanOrEqual(0);
  expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(PHONE.viewport.width);
  await panel.getByTestId("notifications-mark-all").click();
  await expect(bar.getByTestId("notification-count")).toHaveAttribute("data-count", "0");

  await phone.context.close();
  expect(errors, "console errors on the phone").toEqual([]);
});
