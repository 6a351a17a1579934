import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { unverifiedWorkday } from "../support/workday";

// Issue 18: a pay period's life as an owner lives it — locked over unverified time with a reason,
// reopened with a reason, a bonus added once the time is verified, locked again and marked paid,
// after which it can no longer be reopened. Every step shows in the period's history. Locking
// before the period's last day asks for a reason (issue 30).

test("an owner locks over unverified time, reopens, adds a bonus, locks and marks the period paid", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const name = "Ana Ruiz";
  // $20.00 an hour, 8 hours today, not verified.
  const { entryId } = await unverifiedWorkday(baseURL!, owner, world.storeId, { name, rateCents: 2000 });

  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world));
  await page.goto("/payroll/dashboard");
  await expect(page.getByRole("heading", { name: "Payroll dashboard", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("dashboard-current").getByRole("link", { name: "Open the period" }).click();
  const detail = page.getByTestId("period-detail");
  await expect(detail).toHaveAttribute("data-status", "open");
  const events = page.getByTestId("period-events");

  // Locking over unverified time asks for a reason and refuses without one.
  await page.getByTestId("lock-period").click();
  const override = page.getByTestId("lock-override-dialog");
  await expect(override).toContainText("1 unverified entry is not included");
  await override.getByRole("button", { name: "Lock anyway" }).click();
  await expect(override.getByText("Give a reason")).toBeVisible();
  await expect(detail).toHaveAttribute("data-status", "open");
  await override.getByLabel("Why lock over unverified time").fill("Payroll provider deadline; Ana's Tuesday is checked next period");
  await override.getByRole("button", { name: "Lock anyway" }).click();
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(events).toContainText("over unverified time: Payroll provider deadline");

  // Reopened with a reason.
  await page.getByTestId("reopen-period").click();
  const reopen = page.getByTestId("reopen-dialog");
  await reopen.getByLabel("Reason for reopening").fill("Ana's time was verified after all");
  await reopen.getByRole("button", { name: "Reopen" }).click();
  await expect(detail).toHaveAttribute("data-status", "open");
  await expect(events).toContainText("Reopened by");
  await expect(events).toContainText("Ana's time was verified after all");

  // Her day verified elsewhere: she now has a line of 8 hours at $20.00.
  await owner.call("mutation", "timeEntries:approve", { entryIds: [entryId] });
  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(line).toHaveAttribute("data-gross", "16000");

  // A $25.00 bonus from her line's drawer: $185.00.
  await line.getByText(name).click();
  const drawer = page.getByRole("dialog", { name });
  await drawer.getByRole("button", { name: "Add adjustment" }).click();
  const adjust = page.getByTestId("adjust-dialog");
  await adjust.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "Bonus", exact: true }).click();
  await adjust.getByRole("textbox", { name: "Amount" }).fill("25.00");
  await adjust.getByRole("textbox", { name: "Reason" }).fill("Covered the Sunday shift");
  await adjust.getByRole("button", { name: "Add adjustment" }).click();
  await expect(adjust).toBeHidden();
  await expect(line).toHaveAttribute("data-gross", "18500");
  await expect(page.getByTestId("total-gross-value")).toContainText("$185.00");
  if (await drawer.isVisible()) await drawer.getByRole("button", { name: "Close" }).click();

  // Nothing unverified now, but the period runs until its last day: locking it early asks why.
  await page.getByTestId("lock-period").click();
  await page.getByTestId("confirm-lock").click();
  const early = page.getByTestId("lock-override-dialog");
  await expect(early).toContainText("Locking early needs a reason");
  await early.getByLabel("Why lock before the period ends").fill("The provider closes its run today");
  await early.getByRole("button", { name: "Lock anyway" }).click();
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(events).toContainText("The provider closes its run today");
  await page.getByTestId("mark-paid").click();
  await page.getByTestId("confirm-paid").click();
  await expect(detail).toHaveAttribute("data-status", "paid");
  await expect(events).toContainText("Marked paid by");
  await expect(page.getByTestId("reopen-period")).toHaveCount(0);
  await expect(page.getByTestId("lock-period")).toHaveCount(0);
  expect(errors).toEqual([]);
});
