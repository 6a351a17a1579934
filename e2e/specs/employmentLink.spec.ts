import { Api, createEmployee } from "../support/api";
import { toast } from "../support/auth";
import { expectAccessibleInBothSchemes } from "../support/axe";
import { newPage } from "../support/contexts";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 31: a kiosk username and PIN never link an account by themselves. A staff member whose
// profile has no e-mail address enters them on a phone, in Spanish, and waits; the manager sees
// the request counted on the profiles sub-tab and on the profile, and approves it; the staff
// member's screen turns into their profile, live.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test("a staff member asks to link their profile on a phone and a manager approves it", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const username = `nico${Date.now().toString(36).slice(-5)}`;
  const employeeId = await createEmployee(manager, { name: "Nico Paz", username, pin: "2468", storeIds: [world.storeId] });
  await (await Api.as(baseURL!, world.users.STAFF)).call("mutation", "users:updateLanguagePreference", { language: "es" });

  const phone = await newPage(browser, baseURL!, errors, PHONE);
  await test.step("on a phone, in Spanish, the PIN opens a request and links nothing", async () => {
    await signInWithSelection(phone.page, baseURL!, world.users.STAFF, selectionOf(world), "es");
    await phone.page.goto("/user/employment");
    const form = phone.page.getByTestId("link-profile-form");
    await expect(form).toBeVisible({ timeout: 30_000 });
    await form.getByLabel("Usuario del kiosco").fill(username);
    await form.getByLabel("PIN").fill("1111");
    await form.getByRole("button", { name: "Vincular mi cuenta" }).click();
    await expect(form.getByText("Usuario o PIN incorrectos")).toBeVisible();
    await form.getByLabel("PIN").fill("2468");
    await form.getByRole("button", { name: "Vincular mi cuenta" }).click();
    const waiting = phone.page.getByTestId("link-waiting");
    await expect(waiting.getByText("Esperando la aprobación de un gerente")).toBeVisible();
    await expect(waiting).toContainText(username);
    await expect(phone.page.getByTestId("employee-name")).toHaveCount(0);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step("the manager sees it counted and on the profile, and approves it", async () => {
    await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
    await page.goto("/employee-management/profiles");
    await expect(page.getByRole("heading", { name: "Employee profiles", level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("nav-sub-employee-management-profiles").locator(".mantine-Badge-root")).toHaveText("1");
    const row = page.getByTestId("link-request").filter({ hasText: username });
    await expect(row).toContainText("Nico Paz");
    await expect(row).toContainText(world.users.STAFF);
    await row.getByRole("button", { name: "Review the link request for Nico Paz" }).click();
    const drawer = page.getByTestId("employee-profile");
    await expect(drawer).toHaveAttribute("data-employee-id", employeeId);
    const panel = page.getByTestId("link-request-panel");
    await expect(panel).toContainText(world.users.STAFF);
    await expectAccessibleInBothSchemes(page, "a profile with a link request waiting");
    await panel.getByRole("button", { name: "Approve link" }).click();
    await expect(toast(page, `${world.users.STAFF} is linked to Nico Paz's profile`)).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId("link-requests")).toHaveCount(0);
    await expect(page.getByTestId("nav-sub-employee-management-profiles").locator(".mantine-Badge-root")).toHaveCount(0);
  });

  await test.step("the staff member's screen shows their profile, live", async () => {
    await expect(phone.page.getByTestId("employee-name")).toHaveText("Nico Paz");
    await expect(phone.page.getByTestId("link-waiting")).toHaveCount(0);
  });
  await phone.context.close();
  expect(errors).toEqual([]);
});
