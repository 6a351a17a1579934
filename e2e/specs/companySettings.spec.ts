import { expect, test } from "../support/fixtures";
import { Api } from "../support/api";

// Issue 19, company settings: a manager changes the workforce and money sections, sees a field's
// validation message under it, fixes it and saves; the server reads what was saved.

test("a manager changes the workforce and money sections, with validation under the fields", async ({ page, baseURL, world, signInAs }) => {
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  await signInAs(world.users.MANAGER);
  await page.goto("/company/settings");
  await expect(page.getByRole("heading", { name: "Company settings", level: 1 })).toBeVisible();

  const workforce = page.getByTestId("settings-workforce");
  await workforce.getByLabel("Weekly hours limit").fill("200");
  await workforce.getByTestId("save-workforce").click();
  await expect(workforce.getByText("Enter 1 to 168 hours.")).toBeVisible();
  await workforce.getByLabel("Weekly hours limit").fill("36");
  await workforce.getByLabel("Minimum rest (hours)").fill("10");
  await workforce.getByLabel("Payroll starts on").fill("2026-01-05");
  await workforce.getByTestId("save-workforce").click();
  await expect(page.getByText("Workforce saved")).toBeVisible();
  await expect(workforce.getByText("Enter 1 to 168 hours.")).toHaveCount(0);

  const money = page.getByTestId("settings-money");
  await money.getByRole("switch", { name: "Blind counts by default" }).focus();
  await page.keyboard.press("Space");
  await expect(money.getByLabel("Blind counts by default")).toBeChecked();
  await money.getByLabel("Variance threshold").fill("7.50");
  await money.getByTestId("save-money").click();
  await expect(page.getByText("Money saved")).toBeVisible();

  const saved = await manager.call<{ workforce: { weeklyHoursLimit: number; minRestHours: number } }>("query", "companySettings:get", { section: "workforce" });
  expect(saved.workforce).toMatchObject({ weeklyHoursLimit: 36, minRestHours: 10 });
  expect(await manager.call("query", "payroll:getSettings", {})).toMatchObject({ payrollStartsOn: "2026-01-05" });
  expect(await manager.call("query", "cashSettings:get", {})).toMatchObject({ blindCounts: true, varianceThresholdCents: 750 });

  // After a reload the screen shows what was saved.
  await page.reload();
  await expect(page.getByTestId("settings-workforce").getByLabel("Weekly hours limit")).toHaveValue("36");
  await expect(page.getByTestId("settings-workforce").getByLabel("Payroll starts on")).toHaveValue("2026-01-05");
  await expect(page.getByTestId("settings-money").getByLabel("Blind counts by default")).toBeChecked();
});
