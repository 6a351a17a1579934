import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { addDays, dateIn } from "../support/workday";

// Issue 32, decision 0060: a manager who is also on the payroll opens their own profile and their
// own line of the pay period. The new-rate, job and terminate actions and the bonus (adjust)
// action are disabled, saying why in the reader's language; another manager's are not.

test.use({ viewport: { width: 1366, height: 900 } });

test("a manager sees their own rate and bonus actions disabled, with the reason", async ({ page, baseURL, world }) => {
  test.setTimeout(180_000);
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const stores = await owner.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const today = dateIn(Date.now(), stores.find((s) => s._id === world.storeId)!.timeZone);
  const username = `mgr${Date.now().toString(36).slice(-6)}`;
  const name = "Morgan Manager";
  // A salaried profile the owner made for the manager (a line in every period since the hire date) ...
  const { employeeId } = await owner.call<{ employeeId: string }>("mutation", "employees:create", {
    name,
    email: "",
    phone: "",
    position: "Store manager",
    hireDate: addDays(today, -60),
    storeIds: [world.storeId],
    payType: "salary",
    rateCents: 150_000,
    effectiveFrom: addDays(today, -60),
    username,
    pin: "7315",
  });
  // ... which the manager links to their account with its kiosk username and PIN, and the owner approves.
  await manager.call("mutation", "employment:link", { username, pin: "7315" });
  const waiting = await owner.call<Array<{ _id: string; employeeId: string }>>("query", "employmentLinks:listPending", {});
  const request = waiting.find((r) => r.employeeId === employeeId);
  if (request) await owner.call("mutation", "employmentLinks:approve", { requestId: request._id });
  const periods = await owner.call<Array<{ id: string; current: boolean }>>("query", "payPeriods:list", {});
  const current = periods.find((p) => p.current)!;
  const ownPay = "Nobody sets their own pay rate or jobs: another manager, admin or owner does";
  const ownAdjustment = "Nobody adds a bonus, commission, reimbursement or deduction to their own pay: another manager, admin or owner does";

  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));

  await test.step("their own profile: new rate, add a job and terminate are disabled, the reason on hover", async () => {
    await page.goto("/employee-management/profiles");
    await expect(page.getByRole("heading", { name: "Employee profiles", level: 1 })).toBeVisible({ timeout: 60_000 });
    await page.getByTestId("employee-search").fill(username);
    await page
      .getByTestId("employee-row")
      .and(page.locator(`[data-username="${username}"]`))
      .click();
    const profile = page.getByTestId("employee-profile");
    await expect(profile.getByTestId("profile-own")).toContainText("This is your own profile");
    await expect(profile.getByTestId("profile-new-rate")).toBeDisabled();
    await expect(profile.getByTestId("job-add")).toBeDisabled();
    await expect(profile.getByTestId("profile-terminate")).toBeDisabled();
    // Contact details and the kiosk PIN stay theirs.
    await expect(profile.getByTestId("profile-edit")).toBeEnabled();
    await expect(profile.getByTestId("profile-reset-pin")).toBeEnabled();
    await profile.getByTestId("profile-new-rate-reason").hover();
    await expect(page.getByRole("tooltip")).toHaveText(ownPay);
  });

  await test.step("their own line of the open period: the adjustment (bonus) is disabled, saying why", async () => {
    await page.goto(`/payroll/pay-periods?period=${current.id}&employee=${employeeId}`);
    const drawer = page.getByRole("dialog", { name });
    await expect(drawer.getByTestId("line-adjust")).toBeDisabled({ timeout: 60_000 });
    await drawer.getByTestId("line-adjust-reason").hover();
    await expect(page.getByRole("tooltip")).toHaveText(ownAdjustment);
    // The row menu offers no adjustment on their line.
    await page.keyboard.press("Escape");
    const row = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
    await row.getByRole("button", { name: `More actions for ${name}` }).click();
    await expect(page.getByRole("menuitem", { name: "Statement (PDF)" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Add adjustment" })).toHaveCount(0);
  });

  await test.step("in Spanish, the same reason in Spanish", async () => {
    await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.goto(`/payroll/pay-periods?period=${current.id}&employee=${employeeId}`);
    const drawer = page.getByRole("dialog", { name });
    await drawer.getByTestId("line-adjust-reason").hover({ timeout: 60_000 });
    await expect(page.getByRole("tooltip")).toHaveText(
      "Nadie agrega un bono, una comisión, un reembolso ni una deducción a su propio pago: lo hace otro gerente, administrador o propietario",
    );
  });
});
