import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { unverifiedWorkday } from "../support/workday";

// Issue 31, decision 0056: a supervisor holds canViewTimeClocks, canManageSchedules and
// canApproveTimeOff, and the screens follow the flags: employee management opens for them with
// the dashboard, scheduling and time-entry verification, where they approve a person's time;
// profiles (pay rates) stay closed.

test("a supervisor verifies an employee's time, and cannot open the profiles with their pay", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const name = "Rita Moreno";
  const { entryId, worked, today } = await unverifiedWorkday(baseURL!, manager, world.storeId, { name, rateCents: 1600 });

  await signInWithSelection(page, baseURL!, world.users.SUPERVISOR, selectionOf(world));
  await page.goto("/employee-management/dashboard");
  // The tab and its dashboard open for a supervisor.
  await expect(page.locator("main h1").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("access-denied")).toHaveCount(0);
  await page.goto(`/employee-management/time-entry-verification?from=${worked}&to=${today}&status=all`);
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(row).toHaveAttribute("data-status", "pending");
  await row.getByRole("button", { name: `Approve ${name}'s entry` }).click();
  await expect(row).toHaveAttribute("data-status", "approved");
  const queue = await manager.call<{ entries: Array<{ _id: string; reviewStatus: string }> }>("query", "timeEntries:list", {
    from: worked,
    to: today,
    status: "all",
  });
  expect(queue.entries.find((e) => e._id === entryId)?.reviewStatus).toBe("approved");

  // Profiles show pay rates: a manager's screen.
  await page.goto("/employee-management/profiles");
  await expect(page.getByText("You don't have permission to manage employees")).toBeVisible();
});
