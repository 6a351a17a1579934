import { Api, createEmployee, linkAccount } from "../support/api";
import { newPage } from "../support/contexts";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 17: an employee asks for a day off on a phone in Spanish from My requests; the manager
// approves it on the employee dashboard, the employee sees it approved, and the week grid shows it.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test("an employee asks for time off on a phone in Spanish and the manager approves it on the dashboard", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const username = `rosa${Date.now().toString(36).slice(-5)}`;
  const employeeId = await createEmployee(manager, { name: "Rosa Vega", username, pin: "2468", storeIds: [world.storeId] });
  // The staff member links their account to the profile with the username and PIN they were given, and the manager approves.
  const staffApi = await Api.as(baseURL!, world.users.STAFF);
  await linkAccount(staffApi, manager, { username, pin: "2468" });
  await staffApi.call("mutation", "users:updateLanguagePreference", { language: "es" });

  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const phone = await newPage(browser, baseURL!, errors, PHONE);
  await test.step("on a phone, in Spanish, the employee asks for a day off", async () => {
    await signInWithSelection(phone.page, baseURL!, world.users.STAFF, selectionOf(world), "es");
    await phone.page.goto("/user/my-requests");
    const form = phone.page.getByTestId("request-form");
    await expect(form.getByRole("heading", { name: "Nueva solicitud" })).toBeVisible();
    await form.getByLabel("Desde").fill(day);
    await form.getByRole("combobox", { name: "Tipo" }).click();
    await phone.page.getByRole("option", { name: "Personal" }).click();
    await form.getByLabel("Nota").fill("Cita médica");
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(phone.page.getByText("Solicitud enviada. Te avisaremos cuando se decida.")).toBeVisible();
    const row = phone.page.getByTestId("employee-request");
    await expect(row).toHaveAttribute("data-status", "pending");
    await expect(row.getByTestId("employee-request-status")).toHaveText("Pendiente");
    // Nothing spills sideways on the phone.
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step("the manager approves it on the employee dashboard", async () => {
    await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
    await page.goto("/employee-management/dashboard");
    await expect(page.getByRole("heading", { name: "Employee dashboard", level: 1 })).toBeVisible();
    const request = page.getByTestId("pending-request").filter({ hasText: "Rosa Vega" });
    await expect(request).toContainText("Time off");
    await expect(request).toContainText("Personal");
    await request.getByRole("button", { name: "Approve Rosa Vega's request" }).click();
    await expect(page.getByText("Rosa Vega's request approved")).toBeVisible();
    await expect(request).toHaveCount(0);
  });

  await test.step("the employee sees it approved, live", async () => {
    const row = phone.page.getByTestId("employee-request");
    await expect(row).toHaveAttribute("data-status", "approved");
    await expect(row.getByTestId("employee-request-status")).toHaveText("Aprobada");
  });
  await test.step("the week grid shows the day off, where a shift that day is flagged", async () => {
    await manager.call("mutation", "shifts:create", { storeId: world.storeId, employeeId, date: day, start: "09:00", end: "13:00" });
    await page.goto(`/employee-management/scheduling?store=${world.storeId}&week=${day}`);
    await expect(page.getByTestId(`cell-${employeeId}-${day}`).getByTestId("time-off")).toBeVisible();
  });
  await phone.context.close();
  expect(errors).toEqual([]);
});
