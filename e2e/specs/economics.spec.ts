import fs from "node:fs";
import type { Page } from "@playwright/test";
import { formatMonth } from "../../packages/domain/src/dateFormat.ts";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import type { World } from "../support/world";

// Issue 35: an owner imports a payment system's card revenue for the world's store (Laundromat →
// Store economics → Setup): a file with a bad date, an unknown machine and a bad amount is checked,
// each bad row named by its line, and nothing is written; the fixed file is checked and imported
// and its lines are listed; the same file again adds nothing and says so. Then the P&L of last
// month shows that card revenue by source, and the figure opens the imported lines, as the coin
// figure opens its verified collections. The screen reads in Spanish; a member without
// canExportReports is refused it.

/** yyyy-MM-dd of a day in the month before today's (UTC), the month the P&L opens on. */
function lastMonth(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day)).toISOString().slice(0, 10);
}
const usd = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
/** The drawer's total for last month: "Counted in Oct 2026: $53.50". */
const countedIn = (cents: number) => `Counted in ${formatMonth(lastMonth(1).slice(0, 7), "en")}: ${usd(cents)}`;

function csv(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const text = [["Date", "Machine", "Amount"], ...rows].map((r) => r.join(",")).join("\n");
  return { name: "card-payments.csv", mimeType: "text/csv", buffer: Buffer.from(`${text}\n`) };
}

// The payment system's export of last month, as the fixed file holds it (header = line 1):
//   line 2  W1          $12.50
//   line 3  W2           $9.00
//   line 4  whole store $20.00
//   line 5  D8           $7.25
//   line 6  W1           $4.75
//   total               $53.50 = 5350 cents (12.50 + 9.00 = 21.50; + 20.00 = 41.50; + 7.25 = 48.75; + 4.75 = 53.50)
const GOOD: string[][] = [
  [lastMonth(3), "W1", "12.50"],
  [lastMonth(5), "W2", "9.00"],
  [lastMonth(12), "", "20.00"],
  [lastMonth(18), "D8", "7.25"],
  [lastMonth(25), "W1", "4.75"],
];
const GOOD_CENTS = [1250, 900, 2000, 725, 475];
const TOTAL_CENTS = 5350;
// The first export: lines 3, 4 and 5 are wrong (a 13th month, a machine the store lacks, an amount with a letter).
const BAD: string[][] = [
  GOOD[0]!,
  [lastMonth(5).slice(0, 5) + "13-40", "W2", "9.00"],
  [lastMonth(12), "W99", "20.00"],
  [lastMonth(18), "D8", "7.2x"],
  GOOD[4]!,
];

const PROVIDER = "Laundry Pay";

interface RevenueLine {
  amountCents: number;
  importBatch: string | null;
}
const revenueLines = (api: Api, world: World) =>
  api.call<RevenueLine[]>("query", "economics:otherRevenue", { storeId: world.storeId, from: lastMonth(1), to: new Date().toISOString().slice(0, 10) });

const prepare = (page: Page, baseURL: string, email: string, world: World, language?: "en" | "es") =>
  signInWithSelection(page, baseURL, email, selectionOf(world), language);

