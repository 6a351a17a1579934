import { expect, test } from "../support/fixtures.ts";

// The built app and the landing page run under the Content-Security-Policy the server sends
// (decision 0017): no violation is reported, which the console-error fixture would catch, and
// each page records none with the browser's own violation event.

async function watchViolations(page: import("@playwright/test").Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test("the sign-in screen and the signed-in shell load under the CSP", async ({ page, signInAs }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coin Laundromat Management");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signInAs("owner@demo.test");
  await page.goto("/");
  await expect(page.getByRole("navigation").first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("a campaign landing page with its images loads under the CSP", async ({ page, baseURL }) => {
  const response = await fetch(`${baseURL}/api/mutation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: "marketing:createDemoCampaign", args: { template: "full" }, format: "json" }),
  });
  const { value } = (await response.json()) as { value: { friendlyId: string } };
  const violations = await watchViolations(page);
  const page0 = await page.goto(`/marketing/${value.friendlyId}`);
  expect(page0?.headers()["x-frame-options"]).toBe("DENY");
  await expect(page.locator("form.claim-form button[type=submit]").first()).toBeVisible();
  await expect(page.locator("img.hero-image")).toBeVisible();
  expect(await violations()).toEqual([]);
});
