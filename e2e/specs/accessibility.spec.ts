import type { Page } from "@playwright/test";
import { permissionsFor } from "@tumble/domain/permissions";
import { AREA_TABLE, canSeeSubScreen, routePath, type Area } from "@tumble/domain/routes";
import { expectAccessible, expectAccessibleInBothSchemes } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { expectNoSidewaysScroll } from "../support/overflow";
import { selectionOf, storeSelection } from "../support/selection";
import type { Role } from "../support/world";

// Every sub-screen of the route table (packages/domain/src/routes.ts), so a new screen is scanned
// without anyone listing it: opened by a role that may open it, scanned by axe-core in light and
// dark, zero serious or critical violations, and no sideways scroll at 1366, 1024, 768 or 390 px
// (support/overflow.ts). Then what the table does not hold: the sign-in screen and a guest's
// screens, the public campaign pages, an access-denied panel and the phone shell. The kiosk is
// scanned with its own set-up in timeClock.spec.ts.

const SYSTEM_ADMIN = "sysadmin@demo.test";

/** The company role that opens the screen (the owner's, which shows the most), else the platform administrator. */
function actorFor(area: Area, subScreen: string): Role | "SYSTEM_ADMIN" {
  if (canSeeSubScreen(area, subScreen, permissionsFor("OWNER", null))) return "OWNER";
  if (canSeeSubScreen(area, subScreen, permissionsFor(null, "SYSTEM_ADMIN"))) return "SYSTEM_ADMIN";
  throw new Error(`No role opens ${routePath(area, subScreen)}: add one to actorFor`);
}

/** Waits until the screen has painted its heading (or a denied panel) and stopped loading. */
async function settle(page: Page) {
  await expect(page.locator("main h1, main [data-testid=access-denied]").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible]")).toHaveCount(0, { timeout: 15_000 });
}

test.use({ viewport: { width: 1280, height: 800 } });

for (const { area, subScreens } of AREA_TABLE) {
  const byActor = new Map<Role | "SYSTEM_ADMIN", string[]>();
  for (const sub of subScreens) byActor.set(actorFor(area, sub), [...(byActor.get(actorFor(area, sub)) ?? []), sub]);
  for (const [actor, subs] of byActor) {
    test(`${area}: ${subs.join(", ")} as ${actor.toLowerCase()}`, async ({ page, signInAs, world }) => {
      test.setTimeout(subs.length * 25_000 + 30_000);
      await signInAs(actor === "SYSTEM_ADMIN" ? SYSTEM_ADMIN : world.users[actor]);
      if (actor !== "SYSTEM_ADMIN") await storeSelection(page, selectionOf(world));
      for (const sub of subs) {
        await page.goto(routePath(area, sub));
        await settle(page);
        await expectAccessibleInBothSchemes(page, `${routePath(area, sub)} as ${actor}`);
        await expectNoSidewaysScroll(page, `${routePath(area, sub)} as ${actor}`);
      }
    });
  }
}

test("an access-denied panel", async ({ page, signInAs, world }) => {
  await signInAs(world.users.MEMBER);
  await storeSelection(page, selectionOf(world));
  await page.goto("/laundromat/admin-collections");
  await expect(page.getByTestId("access-denied")).toBeVisible();
  await expectAccessibleInBothSchemes(page, "the denied admin collections as a member");
});

test("the sign-in screen, and every screen a guest opens", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByTestId("signin-guest")).toBeVisible();
  await expectAccessibleInBothSchemes(page, "sign-in");
  await page.getByTestId("signin-guest").click();
  await expect(page.getByTestId("app-header")).toBeVisible();
  for (const path of ["/user/profile", "/user/my-requests", "/user/email-preferences", "/laundromat/collection-record"]) {
    await page.goto(path);
    await settle(page);
    await expectAccessibleInBothSchemes(page, `${path} as a guest`);
  }
});

test("the public demo page and a campaign landing page", async ({ page }) => {
  await page.goto("/marketing-demo");
  await page.getByRole("button", { name: "Create Standard Campaign" }).click();
  const link = page.getByTestId("demo-url").getByRole("link");
  await expect(link).toBeVisible();
  await expectAccessibleInBothSchemes(page, "/marketing-demo");
  await page.goto((await link.getAttribute("href"))!);
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expectAccessibleInBothSchemes(page, "a landing page");
});

test("the phone shell: drawer and selection dialog", async ({ page, signInAs, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(world.users.OWNER);
  await page.goto("/user/profile");
  await settle(page);
  await expectAccessible(page, "the phone home");
  await page.getByTestId("mobile-nav-button").click();
  await expect(page.getByTestId("mobile-drawer").getByTestId("nav-tabs")).toBeVisible();
  await expectAccessibleInBothSchemes(page, "the drawer");
  await page.getByTestId("mobile-drawer").getByTestId("nav-tab-laundromat").click();
  await expect(page.getByTestId("selection-dialog").getByRole("combobox", { name: "Store" })).toBeVisible();
  await expectAccessibleInBothSchemes(page, "the selection dialog");
});
