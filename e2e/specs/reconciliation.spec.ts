import type { Page } from "@playwright/test";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import type { World } from "../support/world";

// Issue 14: an admin imports a bank statement; two of last month's deposits match automatically
// and one, short by 40 cents, is matched by hand and its difference posted to cash over/short; the
// trace runs from that bank line back to the deposit; re-importing the statement adds nothing; the
// month is closed and a later attempt to post into it is refused, naming the closed period. A
// statement with bad rows is reported row by row and imports nothing until only the valid rows are
// asked for (on a phone, in Spanish).

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** yyyy-MM-dd of a day in the month before today's (UTC). */
function lastMonth(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day)).toISOString().slice(0, 10);
}
const lastDayOfLastMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 0)).toISOString().slice(0, 10);
/** M/D/YYYY, as US banks write dates. */
const us = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
const display = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const key = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Denominations worth exactly `cents`, largest first. */
function denominationsOf(cents: number): Record<string, number> {
  const pieces: Array<[string, number]> = [
    ["bill_10000", 10000],
    ["bill_2000", 2000],
    ["bill_100", 100],
    ["coin_25", 25],
    ["coin_1", 1],
  ];
  const out: Record<string, number> = {};
  let left = cents;
  for (const [code, value] of pieces) {
    const n = Math.floor(left / value);
    if (n) out[code] = n;
    left -= n * value;
  }
  return out;
}

interface Seeded {
  bankAccountId: string;
  deposits: Array<{ date: string; cents: number; bag?: string; slip?: string }>;
}

/** A bank account, three approved deposits last month from the store's safe, and a count of the safe after them. */
async function seed(baseURL: string, world: World): Promise<Seeded> {
  const admin = await Api.as(baseURL, world.users.ADMIN);
  const { accountId: bankAccountId } = await admin.call<{ accountId: string }>("mutation", "cashAccounts:create", {
    name: "Operating checking",
    kind: "bank",
    idempotencyKey: key(),
  });
  const deposits = [
    { date: lastMonth(5), cents: 50000, bag: "B-101" },
    { date: lastMonth(12), cents: 65025, slip: "7702" },
    { date: lastMonth(20), cents: 72040, bag: "B-103" },
  ];
  for (const d of deposits) {
    const created = await admin.call<{ status: string }>("mutation", "cashTransactions:create", {
      kind: "deposit",
      storeId: world.storeId,
      amountCents: d.cents,
      description: `Bank deposit ${d.bag ?? d.slip}`,
      ...(d.bag ? { bagNumber: d.bag } : { slipNumber: d.slip }),
      businessDate: d.date,
      idempotencyKey: key(),
    });
    expect(created.status).toBe("approved");
  }
  const accounts = await admin.call<Array<{ _id: string; kind: string; storeId: string | null }>>("query", "cashAccounts:list", { storeId: world.storeId });
  const safe = accounts.find((a) => a.kind === "safe" && a.storeId === world.storeId)!;
  const count = await admin.call<{ countId: string; expectedCents: number }>("mutation", "physicalCounts:start", {
    accountId: safe._id,
    blind: false,
    idempotencyKey: key(),
  });
  await admin.call("mutation", "physicalCounts:submit", { countId: count.countId, denominations: denominationsOf(count.expectedCents), idempotencyKey: key() });
  return { bankAccountId, deposits };
}

/** Signs `page` in as `email` with the world's store and last month selected, in `language`. */
const prepare = (page: Page, baseURL: string, email: string, world: World, language: "en" | "es" = "en") =>
  signInWithSelection(page, baseURL, email, selectionOf(world, lastMonth(1), lastDayOfLastMonth()), language);

function statement(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const csv = [["Posting Date", "Description", "Amount", "Check or Slip #"], ...rows]
    .map((r) => r.map((c) => (c.includes(",") ? `"${c}"` : c)).join(","))
    .join("\n");
  return { name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) };
}

