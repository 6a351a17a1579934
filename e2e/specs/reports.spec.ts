import fs from "node:fs";
import { expectAccessible, expectAccessibleInBothSchemes } from "../support/axe";
import type { Page } from "@playwright/test";
import { addDays, comparisonRange, presetRange } from "../../packages/domain/src/datePresets.ts";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection, storeSelection } from "../support/selection";
import type { World } from "../support/world";

// Issue 15: an owner picks Last Month with a comparison period in the selection dialog and reads
// the revenue report: figures against the comparison, the chart, the grouped table; switches the
// grouping, exports the table to CSV (opened and added up here), sees a verification elsewhere
// arrive live, and prints every report (a PDF, one report per page). Collector signals are for
// administrators only; staff are refused the screen. Issue 34: stores collected twice a week (the
// test world's and the demo's, Mondays and Thursdays) open on weeks, say why, and a day without a
// collection is never a 100% drop; the day table shows each day's estimated take.

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

const display = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1");
const usd = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

interface Revenue {
  rows: Array<{ key: string; label: string; totalCents: number; compareTotalCents?: number }>;
  totals: { coinsCents: number; billsCents: number; totalCents: number; compareTotalCents?: number; changePercent: number | null };
}

/** Staff records one machine's takings on `businessDate`; a supervisor verifies it. */
async function verifiedCollection(baseURL: string, world: World, businessDate: string, machineLabel: string, coinsCents: number) {
  const staff = await Api.as(baseURL, world.users.STAFF);
  const machines = await staff.call<Array<{ _id: string; label: string }>>("query", "equipment:listMachines", { storeId: world.storeId });
  const machine = machines.find((m) => m.label === machineLabel)!;
  const { collectionId } = await staff.call<{ collectionId: string }>("mutation", "collections:saveDraft", {
    storeId: world.storeId,
    businessDate,
    lines: [{ machineId: machine._id, coinsCents, billsCents: 0 }],
  });
  await staff.call("mutation", "collections:submit", { collectionId });
  const supervisor = await Api.as(baseURL, world.users.SUPERVISOR);
  await supervisor.call("mutation", "collections:verify", { collectionId });
}

