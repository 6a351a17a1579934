import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "../support/fixtures";
import { authCard, expectMode, startMailingServer, toast, uniqueEmail } from "../support/auth";

// System administration (issue 20): a system admin without a company is offered only what they
// can use; creates a company whose owner is invited by e-mail and signs in; suspends it, and its
// owner is refused at sign-in. Runs on a server of its own with an SMTP sink.

async function signIn(page: Page, email: string, password: string) {
  await expectMode(page, "signIn");
  await page.getByTestId("signin-email").fill(email);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
}

async function signOut(page: Page) {
  await page.getByTestId("signout-button").click();
  await page.getByRole("dialog").getByTestId("signout-confirm").click();
  await expectMode(page, "signIn");
}

async function tabs(page: Page): Promise<string[]> {
  const nav = page.getByTestId("sidebar").getByTestId("nav-tabs");
  await expect(nav).toBeVisible();
  return nav.locator("[data-testid^=nav-tab-]").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.replace("nav-tab-", "")));
}

test.use({ viewport: { width: 1366, height: 900 } });

test("a system admin creates a company whose invited owner signs in, then suspends it", async ({ page }) => {
  test.setTimeout(300_000);
  const server = await startMailingServer();
  try {
    const ownerEmail = uniqueEmail("owner");
    const password = "owner-password-1";
    await page.goto(server.url);
    await signIn(page, "sysadmin@demo.test", DEMO_PASSWORD);
    await expect(page.getByTestId("profile-email")).toHaveText(/sysadmin/i);
    // Without a company: the user area and the console only, every sub-screen opening.
    await expect.poll(() => tabs(page)).toEqual(["user", "system-admin"]);
    await page.getByTestId("nav-tab-system-admin").click();
    await expect(page.getByRole("heading", { name: "Platform dashboard", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("stat-companies-value")).toHaveText(/^\d+$/);
    await expect(page.getByTestId("per-day-chart")).toBeVisible();

    await page.getByTestId("nav-sub-system-admin-companies").click();
    await expect(page.getByRole("heading", { name: "Companies", level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("new-company").click();
    const dialog = page.getByRole("dialog", { name: "New company" });
    await dialog.getByLabel("Company name").fill("Spin Cycle");
    await dialog.getByLabel("Owner's e-mail").fill(ownerEmail);
    await dialog.getByTestId("company-form-submit").click();
    await expect(toast(page, /Spin Cycle created with code CMP\d{6}/)).toBeVisible();
    await expect(page.locator('[data-testid=company-row][data-name="Spin Cycle"]')).toBeVisible();

    // The owner's invitation arrives; they set a password through the reset flow and sign in.
    await server.sink.waitForMatch(ownerEmail, /owner of Spin Cycle/);
    await signOut(page);
    await page.getByTestId("signin-forgot-password").click();
    await page.getByTestId("forgot-email").fill(ownerEmail);
    await page.getByTestId("forgot-submit").click();
    await expectMode(page, "resetPassword");
    const code = await server.sink.waitForMatch(ownerEmail, /reset code is (\d{6})/);
    await page.getByTestId("reset-code").fill(code);
    await page.getByTestId("reset-new-password").fill(password);
    await page.getByTestId("reset-submit").click();
    // Back where the reset began, which is no screen of theirs; they are the company's owner.
    await expect(page.getByTestId("header-company-role")).toHaveText("Owner");
    await expect(page.getByText("System administrator privileges required to access this section.")).toBeVisible();
    await expect.poll(() => tabs(page)).toContain("company");
    await signOut(page);

    // Suspended: the owner is refused at sign-in.
    await signIn(page, "sysadmin@demo.test", DEMO_PASSWORD);
    await expect(page.getByTestId("header-user")).toHaveText(/sysadmin/i);
    await page.goto(`${server.url}/system-admin/companies?q=Spin`);
    const row = page.locator('[data-testid=company-row][data-name="Spin Cycle"]');
    await row.getByRole("button", { name: "Actions for Spin Cycle" }).click();
    await page.getByRole("menuitem", { name: "Suspend" }).click();
    await page.getByTestId("confirm-suspend").click();
    await expect(toast(page, "Spin Cycle is suspended")).toBeVisible();
    await expect(row).toContainText("Suspended");
    await signOut(page);
    await signIn(page, ownerEmail, password);
    await expect(authCard(page)).toBeVisible();
    await expect(page.getByTestId("header-user")).toHaveCount(0);
  } finally {
    await page.goto("about:blank").catch(() => undefined);
    await server.stop();
  }
});

test("the console in Spanish, and a member is refused it", async ({ page, signInAs }) => {
  await signInAs("sysadmin@demo.test");
  await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
  await page.goto("/system-admin/users?q=suds");
  await expect(page.getByRole("heading", { name: "Usuarios", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid=user-row][data-email="owner@suds.test"]')).toContainText("Suds Express");
  await page.goto("/system-admin/dashboard");
  await expect(page.getByRole("heading", { name: "Panel de la plataforma", level: 1 })).toBeVisible({ timeout: 20_000 });

  await signInAs("owner@demo.test");
  await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  await page.goto("/system-admin/companies");
  await expect(page.getByText("System administrator privileges required to access this section.")).toBeVisible({ timeout: 20_000 });
  expect(await tabs(page)).not.toContain("system-admin");
});
