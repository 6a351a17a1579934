import type { Page } from "@playwright/test";
import { apiSignIn, expect, test } from "../support/fixtures";
import { Api } from "../support/api";
import { toast } from "../support/auth";

// The theme editor (issue 20): a system admin duplicates the built-in theme, changes its primary
// colour (the preview follows), is told exactly what is wrong with an out-of-range size, saves,
// and sets it as the platform theme; their own screens and another signed-in user's open page
// take it at once. The platform theme is shared by every journey on the server, so the test puts
// the built-in default back when it ends.

/** Mantine's filled primary is shade 7 of the theme's colour, 12% towards black (web/src/lib/theme.ts). */
function filledShade(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * 0.88));
  return `rgb(${r}, ${g}, ${b})`;
}

async function signInOn(server: { url: string }, page: Page, email: string, path: string) {
  const tokens = await apiSignIn(server.url, email);
  await page.goto(`${server.url}/api/health`);
  await page.evaluate(
    ([token, refreshToken]) => {
      window.localStorage.setItem("tumble.auth.token", token);
      window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
      window.localStorage.setItem("i18nextLng", "en");
    },
    [tokens.token, tokens.refreshToken] as const,
  );
  await page.goto(`${server.url}${path}`);
}

const background = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);
const primaryFilled = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--mantine-primary-color-filled").trim());

test.use({ viewport: { width: 1366, height: 900 } });

test("a system admin edits a theme, saves it, makes it the platform theme and sees it applied", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const server = { url: baseURL! };
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherErrors: string[] = [];
  try {
    const NEW_PRIMARY = "#9c36b5";
    const expected = filledShade(NEW_PRIMARY);

    // Another user is signed in and stays on their page throughout.
    const otherPage = await other.newPage();
    otherPage.on("console", (m) => m.type() === "error" && otherErrors.push(m.text()));
    otherPage.on("pageerror", (e) => otherErrors.push(e.message));
    await signInOn(server, otherPage, "owner@demo.test", "/user/profile");
    await expect(otherPage.getByTestId("header-user")).toBeVisible();
    const otherBefore = await primaryFilled(otherPage);

    await signInOn(server, page, "sysadmin@demo.test", "/system-admin/companies");
    await expect(page.getByTestId("new-company")).toBeVisible();
    const before = await background(page, "new-company");
    expect(before).not.toBe(expected);

    await page.goto(`${server.url}/system-admin/theme`);
    const editor = page.getByTestId("theme-editor");
    await expect(editor).toBeVisible();
    await expect(page.getByTestId("theme-select")).toHaveValue("Tumble");
    await expect(page.getByTestId("theme-active-badge")).toBeVisible();
    // Built-in: it can be duplicated or saved as new, never saved over.
    await expect(page.getByTestId("theme-builtin-note")).toBeVisible();
    await expect(page.getByTestId("theme-save")).toHaveCount(0);
    // Contrast checks sit beside the text colours.
    await expect(page.getByTestId("contrast-text-on-background")).toHaveAttribute("data-grade", "AA");
    await expect(page.getByTestId("contrast-textSecondary-on-surface")).toContainText("3.32:1");

    await page.getByTestId("theme-duplicate").click();
    await expect(toast(page, 'Theme duplicated as "Tumble copy"')).toBeVisible();
    await expect(page.getByTestId("theme-select")).toHaveValue("Tumble copy");
    await expect(page.getByTestId("theme-builtin-note")).toHaveCount(0);

    // A bad colour is named, and the preview keeps the last good one meanwhile.
    const primary = page.getByTestId("theme-color-primary");
    await primary.fill("purple");
    await expect(editor.getByText("Enter a hex color such as #0c8599")).toBeVisible();
    await expect(page.getByTestId("theme-problems")).toHaveText("1 field needs fixing before you can save.");
    await expect(page.getByTestId("theme-save")).toBeDisabled();
    await primary.fill(NEW_PRIMARY);
    await expect(editor.getByText("Enter a hex color such as #0c8599")).toHaveCount(0);
    const preview = page.frameLocator("[data-testid=theme-preview-light]");
    await expect.poll(() => preview.getByTestId("preview-primary-button").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(expected);
    const darkPreview = page.frameLocator("[data-testid=theme-preview-dark]");
    await expect(darkPreview.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect.poll(() => darkPreview.getByTestId("preview-primary-button").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(expected);

    // An out-of-range size is refused with its range.
    await page.getByRole("tab", { name: /Typography/ }).click();
    const fontSize = page.getByTestId("theme-field-typography.fontSize");
    await fontSize.fill("40");
    await expect(editor.getByText("Enter a number from 12 to 24")).toBeVisible();
    await expect(page.getByTestId("theme-save")).toBeDisabled();
    await fontSize.fill("17");
    await expect(page.getByTestId("theme-problems")).toHaveCount(0);

    // Saving first: the platform theme is always a saved one.
    await expect(page.getByTestId("theme-set-active")).toBeDisabled();
    await page.getByTestId("theme-save").click();
    await expect(toast(page, 'Theme "Tumble copy" saved')).toBeVisible();
    await page.getByTestId("theme-set-active").click();
    await page.getByTestId("confirm-activate-theme").click();
    await expect(page.getByTestId("theme-active-badge")).toBeVisible();

    // The admin's own screens take it at once: a primary button.
    await page.getByTestId("nav-sub-system-admin-companies").click();
    await expect(page.getByTestId("new-company")).toBeVisible();
    await expect.poll(() => background(page, "new-company")).toBe(expected);
    // …and so does the other user's open page, without a reload (live query on the active theme).
    await expect.poll(() => primaryFilled(otherPage)).not.toBe(otherBefore);
    expect((await primaryFilled(otherPage)).toLowerCase()).toBe(
      `#${expected
        .match(/\d+/g)!
        .map((c) => Number(c).toString(16).padStart(2, "0"))
        .join("")}`,
    );
    // And after a reload, from the server.
    await page.reload();
    await expect.poll(() => background(page, "new-company")).toBe(expected);
    expect(otherErrors).toEqual([]);
  } finally {
    await other.close();
    const admin = await Api.as(server.url, "sysadmin@demo.test");
    const themes = await admin.call<{ _id: string; name: string }[]>("query", "themes/queries:getAvailableThemes", {});
    await admin.call("mutation", "themes/mutations:setActiveTheme", { themeId: themes.find((t) => t.name === "Tumble")!._id });
  }
});
