import { Api } from "../support/api.ts";
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
  // A public campaign page may be framed by this origin only (the dashboard's preview).
  expect(page0?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(page0?.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  await expect(page.locator("form.claim-form button[type=submit]").first()).toBeVisible();
  await expect(page.locator("img.hero-image")).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the marketing dashboard previews a campaign page in a frame of this origin, over plain http", async ({ page, baseURL, signInAs, world }) => {
  expect(baseURL).toMatch(/^http:/);
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { friendlyId } = await owner.call<{ friendlyId: string }>("mutation", "marketing:createCampaign", {
    name: "Framed preview",
    campaignType: "SEASONAL",
    startDate: day(-1),
    endDate: day(20),
    isActive: true,
    offerAmount: 5,
  });
  await signInAs(world.users.OWNER);
  const violations = await watchViolations(page);
  const dashboard = await page.goto("/marketing/dashboard");
  // The app itself is never framed by anyone.
  expect(dashboard?.headers()["x-frame-options"]).toBe("DENY");
  expect(dashboard?.headers()["content-security-policy"]).toContain("frame-src 'self' https:");
  await page.getByTestId("campaign-row").filter({ hasText: "Framed preview" }).click();
  const preview = page.getByTestId("campaign-preview");
  await expect(preview).toHaveAttribute("src", `/marketing/${friendlyId}`);
  // The framed page ran: its claim form is there, inside the frame.
  await expect(page.frameLocator('[data-testid="campaign-preview"]').locator("form.claim-form button[type=submit]").first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