async function openReports(page: Page) {
  await page.goto("/laundromat/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
}

test("an owner compares last month with the month before: chart, table, grouping, CSV, live update and print", async ({
  page,
  signInAs,
  baseURL,
  world,
}, testInfo) => {
  test.setTimeout(120_000);
  const today = localToday();
  const lastMonth = presetRange("lastMonth", today);
  const comparison = comparisonRange("lastMonth", lastMonth.fromDate, lastMonth.toDate)!;
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const period = {
    storeId: world.storeId,
    from: lastMonth.fromDate,
    to: lastMonth.toDate,
    compareFrom: comparison.compareFromDate,
    compareTo: comparison.compareToDate,
  };
  const W1 = "W1";

  await test.step("a verified visit in the comparison month", async () => {
    await verifiedCollection(baseURL!, world, addDays(comparison.compareFromDate, 14), W1, 12_345);
  });
  const expected = await owner.call<Revenue>("query", "reports:revenue", { ...period, groupBy: "week" });
  const expectedDays = await owner.call<Revenue>("query", "reports:revenue", { ...period, groupBy: "day" });
  // The world's eight weeks of visits reach into last month; the comparison holds at least the visit above.
  expect(expected.totals.totalCents).toBeGreaterThan(0);
  expect(expected.totals.compareTotalCents).toBeGreaterThanOrEqual(12_345);

  await test.step("the owner picks Last Month with a comparison in the selection dialog", async () => {
    await signInAs(world.users.OWNER);
    await openReports(page);
    await expect(page.getByTestId("no-store-prompt")).toBeVisible();
    await page.getByRole("button", { name: "Change store and dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Store and dates" });
    const store = dialog.getByRole("combobox", { name: "Store" });
    await store.click();
    await page.getByRole("option", { name: new RegExp(world.storeName) }).click();
    await dialog.getByRole("button", { name: "Last Month" }).click();
    await dialog.getByLabel("Compare to previous period").check();
    await dialog.getByRole("button", { name: "Apply Selections" }).click();
    await expect(dialog).toBeHidden();
  });

  const total = page.getByTestId("kpi-total-value");
  await test.step("revenue against the comparison: figures, chart and the table by week, the bucket the collections fit", async () => {
    await expect(total).toHaveText(usd(expected.totals.totalCents));
    await expect(page.getByTestId("kpi-coins-value")).toHaveText(usd(expected.totals.coinsCents));
    await expect(page.getByTestId("kpi-bills-value")).toHaveText(usd(expected.totals.billsCents));
    await expect(page.getByTestId("kpi-comparison-value")).toHaveText(usd(expected.totals.compareTotalCents!));
    await expect(page.getByTestId("kpi-comparison")).toContainText(`${display(comparison.compareFromDate)} - ${display(comparison.compareToDate)}`);
    const change = page.getByTestId("kpi-total-change");
    const percent = expected.totals.changePercent!;
    await expect(change).toHaveAttribute("data-direction", percent > 0 ? "up" : percent < 0 ? "down" : "flat");
    await expect(change).toContainText(`${percent > 0 ? "+" : percent < 0 ? "-" : ""}${Math.abs(percent).toFixed(1)}%`);

    const chart = page.getByTestId("over-time-chart");
    await expect(chart).toBeVisible();
    await expect(chart.locator("path.recharts-area-curve")).toHaveCount(2);
    await expect(chart).toContainText("Comparison period");
    await expect(page.getByTestId("category-chart")).toBeVisible();
    await expect(page.getByTestId("top-machines")).toContainText(/W\d+/);

    // The world's store is collected on Mondays and Thursdays: the report opens on weeks and says why.
    const reason = page.getByTestId("revenue-bucket-reason");
    await expect(reason).toHaveText("Weekly: this store is collected about twice a week.");
    await expect(reason).toHaveAttribute("data-bucket", "week");
    await expect(page).not.toHaveURL(/group=/);
    const rows = page.getByTestId("revenue-row");
    await expect(rows).toHaveCount(expected.rows.length);
    await expect(rows.first()).toHaveAttribute("data-key", expected.rows[0]!.key);
  });

  await test.step("by day: each day's estimated take, days without a collection never a 100% drop", async () => {
    await page.getByRole("combobox", { name: "Group by" }).click();
    await page.getByRole("option", { name: "Day", exact: true }).click();
    await expect(page).toHaveURL(/group=day/);
    await expect(page.getByTestId("revenue-bucket-reason")).toContainText("Daily, as chosen");
    await expect(page.getByTestId("revenue-bucket-default")).toHaveText("Back to Weekly");
    // One row per day of last month, each beside the same day of the month before.
    const rows = page.getByTestId("revenue-row");
    await expect(rows).toHaveCount(expectedDays.rows.length);
    const visit = rows.and(page.locator(`[data-key="${addDays(lastMonth.fromDate, 14)}"]`));
    await expect(visit).toContainText(display(addDays(comparison.compareFromDate, 14)));
    await expect(page.getByTestId("estimate-legend")).toContainText("An estimate, not money collected that day");
    await expect(page.getByTestId("over-time-chart")).toHaveAttribute("data-estimated", "true");
    const empty = rows.and(page.locator("[data-no-collection]"));
    await expect(empty.first()).toContainText("No collection");
    const table = page.getByTestId("revenue-table");
    await expect(table).not.toContainText("Down 100");
    await expect(table).not.toContainText("Nothing to compare with");
    await page.getByTestId("revenue-bucket-default").click();
    await expect(page).not.toHaveURL(/group=/);
    await expect(rows).toHaveCount(expected.rows.length);
  });

  await test.step("grouped by category: changers left out, the CSV adds up to the total", async () => {
    await page.getByRole("combobox", { name: "Group by" }).click();
    await page.getByRole("option", { name: "Category", exact: true }).click();
    await expect(page).toHaveURL(/group=category/);
    const byCategory = await owner.call<Revenue>("query", "reports:revenue", { ...period, groupBy: "category" });
    const rows = page.getByTestId("revenue-row");
    await expect(rows).toHaveCount(byCategory.rows.length);
    await expect(rows.and(page.locator('[data-key="laundry"]'))).toContainText("Laundry");
    await expect(rows.and(page.locator('[data-key="change"]'))).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^revenue-by-category-.*\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    // UTF-8 with a byte-order mark, so Excel reads accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trimEnd().split("\n");
    const header = lines[0]!.split(",");
    expect(header).toEqual(["Category", "Coins", "Bills", "Total", "Comparison", "Change", "Change %"]);
    const totalColumn = header.indexOf("Total");
    const sum = lines.slice(1).reduce((cents, line) => cents + Math.round(Number(line.split(",")[totalColumn]) * 100), 0);
    expect(sum).toBe(expected.totals.totalCents);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toContain("Laundry");
  });

  await test.step("a verification elsewhere arrives in the open report", async () => {
    // The KPI totals are the range's whatever the grouping: exact collected money.
    await verifiedCollection(baseURL!, world, addDays(lastMonth.fromDate, 9), W1, 10_000);
    await expect(total).toHaveText(usd(expected.totals.totalCents + 10_000));
  });

  await test.step("the printable view prints every report on pages of its own, without the app's chrome", async () => {
    await page.getByTestId("reports-print-view").click();
    await expect(page).toHaveURL(/view=print/);
    for (const report of ["revenue", "machines", "collectors", "cadence"]) await expect(page.getByTestId(`print-report-${report}`)).toBeVisible();
    const header = page.getByTestId("print-report-revenue").getByTestId("print-header");
    await expect(header).toContainText(world.companyName);
    await expect(header).toContainText(world.storeName);
    await expect(header).toContainText(`${display(lastMonth.fromDate)} - ${display(lastMonth.toDate)}`);
    await expect(header).toContainText(`${display(comparison.compareFromDate)} - ${display(comparison.compareToDate)}`);
    await expect(page.getByTestId("print-report-revenue").getByTestId("over-time-chart")).toBeVisible();
    await expect(page.getByTestId("print-report-machines").getByTestId("machine-row").first()).toBeVisible();
    await expect(page.getByTestId("print-report-cadence").getByTestId("cadence-machine-row").first()).toBeVisible();

    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("app-header")).toBeHidden();
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await expect(page.getByTestId("reports-print")).toBeHidden();
    const pdf = await page.pdf({ format: "Letter" });
    fs.writeFileSync(testInfo.outputPath("reports.pdf"), pdf);
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
    // Four reports, each starting a page.
    expect(pages).toBeGreaterThanOrEqual(4);
    await page.emulateMedia({ media: "screen" });
  });
});

