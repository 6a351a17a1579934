import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { unverifiedWorkday } from "../support/workday";

// Issue 18: a manager opens the current pay period, sees that an entry is not verified and so not
// paid, verifies it, locks the period, and downloads the employee's statement (PDF) and the
// provider CSV; the test reads both files.

test("a manager verifies the period's time, locks it and downloads the statement and the provider CSV", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const name = "Lena Ortiz";
  // An hourly attendant at $18.00 who worked 8 hours today, not yet verified.
  await unverifiedWorkday(baseURL!, manager, world.storeId, { name, rateCents: 1800 });

  // The dashboard's current period warns about the unverified entry; the manager opens the period.
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto("/payroll/dashboard");
  // The first screen of a fresh page loads its code and texts: allow for a busy machine.
  await expect(page.getByRole("heading", { name: "Payroll dashboard", level: 1 })).toBeVisible({ timeout: 30_000 });
  const currentCard = page.getByTestId("dashboard-current");
  await expect(currentCard.getByTestId("dashboard-current-warnings")).toContainText("1 unverified entry not included");
  await currentCard.getByRole("link", { name: "Open the period" }).click();

  const detail = page.getByTestId("period-detail");
  await expect(detail).toHaveAttribute("data-status", "open");
  const warning = page.getByTestId("unverified-warning");
  await expect(warning).toContainText("1 unverified entry is not included");
  await expect(warning.getByTestId("not-included-entry")).toContainText(name);
  // Unverified time is not paid: she has no line yet.
  await expect(page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`))).toHaveCount(0);

  // Verified on the verification screen the warning links to.
  await warning.getByTestId("verify-link").click();
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`));
  await row.getByRole("button", { name: `Approve ${name}'s entry` }).click();
  await expect(page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`))).toHaveCount(0);
  await page.goBack();

  await expect(page.getByTestId("unverified-warning")).toHaveCount(0);
  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(line).toHaveAttribute("data-gross", "14400");
  await expect(line).toContainText("8.00");
  await expect(line).toContainText("$144.00");

  // Drilling into her line shows the day and its entry.
  await line.getByText(name).click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer.getByTestId("line-day")).toHaveCount(1);
  await expect(drawer.getByTestId("line-gross")).toContainText("$144.00");
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();

  // Lock: today's period has not ended, so it asks why (issue 30).
  await page.getByTestId("lock-period").click();
  await page.getByTestId("confirm-lock").click();
  const early = page.getByTestId("lock-override-dialog");
  await early.getByLabel("Why lock before the period ends").fill("Provider deadline");
  await early.getByRole("button", { name: "Lock anyway" }).click();
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(page.getByTestId("period-events")).toContainText("Locked by");

  // The statement PDF: a real PDF with her name in it.
  const [pdf] = await Promise.all([page.waitForEvent("download"), line.getByRole("button", { name: `Download ${name}'s statement` }).click()]);
  const pdfPath = await pdf.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain(name);
  expect(text).toContain("144.00");

  // The provider CSV: her row with 8.00 regular hours and the gross.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const rows = readFileSync(await csv.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  const herRow = rows.find((r) => r.includes(name));
  expect(herRow, rows.join("\n")).toBeDefined();
  expect(herRow).toMatch(/(^|,)"?8\.00"?(,|$)/);
  expect(herRow).toMatch(/(^|,)"?144\.00"?(,|$)/);

  // The accounting journal of the selected dates, from the payroll reports.
  await page.goto("/payroll/reports");
  const [journal] = await Promise.all([page.waitForEvent("download"), page.getByTestId("journal-download").click()]);
  expect(journal.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const journalLines = readFileSync(await journal.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(journalLines[0]).toBe("date,account,debit,credit,memo,class");
  expect(errors).toEqual([]);
});
