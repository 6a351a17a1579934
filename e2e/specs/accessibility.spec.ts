import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { selectionOf, storeSelection } from "../support/selection";
import type { Role } from "../support/world";

// Issue 12: axe-core on every built screen, signed in as each role that sees it (and the denied
// panel of a screen it does not), in light and dark: zero serious or critical violations.

const USER = ["/user/profile", "/user/my-requests", "/user/email-preferences"];
const MEMBER_SCREENS = [...USER, "/user/company-info", "/laundromat/collection-record", "/laundromat/collections-list", "/marketing/claim"];
const MANAGER_SCREENS = [
  ...MEMBER_SCREENS,
  "/company/locations",
  "/company/users",
  "/company/join-requests",
  "/marketing/verify",
  "/marketing/dashboard",
  "/laundromat/cash-accounts",
  "/laundromat/physical-counts",
  "/laundromat/cash-dashboard",
  // Denied to a manager: admins only.
  "/laundromat/admin-collections",
  "/laundromat/reconciliation",
];

const ROLE_SCREENS: [Role, string[]][] = [
  ["OWNER", [...MANAGER_SCREENS, "/laundromat/equipment-config"]],
  ["MANAGER", MANAGER_SCREENS],
  // Staff and members see their screens and the denied panels of the manager's.
  ["STAFF", [...MEMBER_SCREENS, "/marketing/verify", "/company/locations", "/laundromat/cash-accounts"]],
  ["MEMBER", [...MEMBER_SCREENS, "/laundromat/admin-collections"]],
];
const GUEST_SCREENS = [...USER, "/laundromat/collection-record"];

/** Fails with a readable list of the serious and critical violations on the page as it is now. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("\n    ")}`,
    );
  expect.soft(bad, `axe violations on ${where}`).toEqual([]);
}

/** Waits until the screen has painted its heading (or a denied panel) and stopped loading. */
async function settle(page: Page) {
  await expect(page.locator("main h1, main [data-testid=access-denied]").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible]")).toHaveCount(0, { timeout: 15_000 });
  // Mantine's transitions: let colours settle before measuring contrast.
  await page.waitForTimeout(250);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });

    for (const [role, paths] of ROLE_SCREENS) {
      test(`every screen a ${role.toLowerCase()} opens has no serious or critical violation`, async ({ page, signInAs, world }) => {
        test.setTimeout(180_000);
        await signInAs(world.users[role]);
        await storeSelection(page, selectionOf(world));
        for (const path of paths) {
          await page.goto(path);
          await settle(page);
          await expectAccessible(page, `${path} as ${role} (${scheme})`);
        }
      });
    }

    test("the sign-in screen, and every screen a guest opens", async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto("/");
      await expect(page.getByTestId("signin-guest")).toBeVisible();
      await expectAccessible(page, `sign-in (${scheme})`);
      await page.getByTestId("signin-guest").click();
      await expect(page.getByTestId("app-header")).toBeVisible();
      for (const path of GUEST_SCREENS) {
        await page.goto(path);
        await settle(page);
        await expectAccessible(page, `${path} as a guest (${scheme})`);
      }
    });

    test("the public demo page and a campaign landing page", async ({ page }) => {
      await page.goto("/marketing-demo");
      await page.getByRole("button", { name: "Create Standard Campaign" }).click();
      const link = page.getByTestId("demo-url").getByRole("link");
      await expect(link).toBeVisible();
      await expectAccessible(page, `/marketing-demo (${scheme})`);
      await page.goto((await link.getAttribute("href"))!);
      await expect(page.getByRole("heading").first()).toBeVisible();
      await expectAccessible(page, `a landing page (${scheme})`);
    });

    test("the phone shell: drawer and selection dialog", async ({ page, signInAs, world }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(world.users.OWNER);
      await page.goto("/user/profile");
      await settle(page);
      await expectAccessible(page, `the phone home (${scheme})`);
      await page.getByTestId("mobile-nav-button").click();
      await expect(page.getByTestId("mobile-drawer").getByTestId("nav-tabs")).toBeVisible();
      await expectAccessible(page, `the drawer (${scheme})`);
      await page.getByTestId("mobile-drawer").getByTestId("nav-tab-laundromat").click();
      await expect(page.getByTestId("selection-dialog").getByRole("combobox", { name: "Store" })).toBeVisible();
      await expectAccessible(page, `the selection dialog (${scheme})`);
    });
  });
}
