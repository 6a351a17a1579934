import { expectAccessibleInBothSchemes } from "../support/axe";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { Api } from "../support/api";
import { expectMode, firstActiveCompany, toast, uniqueEmail } from "../support/auth";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 16: an employee registers with the sign-up form; a manager finds the registration in the
// profiles queue, completes it (store, position, pay, role) and exports the list to CSV. In
// Spanish, a manager of another company adds an employee with a rate, then gives a raise from a
// future date: the history keeps both, and a date in the past is refused before anything is sent.
// The registered employee then punches in at a store kiosk with the username and PIN they chose.

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function pickOption(page: Page, field: ReturnType<Page["getByTestId"]>, name: string | RegExp) {
  await field.click();
  await page.getByRole("option", { name }).first().click();
}

test("an employee registers, a manager completes the profile, the list exports to CSV, and the employee punches in", async ({
  page,
  browser,
  baseURL,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const company = await firstActiveCompany(baseURL!);
  const email = uniqueEmail("crew");
  const username = `crew${Date.now().toString(36).slice(-6)}`;

  await test.step("the employee registers with the sign-up form", async () => {
    await page.goto("/");
    await page.getByTestId("signin-employee-registration").click();
    await expectMode(page, "employeeSignUp");
    await expect(page.getByTestId("employee-company")).toHaveText(`Joining company ${company.displayName ?? company.name}`);
    await page.getByTestId("employee-email").fill(email);
    await page.getByTestId("employee-username").fill(username);
    await expect(page.getByTestId("employee-username-status")).toHaveAttribute("data-status", "available");
    await page.getByTestId("employee-pin").fill("4826");
    await page.getByTestId("employee-submit").click();
    await expectMode(page, "signIn");
    await expect(toast(page, "Registration submitted")).toBeVisible();
  });

  const context = await browser.newContext({ baseURL, acceptDownloads: true, viewport: { width: 1366, height: 900 } });
  const manager = await context.newPage();
  const errors: string[] = [];
  manager.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  manager.on("pageerror", (e) => errors.push(e.message));
  await signInAs("manager@demo.test", manager);

  await test.step("the manager completes it from the queue", async () => {
    await manager.goto("/employee-management/profiles");
    await expect(manager.getByRole("heading", { name: "Employee profiles", level: 1 })).toBeVisible();
    const queued = manager.getByTestId("pending-registration").and(manager.locator(`[data-username="${username}"]`));
    await expect(queued).toBeVisible();
    await queued.getByTestId("complete-registration").click();
    const form = manager.getByRole("dialog", { name: `Complete registration: ${username}` });
    // Nothing is sent without a store and a rate.
    await form.getByTestId("complete-submit").click();
    await expect(form.getByText("Choose at least one store")).toBeVisible();
    await expect(form.getByText("Enter the rate")).toBeVisible();
    await form.getByTestId("employee-name").fill("Casey Crew");
    await form.getByTestId("employee-position").fill("Attendant");
    await pickOption(manager, form.getByTestId("employee-stores"), "Rio Downtown");
    await form.getByTestId("employee-rate").fill("15.25");
    await expect(form.getByTestId("complete-role")).toHaveValue("Staff");
    await form.getByTestId("complete-submit").click();
    await expect(toast(manager, "Casey Crew is active; we e-mailed them")).toBeVisible();
    await expect(queued).toHaveCount(0);
  });

  await test.step("the profile is active with its store and rate", async () => {
    await manager.getByTestId("employee-search").fill(username);
    const row = manager.getByTestId("employee-row").and(manager.locator(`[data-username="${username}"]`));
    await expect(row).toHaveAttribute("data-status", "active");
    await expect(row).toContainText("$15.25 / hour");
    await row.click();
    await expect(manager).toHaveURL(/open=/);
    const profile = manager.getByTestId("employee-profile");
    await expect(profile.getByTestId("profile-stores")).toHaveText("Rio Downtown");
    await expect(profile.getByTestId("rate-row")).toHaveCount(1);
    await expect(profile.getByTestId("rate-row").first()).toHaveAttribute("data-state", "current");
    await expect(profile).toContainText(`Has an app account (${email})`);
    await manager.keyboard.press("Escape");
    await expect(manager).not.toHaveURL(/open=/);
  });

  await test.step("the filtered list exports to CSV", async () => {
    await expect(manager).toHaveURL(new RegExp(`q=${username}`));
    const [download] = await Promise.all([manager.waitForEvent("download"), manager.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("employees.csv");
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const [header, ...rows] = text.trimEnd().split("\n");
    expect(header!.split(",")).toEqual(expect.arrayContaining(["Name", "Username", "Status", "Stores", "Position", "Pay", "Pay type"]));
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, rows[0]!.split(",")[i]]));
    expect(cells).toMatchObject({ Name: "Casey Crew", Username: username, Status: "Active", Stores: "Rio Downtown", Pay: "15.25", "Pay type": "Hourly" });
  });
  await test.step("the employee punches in with the username and PIN they chose, and the profile shows it", async () => {
    const api = await Api.as(baseURL!, "manager@demo.test");
    const stores = await api.call<Array<{ _id: string; name: string }>>("query", "stores:listAll", {});
    const downtown = stores.find((s) => s.name === "Rio Downtown")!;
    const { kioskToken, kioskId } = await api.call<{ kioskToken: string; kioskId: string }>("mutation", "kiosks:register", {
      storeId: downtown._id,
      name: `Counter ${username}`,
    });
    const hand = new URLSearchParams({ kioskToken, kioskId, name: `Counter ${username}`, store: downtown.name });
    await page.goto(`/kiosk#${hand.toString()}`);
    await expect(page.getByTestId("kiosk-start")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("kiosk-username").fill(username);
    for (const digit of "4826") await page.getByRole("button", { name: digit, exact: true }).click();
    await page.getByTestId("kiosk-continue").click();
    await expect(page.getByRole("heading", { name: "Hello, Casey Crew" })).toBeVisible();
    await page.getByTestId("kiosk-action-clockIn").click();
    await expect(page.getByTestId("kiosk-confirmation")).toBeVisible();

    await manager
      .getByTestId("employee-row")
      .and(manager.locator(`[data-username="${username}"]`))
      .click();
    const work = manager.getByTestId("employee-profile").getByTestId("recent-work");
    await expect(work).toContainText("Clock in");
    await expect(work).toContainText("Rio Downtown");
  });
  expect(errors, "console errors on the manager's page").toEqual([]);
  await context.close();
});

test("in Spanish, a manager adds an employee with a rate and schedules a raise; the history keeps both", async ({ page, baseURL, world }) => {
  test.setTimeout(90_000);
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world), "es");
  await page.goto("/employee-management/profiles");
  await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Perfiles de empleados", level: 1 })).toBeVisible();
  const username = `ana${Date.now().toString(36).slice(-6)}`;

  await test.step("a new employee with a first rate from the hire date", async () => {
    await page.getByTestId("new-employee").click();
    const form = page.getByRole("dialog", { name: "Nuevo empleado" });
    await form.getByTestId("employee-submit").click();
    await expect(form.getByText("El nombre es obligatorio")).toBeVisible();
    await expect(form.getByText("El usuario es obligatorio")).toBeVisible();
    await form.getByTestId("employee-name").fill("Ana Ruiz");
    await form.getByTestId("employee-position").fill("Encargada");
    await form.getByTestId("employee-hire-date").fill(dateIn(-60));
    await pickOption(page, form.getByTestId("employee-stores"), world.storeName);
    await form.getByTestId("employee-rate").fill("14");
    await form.getByTestId("employee-username").fill(username);
    await form.getByTestId("employee-pin").fill("1111");
    await form.getByTestId("employee-submit").click();
    await expect(form.getByText("El PIN no puede ser el mismo número repetido")).toBeVisible();
    await form.getByTestId("employee-pin").fill("4826");
    await form.getByTestId("employee-submit").click();
    await expect(toast(page, "Se agregó a Ana Ruiz")).toBeVisible();
  });

  const profile = page.getByTestId("employee-profile");
  await test.step("the profile opens with the rate from the hire date", async () => {
    await expect(profile).toBeVisible();
    await expect(profile.getByTestId("current-rate")).toHaveText("$14.00 / hora");
    await expect(profile.getByTestId("rate-row")).toHaveCount(1);
    await expect(profile.getByTestId("rate-row").first()).toHaveAttribute("data-effective-from", dateIn(-60));
  });

  await test.step("a raise dated in the past is refused; from a future date it is scheduled beside the current rate", async () => {
    await profile.getByTestId("profile-new-rate").click();
    const form = page.getByRole("dialog", { name: "Nueva tarifa para Ana Ruiz" });
    await form.getByTestId("rate-amount").fill("15.50");
    await form.getByTestId("rate-effective-from").fill(dateIn(-3));
    await form.getByTestId("rate-submit").click();
    await expect(form.getByText("Una tarifa nueva no puede empezar antes de hoy: el pago pasado nunca se reescribe")).toBeVisible();
    await form.getByTestId("rate-effective-from").fill(dateIn(10));
    await form.getByTestId("rate-reason").fill("Aumento anual");
    await form.getByTestId("rate-submit").click();
    await expect(toast(page, "Nueva tarifa guardada")).toBeVisible();
    const rows = profile.getByTestId("rate-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute("data-state", "scheduled");
    await expect(rows.nth(0)).toContainText("$15.50");
    await expect(rows.nth(0)).toContainText("Programada");
    await expect(rows.nth(0)).toContainText("Aumento anual");
    await expect(rows.nth(1)).toHaveAttribute("data-state", "current");
    await expect(rows.nth(1)).toContainText("$14.00");
    // Today's pay is still the current rate.
    await expect(profile.getByTestId("current-rate")).toHaveText("$14.00 / hora");
  });

  await test.step("the PIN is reset, and termination asks for the last day", async () => {
    await profile.getByTestId("profile-reset-pin").click();
    const pin = page.getByRole("dialog", { name: "Restablecer el PIN de Ana Ruiz" });
    await pin.getByTestId("pin-input").fill("7391");
    await pin.getByTestId("pin-submit").click();
    await expect(toast(page, "PIN restablecido")).toBeVisible();
    await profile.getByTestId("profile-terminate").click();
    const end = page.getByRole("dialog", { name: "Dar de baja a Ana Ruiz" });
    await end.getByTestId("terminate-end-date").fill("");
    await end.getByTestId("terminate-confirm").click();
    await expect(end.getByText("Un empleado dado de baja necesita una fecha de fin")).toBeVisible();
    await end.getByTestId("terminate-end-date").fill(dateIn(0));
    await end.getByTestId("terminate-confirm").click();
    await expect(toast(page, "Se dio de baja a Ana Ruiz")).toBeVisible();
    await expect(profile.locator("[data-status=terminated]")).toBeVisible();
  });
});

