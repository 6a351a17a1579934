import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expectMode, toast, uniqueEmail } from "../support/auth";
import { expect, test } from "../support/fixtures";

// Next steps (issue 34): someone without a company finds at the top of the home what to do next.
// A new user joins by code and sees the request waiting, which they may cancel; a denied screen
// links to that step; a guest is told how to get an account; a system admin without a company
// is shown the way to the system console, in English and in Spanish.

const PASSWORD = "next-step-password-1";
/** A first load (code, translations, socket) on a busy machine can take a while. */
const FIRST_LOAD = { timeout: 30_000 };

test.use({ viewport: { width: 1366, height: 900 } });

/** A new account, created the way the sign-up form does it, handed to the page. */
async function signUpNewUser(page: Page, baseURL: string, email: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/action`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: "auth:signIn", args: { provider: "password", params: { email, password: PASSWORD, flow: "signUp" } }, format: "json" }),
  });
  const body = (await response.json()) as { value?: { tokens: { token: string; refreshToken: string } }; errorMessage?: string };
  if (!body.value) throw new Error(`Sign-up failed for ${email}: ${body.errorMessage}`);
  const { token, refreshToken } = body.value.tokens;
  await page.goto("/api/health");
  await page.evaluate(
    ([t, r]) => {
      window.localStorage.setItem("tumble.auth.token", t);
      window.localStorage.setItem("tumble.auth.refreshToken", r);
    },
    [token, refreshToken] as const,
  );
}

test("a new user without a company is led from a denied screen to the join step, asks by code, sees the request wait and cancels it", async ({
  page,
  baseURL,
  world,
}) => {
  test.slow();
  const company = world.companyName;
  await signUpNewUser(page, baseURL!, uniqueEmail("next-step"));

  // A company screen without a company: the denied panel names the next step and links to it.
  await page.goto("/user/company-info");
  const denied = page.getByTestId("access-denied");
  await expect(denied).toBeVisible(FIRST_LOAD);
  await expect(denied.getByTestId("access-denied-next-step")).toContainText("You are not in a company yet: join one to open this screen.");
  await denied.getByRole("link", { name: "Join a company" }).click();
  await expect(page).toHaveURL(/\/user\/profile#join-company$/);

  const step = page.getByRole("region", { name: "Join your company" });
  await expect(step).toBeVisible();
  await expect(step).toHaveAttribute("data-step", "join");
  await expect(step).toContainText("Enter the company code your employer gave you");
  // It is the first thing on the home, and the finder is not offered twice.
  await expect(page.getByTestId("next-step")).toHaveCount(1);
  await expect(page.getByTestId("company-finder")).toHaveCount(1);
  await expect(page.getByTestId("profile-join-company")).toHaveCount(0);
  await expectAccessible(page, "the join step");

  await step.getByText("Use Company Code").click();
  const code = step.getByTestId("company-code-input");
  await code.fill(world.companyCode.replace(/^CMP/, ""));
  await expect(code).toHaveValue(world.companyCode);
  await expect(step.getByTestId("company-code-status")).toHaveAttribute("data-state", "valid");
  await step.getByRole("button", { name: `Select ${company}` }).click();
  await step.getByRole("button", { name: "Request to join" }).click();
  await expect(toast(page, `Request sent to ${company}`)).toBeVisible();

  const waiting = step.getByRole("list", { name: "Your requests waiting for an answer" }).getByTestId("next-step-waiting");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`Waiting for ${company} to approve your request`);
  await expectAccessible(page, "the join step with a request waiting");

  await waiting.getByRole("button", { name: "Cancel request" }).click();
  await page.getByRole("dialog").getByTestId("confirm-cancel-request").click();
  await expect(toast(page, `Your request to join ${company} was cancelled`)).toBeVisible();
  await expect(waiting).toHaveCount(0);
  // Still without a company: the join step stays.
  await expect(step).toBeVisible();
});

test("a guest is told how to create an account, from the home and from a denied screen", async ({ page }) => {
  await page.goto("/user/profile");
  await expectMode(page, "signIn");
  await page.getByTestId("signin-guest").click();

  const step = page.getByRole("region", { name: "You are using a guest session" });
  await expect(step).toBeVisible(FIRST_LOAD);
  await expect(step).toHaveAttribute("data-step", "guest");
  await expect(step).toContainText("Guests cannot join a company. Create an account with your e-mail");
  // A guest cannot send a request: no finder at the top.
  await expect(step.getByTestId("company-finder")).toHaveCount(0);
  await expectAccessible(page, "the guest's step");

  await page.goto("/user/company-info");
  const denied = page.getByTestId("access-denied");
  await expect(denied.getByTestId("access-denied-next-step")).toContainText("Guests cannot join a company: create an account first.", FIRST_LOAD);
  await denied.getByRole("link", { name: "How to create an account" }).click();
  await expect(page).toHaveURL(/\/user\/profile#join-company$/);

  await step.getByRole("button", { name: "Sign out and create an account" }).click();
  await expectMode(page, "signIn");
  await expect(page.getByTestId("signin-create-account")).toBeVisible();
});

test("a system admin without a company is shown the way to the system console, not a denial", async ({ page, signInAs }) => {
  await signInAs("sysadmin@demo.test");
  await page.goto("/user/profile");

  const step = page.getByRole("region", { name: "System console" });
  await expect(step).toBeVisible(FIRST_LOAD);
  await expect(step).toHaveAttribute("data-step", "systemConsole");
  await expect(page.getByTestId("access-denied")).toHaveCount(0);
  await expect(toast(page, "Access Denied")).toHaveCount(0);
  await expectAccessible(page, "the system console step");

  await step.getByRole("link", { name: "Open the system console" }).click();
  await expect(page).toHaveURL(/\/system-admin\/dashboard$/);
  await expect(page.getByTestId("access-denied")).toHaveCount(0);
});

test("the system console step in Spanish", async ({ page, signInAs }) => {
  await signInAs("sysadmin@demo.test");
  await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
  await page.goto("/user/profile");

  const step = page.getByRole("region", { name: "Consola del sistema" });
  await expect(step).toBeVisible(FIRST_LOAD);
  await expect(step).toContainText("Tu siguiente paso");
  await expect(step).toContainText("Eres administrador del sistema y no estás en ninguna empresa.");
  await expect(step.getByRole("link", { name: "Abrir la consola del sistema" })).toBeVisible();
});