test("an admin imports a statement, matches the one left by hand, closes the month and a posting into it is refused", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const seeded = await seed(baseURL!, world);
  const [d1, d2, d3] = seeded.deposits as [Seeded["deposits"][number], Seeded["deposits"][number], Seeded["deposits"][number]];
  // Two lines the bank names by bag or slip, within the window; the third reached the bank 40 cents short.
  const file = statement([
    [us(lastMonth(6)), "DEPOSIT BAG B-101", "500.00", ""],
    [us(lastMonth(14)), "BRANCH DEPOSIT", "$650.25", "7702"],
    [us(lastMonth(21)), "COUNTER DEPOSIT", "720.00", ""],
    [us(lastMonth(28)), "MONTHLY SERVICE FEE", "(12.00)", ""],
  ]);
  await prepare(page, baseURL!, world.users.ADMIN, world);
  await page.goto("/laundromat/reconciliation?tab=bank");
  const panel = page.getByTestId("bank-panel");
  await expect(panel.getByTestId("bank-account")).toHaveValue("Operating checking");
  await expect(panel.getByTestId("unmatched-deposit")).toHaveCount(3);

  await test.step("the statement is previewed, checked and imported; two deposits match automatically", async () => {
    await panel.getByTestId("bank-import").click();
    const dialog = page.getByRole("dialog", { name: "Import a bank statement" });
    await dialog.locator("input[type=file]").setInputFiles(file);
    // The columns are guessed from the bank's headers and the first rows read with them.
    await expect(dialog.getByTestId("map-date")).toHaveValue("Posting Date");
    await expect(dialog.getByTestId("map-amount")).toHaveValue("Amount");
    await expect(dialog.getByTestId("map-reference")).toHaveValue("Check or Slip #");
    await expect(dialog.getByTestId("preview-row")).toHaveCount(4);
    await expect(dialog.getByTestId("preview-row").nth(3)).toContainText(`${display(lastMonth(28))} · -$12.00`);
    await dialog.getByTestId("import-check").click();
    await expect(dialog.getByTestId("import-check-ok")).toHaveText("Ready: 4 new lines, 0 already imported.");
    await dialog.getByTestId("import-confirm").click();
    await expect(page.getByText("Imported 4 lines (0 already there); 2 matched automatically")).toBeVisible();
    await expect(dialog).toBeHidden();
    const lines = panel.getByTestId("bank-line");
    await expect(lines).toHaveCount(4);
    await expect(lines.and(page.locator("[data-matched=auto]"))).toHaveCount(2);
    await expect(lines.and(page.locator(`[data-amount="${d1.cents}"]`))).toHaveAttribute("data-matched", "auto");
    await expect(lines.and(page.locator(`[data-amount="${d2.cents}"]`))).toHaveAttribute("data-matched", "auto");
    // Left over: the short deposit and its line; the fee is a debit, never waiting for a deposit.
    await expect(panel.getByTestId("unmatched-deposit")).toHaveCount(1);
    await expect(panel.getByTestId("unmatched-deposit")).toHaveAttribute("data-amount", String(d3.cents));
    await expect(panel.getByTestId("unmatched-line")).toHaveCount(1);
    await expect(panel.getByTestId("unmatched-line")).toHaveAttribute("data-amount", "72000");
  });

  await test.step("the line left over is matched by hand and its 40-cent shortage posted to cash over/short", async () => {
    await panel.getByTestId("unmatched-line").getByTestId("match-line").click();
    const dialog = page.getByTestId("match-dialog");
    await dialog
      .getByTestId("match-candidate")
      .and(page.locator(`[data-amount="${d3.cents}"]`))
      .click();
    await expect(dialog.getByTestId("match-difference")).toHaveText("Difference: -$0.40");
    await dialog.getByTestId("match-confirm").click();
    await expect(page.getByText("Matched, with a difference of -$0.40")).toBeVisible();
    const line = panel.getByTestId("bank-line").and(page.locator("[data-amount='72000']"));
    await expect(line).toHaveAttribute("data-matched", "manual");
    await expect(line).toHaveAttribute("data-difference", "-40");
    await expect(panel.getByTestId("unmatched-deposit")).toHaveCount(0);
    await expect(panel.getByTestId("unmatched-line")).toHaveCount(0);
    await line.getByTestId("settle-line").click();
    await page.getByTestId("settle-confirm").click();
    await expect(page.getByText("-$0.40 posted to cash over/short")).toBeVisible();
    await expect(line.getByTestId("settle-line")).toHaveCount(0);
    await expect(line).toContainText("Posted");
  });

  await test.step("the service fee nobody deposited is booked from the statement to an expense", async () => {
    const fee = panel.getByTestId("bank-line").and(page.locator("[data-amount='-1200']"));
    await fee.getByTestId("book-line").click();
    const dialog = page.getByRole("dialog", { name: "Book a bank charge" });
    await expect(dialog.getByTestId("book-line")).toContainText("MONTHLY SERVICE FEE");
    await expect(dialog.getByTestId("book-category")).toHaveValue("Fees");
    await dialog.getByTestId("book-confirm").click();
    await expect(page.getByText("Booked from the statement")).toBeVisible();
    await expect(fee).toHaveAttribute("data-booked", "approved");
    await expect(fee.getByTestId("line-booked")).toHaveText("Booked");
    await expect(fee.getByTestId("book-line")).toHaveCount(0);
  });

  await test.step("the same statement again adds nothing", async () => {
    await panel.getByTestId("bank-import").click();
    const dialog = page.getByRole("dialog", { name: "Import a bank statement" });
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByTestId("import-check").click();
    await expect(dialog.getByTestId("import-check-ok")).toHaveText("Ready: 0 new lines, 4 already imported.");
    await expect(dialog.getByTestId("import-confirm")).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(panel.getByTestId("bank-line")).toHaveCount(4);
  });

  await test.step("the trace runs from the bank line back to the deposit that carried the safe's cash", async () => {
    await panel.getByTestId("bank-line").and(page.locator("[data-amount='72000']")).getByTestId("trace-line").click();
    await expect(page).toHaveURL(/tab=trace/);
    const chain = page.getByTestId("trace-chain");
    await expect(chain.getByTestId("trace-line")).toContainText("COUNTER DEPOSIT");
    await expect(chain.getByTestId("trace-deposit")).toHaveCount(1);
    await expect(chain.getByTestId("trace-deposit")).toContainText("Bag B-103");
    await expect(chain.getByTestId("trace-deposit")).toContainText("$720.40");
    await expect(chain.getByTestId("trace-collection").first()).toBeVisible();
  });

  await test.step("last month is closed against the count", async () => {
    await page.getByTestId("reconciliation-tab-period").click();
    await page.getByTestId("close-period").click();
    await page.getByTestId("close-confirm").click();
    await expect(page.getByTestId("period-closed")).toBeVisible();
  });

  await test.step("a posting dated in the closed month is refused, naming the period", async () => {
    await page.goto("/laundromat/cash-accounts");
    await page.getByTestId("new-transaction").click();
    const form = page.getByRole("dialog", { name: "New transaction" });
    await form.getByLabel("Business date").fill(lastMonth(15));
    await form.getByLabel("Amount").fill("25.00");
    await form.getByLabel("Description").fill("Owner draw entered late");
    await form.getByTestId("transaction-submit").click();
    const day = (iso: string) => `(${iso}|${display(iso)})`;
    await expect(form.getByText(new RegExp(`This store's period ${day(lastMonth(1))} to ${day(lastDayOfLastMonth())} is closed`))).toBeVisible();
    await expect(form.getByLabel("Business date")).toHaveAttribute("aria-invalid", "true");
  });
});