test("collector signals are for administrators; staff are refused the reports", async ({ page, signInAs, world, baseURL }) => {
  const today = localToday();
  const range = presetRange("last30Days", today);
  const select = () => storeSelection(page, selectionOf(world, range.fromDate, range.toDate));

  await test.step("a manager exports reports but sees no collectors tab, even by its address", async () => {
    await signInAs(world.users.MANAGER);
    await select();
    await page.goto("/laundromat/reports?tab=collectors");
    await expect(page.getByTestId("reports-tab-revenue")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("reports-tab-collectors")).toHaveCount(0);
    await expect(page.getByTestId("kpi-comparison-value")).toHaveText("—");
    const manager = await Api.as(baseURL!, world.users.MANAGER);
    await expect(manager.call("query", "reports:collectors", { from: range.fromDate, to: range.toDate })).rejects.toThrow();
  });

  await test.step("an admin sees each collector against the expected figures", async () => {
    await signInAs(world.users.ADMIN);
    await select();
    await page.goto("/laundromat/reports?tab=collectors");
    const row = page.getByTestId("collector-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/Staff/);
    await expect(page.getByTestId("collector-chart")).toBeVisible();
    await page.getByTestId("reports-tab-cadence").click();
    await expect(page).toHaveURL(/tab=cadence/);
    await expect(page.getByTestId("cadence-machine-row").first()).toBeVisible();
  });

  await test.step("staff get the access-denied panel in place", async () => {
    await signInAs(world.users.STAFF);
    await page.goto("/laundromat/reports");
    await expect(page.getByTestId("access-denied-message")).toHaveText("You don't have permission to export reports");
    await expect(page).toHaveURL(/\/laundromat\/reports/);
  });
});

test("on a phone in dark mode and Spanish, the report reads as cards and prints in light", async ({ browser, baseURL, world }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: "dark" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const today = localToday();
  const lastMonth = presetRange("lastMonth", today);
  const owner = await Api.as(baseURL!, world.users.OWNER);
  await owner.call("mutation", "users:updateLanguagePreference", { language: "es" });
  await page.goto("/api/health");
  await page.evaluate(() => window.localStorage.setItem("tumble.theme", "dark"));
  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world, lastMonth.fromDate, lastMonth.toDate));
  await page.goto("/laundromat/reports?tab=machines");
  await expect(page.getByRole("heading", { name: "Informes", level: 1 })).toBeVisible();
  const cards = page.getByTestId("machines-table").getByTestId("machine-row");
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.emulateMedia({ media: "screen" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await context.close();
  expect(errors).toEqual([]);
});

{
  test("every report tab (light and dark) and the printable view have no serious or critical accessibility violation", async ({ page, signInAs, world }) => {
    test.setTimeout(120_000);
    const lastMonth = presetRange("lastMonth", localToday());
    const comparison = comparisonRange("lastMonth", lastMonth.fromDate, lastMonth.toDate)!;
    await signInAs(world.users.OWNER);
    await storeSelection(
      page,
      selectionOf(world, lastMonth.fromDate, lastMonth.toDate, { fromDate: comparison.compareFromDate, toDate: comparison.compareToDate }),
    );
    const ready: Record<string, string> = {
      revenue: "revenue-row",
      machines: "machine-row",
      collectors: "collector-row",
      cadence: "cadence-machine-row",
    };
    for (const [tab, row] of Object.entries(ready)) {
      await page.goto(`/laundromat/reports?tab=${tab}`);
      await expect(page.getByTestId(row).first()).toBeVisible();
      await expectAccessibleInBothSchemes(page, `the ${tab} tab`);
    }
    await page.goto("/laundromat/reports?view=print");
    await expect(page.getByTestId("print-report-cadence").getByTestId("cadence-machine-row").first()).toBeVisible();
    // The printable view is light whatever the scheme (usePrintInLight).
    await expectAccessible(page, "the printable view");
  });
}

test("the twice-weekly demo store opens on weeks, and its days are estimates, never a 100% drop", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const range = presetRange("last30Days", localToday());
  const comparison = comparisonRange("last30Days", range.fromDate, range.toDate)!;
  const owner = await Api.as(baseURL!, "owner@demo.test");
  const stores = await owner.call<Array<{ _id: string; name: string }>>("query", "stores:listAll", {});
  const downtown = stores.find((s) => s.name === "Rio Downtown")!;
  const selection = selectionOf({ storeId: downtown._id, storeName: downtown.name }, range.fromDate, range.toDate, {
    fromDate: comparison.compareFromDate,
    toDate: comparison.compareToDate,
  });
  await signInWithSelection(page, baseURL!, "owner@demo.test", selection);
  await openReports(page);
  const reason = page.getByTestId("revenue-bucket-reason");
  await expect(reason).toHaveText("Weekly: this store is collected about twice a week.");
  await expect(reason).toHaveAttribute("data-reason", "sparse");
  const rows = page.getByTestId("revenue-row");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("revenue-report")).not.toContainText("Down 100");
  // Days on demand: the Mondays and Thursdays hold the money, every other day says it had no collection.
  await page.goto("/laundromat/reports?group=day");
  await expect(rows).toHaveCount(30);
  await expect(rows.and(page.locator("[data-no-collection]")).first()).toContainText("No collection");
  await expect(page.getByTestId("estimated-cell").first()).toBeVisible();
  await expect(page.getByTestId("revenue-report")).not.toContainText("Down 100");
  await expect(page.getByTestId("revenue-table")).not.toContainText("Nothing to compare with");
});
