import type { Page } from "@playwright/test";
import { Api, createEmployee, linkAccount } from "../support/api";
import { toast } from "../support/auth";
import { newPage } from "../support/contexts";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 19: a manager posts an announcement to their store in English and Spanish, with Markdown
// (and a script that must stay text); a staff member working at the store reads it on a phone in
// Spanish, and the unread badge on the announcements sub-tab goes away.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The number on the announcements sub-tab in the phone's drawer (0 when it has none). */
async function announcementsBadge(page: Page): Promise<number> {
  await page.getByTestId("mobile-nav-button").click();
  const drawer = page.getByTestId("mobile-drawer");
  await expect(drawer.getByTestId("nav-sub-user-announcements")).toBeVisible();
  const badge = drawer.getByTestId("nav-sub-user-announcements").locator(".mantine-Badge-root");
  const n = (await badge.count()) === 0 ? 0 : Number((await badge.textContent())?.trim());
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  return n;
}

test("a manager posts an announcement and a staff member reads it on a phone in Spanish", async ({ page, browser, baseURL, world }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  // The staff member works at the store: their account is linked to an employee profile there.
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const username = `ann${Date.now().toString(36).slice(-5)}`;
  await createEmployee(manager, { name: "Ana Sol", username, pin: "2468", storeIds: [world.storeId] });
  const staffApi = await Api.as(baseURL!, world.users.STAFF);
  await linkAccount(staffApi, manager, { username, pin: "2468" });
  await staffApi.call("mutation", "users:updateLanguagePreference", { language: "es" });
  const title = `Boiler service ${Date.now().toString(36).slice(-4)}`;

  await test.step("the manager writes it in both languages for the store, with a preview", async () => {
    await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
    await page.goto("/user/announcements");
    // The first screen of a fresh server loads its chunk and translations.
    await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("new-announcement").click();
    const form = page.getByRole("dialog", { name: "New announcement" });
    // Nothing is sent without a title and a text.
    await form.getByTestId("announcement-submit").click();
    await expect(form.getByText("Give the announcement a title")).toBeVisible();
    await form.getByTestId("announcement-title").fill(title);
    await form
      .getByTestId("announcement-body-input")
      .fill("The boiler is serviced on **Friday**.\n\n<script>alert(1)</script> [Details](https://example.com/boiler)");
    await expect(form.getByTestId("announcement-preview").locator("strong")).toHaveText("Friday");
    await expect(form.getByTestId("announcement-preview")).toContainText("<script>alert(1)</script>");
    await form.getByTestId("announcement-tab-es").click();
    await form.getByTestId("announcement-title-es").fill(`Servicio de caldera ${title.slice(-4)}`);
    await form.getByTestId("announcement-body-es-input").fill("La caldera se revisa el **viernes**.");
    await form.getByTestId("announcement-audience").getByText("Stores", { exact: true }).click();
    await form.getByTestId("announcement-stores").click();
    await page.getByRole("option", { name: world.storeName }).click();
    await page.keyboard.press("Escape");
    await form.getByTestId("announcement-pinned").check();
    await expect(form.getByTestId("announcement-pinned")).toBeChecked();
    await form.getByTestId("announcement-submit").click();
    await expect(toast(page, "Announcement posted")).toBeVisible();
    await expect(form).toBeHidden();

    // It is not addressed to the manager; managing shows it with who it is for.
    await page.getByTestId("announcement-view").getByText("Manage").click();
    const row = page.getByTestId("announcement-row").filter({ hasText: title });
    await expect(row).toHaveAttribute("data-state", "current");
    await expect(row).toContainText(world.storeName);
  });

  await test.step("on a phone, in Spanish, the staff member sees it unread, reads it, and the badge goes", async () => {
    const phone = await newPage(browser, baseURL!, errors, PHONE);
    await signInWithSelection(phone.page, baseURL!, world.users.STAFF, selectionOf(world), "es");
    await phone.page.goto("/user/announcements");
    await expect(phone.page.getByRole("heading", { name: "Anuncios", level: 1 })).toBeVisible({ timeout: 30_000 });
    const card = phone.page.getByTestId("announcement").filter({ hasText: "Servicio de caldera" });
    await expect(card).toHaveAttribute("data-read", "false");
    await expect(card.getByTestId("announcement-unread")).toHaveText("Nuevo");
    await expect(card).toContainText("Fijado");
    expect(await announcementsBadge(phone.page)).toBe(1);

    await card.getByTestId("announcement-toggle").click();
    const body = card.getByTestId("announcement-body");
    await expect(body.locator("strong")).toHaveText("viernes");
    await expect(card).toHaveAttribute("data-read", "true");
    await expect(phone.page.getByTestId("announcements-unread")).toHaveText("Estás al día.");
    await expect.poll(() => announcementsBadge(phone.page)).toBe(0);
    // Nothing spills sideways on the phone.
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  });

  await test.step("the manager sees it read", async () => {
    const row = page.getByTestId("announcement-row").filter({ hasText: title });
    // The author and the staff member.
    await expect(row).toContainText("2");
  });
  expect(errors).toEqual([]);
});
