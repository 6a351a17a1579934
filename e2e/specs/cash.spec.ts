import type { Page } from "@playwright/test";
import { formatUSD } from "@tumble/domain/money";
import { newPage } from "../support/contexts";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import type { World } from "../support/world";
import { dateIn } from "../support/workday";

// Issue 13: a manager asks for an owner draw; the owner, in another browser, sees the cash badge
// rise without a reload, approves it in place on the cash dashboard, and the safe's balance drops
// by the draw; reversing it with a reason puts the safe back. On a phone, a manager counts the safe
// blind with a difference and a reason; the owner accepts the count and the safe's ledger shows the
// over/short posting.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Signs `page` in as `email` with the world's store and today selected. */
// The selected day is the store's business day (its zone, Chicago), which postings are dated by,
// whatever the hour in UTC.
const prepare = (page: Page, baseURL: string, email: string, world: World) =>
  signInWithSelection(page, baseURL, email, selectionOf(world, dateIn(Date.now(), "America/Chicago")));

async function badgeCount(page: Page, testId: string): Promise<number> {
  const badge = page.getByTestId(testId);
  const text = (await badge.count()) === 0 ? "" : ((await badge.first().textContent()) ?? "");
  return Number(text.trim() || 0);
}

test("a manager's owner draw is approved live by the owner and the safe drops by it", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(120_000);
  const ownerErrors: string[] = [];
  const owner = await newPage(browser, baseURL!, ownerErrors, { viewport: { width: 1366, height: 900 } });
  await prepare(owner.page, baseURL!, world.users.OWNER, world);
  await owner.page.goto("/laundromat/cash-dashboard");
  await expect(owner.page.getByRole("heading", { name: "Cash dashboard", level: 1 })).toBeVisible();
  const safeRow = owner.page.getByTestId("balance-row").and(owner.page.locator("[data-kind=safe]"));
  await expect(safeRow).toHaveCount(1);
  const safeBefore = Number(await safeRow.getAttribute("data-balance"));
  // The world has unverified collections, so the laundromat tab's badge is up once the counts load.
  await expect(owner.page.getByTestId("nav-badge-laundromat")).toBeVisible();
  const tabBefore = await badgeCount(owner.page, "nav-badge-laundromat");
  const subBadge = owner.page.getByTestId("nav-badge-link-laundromat-cash-dashboard");
  const subBefore = await badgeCount(owner.page, "nav-badge-link-laundromat-cash-dashboard");

  await test.step("the manager requests an owner draw from the safe", async () => {
    await prepare(page, baseURL!, world.users.MANAGER, world);
    await page.goto("/laundromat/cash-accounts");
    await page.getByTestId("new-transaction").click();
    const form = page.getByRole("dialog", { name: "New transaction" });
    await expect(form.getByLabel("Kind")).toHaveValue("Owner draw");
    await expect(form.getByLabel("From account")).toHaveValue(/Safe/);
    // The form's own rules first: nothing is sent without an amount and a description.
    await form.getByTestId("transaction-submit").click();
    await expect(form.getByText("Amount is required")).toBeVisible();
    await form.getByLabel("Amount").fill("123.45");
    await form.getByLabel("Description").fill("Owner draw for supplies run");
    await form.getByTestId("transaction-submit").click();
    await expect(page.getByText("Sent for approval")).toBeVisible();
    await page.getByTestId("transactions-tab").click();
    const row = page.getByTestId("transaction-row").and(page.locator("[data-status=pending][data-kind=withdrawal]"));
    await expect(row).toHaveCount(1);
    // Nobody approves their own request: the manager may cancel it, not approve it.
    await expect(row.getByTestId("approve-transaction")).toHaveCount(0);
    await expect(row.getByText("You cannot approve your own request")).toBeVisible();
  });

  await test.step("the owner sees the badges rise live and approves in place", async () => {
    await expect.poll(() => badgeCount(owner.page, "nav-badge-laundromat")).toBe(tabBefore + 1);
    await expect(subBadge).toHaveText(String(subBefore + 1));
    const pending = owner.page.getByTestId("transaction-row").and(owner.page.locator("[data-kind=withdrawal][data-status=pending]"));
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText("$123.45");
    await pending.getByTestId("approve-transaction").click();
    await expect(owner.page.getByText("Transaction approved")).toBeVisible();
    await expect(safeRow).toHaveAttribute("data-balance", String(safeBefore - 12345));
    await expect.poll(() => badgeCount(owner.page, "nav-badge-laundromat")).toBe(tabBefore);
  });

  await test.step("the manager's list follows: approved, and the safe's card shows the new balance", async () => {
    await expect(page.getByTestId("transaction-row").and(page.locator("[data-kind=withdrawal]"))).toHaveAttribute("data-status", "approved");
    await expect(page.getByTestId("cash-account").and(page.locator("[data-kind=safe]"))).toHaveAttribute("data-balance", String(safeBefore - 12345));
  });

  await test.step("the owner reverses the draw with a reason: the safe is back where it was", async () => {
    await owner.page.goto("/laundromat/cash-accounts");
    await owner.page.getByTestId("transactions-tab").click();
    const draw = owner.page.getByTestId("transaction-row").and(owner.page.locator("[data-kind=withdrawal][data-status=approved]"));
    await expect(draw).toHaveCount(1);
    await draw.getByTestId("reverse-transaction").click();
    const dialog = owner.page.getByRole("dialog", { name: "Reverse this transaction" });
    // No reversal without a reason.
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await expect(dialog.getByText("Give a reason")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Supplies were paid by card");
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await expect(owner.page.getByText("Transaction reversed")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(owner.page.getByTestId("cash-account").and(owner.page.locator("[data-kind=safe]"))).toHaveAttribute("data-balance", String(safeBefore));
    // A reversal is not reversed again.
    await expect(draw.getByTestId("reverse-transaction")).toHaveCount(0);
  });
  await owner.context.close();
  expect(ownerErrors).toEqual([]);
});

test("a manager adds a cash account, renames it and archives it at zero balance", async ({ page, baseURL, world }) => {
  await prepare(page, baseURL!, world.users.MANAGER, world);
  await page.goto("/laundromat/cash-accounts");
  const cards = page.getByTestId("cash-account");
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();

  await page.getByTestId("account-add").click();
  const add = page.getByRole("dialog", { name: "Add a cash account" });
  // The form's own rule first: no account without a name.
  await add.getByTestId("account-submit").click();
  await expect(add.getByText("Give the account a name")).toBeVisible();
  await add.getByLabel("Name").fill("Quarter vault");
  await add.getByTestId("account-submit").click();
  await expect(page.getByText("Account added")).toBeVisible();
  await expect(cards).toHaveCount(before + 1);
  const card = cards.filter({ hasText: "Quarter vault" });
  await expect(card).toHaveAttribute("aria-pressed", "true");
  await expect(card).toHaveAttribute("data-balance", "0");

  await page.getByTestId("account-rename").click();
  const rename = page.getByRole("dialog", { name: "Rename account" });
  await expect(rename.getByLabel("Name")).toHaveValue("Quarter vault");
  await rename.getByLabel("Name").fill("Token vault");
  await rename.getByTestId("account-submit").click();
  await expect(page.getByText("Account renamed")).toBeVisible();
  await expect(cards.filter({ hasText: "Token vault" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Quarter vault" })).toHaveCount(0);

  await page.getByTestId("account-archive").click();
  await page.getByTestId("account-archive-confirm").click();
  await expect(page.getByText("Account archived")).toBeVisible();
  await expect(cards.filter({ hasText: "Token vault" })).toHaveCount(0);
  await expect(cards).toHaveCount(before);
});

test("a new account opens with a balance, a transfer is dated earlier, and the accounts the ledger opened read in Spanish", async ({
  page,
  baseURL,
  world,
}) => {
  await prepare(page, baseURL!, world.users.MANAGER, world);
  await page.goto("/laundromat/cash-accounts");
  const cards = page.getByTestId("cash-account");
  await expect(cards.first()).toBeVisible();

  await test.step("the opening balance field opens the account with that balance", async () => {
    await page.getByTestId("account-add").click();
    const add = page.getByRole("dialog", { name: "Add a cash account" });
    await add.getByLabel("Name").fill("Token vault");
    await add.getByLabel("Opening balance").fill("250.00");
    await add.getByTestId("account-submit").click();
    await expect(page.getByText("Account added")).toBeVisible();
    await expect(cards.filter({ hasText: "Token vault" })).toHaveAttribute("data-balance", "25000");
    const opening = page.getByTestId("ledger-line").and(page.locator("[data-amount='25000']"));
    await expect(opening).toHaveCount(1);
    await expect(opening).toContainText("Opening balance");
  });

  // Three days back: inside the store's last year whatever its zone.
  const earlier = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = earlier.split("-");
  await test.step("the business date field posts the transfer to an earlier day", async () => {
    await page.getByTestId("new-transaction").click();
    const form = page.getByRole("dialog", { name: "New transaction" });
    await form.getByLabel("Kind").click();
    await page.getByRole("option", { name: "Transfer" }).click();
    await form.getByLabel("From account").click();
    await page.getByRole("option", { name: "Token vault" }).click();
    await form.getByLabel("To account").click();
    await page.getByRole("option", { name: /^Safe/ }).click();
    await form.getByLabel("Amount").fill("40.00");
    await form.getByLabel("Business date").fill(earlier);
    await form.getByLabel("Description").fill("Tokens back to the safe");
    await form.getByTestId("transaction-submit").click();
    await expect(page.getByText("Transaction posted")).toBeVisible();
    const line = page.getByTestId("ledger-line").and(page.locator("[data-kind=transfer]"));
    // The ledger follows the selected dates (today): the transfer dated back shows once all dates are asked for.
    await expect(cards.filter({ hasText: "Token vault" })).toHaveAttribute("data-balance", "21000");
    await expect(line).toHaveCount(0);
    await page.getByTestId("ledger-all-dates").click();
    await expect(page).toHaveURL(/dates=all/);
    await expect(line).toHaveAttribute("data-amount", "-4000");
    await expect(line).toContainText(`${m}/${d}/${y}`);
    await expect(cards.filter({ hasText: "Token vault" })).toHaveAttribute("data-balance", "21000");
  });

  await test.step("in Spanish, the safe and the opening balance account read in Spanish; a typed name stays as typed", async () => {
    await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Cuentas de efectivo", level: 1 })).toBeVisible();
    await expect(cards.and(page.locator("[data-kind=safe]"))).toContainText("Caja fuerte");
    await expect(cards.and(page.locator("[data-kind=change_fund]"))).toContainText("Fondo de cambio");
    await expect(cards.filter({ hasText: "Token vault" })).toHaveCount(1);
    await expect(page.getByTestId("ledger-line").and(page.locator("[data-amount='25000']"))).toContainText("Saldo inicial");
    await page.getByTestId("new-transaction").click();
    const form = page.getByRole("dialog", { name: "Nueva transacción" });
    await expect(form.getByLabel("Fecha contable")).toBeVisible();
    await form.getByLabel("Cuenta de origen").click();
    await expect(page.getByRole("option", { name: /^Caja fuerte/ })).toBeVisible();
    await page.keyboard.press("Escape");
  });
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("a manager counts the safe blind, never seeing its balance; the owner accepts the difference and the ledger posts it", async ({
    page,
    browser,
    baseURL,
    world,
  }) => {
    test.setTimeout(120_000);
    await prepare(page, baseURL!, world.users.MANAGER, world);
    await page.goto("/laundromat/cash-accounts");
    const safeCard = page.getByTestId("cash-account").and(page.locator("[data-kind=safe]"));
    await expect(safeCard).toHaveCount(1);
    const expected = Number(await safeCard.getAttribute("data-balance"));
    const counted = 3 * 2000 + 2 * 1000 + 4 * 25;
    const variance = counted - expected;
    expect(Math.abs(variance)).toBeGreaterThan(500);

    await test.step("start a blind count of the safe and count by denomination", async () => {
      await page.goto("/laundromat/physical-counts");
      await expect(page.getByTestId("count-account")).toHaveValue(/Safe/);
      await page.getByTestId("count-blind").check();
      await page.getByTestId("start-count-button").click();
      const form = page.getByTestId("count-form");
      await expect(form).toBeVisible();
      await form.getByLabel("$20 bills", { exact: true }).fill("3");
      await form.getByLabel("$10 bills", { exact: true }).fill("2");
      await form.getByLabel("25¢ coins", { exact: true }).fill("4");
      await expect(page.getByTestId("count-total")).toHaveText("$81.00");
      // Blind: the expected figure is nowhere before the count is submitted.
      await expect(page.getByTestId("count-expected")).toHaveCount(0);
      await expect(page.getByTestId("count-row").first()).toContainText("—");
    });

    await test.step("meanwhile the counter's cash accounts screen hides the safe's balance, and its ledger stays shut", async () => {
      const errors: string[] = [];
      const other = await newPage(browser, baseURL!, errors, { viewport: { width: 390, height: 844 } });
      await prepare(other.page, baseURL!, world.users.MANAGER, world);
      await other.page.goto("/laundromat/cash-accounts");
      const safe = other.page.getByTestId("cash-account").and(other.page.locator("[data-kind=safe]"));
      await expect(safe.getByTestId("cash-account-balance-hidden")).toHaveText("Hidden while you count it");
      await expect(safe).not.toHaveAttribute("data-balance");
      await expect(other.page.getByTestId("ledger-blind")).toBeVisible();
      await expect(other.page.getByText(formatUSD(expected))).toHaveCount(0);
      await other.context.close();
      expect(errors).toEqual([]);
    });

    await test.step("handed in beyond the threshold without a reason: a blind count is never refused for its difference", async () => {
      await page.getByTestId("count-submit").click();
      await expect(page.getByTestId("count-result")).toBeVisible();
      await expect(page.getByTestId("count-row").and(page.locator("[data-status=submitted]")).first()).toBeVisible();
    });

    await test.step("the owner accepts it and the safe's ledger shows the over/short posting", async () => {
      const errors: string[] = [];
      const owner = await newPage(browser, baseURL!, errors, { viewport: { width: 1280, height: 800 } });
      await prepare(owner.page, baseURL!, world.users.OWNER, world);
      await owner.page.goto("/laundromat/physical-counts");
      const review = owner.page.getByTestId("count-review").getByTestId("count-row");
      await expect(review).toHaveCount(1);
      await review.getByTestId("accept-count").click();
      await expect(owner.page.getByText("Count accepted")).toBeVisible();
      await owner.page.goto("/laundromat/cash-accounts");
      const line = owner.page.getByTestId("ledger-line").and(owner.page.locator("[data-kind=count_variance]"));
      await expect(line).toHaveCount(1);
      await expect(line).toHaveAttribute("data-amount", String(variance));
      await expect(owner.page.getByTestId("cash-account").and(owner.page.locator("[data-kind=safe]"))).toHaveAttribute("data-balance", String(counted));
      await owner.context.close();
      expect(errors).toEqual([]);
    });
    // The counter's history shows the count accepted, live.
    await expect(page.getByTestId("count-row").and(page.locator("[data-status=accepted]")).first()).toBeVisible();
  });
});
