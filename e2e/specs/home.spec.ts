import { expect, test } from "../support/fixtures";

// The owner's home (issue 34): the overview of takings by store at the top of Profile, what needs
// attention as links to the screens that deal with it, and both in Spanish.

const PHONE = { width: 390, height: 844 };

test("the owner's home shows takings by store and what needs attention, each item a link", async ({ page, signInAs }) => {
  await signInAs("owner@demo.test");
  await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  await page.goto("/user/profile");
  const overview = page.getByTestId("home-overview");
  await expect(overview.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible({ timeout: 20_000 });
  // The company total first, then a card per active store, each with its change in words.
  await expect(overview.getByTestId("home-total")).toContainText("All stores");
  expect(await overview.getByTestId("home-store").count()).toBeGreaterThan(0);
  await expect(overview.getByTestId("home-total-trend")).toHaveText(/vs\.|comparison period|No collections/);
  // The month to date: the demo collects twice a week, so the month has takings.
  await overview.getByText("Month to date").click();
  await expect(overview.getByTestId("home-total-amount")).not.toHaveText("$0.00");
  await expect(overview.getByTestId("home-total-trend")).toHaveText(/^[▲▼] \$[\d,]+\.\d\d \([+−]\d+%\) vs\. |^Same as |^No collections/);

  // What needs attention: the demo's submitted collections wait for a verifier.
  const toVerify = page.getByTestId("home-item-collectionsToVerify");
  await expect(toVerify).toContainText(/\d+ collections? to verify/);
  await toVerify.click();
  await expect(page).toHaveURL(/\/laundromat\/collections-list$/);
});

test("staff see what needs their own attention, and no figures", async ({ page, signInAs }) => {
  await signInAs("staff@demo.test");
  await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  await page.goto("/user/profile");
  await expect(page.getByRole("heading", { name: "Today", level: 2 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("home-overview")).toHaveCount(0);
  await expect(page.getByTestId("home-item-collectionsToVerify")).toHaveCount(0);
});

test("the home in Spanish, on a phone without sideways scrolling", async ({ page, signInAs, world }) => {
  // The language is saved with the user: an owner of the test's own company, not a shared demo account.
  await page.setViewportSize(PHONE);
  await signInAs(world.users.OWNER);
  await page.goto("/user/profile");
  await expect(page.getByTestId("home-overview").getByRole("heading", { name: "Overview", level: 2 })).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("profile-language").getByText("Español").click();
  const overview = page.getByTestId("home-overview");
  await expect(overview.getByRole("heading", { name: "Resumen", level: 2 })).toBeVisible();
  await expect(overview.getByTestId("home-total")).toContainText("Todas las tiendas");
  await overview.getByText("Mes a la fecha").click();
  await expect(overview.getByTestId("home-total")).toContainText(/\d+ recaudaci(ón|ones)/);
  await expect(overview.getByTestId("home-total-trend")).toHaveText(/ vs\. |^Igual que |^Sin recaudaciones|^Aún sin recaudaciones/);
  await expect(page.getByRole("heading", { name: "Requiere atención", level: 2 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
