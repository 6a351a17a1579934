import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "../support/fixtures";
import { authCard, expectMode, firstActiveCompany, registerEmployee, startMailingServer, toast, uniqueEmail } from "../support/auth";

// Accounts and sign-in: the authentication card's journeys against the built app.

async function signOut(page: Page) {
  await page.getByTestId("signout-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to sign out? You will need to sign in again to access the system.");
  await dialog.getByTestId("signout-confirm").click();
  await expectMode(page, "signIn");
}

async function signIn(page: Page, email: string, password: string) {
  await expectMode(page, "signIn");
  await page.getByTestId("signin-email").fill(email);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
}

test.describe("accounts and sign-in", () => {
  test("a self-registered employee sets a password from the welcome e-mail's link and code, and signs in", async ({ page }) => {
    test.setTimeout(240_000);
    const server = await startMailingServer();
    try {
      const email = uniqueEmail("welcome");
      await registerEmployee(server.url, { email, username: `welcome${Date.now().toString(36).slice(-6)}`, pin: "4826" });
      await server.sink.waitForMatch(email, /setPassword/);
      // The message as the reader sees it: quoted-printable soft breaks and "=3D" undone.
      const text = server.sink.messages
        .filter((m) => m.to.includes(email))
        .map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .join("\n");
      const code = /enter the code (\d{6})/.exec(text)?.[1] ?? "";
      const link = /open (http\S+\?setPassword=\S+) and/.exec(text)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      // The address is the server's public one (PUBLIC_URL); this test server has none set, so the path is what counts.
      const path = `/?setPassword=${encodeURIComponent(email)}`;
      expect(link.endsWith(path)).toBe(true);
      // The sign-in card says the kiosk PIN is not a password.
      await page.goto(server.url);
      await expect(page.getByTestId("signin-employee-password-hint")).toContainText("Your kiosk PIN is not a password");
      // The link opens the form for the code, the e-mail filled in.
      await page.goto(`${server.url.replace(/\/$/, "")}${path}`);
      await expectMode(page, "resetPassword");
      await expect(authCard(page)).toContainText(email);
      await page.getByTestId("reset-code").fill(code);
      await page.getByTestId("reset-new-password").fill("welcome-password-1");
      await page.getByTestId("reset-submit").click();
      // Signed in: the card is gone and the way out is there.
      await expect(page.getByTestId("signout-button")).toBeVisible();
      await expect(page.getByTestId("signin-email")).toHaveCount(0);
    } finally {
      await page.goto("about:blank").catch(() => undefined);
      await server.stop();
    }
  });

  test("sign up, sign out, sign in, reset the password from the e-mailed code, sign in with the new one", async ({ page }) => {
    test.setTimeout(240_000);
    const server = await startMailingServer();
    try {
      const email = uniqueEmail("reset");
      const firstPassword = "first-password-1";
      const newPassword = "second-password-2";

      await page.goto(server.url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coin Laundromat Management");
      await expect(page.getByText("Sign in to record and verify collections")).toBeVisible();

      // Create the account: it signs in straight away.
      await page.getByTestId("signin-create-account").click();
      await expectMode(page, "signUp");
      await page.getByTestId("signup-email").fill(email.toUpperCase());
      await page.getByTestId("signup-password").fill(firstPassword);
      await page.getByTestId("signup-confirm-password").fill(firstPassword);
      await page.getByTestId("signup-submit").click();
      await expect(page.getByTestId("profile-email")).toHaveText(email);

      await signOut(page);
      await signIn(page, email, firstPassword);
      await expect(page.getByTestId("profile-email")).toHaveText(email);
      await signOut(page);

      // Forgot password → a code by e-mail → reset, which shows where the code went.
      await page.getByTestId("signin-forgot-password").click();
      await expectMode(page, "forgotPassword");
      await page.getByTestId("forgot-email").fill(email);
      await page.getByTestId("forgot-submit").click();
      await expectMode(page, "resetPassword");
      await expect(authCard(page)).toContainText(email);
      const code = await server.sink.waitForMatch(email, /reset code is (\d{6})/);
      await page.getByTestId("reset-code").fill(code);
      await page.getByTestId("reset-new-password").fill(newPassword);
      await page.getByTestId("reset-submit").click();
      await expect(page.getByTestId("profile-email")).toHaveText(email);

      // The old password no longer works; the new one does.
      await signOut(page);
      await signIn(page, email, firstPassword);
      await expect(authCard(page).getByText("Incorrect password. Please try again.")).toBeVisible();
      await page.getByTestId("signin-password").fill(newPassword);
      await page.getByTestId("signin-submit").click();
      await expect(page.getByTestId("profile-email")).toHaveText(email);
    } finally {
      // Leave the app first, so its socket does not try to reach the stopped server.
      await page.goto("about:blank").catch(() => undefined);
      await server.stop();
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("continue as guest lands signed in on the profile as a guest", async ({ page }) => {
      await page.goto("/user/profile");
      await expectMode(page, "signIn");
      await page.getByTestId("signin-guest").click();
      await expect(page.getByTestId("profile-email")).toHaveText("Guest");
      await expect(page.getByTestId("profile-role")).toHaveText("No role assigned");
      await expect(authCard(page)).toHaveCount(0);
      // A guest has no e-mail and cannot join: no "E-mail: Guest", no "another company".
      await expect(page.getByTestId("profile-email-value")).toHaveCount(0);
      await expect(page.getByTestId("profile-join-company")).toContainText("Guest accounts cannot join a company.");
      await expect(page.getByText("Join another company")).toHaveCount(0);
    });
  });

  test("join a company from the sign-in card: find it, create the account and send the request in one step", async ({ page }) => {
    const email = uniqueEmail("joiner");
    await page.goto("/user/my-requests");
    await page.getByTestId("signin-create-account").click();
    await expectMode(page, "signUp");
    await authCard(page).getByRole("button", { name: "Find a company" }).click();
    await expectMode(page, "joinCompany");
    const finder = page.getByTestId("company-finder");
    await finder.getByLabel("Company name").fill("suds");
    await finder.getByRole("button", { name: "Select Suds Express" }).click();
    await expect(finder.getByTestId("selected-company")).toContainText("Create your account to ask to join Suds Express");
    await page.getByTestId("join-email").fill(email);
    await page.getByTestId("join-password").fill("joiner-password-1");
    await page.getByTestId("join-confirm-password").fill("joiner-password-1");
    await page.getByTestId("join-submit").click();
    await expect(toast(page, /Request sent to Suds Express|You joined Suds Express/)).toBeVisible();
    await expect(page.getByTestId("my-request").filter({ hasText: "Suds Express" })).toHaveAttribute("data-status", /PENDING|APPROVED/);
  });

  test("employee registration: a taken username offers suggestions, one is picked, and sign-in gets the e-mail", async ({ page, baseURL }) => {
    const taken = `crew${Date.now().toString(36)}`;
    await registerEmployee(baseURL!, { email: uniqueEmail("taken"), username: taken, pin: "2468" });
    const company = await firstActiveCompany(baseURL!);
    const email = uniqueEmail("employee");

    await page.goto("/");
    await page.getByTestId("signin-employee-registration").click();
    await expectMode(page, "employeeSignUp");
    await expect(page.getByTestId("employee-company")).toHaveText(`Joining company ${company.displayName ?? company.name}`);

    const submit = page.getByTestId("employee-submit");
    await expect(submit).toBeDisabled();

    // Rules are checked on blur, with the spec's words.
    await page.getByTestId("employee-username").fill("9lives");
    await page.getByTestId("employee-username").blur();
    await expect(authCard(page)).toContainText("Username must start with a letter and contain only letters, numbers, and underscores");

    await page.getByTestId("employee-email").fill(email.toUpperCase());
    await page.getByTestId("employee-username").fill(taken);
    const status = page.getByTestId("employee-username-status");
    await expect(status).toHaveAttribute("data-status", "unavailable");
    await expect(status).toContainText("Username is already taken");
    const suggestion = page.getByTestId("employee-username-suggestion").first();
    const picked = (await suggestion.textContent())!.trim();
    expect(picked).not.toBe(taken);
    await suggestion.click();
    await expect(page.getByTestId("employee-username")).toHaveValue(picked);
    await expect(status).toHaveAttribute("data-status", "available");
    await expect(status).toContainText("Username is available");

    // PIN: 4 digits is medium, 6 strong; 7th digit refused.
    await page.getByTestId("employee-pin").fill("1357");
    await expect(page.getByTestId("pin-strength")).toHaveAttribute("data-strength", "medium");
    await page.getByTestId("employee-pin").fill("1357924");
    await expect(page.getByTestId("employee-pin")).toHaveValue("135792");
    await expect(page.getByTestId("pin-strength")).toHaveAttribute("data-strength", "strong");

    await expect(submit).toBeEnabled();
    await submit.click();
    await expectMode(page, "signIn");
    await expect(page.getByTestId("signin-email")).toHaveValue(email);
    await expect(toast(page, "Registration submitted")).toBeVisible();
  });

  test("a wrong password shows the inline error and a toast, in English and in Spanish", async ({ page }) => {
    await page.goto("/");
    await signIn(page, "manager@demo.test", "not-the-password");
    const english = "Incorrect password. Please try again.";
    await expect(authCard(page).getByText(english)).toBeVisible();
    await expect(page.getByTestId("signin-password")).toHaveAttribute("aria-invalid", "true");
    await expect(toast(page, english)).toBeVisible();

    // The error toast stays until dismissed and may lie over the toggle: the toggle is clicked as such.
    await page.getByText("ES", { exact: true }).dispatchEvent("click");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestión de lavanderías de monedas");
    await page.getByTestId("signin-password").fill(`${DEMO_PASSWORD}-wrong`);
    await page.getByTestId("signin-submit").click();
    const spanish = "Contraseña incorrecta. Inténtalo de nuevo.";
    await expect(authCard(page).getByText(spanish)).toBeVisible();
    await expect(toast(page, spanish)).toBeVisible();
    await expect(page.getByTestId("signin-password")).toHaveAttribute("aria-invalid", "true");
  });

  test("the sign-in form comes in the served page before any script, shows only when right, and signing in replaces it", async ({ page, browser, baseURL }) => {
    // The HTML itself carries the form (decision 0017).
    const html = await (await fetch(`${baseURL}/`)).text();
    const prerendered = html.slice(html.indexOf('<div id="signin-prerender"'), html.indexOf('<div id="root">'));
    for (const text of [
      "Coin Laundromat Management",
      "Sign in to record and verify collections",
      'data-testid="signin-email"',
      'data-testid="signin-password"',
      'data-testid="signin-submit"',
      "Forgot password?",
    ])
      expect(prerendered).toContain(text);

    // Without JavaScript the form is on screen; with only the boot script (the bundle refused), it is
    // hidden for a signed-in visitor and in Spanish, and dark on a dark preference.
    for (const [options, bundle] of [
      [{ javaScriptEnabled: false }, true],
      [{ colorScheme: "dark" as const }, false],
    ] as const) {
      const context = await browser.newContext({ ...options, baseURL, locale: "en-US" });
      const bare = await context.newPage();
      if (!bundle) await bare.route("**/assets/*.js", (route) => route.abort());
      await bare.goto("/");
      await expect(bare.getByText("Sign in to record and verify collections")).toBeVisible();
      await expect(bare.getByTestId("signin-submit")).toBeVisible();
      if (!bundle) {
        await expect(bare.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
        expect(await bare.locator("#signin-prerender section").evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgb(255, 255, 255)");
        await bare.evaluate(() => localStorage.setItem("tumble.auth.token", "signed-in"));
        await bare.reload();
        await expect(bare.locator("#signin-prerender")).toBeHidden();
        await bare.evaluate(() => {
          localStorage.removeItem("tumble.auth.token");
          localStorage.setItem("i18nextLng", "es");
        });
        await bare.reload();
        await expect(bare.locator("#signin-prerender")).toBeHidden();
      }
      await context.close();
    }

    // With the app: the prerendered screen gives way to the real one, and signing in works.
    await page.goto("/");
    await signIn(page, "owner@demo.test", DEMO_PASSWORD);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.locator("#signin-prerender")).toHaveCount(0);
  });
});
