import type { Page } from "@playwright/test";
import { apiSignIn, expect, test } from "../support/fixtures";

// Issue 7, admin collections: an admin corrects a verified collection with a linked adjustment
// (the original stays as it was), and deletes a staff member's draft, which then leaves the
// collector's open collections too.

const ZONE = "America/Chicago";

/** Today in the stores' time zone, yyyy-MM-dd. */
function storeToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The most recent Tuesday or Wednesday before today (the seed visits on Mondays and Thursdays). */
function quietBusinessDate(): string {
  let d = addDays(storeToday(), -1);
  while (![2, 3].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}

const display = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1");

/** The laundromat selection of the last 30 days, no store, as the app keeps it. */
function last30Days() {
  const toDate = storeToday();
  return {
    storeId: null,
    storeName: "",
    dateRange: {
      fromDate: addDays(toDate, -29),
      toDate,
      fromTime: "",
      toTime: "",
      compareFromDate: "",
      compareToDate: "",
      compareFromTime: "",
      compareToTime: "",
      enableComparison: false,
      includeTime: false,
    },
    lastUpdated: 1,
  };
}

async function selectLast30Days(page: Page) {
  await page.evaluate((selection) => window.localStorage.setItem("tumble.laundromatSelection", JSON.stringify(selection)), last30Days());
}

const dollarsToCents = (text: string) => Math.round(Number(text) * 100);

async function chooseOption(page: Page, label: string, option: string) {
  const input = page.getByRole("combobox", { name: label, exact: true });
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test("an admin adjusts a verified collection: the adjustment shows under the original with its difference", async ({ page, signInAs, world }) => {
  await signInAs(world.users.ADMIN);
  await selectLast30Days(page);
  await page.goto("/laundromat/admin-collections");
  await expect(page.getByRole("heading", { name: "Admin collections" })).toBeVisible();

  await chooseOption(page, "Status", "Verified");
  const rows = page.getByTestId("collections-rows").getByTestId("collection-row");
  await expect(rows.first().getByTestId("collection-status")).toHaveText("Verified");
  await rows
    .first()
    .getByRole("button", { name: /^Open collection of / })
    .click();

  const detail = page.getByRole("dialog", { name: "Collection" });
  await expect(detail.getByTestId("collection-status")).toHaveText("Verified");
  const lines = detail.getByTestId("detail-line");
  await expect(lines.first()).toBeVisible();
  const linesBefore = await lines.allTextContents();
  const totalBefore = await detail.getByTestId("detail-total").textContent();
  await expect(detail.getByTestId("detail-adjustments")).toHaveCount(0);

  const reason = "Coin box W1 recounted at the office";
  await test.step("the admin corrects W1's coins with a reason", async () => {
    await detail.getByRole("button", { name: "Adjust", exact: true }).click();
    const modal = page.getByRole("dialog", { name: new RegExp(`^Adjust ${world.storeName}`) });
    await expect(modal).toBeVisible();
    // Nothing chosen yet: the form says what is missing.
    await modal.getByRole("button", { name: "Save adjustment" }).click();
    await expect(modal.getByText("Choose at least one machine")).toBeVisible();
    await expect(modal.getByText("Give a reason for the adjustment")).toBeVisible();

    await modal.getByRole("checkbox", { name: /^W1 · / }).check();
    const coins = modal.getByLabel("W1 Coins", { exact: true });
    await expect(coins).toHaveValue(/^\d+(\.\d{2})?$/);
    const originalCents = dollarsToCents(await coins.inputValue());
    expect(originalCents).toBeGreaterThan(1000);
    // Lowered by $10.25: the adjustment holds a negative difference.
    await coins.fill(((originalCents - 1025) / 100).toFixed(2));
    await modal.getByRole("textbox", { name: "Reason" }).fill(reason);
    await expect(modal.getByText("Choose at least one machine")).toBeHidden();
    await modal.getByRole("button", { name: "Save adjustment" }).click();
    await expect(page.getByText("Adjustment recorded: -$10.25")).toBeVisible();
    await expect(modal).toBeHidden();
  });

  await test.step("the adjustment shows under the original; the original's lines are as they were", async () => {
    const adjustment = detail.getByTestId("detail-adjustments").getByTestId("detail-adjustment");
    await expect(adjustment).toHaveCount(1);
    await expect(adjustment).toContainText(reason);
    await expect(adjustment).toContainText("-$10.25");
    await expect(lines).toHaveText(linesBefore);
    await expect(detail.getByTestId("detail-total")).toHaveText(totalBefore!);
    await expect(detail.getByTestId("collection-status")).toHaveText("Verified");
  });
});

test("an admin deletes a staff member's draft; it leaves the list and the collector's open collections", async ({
  page,
  signInAs,
  browser,
  baseURL,
  world,
}) => {
  test.setTimeout(90_000);
  const storeName = world.storeName;
  const businessDate = quietBusinessDate();
  const keptDate = addDays(businessDate, -7);
  const mine = page.getByTestId("open-collections").getByTestId("open-collection");

  await test.step("staff saves two drafts of one machine each", async () => {
    await signInAs(world.users.STAFF);
    await selectLast30Days(page);
    await page.goto("/laundromat/collection-record");
    await page.getByRole("button", { name: "Select a store" }).click();
    const dialog = page.getByRole("dialog", { name: "Store and dates" });
    const store = dialog.getByRole("combobox", { name: "Store" });
    await store.click();
    await store.fill("Downtown");
    await page.getByRole("option", { name: new RegExp(`^${storeName} - `) }).click();
    await expect(store).toHaveValue(new RegExp(storeName));
    await dialog.getByRole("button", { name: "Apply Selections" }).click();
    await expect(dialog).toBeHidden();

    for (const [date, amount] of [
      [keptDate, "15.00"],
      [businessDate, "42.75"],
    ] as const) {
      await page.getByLabel("Business date").fill(date);
      await expect(page.getByText(`${storeName} · ${display(date)}`)).toBeVisible();
      await page.getByRole("region", { name: "Front washers" }).getByLabel("W1 Coins", { exact: true }).fill(amount);
      await expect(page.getByTestId("record-total")).toHaveText(`$${amount}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("draft-sync")).toHaveAttribute("data-state", "synced");
      await expect(mine.filter({ hasText: display(date) })).toContainText(`${storeName} · $${amount} · 1 machine`);
    }
    await expect(mine).toHaveCount(2);
  });

  const adminErrors: string[] = [];
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const admin = await context.newPage();
  admin.on("console", (m) => m.type() === "error" && adminErrors.push(m.text()));
  admin.on("pageerror", (e) => adminErrors.push(e.message));

  await test.step("the admin finds the draft in admin collections and deletes it through the confirm", async () => {
    const tokens = await apiSignIn(baseURL!, world.users.ADMIN);
    await admin.goto("/api/health");
    await admin.evaluate(
      ([token, refreshToken]) => {
        window.localStorage.setItem("tumble.auth.token", token);
        window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
      },
      [tokens.token, tokens.refreshToken] as const,
    );
    await selectLast30Days(admin);
    await admin.goto("/laundromat/admin-collections");
    await expect(admin.getByRole("heading", { name: "Admin collections" })).toBeVisible();

    const open = admin.getByRole("button", { name: `Open collection of ${storeName} on ${display(businessDate)}` });
    await expect(open).toHaveCount(1);
    const row = admin.getByTestId("collection-row").filter({ has: open });
    await expect(row.getByTestId("collection-status")).toHaveText("Draft");
    await expect(row).toContainText("$42.75");
    await open.click();

    const detail = admin.getByRole("dialog", { name: "Collection" });
    await expect(detail.getByTestId("collection-status")).toHaveText("Draft");
    await expect(detail.getByTestId("detail-total")).toHaveText("$42.75");
    await detail.getByRole("button", { name: "Delete draft" }).click();

    const confirm = admin.getByRole("dialog", { name: "Delete draft" });
    await expect(confirm).toContainText(`Delete the draft collection of ${storeName} on ${display(businessDate)}? This cannot be undone.`);
    await confirm.getByTestId("confirm-delete-draft").click();
    await expect(admin.getByText("Draft deleted")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(detail).toBeHidden();
    await expect(open).toHaveCount(0);
    await expect(admin.getByTestId("collection-row").first()).toBeVisible();
  });

  await test.step("the collector's open collections drop it live, and still do after a reload", async () => {
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(display(keptDate));
    await page.reload();
    await expect(page.getByText(`${storeName} · ${display(businessDate)}`)).toBeVisible();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(`${display(keptDate)}Draft`);
    await expect(mine).not.toContainText(display(businessDate));
  });

  await context.close();
  expect(adminErrors, "console errors on the admin's page").toEqual([]);
});