test("an owner imports card revenue, fixing the bad rows first, and reads it in the month's P&L down to its entries", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const owner = await Api.as(baseURL!, world.users.OWNER);
  await prepare(page, baseURL!, world.users.OWNER, world);

  await test.step("Laundromat → Store economics → Setup", async () => {
    await page.goto("/laundromat");
    await page.getByTestId("nav-tabs").getByRole("link", { name: "Store economics" }).click();
    await expect(page).toHaveURL(/\/laundromat\/economics/);
    await expect(page.getByRole("heading", { name: "Store economics", level: 1 })).toBeVisible();
    await page.getByRole("tab", { name: "Setup" }).click();
    await expect(page).toHaveURL(/tab=setup/);
    await expect(page.getByRole("heading", { name: "Import card revenue" })).toBeVisible();
  });

  const importer = page.getByTestId("economics-import");
  const check = importer.getByRole("button", { name: "Check the file" });
  const run = importer.getByRole("button", { name: "Import" });

  await test.step("a file with bad rows is checked: each bad row named by its line, nothing written", async () => {
    await importer.getByLabel("Payment system").fill(PROVIDER);
    await importer.locator("input[type=file]").setInputFiles(csv(BAD));
    // The columns are guessed from the header.
    await expect(importer.getByTestId("economics-import-map-date")).toHaveValue("Date");
    await expect(importer.getByTestId("economics-import-map-amount")).toHaveValue("Amount");
    await expect(importer.getByTestId("economics-import-map-machine")).toHaveValue("Machine");
    await expect(run).toBeDisabled();
    await check.click();
    await expect(importer.getByTestId("economics-import-errors")).toHaveText("3 of 5 rows are wrong: nothing is imported until the file is fixed.");
    const rows = importer.getByTestId("economics-import-error");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute("data-row", "3");
    await expect(rows.nth(0)).toContainText(`The date "${BAD[1]![0]}" is not a date`);
    await expect(rows.nth(1)).toHaveAttribute("data-row", "4");
    await expect(rows.nth(1)).toContainText('The store has no machine "W99"');
    await expect(rows.nth(2)).toHaveAttribute("data-row", "5");
    await expect(rows.nth(2)).toContainText('The amount "7.2x" is not an amount');
    await expect(run).toBeDisabled();
    expect(await revenueLines(owner, world)).toEqual([]);
  });

  await test.step("the fixed file is checked, then imported, and its lines are listed", async () => {
    await importer.locator("input[type=file]").setInputFiles(csv(GOOD));
    await expect(importer.getByTestId("economics-import-error")).toHaveCount(0);
    await check.click();
    await expect(importer.getByTestId("economics-import-summary")).toHaveText(`Ready: 5 rows of ${usd(TOTAL_CENTS)} to import; 0 imported before.`);
    expect(await revenueLines(owner, world)).toEqual([]);
    await run.click();
    await expect(page.getByText(`Imported 5 rows of ${usd(TOTAL_CENTS)}`, { exact: true })).toBeVisible();
    await expect(importer.getByTestId("economics-import-summary")).toHaveText(`Imported 5 rows of ${usd(TOTAL_CENTS)}; 0 imported before.`);
    // Last month's lines are older than the list's 30 days on most days of the month.
    await page.getByRole("combobox", { name: "Days shown" }).click();
    await page.getByRole("option", { name: "Last 90 days" }).click();
    const lines = page.getByTestId("economics-revenue-row");
    await expect(lines).toHaveCount(5);
    await expect(lines.and(page.locator("[data-imported=true]"))).toHaveCount(5);
    const listed = await lines.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-cents"))));
    expect(listed.sort((a, b) => a - b)).toEqual([...GOOD_CENTS].sort((a, b) => a - b));
    await expect(lines.and(page.locator(`[data-date="${lastMonth(12)}"]`))).toContainText("Whole store");
    await expect(lines.and(page.locator(`[data-date="${lastMonth(18)}"]`))).toContainText("D8");
  });

  await test.step("the same file again adds nothing, and says so", async () => {
    await importer.locator("input[type=file]").setInputFiles(csv(GOOD));
    await check.click();
    await expect(importer.getByTestId("economics-import-summary")).toHaveText(`Ready: 0 rows of ${usd(0)} to import; 5 imported before.`);
    await expect(run).toBeDisabled();
    expect(await revenueLines(owner, world)).toHaveLength(5);
    await expect(page.getByTestId("economics-revenue-row")).toHaveCount(5);
  });

  const pnl = await owner.call<{ current: { revenue: Array<{ line: string; cents: number }> } }>("query", "economicsReports:storePnl", {
    storeId: world.storeId,
    period: "month",
    anchor: lastMonth(1),
  });
  const coinCents = pnl.current.revenue.find((f) => f.line === "coins")!.cents;
  // The world's eight weeks of verified visits reach into last month.
  expect(coinCents).toBeGreaterThan(0);

  await test.step("the P&L of last month shows the card revenue by source, and the figure opens the imported lines", async () => {
    await page.getByRole("tab", { name: "Profit & loss" }).click();
    await expect(page.getByTestId("economics-period-label")).toHaveText(formatMonth(lastMonth(1).slice(0, 7), "en"));
    const revenue = page.getByTestId("pnl-revenue-table");
    const card = revenue.getByTestId("pnl-revenue-row").and(page.locator("[data-line=card]"));
    await expect(card).toHaveAttribute("data-cents", String(TOTAL_CENTS));
    await expect(card).toContainText(usd(TOTAL_CENTS));
    await card.getByRole("button", { name: "Open the entries behind Card" }).click();
    await expect(page).toHaveURL(/line=revenue%3Acard|line=revenue:card/);
    const drawer = page.getByRole("dialog", { name: "Entries: Card" });
    await expect(drawer).toBeVisible();
    const entries = drawer.getByTestId("entry-row");
    await expect(entries).toHaveCount(5);
    const amounts = await entries.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-cents"))));
    expect(amounts.sort((a, b) => a - b)).toEqual([...GOOD_CENTS].sort((a, b) => a - b));
    await expect(entries.and(page.locator("[data-counted=true]"))).toHaveCount(5);
    await expect(drawer.getByTestId("entries-total")).toHaveText(countedIn(TOTAL_CENTS));
    await expect(entries.first()).toContainText("W1");
    await expect(entries.first()).toContainText(usd(1250));
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/line=/);
  });

  await test.step("the coin figure opens the month's verified collections", async () => {
    const coins = page.getByTestId("pnl-revenue-row").and(page.locator("[data-line=coins]"));
    await expect(coins).toHaveAttribute("data-cents", String(coinCents));
    await coins.getByRole("button", { name: "Open the entries behind Coins and bills (collections)" }).click();
    const drawer = page.getByRole("dialog", { name: "Entries: Coins and bills (collections)" });
    const entries = drawer.getByTestId("entry-row");
    await expect(entries.first()).toBeVisible();
    await expect(entries.and(page.locator("[data-source=collections]"))).toHaveCount(await entries.count());
    const amounts = await entries.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-cents"))));
    expect(amounts.reduce((sum, c) => sum + c, 0)).toBe(coinCents);
    await expect(drawer.getByTestId("entries-total")).toHaveText(countedIn(coinCents));
    await expect(entries.first()).toContainText("Collection");
    await drawer.getByRole("button", { name: "Close" }).click();
  });

  await test.step("the utility trend says why it has nothing to draw: the store has no utility bill or expense", async () => {
    await expect(page.getByTestId("pnl-utility-chart-empty")).toHaveText("Fewer than two months with both revenue and utilities: no trend to draw yet.");
  });

  await test.step("the month downloads as a one-page PDF holding the card revenue", async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "One-page PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^pnl-.+-${lastMonth(1).slice(0, 7)}\\.pdf$`));
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test("the P&L and its setup read in Spanish", async ({ page, baseURL, world }) => {
  const owner = await Api.as(baseURL!, world.users.OWNER);
  await owner.call("mutation", "users:updateLanguagePreference", { language: "es" });
  await prepare(page, baseURL!, world.users.OWNER, world, "es");
  await page.goto("/laundromat/economics");
  await expect(page.getByRole("heading", { name: "Economía de la tienda", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Pérdidas y ganancias" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Ingresos", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gastos", level: 2 })).toBeVisible();
  const coins = page.getByTestId("pnl-revenue-row").and(page.locator("[data-line=coins]"));
  await expect(coins).toContainText("Monedas y billetes (recaudaciones)");
  await coins.getByRole("button", { name: "Abrir los movimientos de Monedas y billetes (recaudaciones)" }).click();
  const drawer = page.getByRole("dialog", { name: "Movimientos: Monedas y billetes (recaudaciones)" });
  // Each entry named in Spanish, the month too.
  await expect(drawer.getByTestId("entry-row").first()).toContainText("Recaudación");
  await expect(drawer.getByTestId("entries-total")).toContainText(`Contado en ${formatMonth(lastMonth(1).slice(0, 7), "es")}: `);
  await drawer.getByRole("button", { name: "Cerrar" }).click();
  await expect(page.getByTestId("pnl-utility-chart-empty")).toHaveText("Menos de dos meses con ingresos y servicios: aún no hay tendencia que trazar.");
  await page.getByRole("tab", { name: "Configuración" }).click();
  await expect(page.getByRole("heading", { name: "Importar ingresos con tarjeta" })).toBeVisible();
  await expect(page.getByTestId("economics-import").getByRole("button", { name: "Revisar el archivo" })).toBeDisabled();
});

test("a member without report access is refused the screen", async ({ page, signInAs, world }) => {
  for (const role of ["STAFF", "MEMBER"] as const) {
    await signInAs(world.users[role]);
    await page.goto("/laundromat/economics");
    await expect(page.getByTestId("access-denied-message")).toHaveText("You don't have permission to export reports");
    await expect(page).toHaveURL(/\/laundromat\/economics/);
    await expect(page.getByTestId("pnl-panel")).toHaveCount(0);
  }
});
