import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { unverifiedWorkday } from "../support/workday";

// Issue 30, what payroll hands an accountant: the owner sets the employer's address on the
// company settings, locks the period (its figures become version 1, which the period and the
// statement's file name say), and downloads the period's file in Gusto's layout from the payroll
// reports, which warns that the person has no Gusto id yet.

test("an owner sets the employer address, locks version 1 and downloads the Gusto file", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const name = "Lena Ortiz";
  const { entryId } = await unverifiedWorkday(baseURL!, owner, world.storeId, { name, rateCents: 2000 });
  await owner.call("mutation", "timeEntries:approve", { entryIds: [entryId] });

  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world));
  await page.goto("/company/settings");
  await page.getByLabel("Employer address").fill("12 Main St\nSpringfield, IL 62701");
  await page.getByLabel("Employer ID number (EIN)").fill("12-3456789");
  await page.getByTestId("save-profile").click();
  await expect(page.getByText("saved").first()).toBeVisible();

  await page.goto("/payroll/dashboard");
  await page.getByTestId("dashboard-current").getByRole("link", { name: "Open the period" }).click();
  const detail = page.getByTestId("period-detail");
  await expect(detail).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("period-version")).toHaveCount(0);
  // The period runs until its last day: locking now asks why.
  await page.getByTestId("lock-period").click();
  await page.getByTestId("confirm-lock").click();
  const early = page.getByTestId("lock-override-dialog");
  await early.getByLabel("Why lock before the period ends").fill("The provider closes its run today");
  await early.getByRole("button", { name: "Lock anyway" }).click();
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(page.getByTestId("period-version")).toHaveText("Version 1");

  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await line.getByText(name).click();
  const drawer = page.getByRole("dialog", { name });
  const statement = page.waitForEvent("download");
  await drawer.getByRole("button", { name: /statement/i }).click();
  expect((await statement).suggestedFilename()).toMatch(/^statement-Lena-Ortiz-\d{4}-\d{2}-\d{2}-v1\.pdf$/);
  await drawer.getByRole("button", { name: "Close" }).click();

  await page.goto("/payroll/reports");
  const card = page.getByTestId("provider-export-card");
  await card.getByRole("combobox", { name: "Format" }).click();
  await page.getByRole("option", { name: "Gusto" }).click();
  const csv = page.waitForEvent("download");
  await card.getByTestId("provider-export-download").click();
  expect((await csv).suggestedFilename()).toMatch(/^payroll-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-gusto-v1\.csv$/);
  await expect(card.getByTestId("provider-export-version")).toContainText("figures of version 1");
  await expect(card.getByTestId("provider-export-missing")).toContainText(name);
  expect(errors).toEqual([]);
});
