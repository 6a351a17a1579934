import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { startServerProcess, type ServerProcess } from "../../server/test/support/serverProcess.ts";
import { Api } from "../support/api";
import { apiSignIn, expect, test } from "../support/fixtures";

// Spec section 4 "Route guard: a missing permission redirects to a fallback (default user
// profile) with an 'Access Denied' toast", for an area the user may not enter at all; a screen
// denied inside an area they may enter keeps section 6's Access Denied panel. Section 6 "System
// admins hold every permission": the company screens and "email-dashboard: canManageStores or
// isSystemAdmin".

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dist = (variable: string, fallback: string) => path.resolve(ROOT, process.env[variable] ?? fallback);

/** A first load (code, translations, socket) on a busy machine can take a while. */
const FIRST_LOAD = { timeout: 30_000 };

function toast(page: Page, text: string | RegExp) {
  return page.locator(".mantine-Notification-root").filter({ hasText: text });
}

test("an area the user may not enter redirects to the profile with the 'Access Denied' toast, in English and in Spanish", async ({
  page,
  signInAs,
  world,
  baseURL,
}) => {
  await signInAs(world.users.STAFF);
  await page.goto("/company/users");
  await expect(page).toHaveURL(/\/user\/profile$/, FIRST_LOAD);
  const denied = toast(page, "Access Denied");
  await expect(denied).toBeVisible();
  await expect(denied).toContainText("You don't have permission to manage stores");
  await expect(page.getByTestId("access-denied")).toHaveCount(0);
  // Errors stay until dismissed (section 4 "Toasts").
  await denied.getByRole("button").click();
  await expect(denied).toHaveCount(0);

  // The system administration area too, with its own message.
  await page.goto("/system-admin/dashboard");
  await expect(page).toHaveURL(/\/user\/profile$/, FIRST_LOAD);
  await expect(toast(page, "Access Denied")).toContainText("System administrator privileges required to access this section.");

  // A screen denied inside an area the user may enter keeps its panel, and its address.
  await page.goto("/laundromat/admin-collections");
  await expect(page.getByTestId("access-denied-message")).toHaveText("Only administrators can access admin collections.", FIRST_LOAD);
  await expect(page).toHaveURL(/\/laundromat\/admin-collections$/);
  await page.goto("/laundromat/cash-accounts");
  await expect(page.getByTestId("access-denied-message")).toHaveText("You don't have permission to manage stores", FIRST_LOAD);
  await expect(page.getByTestId("access-denied-who")).toHaveText("Who can: Manager, Admin, or Owner.");
  await expect(toast(page, "Access Denied")).toHaveCount(0);

  // On a Spanish screen the toast is in Spanish.
  await (await Api.as(baseURL!, world.users.STAFF)).call("mutation", "users:updateLanguagePreference", { language: "es" });
  await page.goto("/employee-management/dashboard");
  await expect(page).toHaveURL(/\/user\/profile$/, FIRST_LOAD);
  const denegado = toast(page, "Acceso denegado");
  await expect(denegado).toBeVisible();
  await expect(denegado).toContainText("No tienes permiso para");
});

test.describe("a system admin in a company of their choice", () => {
  // The demo's system admin belongs to no company, and other journeys count on that: this one
  // moves them into a company on a server of its own.
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh demo database is seeded first, which takes a while on a busy machine.
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-e2e-contract-"));
    server = await startServerProcess(
      {
        DATA_DIR: path.join(dataDir, "db"),
        SEED: "demo",
        WEB_DIST_DIR: dist("WEB_DIST_DIR", "web/dist"),
        LANDING_DIST_DIR: dist("LANDING_DIST_DIR", "landing/dist"),
      },
      220_000,
    );
  });

  test.afterAll(async () => {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("holds every permission: the company screens and the e-mail dashboard open for them", async ({ page }) => {
    const rio = (await (await Api.as(server.url, "owner@demo.test")).call<{ companyId: string }>("query", "auth:getUserCompanyRole", {})).companyId;
    const sysadmin = await Api.as(server.url, "sysadmin@demo.test");
    await sysadmin.call("mutation", "companies:switchActiveCompany", { companyId: rio });
    const tokens = await apiSignIn(server.url, "sysadmin@demo.test");
    await page.goto(`${server.url}/api/health`);
    await page.evaluate(
      ([token, refreshToken]) => {
        window.localStorage.setItem("tumble.auth.token", token);
        window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
        window.localStorage.setItem("i18nextLng", "en");
      },
      [tokens.token, tokens.refreshToken] as const,
    );

    await page.goto(`${server.url}/company/locations`);
    await expect(page.getByTestId("nav-tab-company")).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveURL(/\/company\/locations$/);
    await expect(page.getByText("Rio Downtown").first()).toBeVisible();
    await page.getByTestId("nav-sub-company-email-dashboard").click();
    await expect(page).toHaveURL(/\/company\/email-dashboard$/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByText("MANAGER+ role required to view email dashboard.")).toHaveCount(0);
    await expect(page.getByTestId("access-denied")).toHaveCount(0);
    await expect(toast(page, "Access Denied")).toHaveCount(0);
  });
});
