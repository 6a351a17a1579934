import type { Page, WebSocketRoute } from "@playwright/test";
import { expect, test } from "../support/fixtures";

// The application shell: tabs per role, sidebar and drawer, header, theme, display scales,
// language (saved, and reverted when saving fails) and the context menu.

const DESKTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function tabsOf(page: Page): Promise<string[]> {
  const nav = page.getByTestId("sidebar").getByTestId("nav-tabs");
  await expect(nav).toBeVisible();
  return nav.locator("[data-testid^=nav-tab-]").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.replace("nav-tab-", "")));
}

/** The profile heading; the first paint of a lazily loaded screen may take a while on a busy machine. */
async function expectHeading(page: Page, name: string) {
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible({ timeout: 20_000 });
}

async function openProfile(page: Page) {
  await page.goto("/user/profile");
  await expectHeading(page, "Profile");
}

/** Fails every language save, over the socket and over HTTP alike. */
async function failLanguageSaves(page: Page) {
  await page.routeWebSocket(/\/api\/sync/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const parsed = JSON.parse(String(message)) as { type?: string; udfPath?: string; requestId?: number };
      if (parsed.type === "Mutation" && parsed.udfPath === "users:updateLanguagePreference") {
        ws.send(JSON.stringify({ type: "MutationResponse", requestId: parsed.requestId, success: false, errorMessage: "Service unavailable", logLines: [] }));
        return;
      }
      server.send(message);
    });
  });
  await page.route("**/api/mutation", async (route) => {
    const body = route.request().postDataJSON() as { path?: string };
    if (body.path === "users:updateLanguagePreference") {
      await route.fulfill({
        status: 560,
        contentType: "application/json",
        body: JSON.stringify({ status: "error", errorMessage: "Service unavailable", logLines: [] }),
      });
    } else {
      await route.continue();
    }
  });
}

