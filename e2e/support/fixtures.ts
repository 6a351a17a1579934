import { test as base, expect, type Page } from "@playwright/test";
import { createWorld, type World } from "./world";

// Every test fails if the page logs a console error or throws; `signInAs` signs in through the
// API (one request) and hands the tokens to the page the way the app stores them.

export const DEMO_PASSWORD = "demo-password";

/**
 * Chromium's report that a sandboxed frame (the e-mail template preview, sandbox="") refused a
 * script. The app puts none there; the test tools (axe, Playwright's own frame utilities) touch
 * every frame. It says the sandbox works, not that the page failed.
 */
const SANDBOX_REPORT = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

export async function apiSignIn(baseURL: string, email: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseURL}/api/action`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: "auth:signIn", args: { provider: "password", params: { email, password, flow: "signIn" } }, format: "json" }),
  });
  const body = (await response.json()) as { value?: { tokens: { token: string; refreshToken: string } }; errorMessage?: string };
  if (!body.value) throw new Error(`Sign-in failed for ${email}: ${body.errorMessage}`);
  return body.value.tokens;
}

type Fixtures = {
  consoleErrors: string[];
  signInAs: (email: string, page?: Page) => Promise<void>;
  /** A company of this test's own, created on first use. */
  world: World;
};

export const test = base.extend<Fixtures>({
  world: async ({ baseURL }, use) => {
    await use(await createWorld(baseURL!));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && !SANDBOX_REPORT.test(m.text()) && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ page, baseURL }, use) => {
    await use(async (email: string, target: Page = page) => {
      const tokens = await apiSignIn(baseURL!, email);
      // Any same-origin page will do to reach the app's storage.
      await target.goto("/api/health");
      await target.evaluate(
        ([token, refreshToken]) => {
          window.localStorage.setItem("tumble.auth.token", token);
          window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
        },
        [tokens.token, tokens.refreshToken] as const,
      );
    });
  },
});

export { expect };
