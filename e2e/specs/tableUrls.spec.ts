import type { Page } from "@playwright/test";
import { apiSignIn, expect, test } from "../support/fixtures";
import { selectionOf, storeSelection } from "../support/selection";

// Decision 0020: a list's filters, sort, page and open row live in the URL, so a link opened in a
// new browser (with another store and dates selected) shows the same rows; the unverified badge
// opens exactly the collections it counts. Reads the demo data only.

const ZONE = "America/Chicago";

function storeToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const selection = (fromDate: string, toDate: string) => selectionOf({ storeId: null, storeName: "" }, fromDate, toDate);
const select = storeSelection;

async function chooseOption(page: Page, label: string, option: string) {
  const input = page.getByRole("combobox", { name: label, exact: true });
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

const rowTexts = (page: Page) => page.getByTestId("collections-rows").getByTestId("collection-row").allInnerTexts();

test("a collections link with filters, sort and an open collection shows the same view in a new browser", async ({ page, browser, baseURL, signInAs }) => {
  await signInAs("manager@demo.test");
  const today = storeToday();
  await select(page, selection(addDays(today, -59), today));
  await page.goto("/laundromat/collections-list");
  await expect(page.getByTestId("collection-row").first()).toBeVisible();

  await chooseOption(page, "Store", "Rio Downtown");
  await chooseOption(page, "Status", "Verified");
  // Amounts sort largest first on the first click, then smallest first.
  const totalHeader = page.getByRole("columnheader", { name: "Total" });
  await totalHeader.getByRole("button").click();
  await expect(totalHeader).toHaveAttribute("aria-sort", "descending");
  await totalHeader.getByRole("button").click();
  await expect(totalHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/status=verified/);
  await expect(page).toHaveURL(/sort=total/);
  const rows = page.getByTestId("collection-row");
  await expect(rows.first()).toContainText("Rio Downtown");
  const expected = await rowTexts(page);
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.every((text) => text.includes("Rio Downtown") && /verified/i.test(text))).toBe(true);
  // Ascending totals.
  const totals = expected.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, "")));
  expect(totals).toEqual([...totals].sort((a, b) => a - b));

  await rows
    .nth(1)
    .getByRole("button", { name: /^Open collection of / })
    .click();
  const detail = page.getByRole("dialog", { name: "Collection" });
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/open=/);
  const total = await detail.getByTestId("detail-total").textContent();
  const link = page.url();

  await test.step("a reload keeps the view", async () => {
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Collection" }).getByTestId("detail-total")).toHaveText(total!);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Collection" })).toBeHidden();
    await expect(page).not.toHaveURL(/open=/);
    expect(await rowTexts(page)).toEqual(expected);
  });

  await test.step("another browser, with only today selected, opens the link to the same rows", async () => {
    const other = await browser.newContext();
    const second = await other.newPage();
    const errors: string[] = [];
    second.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const tokens = await apiSignIn(baseURL!, "manager@demo.test");
    await second.goto("/api/health");
    await second.evaluate(
      ([token, refreshToken]) => {
        window.localStorage.setItem("tumble.auth.token", token);
        window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
      },
      [tokens.token, tokens.refreshToken] as const,
    );
    await select(second, selection(today, today));
    await second.goto(link);
    await expect(second.getByRole("dialog", { name: "Collection" }).getByTestId("detail-total")).toHaveText(total!);
    await second.keyboard.press("Escape");
    await expect(second.getByTestId("collection-row").first()).toBeVisible();
    expect(await rowTexts(second)).toEqual(expected);
    await expect(second.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("Verified");
    await expect(second.getByRole("combobox", { name: "Store", exact: true })).toHaveValue("Rio Downtown");
    expect(errors).toEqual([]);
    await other.close();
  });
});

test("the unverified badge opens exactly the collections it counts, whatever dates are selected", async ({ page, signInAs }) => {
  await signInAs("supervisor@demo.test");
  const today = storeToday();
  await select(page, selection(today, today));
  await page.goto("/laundromat/collections-list");
  const badge = page.getByTestId("nav-badge-link-laundromat-collections-list");
  await expect(badge).toBeVisible();
  const count = Number((await badge.textContent())?.trim());
  expect(count).toBeGreaterThan(0);
  await expect(badge).toHaveAccessibleName(`Open the ${count} unverified collections`);

  await badge.click();
  await expect(page).toHaveURL(/status=submitted/);
  await expect(page).toHaveURL(/dates=all/);
  await expect(page.getByTestId("collections-dates")).toContainText("All dates");
  const rows = page.getByTestId("collections-rows").getByTestId("collection-row");
  await expect(rows).toHaveCount(Math.min(count, 50));
  await expect(page.getByTestId("collections-rows-range")).toHaveText(`1–${Math.min(count, 50)} of ${count}`);
  for (const status of await rows.getByTestId("collection-status").allTextContents()) expect(status).toBe("Submitted");

  await test.step("the row menu opens on right-click with the supervisor's actions", async () => {
    await rows.first().click({ button: "right" });
    const menu = page.getByTestId("context-menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Open", "Copy link", "Verify"]);
    await menu.getByRole("menuitem", { name: "Open" }).click();
    await expect(page.getByRole("dialog", { name: "Collection" })).toBeVisible();
    await expect(page).toHaveURL(/open=/);
    await page.goBack();
    await expect(page.getByRole("dialog", { name: "Collection" })).toBeHidden();
  });

  await test.step("'Use the selected dates' goes back to today's list", async () => {
    await page.getByRole("button", { name: "Use the selected dates" }).click();
    await expect(page).not.toHaveURL(/dates=all/);
    await expect(page.getByTestId("collections-dates")).not.toContainText("All dates");
  });
});