{
  test("the profiles screen, a profile and the forms have no serious accessibility violations, light or dark", async ({ browser, baseURL, signInAs }) => {
    // Ten full accessibility scans (five views, light and dark) of screens holding the demo's whole staff.
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    const axe = (where: string) => expectAccessibleInBothSchemes(page, where);
    // Rio's demo data, read only: Elena's registration waits in the queue, James has a raise.
    await signInAs("manager@demo.test", page);
    await page.goto("/employee-management/profiles");
    await expect(page.getByTestId("pending-registration").first()).toBeVisible();
    await expect(page.getByTestId("employee-row").first()).toBeVisible();
    await axe("the profiles list");
    await page.getByTestId("employee-row").filter({ hasText: "James Carter" }).click();
    await expect(page.getByTestId("rate-row")).toHaveCount(2);
    await axe("a profile");
    await page.getByTestId("profile-new-rate").click();
    await expect(page.getByTestId("rate-form")).toBeVisible();
    await axe("the new rate form");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("employee-profile")).toHaveCount(0);
    await page.getByTestId("new-employee").click();
    await expect(page.getByTestId("employee-form")).toBeVisible();
    await axe("the new employee form");
    await page.keyboard.press("Escape");
    await page.getByTestId("complete-registration").first().click();
    await expect(page.getByTestId("complete-form")).toBeVisible();
    await axe("the completion form");
    await context.close();
    expect(errors, "console errors").toEqual([]);
  });
}
