import type { Locator, Page } from "@playwright/test";
import { comparisonRange, presetRange } from "../../packages/domain/src/datePresets.ts";
import { expect, test } from "../support/fixtures";

// Issue 6: a manager sets up a store and its sections, an admin puts machines in them, and a user
// (staff) picks that store with a date range in the laundromat selection dialog, which survives a
// reload. The dialog is opened from the selection summary the laundromat screens show. Each test
// works in a company of its own.

const STORE = "Harbor Lights Laundry";
const ADDRESS = "31 Pier Rd, Rio Grande";

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

const display = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1");

async function pickOption(page: Page, scope: Locator, label: string, search: string, option: string | RegExp) {
  const input = scope.getByRole("combobox", { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole("option", { name: option }).click();
}

test("a manager adds a store with sections, an admin adds its machines, staff select it with a comparison period", async ({ page, signInAs, world }) => {
  test.setTimeout(120_000);
  await test.step("manager adds the store and two sections", async () => {
    await signInAs(world.users.MANAGER);
    await page.goto("/company/locations");
    await expect(page.getByRole("heading", { name: "Locations" })).toBeVisible();
    await page.getByRole("button", { name: "Add store" }).click();
    const dialog = page.getByRole("dialog", { name: "Add store" });
    await dialog.getByLabel("Store name").fill(STORE);
    await dialog.getByLabel("Address").fill(ADDRESS);
    await dialog.getByLabel("Phone").fill("(555)010-0199");
    const zone = dialog.getByRole("combobox", { name: "Time zone" });
    await zone.click();
    await zone.fill("America/Denver");
    await page.getByRole("option", { name: "America/Denver" }).click();
    await dialog.getByLabel("Hours").fill("7:00-21:00 daily");
    await dialog.getByRole("button", { name: "Add store" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Store ${STORE} added`)).toBeVisible();

    const detail = page.getByTestId("store-detail");
    await expect(detail.getByRole("heading", { name: STORE })).toBeVisible();
    await expect(detail.getByText("America/Denver")).toBeVisible();
    for (const section of ["Back dryers", "Front washers"]) {
      await detail.getByLabel("New section").fill(section);
      await detail.getByRole("button", { name: "Add section" }).click();
      await expect(detail.getByTestId("section-row").filter({ hasText: section })).toBeVisible();
    }
    // Walking order: the washers come first.
    await detail.getByRole("button", { name: "Move Front washers up" }).click();
    await expect(detail.getByTestId("section-row").first()).toContainText("Front washers");
    await expect(detail.getByTestId("section-row").last()).toContainText("Back dryers");
  });

  await test.step("admin adds a machine to each section", async () => {
    await signInAs(world.users.ADMIN);
    await page.goto("/laundromat/equipment-config");
    await expect(page.getByRole("heading", { name: "Equipment" })).toBeVisible();
    await pickOption(page, page.getByRole("main"), "Store", "Harbor", STORE);
    const sections = page.getByTestId("machine-section");
    await expect(sections).toHaveCount(2);
    await expect(sections.first()).toContainText("Front washers");

    const machines = [
      { label: "W1", capacity: "250", section: "Front washers", type: "Front-load washer", shown: "holds $250.00" },
      { label: "D1", capacity: "187.50", section: "Back dryers", type: "Stack dryer", shown: "holds $187.50" },
    ];
    for (const machine of machines) {
      await sections.filter({ hasText: machine.section }).getByRole("button", { name: "Add", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Add machine" });
      await dialog.getByLabel("Label").fill(machine.label);
      await dialog.getByLabel("Coin-box capacity").fill(machine.capacity);
      await expect(dialog.getByRole("combobox", { name: "Section" })).toHaveValue(machine.section);
      await dialog.getByRole("combobox", { name: "Equipment type" }).click();
      await page.getByRole("option", { name: machine.type }).click();
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await expect(dialog).toBeHidden();
      const row = sections.filter({ hasText: machine.section }).getByTestId("machine-row").filter({ hasText: machine.label });
      await expect(row).toContainText(machine.type);
      await expect(row).toContainText(machine.shown);
    }
  });

  await test.step("staff picks the store with Last Month and a comparison period, and keeps it after a reload", async () => {
    const today = localToday();
    const lastMonth = presetRange("lastMonth", today);
    const comparison = comparisonRange("lastMonth", lastMonth.fromDate, lastMonth.toDate)!;
    const comparisonText = `${display(comparison.compareFromDate)} - ${display(comparison.compareToDate)}`;

    await signInAs(world.users.STAFF);
    await page.goto("/laundromat/collections-list");
    await expect(page.getByTestId("selection-summary-store")).toHaveText("No store selected");
    await page.getByRole("button", { name: "Change store and dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Store and dates" });
    await expect(dialog.getByRole("button", { name: "Apply Selections" })).toBeDisabled();
    await pickOption(page, dialog, "Store", "Harbor", `${STORE} - ${ADDRESS}`);
    await dialog.getByRole("button", { name: "Last Month" }).click();
    await expect(dialog.getByLabel("From", { exact: true })).toHaveValue(lastMonth.fromDate);
    await expect(dialog.getByLabel("To", { exact: true })).toHaveValue(lastMonth.toDate);
    await dialog.getByLabel("Compare to previous period").check();
    await expect(dialog.getByTestId("selection-comparison-dates")).toHaveText(comparisonText);
    await dialog.getByRole("button", { name: "Apply Selections" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Applied selections: ${STORE}, ${display(lastMonth.fromDate)} - ${display(lastMonth.toDate)}`)).toBeVisible();

    const summary = page.getByTestId("selection-summary");
    await expect(summary.getByTestId("selection-summary-store")).toHaveText(STORE);
    await expect(summary.getByTestId("selection-summary-comparison")).toHaveText(`vs ${comparisonText}`);

    await page.reload();
    await expect(summary.getByTestId("selection-summary-store")).toHaveText(STORE);
    await expect(summary.getByTestId("selection-summary-range")).toHaveText(`${display(lastMonth.fromDate)} - ${display(lastMonth.toDate)}`);
    await page.getByRole("button", { name: "Change store and dates" }).click();
    await expect(dialog.getByTestId("selection-current")).toContainText(STORE);
    await expect(dialog.getByTestId("selection-comparison-dates")).toHaveText(comparisonText);
    await expect(dialog.getByRole("button", { name: "Apply Selections" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });
});

test("a corrupted stored selection is removed and Clear resets to today", async ({ page, signInAs, world }) => {
  await signInAs(world.users.ADMIN);
  await page.evaluate(() => {
    window.localStorage.setItem(
      "tumble.laundromatSelection",
      JSON.stringify({
        storeId: "not-a-store-of-this-company",
        storeName: "Elsewhere",
        dateRange: {
          fromDate: "2024-01-01",
          toDate: "2024-01-31",
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
      }),
    );
    window.localStorage.setItem("selectedStoreId", "not-a-store-of-this-company");
  });
  await page.goto("/laundromat/equipment-config");
  await expect(page.getByTestId("selection-summary-store")).toHaveText("No store selected");
  await expect
    .poll(() => page.evaluate(() => [window.localStorage.getItem("tumble.laundromatSelection"), window.localStorage.getItem("selectedStoreId")]))
    .toEqual([null, null]);

  await page.evaluate(() => window.localStorage.setItem("tumble.laundromatSelection", "{not json"));
  await page.reload();
  await expect(page.getByTestId("selection-summary-store")).toHaveText("No store selected");
  expect(await page.evaluate(() => window.localStorage.getItem("tumble.laundromatSelection"))).toBeNull();

  // Pick a store with Yesterday, then Clear goes back to today without a store.
  await page.getByRole("button", { name: "Change store and dates" }).click();
  const dialog = page.getByRole("dialog", { name: "Store and dates" });
  await expect(dialog.getByTestId("selection-current")).toHaveCount(0);
  await pickOption(page, dialog, "Store", "Downtown", new RegExp(`^${world.storeName} - `));
  await dialog.getByRole("button", { name: "Yesterday" }).click();
  await dialog.getByRole("button", { name: "Apply Selections" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Change store and dates" }).click();
  await dialog.getByTestId("selection-clear").click();
  await expect(page.getByText("Selections cleared")).toBeVisible();
  const today = localToday();
  await expect(dialog.getByLabel("From", { exact: true })).toHaveValue(today);
  await expect(dialog.getByLabel("To", { exact: true })).toHaveValue(today);
  await expect(dialog.getByTestId("selection-current")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Apply Selections" })).toBeDisabled();
});