test.describe("desktop", () => {
  test.use(DESKTOP);

  // Each role is offered the tabs its permissions open; a system admin in no company is offered
  // no company tab.
  const ROLE_TABS: [string, string[]][] = [
    ["owner@demo.test", ["user", "laundromat", "company", "employee-management", "payroll", "marketing"]],
    ["staff@demo.test", ["user", "laundromat"]],
    ["member@demo.test", ["user", "laundromat"]],
    ["sysadmin@demo.test", ["user", "system-admin"]],
  ];

  for (const [email, expected] of ROLE_TABS) {
    test(`${email} sees exactly their tabs and a header with who they are`, async ({ page, signInAs }) => {
      await signInAs(email);
      await openProfile(page);
      expect(await tabsOf(page)).toEqual(expected);
      await expect(page.getByTestId("app-version")).toHaveText("25.09.23");
      await expect(page.getByTestId("header-user")).toHaveText(email.split("@")[0]!);
      await expect(page.getByTestId("header-clock")).toHaveText(/^\d{2}:\d{2}$/);
    });
  }

  test("a tab opens its default sub-screen, sub-tabs are permission-filtered and badges are live counts", async ({ page, signInAs }) => {
    await signInAs("staff@demo.test");
    await openProfile(page);
    await expect(page.getByTestId("header-company-role")).toHaveText("Staff");
    // Entering the laundromat asks for a store and dates first; Cancel without one stays put.
    await page.getByTestId("nav-tab-laundromat").click();
    const dialog = page.getByRole("dialog", { name: "Store and dates" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await page.getByTestId("nav-tab-laundromat").click();
    const store = dialog.getByRole("combobox", { name: "Store" });
    await store.click();
    await store.fill("Downtown");
    await page.getByRole("option", { name: /^Rio Downtown - / }).click();
    await dialog.getByTestId("selection-apply").click();
    await expect(page).toHaveURL(/\/laundromat\/collection-record$/);
    const subs = await page
      .getByTestId("nav-subtabs-laundromat")
      .locator("[data-testid^=nav-sub-]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(subs).toEqual(["nav-sub-laundromat-collection-record", "nav-sub-laundromat-collections-list"]);

    await signInAs("owner@demo.test");
    await openProfile(page);
    await expect(page.getByTestId("nav-badge-laundromat")).toHaveText(/^(\d{1,2}|99\+)$/);
    await page.getByTestId("nav-tab-company").click();
    await expect(page).toHaveURL(/\/company\/locations$/);
    await expect(page.getByTestId("nav-sub-company-join-requests")).toBeVisible();
  });

  test("a system admin who belongs to no company is offered only screens that work", async ({ page, signInAs, consoleErrors }) => {
    await signInAs("sysadmin@demo.test");
    await openProfile(page);
    expect(await tabsOf(page)).toEqual(["user", "system-admin"]);
    const subTabs = await page
      .getByTestId("sidebar")
      .locator("[data-testid^=nav-sub-user-]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(subTabs).toEqual(["nav-sub-user-profile", "nav-sub-user-my-requests", "nav-sub-user-email-preferences"]);
    await page.getByTestId("nav-sub-user-my-requests").click();
    await expect(page).toHaveURL(/\/user\/my-requests$/);
    await page.getByTestId("nav-sub-user-email-preferences").click();
    await expect(page).toHaveURL(/\/user\/email-preferences$/);
    await expect(page.getByText("You don't have permission to company membership")).toHaveCount(0);
    // A company screen's address leads back to the profile with the 'Access Denied' toast, not a failing screen.
    await page.goto("/laundromat/collections-list");
    await expect(page).toHaveURL(/\/user\/profile$/);
    const denied = page.locator(".mantine-Notification-root").filter({ hasText: "Access Denied" });
    await expect(denied).toContainText("You don't have permission to company membership");
    await denied.getByRole("button").click();
    // System administration offers all eight of its screens.
    await page.getByTestId("nav-tab-system-admin").click();
    await expect(page).toHaveURL(/\/system-admin\/dashboard$/);
    const adminSubTabs = await page
      .getByTestId("sidebar")
      .locator("[data-testid^=nav-sub-system-admin-]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(adminSubTabs).toEqual(
      ["dashboard", "companies", "users", "theme", "backup", "export", "demo", "balance-admin"].map((sub) => `nav-sub-system-admin-${sub}`),
    );
    await page.goto("/system-admin/backup");
    await expect(page.getByRole("heading", { name: "Backup and restore" })).toBeVisible();
    await expect(page.getByText("You don't have permission to company membership")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("the sidebar expands, collapses with Ctrl+B, hides and comes back", async ({ page, signInAs }) => {
    await signInAs("owner@demo.test");
    await openProfile(page);
    const shell = page.getByTestId("app-shell");
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");
    await expect(page.getByTestId("sidebar").getByText("Marketing")).toBeVisible();

    await page.keyboard.press("ControlOrMeta+b");
    await expect(shell).toHaveAttribute("data-sidebar", "collapsed");
    await expect(page.getByTestId("sidebar").getByText("Marketing")).toBeHidden();
    await expect(page.getByTestId("nav-tab-marketing")).toBeVisible();
    const width = await page.getByTestId("sidebar").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(80);

    await page.keyboard.press("ControlOrMeta+b");
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");

    await page.getByTestId("sidebar-hide").click();
    await expect(shell).toHaveAttribute("data-sidebar", "hidden");
    await expect(page.getByTestId("sidebar")).not.toBeInViewport();
    await page.getByTestId("sidebar-show").click();
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");
    await expect(page.getByTestId("sidebar")).toBeInViewport();
  });

  test("fullscreen hides the header and offers a way out", async ({ page, signInAs }) => {
    await signInAs("staff@demo.test");
    await openProfile(page);
    await page.getByTestId("action-menu").click();
    await page.getByRole("button", { name: "Fullscreen" }).click();
    await expect(page.getByTestId("app-header")).not.toBeInViewport();
    await page.getByTestId("exit-fullscreen").click();
    await expect(page.getByTestId("app-header")).toBeInViewport();
    await expect(page.getByTestId("exit-fullscreen")).toHaveCount(0);
  });

  test("the dark scheme and an applied theme persist over a reload", async ({ page, signInAs, world }) => {
    // Preferences are written: a member of the test's own company, not a shared demo account.
    await signInAs(world.users.SUPERVISOR);
    await openProfile(page);
    await page.getByTestId("action-menu").click();
    await page.getByTestId("action-menu-panel").getByText("Dark").click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.keyboard.press("Escape");

    await page.getByRole("radio", { name: "Harbor" }).check();
    await expect(page.locator("body")).toHaveCSS("font-family", /Georgia/);

    await page.reload();
    await expectHeading(page, "Profile");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(page.getByRole("radio", { name: "Harbor" })).toBeChecked();
    await expect(page.locator("body")).toHaveCSS("font-family", /Georgia/);
  });

  test("the font-size slider scales the text, and the choice survives a reload", async ({ page, signInAs, world }) => {
    // Preferences are written: a member of the test's own company, not a shared demo account.
    await signInAs(world.users.MANAGER);
    await openProfile(page);
    const rootSize = () => page.locator("html").evaluate((el) => getComputedStyle(el).fontSize);
    expect(await rootSize()).toBe("16px");
    await page.getByTestId("action-menu").click();
    const slider = page.getByTestId("action-menu-panel").getByRole("slider", { name: "Font size" });
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("action-menu-panel").getByTestId("scale-font-value")).toHaveText("L 112.5%");
    await expect.poll(rootSize).toBe("18px");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(rootSize).toBe("24px");
    // Icons keep their size until the scales are linked.
    await expect(page.getByTestId("action-menu-panel").getByTestId("scale-icon-value")).toHaveText("M 100%");
    await page.getByTestId("action-menu-panel").getByTestId("scales-link").click();
    await expect(page.getByTestId("action-menu-panel").getByTestId("scale-icon-value")).toHaveText("XXL 150%");

    await page.reload();
    await expectHeading(page, "Profile");
    expect(await rootSize()).toBe("24px");
  });

  test("a language change is saved and kept after a reload", async ({ page, signInAs, world }) => {
    // Preferences are written: a member of the test's own company, not a shared demo account.
    await signInAs(world.users.MEMBER);
    await openProfile(page);
    await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
    await expect(page.getByText("Idioma cambiado a Español")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Perfil", level: 1 })).toBeVisible();
    await expect(page.getByTestId("nav-tab-user")).toContainText("Usuario");

    await page.reload();
    await expectHeading(page, "Perfil");

    await page.getByTestId("app-header").getByText("EN", { exact: true }).click();
    await expect(page.getByText("Language changed to English")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  });

  test("a language change that cannot be saved is reverted with a message", async ({ page, signInAs, world }) => {
    // Preferences are written: a member of the test's own company, not a shared demo account.
    await signInAs(world.users.MANAGING_MEMBER);
    await failLanguageSaves(page);
    await openProfile(page);
    await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
    await expect(page.getByText("Failed to save language preference. Please try again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a live connection down for three seconds shows a notice, which goes when it is back", async ({ page, signInAs }) => {
    // The socket is cut and every reconnect refused until the connection is let through again.
    let down = false;
    const open: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/sync/, async (ws) => {
      if (down) return ws.close();
      ws.connectToServer();
      open.push(ws);
    });
    await signInAs("owner@demo.test");
    await openProfile(page);
    const notice = page.getByTestId("connection-notice");
    await expect(page.getByText("Rio Downtown").first()).toBeVisible();
    await expect(notice).toHaveCount(0);

    down = true;
    const cutAt = Date.now();
    await Promise.all(open.splice(0).map((ws) => ws.close()));
    await expect(notice).toHaveText("Reconnecting… what you see may be out of date until the connection is back.");
    expect(Date.now() - cutAt).toBeGreaterThanOrEqual(3_000);
    await expect(notice).toHaveAttribute("role", "status");
    // It stays under the header, above the page.
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

    down = false;
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    expect(open.length).toBeGreaterThan(0);
  });

  test("right-click opens the context menu of a membership; Escape and outside clicks close it", async ({ page, context, signInAs }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs("owner@demo.test");
    await openProfile(page);
    const row = page.getByTestId("membership-CMP100001");
    await row.click({ button: "right" });
    const menu = page.getByTestId("context-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Copy company code"]);
    const box = (await menu.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(192);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await row.click({ button: "right" });
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { name: "Profile", level: 1 }).click();
    await expect(menu).toBeHidden();

    // Near the right and bottom edges the menu is kept 8 px inside the window.
    await page.mouse.click(1360, 895, { button: "right" });
    await expect(menu).toBeHidden();
    await row.click({ button: "right", position: { x: 5, y: 5 } });
    await menu.getByRole("menuitem", { name: "Copy company code" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByText("Copy company code executed")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("CMP100001");
  });
});

test.describe("phone", () => {
  test.use(PHONE);

  test("the header shows only the time and a bottom button opens the navigation drawer", async ({ page, signInAs }) => {
    await signInAs("owner@demo.test");
    await openProfile(page);
    await expect(page.getByTestId("mobile-header")).toBeVisible();
    await expect(page.getByTestId("header-clock")).toHaveText(/^\d{2}:\d{2}$/);
    await expect(page.getByTestId("app-version")).toHaveCount(0);
    await expect(page.getByTestId("sidebar")).not.toBeInViewport();

    const drawer = page.getByRole("dialog");
    const open = async () => {
      await page.getByTestId("mobile-nav-button").click();
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId("nav-tab-company")).toBeVisible();
    };

    await open();
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(320);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    await open();
    await page.mouse.click(370, 400);
    await expect(drawer).toBeHidden();

    // The menu button stands in a bar of its own: scrolled to the end, the page's last card ends above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await page.getByTestId("mobile-nav-bar").boundingBox();
    const lastCard = await page.locator("main .mantine-Card-root").last().boundingBox();
    expect(bar!.y + bar!.height).toBe(844);
    expect(lastCard!.y + lastCard!.height).toBeLessThanOrEqual(bar!.y);

    await open();
    await drawer.getByTestId("nav-tab-company").click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/company\/locations$/);
  });

  test("a long press opens the context menu; moving the finger cancels it", async ({ page, context, signInAs }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs("staff@demo.test");
    await openProfile(page);
    const row = page.getByTestId("membership-CMP100001");
    await row.scrollIntoViewIfNeeded();
    const box = (await row.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const menu = page.getByTestId("context-menu");

    // A finger that moves more than 10 px is scrolling, not pressing.
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (const dy of [6, 20, 40]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + dy }] });
    // Nothing to wait on when nothing should happen: hold the finger past the 500 ms long-press.
    await page.waitForTimeout(700);
    await expect(menu).toBeHidden();
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await expect(menu).toBeVisible();
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(menu).toBeVisible();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(8);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390 - 8);
    await menu.getByRole("menuitem", { name: "Copy company code" }).tap();
    await expect(page.getByText("Copy company code executed")).toBeVisible();
  });
});
