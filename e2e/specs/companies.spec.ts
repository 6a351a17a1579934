import type { Browser, Locator, Page } from "@playwright/test";
import { apiSignIn, expect, test } from "../support/fixtures";

// Companies, membership and roles: finding a company by code or by name, asking to join, a
// manager deciding the request, the route guard following the new role live, and the company's
// member list. Tests that change a company's members work in a company of their own.

const PASSWORD = "joiner-password-1";
/** A first load (code, translations, socket) on a busy machine can take a while. */
const FIRST_LOAD = { timeout: 30_000 };
const CONSOLE_ERRORS = new WeakMap<Page, string[]>();

type Tokens = { token: string; refreshToken: string };

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

async function call<T>(baseURL: string, kind: "query" | "mutation" | "action", path: string, args: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${path} failed: ${body.errorMessage}`);
  return body.value as T;
}

/** A new account, created the way the sign-up form does it. */
async function signUp(baseURL: string, email: string): Promise<Tokens> {
  const value = await call<{ tokens: Tokens }>(baseURL, "action", "auth:signIn", {
    provider: "password",
    params: { email, password: PASSWORD, flow: "signUp" },
  });
  return value.tokens;
}

async function useTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.goto("/api/health");
  await page.evaluate(
    ([token, refreshToken]) => {
      window.localStorage.setItem("tumble.auth.token", token);
      window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
    },
    [tokens.token, tokens.refreshToken] as const,
  );
}

/** A page in a browser context of its own (another person), failing the test on console errors. */
async function otherPerson(browser: Browser, baseURL: string, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  CONSOLE_ERRORS.set(page, errors);
  await useTokens(page, tokens);
  return page;
}

async function closePerson(page: Page): Promise<void> {
  expect(CONSOLE_ERRORS.get(page) ?? [], "console errors on the other page").toEqual([]);
  await page.context().close();
}

/** Moves inside the app without reloading it, as a link would. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator(".mantine-Notification-root").filter({ hasText: text });
}

async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

test("a new user finds a company by code, a manager approves them as staff, and the laundromat opens without a reload", async ({
  page,
  browser,
  baseURL,
  world,
}) => {
  // Two people in two browser contexts.
  test.slow();
  const email = uniqueEmail("joiner");
  const company = world.companyName;
  await useTokens(page, await signUp(baseURL!, email));

  await page.goto("/user/my-requests");
  await expect(page.getByRole("heading", { name: "My requests" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("my-requests-empty")).toBeVisible();

  const finder = page.getByTestId("company-finder");
  await finder.getByText("Use Company Code").click();
  await expect(finder.getByText("Enter the company code provided by your organization")).toBeVisible();
  await expect(finder.getByText("Company codes are typically 6-12 characters long")).toBeVisible();
  const code = finder.getByTestId("company-code-input");
  // The prefix is added as the digits are typed.
  await code.fill(world.companyCode.replace(/^CMP/, ""));
  await expect(code).toHaveValue(world.companyCode);
  await expect(finder.getByTestId("company-code-status")).toHaveAttribute("data-state", "valid");
  await expect(finder.getByText(`Found ${company}`)).toBeVisible();
  await expect(finder.getByRole("img", { name: "Valid code" })).toBeVisible();
  await finder.getByRole("button", { name: `Select ${company}` }).click();

  await expect(finder.getByTestId("selected-company")).toContainText(company);
  await finder.getByRole("button", { name: "Request to join" }).click();
  await expect(toast(page, `Request sent to ${company}`)).toBeVisible();
  const request = page.getByTestId("my-request").filter({ hasText: company });
  await expect(request).toHaveAttribute("data-status", "PENDING");
  await expect(request.getByRole("button", { name: "Cancel request" })).toBeVisible();

  // Not a member yet: no laundromat tab, and the laundromat is denied.
  await expect(page.getByTestId("nav-tab-laundromat")).toHaveCount(0);
  await navigateInApp(page, "/laundromat/collection-record");
  await expect(page).toHaveURL(/\/user\/profile$/);
  const denied = toast(page, "Access Denied");
  await expect(denied).toContainText("You don't have permission to company membership");
  await denied.getByRole("button").click();
  await navigateInApp(page, "/user/my-requests");
  await expect(request).toHaveAttribute("data-status", "PENDING");

  const manager = await otherPerson(browser, baseURL!, await apiSignIn(baseURL!, world.users.MANAGER));
  await manager.goto("/company/join-requests");
  await expect(manager.getByRole("heading", { name: "Join requests" })).toBeVisible(FIRST_LOAD);
  const card = manager.getByTestId("join-request").filter({ hasText: email });
  await expect(card).toBeVisible();
  await pickOption(manager, card.getByLabel(`Role for ${email}`), "Staff");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toast(manager, `${email} joined as Staff`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await closePerson(manager);

  // The answer arrives live, marked as new activity, and the laundromat tab appears in the navigation.
  await expect(request).toHaveAttribute("data-status", "APPROVED");
  await expect(page.getByTestId("nav-tab-laundromat")).toBeVisible();
  await expect(request.getByTestId("new-activity")).toBeVisible();
  await expect(request.getByRole("button", { name: "Cancel request" })).toHaveCount(0);

  await navigateInApp(page, "/laundromat/collection-record");
  await expect(page.getByRole("main")).not.toContainText("Loading");
  await expect(page).toHaveURL(/\/laundromat\/collection-record$/);
  await navigateInApp(page, "/user/company-info");
  await expect(page.getByTestId("company-info")).toContainText(company);
  await expect(page.getByTestId("company-code")).toHaveText(world.companyCode);
  await expect(page.getByTestId("company-info").getByText("Staff", { exact: true })).toBeVisible();
});

test("a staff member typing /company/users is sent to the profile with the 'Access Denied' toast", async ({ page, signInAs }) => {
  await signInAs("staff@demo.test");
  await page.goto("/company/users");
  await expect(page).toHaveURL(/\/user\/profile$/, FIRST_LOAD);
  await expect(toast(page, "Access Denied")).toContainText("You don't have permission to manage stores");
  await expect(page.getByTestId("members")).toHaveCount(0);
});

test("the finder searches by name, explains short and empty searches, rejects an unknown code, and lets a choice be changed", async ({ page, baseURL }) => {
  await useTokens(page, await signUp(baseURL!, uniqueEmail("searcher")));
  await page.goto("/user/my-requests");
  await expect(page.getByRole("heading", { name: "My requests" })).toBeVisible(FIRST_LOAD);
  const finder = page.getByTestId("company-finder");
  const search = finder.getByTestId("company-search-input");

  await search.fill("su");
  await expect(finder.getByText("Please enter at least 3 characters to search for companies.")).toBeVisible();
  await search.fill("suds");
  const results = finder.getByTestId("company-search-results");
  await expect(results.getByTestId("company-card")).toHaveCount(1);
  await expect(results).toContainText("Suds Express");
  await expect(results).toContainText("CMP200002");

  await finder.getByRole("button", { name: "Filters" }).click();
  await pickOption(page, finder.getByRole("combobox", { name: "Company size" }), "Medium (51-200 employees)");
  await expect(finder.getByText("No companies found matching your search.")).toBeVisible();
  await expect(finder.getByText("Try using a company code instead, or contact your organization for assistance.")).toBeVisible();
  await pickOption(page, finder.getByRole("combobox", { name: "Company size" }), "Small (1-50 employees)");
  await expect(results).toContainText("Suds Express");

  await results.getByRole("button", { name: "Select Suds Express" }).click();
  await expect(finder.getByTestId("selected-company")).toContainText("Suds Express");
  await finder.getByRole("button", { name: "Change" }).click();
  await expect(finder.getByTestId("selected-company")).toHaveCount(0);
  await expect(search).toHaveValue("suds");

  await finder.getByText("Use Company Code").click();
  const code = finder.getByTestId("company-code-input");
  await code.fill("cmp-999 999");
  await expect(code).toHaveValue("CMP999999");
  await expect(finder.getByTestId("company-code-status")).toHaveAttribute("data-state", "invalid");
  await expect(finder.getByText("No company found with this code")).toBeVisible();
  await expect(finder.getByRole("img", { name: "Invalid code" })).toBeVisible();
});

test("a manager changes a new member's role, removes them, and denies another request with a reason", async ({ page, browser, baseURL, signInAs, world }) => {
  // Two people in two browser contexts.
  test.slow();
  const managerToken = (await apiSignIn(baseURL!, world.users.MANAGER)).token;
  const company = world.companyName;

  const memberEmail = uniqueEmail("member");
  const member = await signUp(baseURL!, memberEmail);
  const joined = await call<{ requestId: string }>(baseURL!, "mutation", "companyJoinRequests:requestToJoin", { companyId: world.companyId }, member.token);
  await call(baseURL!, "mutation", "companyJoinRequests:approveJoinRequest", { requestId: joined.requestId, role: "MEMBER" }, managerToken);

  const askerEmail = uniqueEmail("asker");
  const asker = await otherPerson(browser, baseURL!, await signUp(baseURL!, askerEmail));
  await asker.goto("/user/my-requests");
  await expect(asker.getByRole("heading", { name: "My requests" })).toBeVisible(FIRST_LOAD);
  const finder = asker.getByTestId("company-finder");
  await finder.getByText("Use Company Code").click();
  await finder.getByTestId("company-code-input").fill(world.companyCode);
  await finder.getByRole("button", { name: `Select ${company}` }).click();
  await finder.getByRole("button", { name: "Request to join" }).click();
  const askerRequest = asker.getByTestId("my-request").filter({ hasText: company });
  await expect(askerRequest).toHaveAttribute("data-status", "PENDING");

  await signInAs(world.users.MANAGER);
  await page.goto("/company/users");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible(FIRST_LOAD);
  const row = page.getByTestId("member-row").filter({ hasText: memberEmail });
  await expect(row.getByText("Member", { exact: true })).toBeVisible();
  // A manager hands out roles up to their own.
  await row.getByLabel(`Role of ${memberEmail}`).click();
  await expect(page.getByRole("option", { name: "Manager", exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: "Admin", exact: true })).toHaveCount(0);
  await page.getByRole("option", { name: "Supervisor", exact: true }).click();
  await expect(toast(page, `${memberEmail} is now Supervisor`)).toBeVisible();
  await expect(row.getByText("Supervisor", { exact: true }).first()).toBeVisible();
  // The owner's row cannot be touched by a manager.
  const owner = page.getByTestId("member-row").filter({ hasText: world.users.OWNER });
  await expect(owner.getByRole("button", { name: /^Remove / })).toBeDisabled();
  await expect(owner.getByRole("combobox")).toBeDisabled();

  await row.getByRole("button", { name: `Remove ${memberEmail}` }).click();
  await expect(page.getByRole("dialog", { name: "Remove member" })).toBeVisible();
  await page.getByTestId("confirm-remove-member").click();
  await expect(toast(page, `${memberEmail} was removed from the company`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto("/company/join-requests");
  const card = page.getByTestId("join-request").filter({ hasText: askerEmail });
  await card.getByRole("button", { name: "Deny" }).click();
  const dialog = page.getByRole("dialog", { name: "Deny join request" });
  await dialog.getByLabel("Reason (optional)").fill("We are not hiring at the moment");
  await dialog.getByRole("button", { name: "Deny request" }).click();
  await expect(toast(page, `The request of ${askerEmail} was denied`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await expect(askerRequest).toHaveAttribute("data-status", "DENIED");
  await expect(askerRequest.getByTestId("new-activity")).toBeVisible();
  await expect(askerRequest.getByTestId("decision-reason")).toHaveText("Reason: We are not hiring at the moment");
  await closePerson(asker);
});