test("a statement with bad rows names each row and imports nothing until only the valid rows are asked for (phone, Spanish)", async ({
  browser,
  baseURL,
  world,
}) => {
  const admin = await Api.as(baseURL!, world.users.ADMIN);
  await admin.call("mutation", "cashAccounts:create", { name: "Cuenta de cheques", kind: "bank", idempotencyKey: key() });
  await admin.call("mutation", "users:updateLanguagePreference", { language: "es" });
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await prepare(page, baseURL!, world.users.ADMIN, world, "es");
  await page.goto("/laundromat/reconciliation?tab=bank");
  const panel = page.getByTestId("bank-panel");
  await panel.getByTestId("bank-import").click();
  const dialog = page.getByRole("dialog", { name: "Importar un estado de cuenta" });
  await dialog.locator("input[type=file]").setInputFiles(
    statement([
      [us(lastMonth(3)), "DEPOSIT", "100.00", ""],
      [us(lastMonth(4)), "DEPOSIT", "12.345", ""],
      ["31/31/2026", "DEPOSIT", "80.00", ""],
      [us(lastMonth(6)), "DEPOSIT", "90.10", ""],
    ]),
  );
  // A mapping that names no amount column is refused before anything is sent.
  await dialog.getByText("Columnas de cargo y abono").click();
  await expect(dialog.getByTestId("mapping-errors")).toContainText("No se eligió columna de importe");
  await expect(dialog.getByTestId("import-check")).toBeDisabled();
  await dialog.getByText("Una columna, con signo").click();
  await expect(dialog.getByTestId("map-amount")).toHaveValue("Amount");

  await dialog.getByTestId("import-check").click();
  const rows = dialog.getByTestId("import-error");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("3");
  await expect(rows.nth(0)).toContainText('El importe "12.345" tiene más de dos decimales');
  await expect(rows.nth(1)).toContainText("4");
  await expect(rows.nth(1)).toContainText('La fecha "31/31/2026" no es una fecha');
  // Nothing is written while a row is wrong.
  const before = await admin.call<{ lines: unknown[] }>("query", "bankLines:list", {
    accountId: (await admin.call<Array<{ _id: string; kind: string }>>("query", "cashAccounts:list", {})).find((a) => a.kind === "bank")!._id,
  });
  expect(before.lines).toHaveLength(0);
  await dialog.getByTestId("import-valid-only").click();
  await dialog.getByTestId("import-confirm").click();
  await expect(page.getByText("2 movimientos importados (0 ya estaban)")).toBeVisible();
  await expect(panel.getByTestId("bank-line")).toHaveCount(2);
  await context.close();
  expect(errors).toEqual([]);
});
