import { expect, test } from "@playwright/test";
import { apiSignIn } from "../support/fixtures";
import { startMailingServer, toast, type MailingServer } from "../support/auth";

// Issue 19, e-mail templates: a manager edits the Spanish claim-code template, sees it in the live
// preview, saves it and sends a test to themselves, which reaches the SMTP sink the test runs.

let server: MailingServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startMailingServer();
});
test.afterAll(async () => server?.stop());

test("a manager edits the Spanish claim-code template and sends a test to the SMTP sink", async ({ browser }) => {
  test.setTimeout(120_000);
  const tokens = await apiSignIn(server.url, "manager@demo.test");
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/api/health");
  await page.evaluate(
    ([token, refresh]) => {
      localStorage.setItem("tumble.auth.token", token);
      localStorage.setItem("tumble.auth.refreshToken", refresh);
      localStorage.setItem("i18nextLng", "en");
    },
    [tokens.token, tokens.refreshToken] as const,
  );
  await page.goto("/company/email-templates?kind=claimCode&lang=es");
  await expect(page.getByRole("heading", { name: "E-mail templates", level: 1 })).toBeVisible();
  await expect(page.getByTestId("template-subject")).toHaveValue("Su código de verificación: {{campaignName}}");

  await page.getByTestId("template-text").fill("¡Hola! Tu código para {{campaignName}} es {{code}}. Tráelo a la tienda.");
  await expect(page.getByTestId("preview-text")).toHaveText("¡Hola! Tu código para Spring Special es 604218. Tráelo a la tienda.");
  await page.getByTestId("template-text").fill("Tu código es {{secreto}}");
  await expect(page.getByTestId("preview-error")).toHaveText("Unknown placeholder in the text: {{secreto}}");
  await page.getByTestId("template-text").fill("¡Hola! Tu código para {{campaignName}} es {{code}}. Tráelo a la tienda.");
  await page.getByTestId("save-template").click();
  await expect(toast(page, "Claim verification code template saved")).toBeVisible();
  await expect(page.getByText("Customized")).toBeVisible();

  await page.getByTestId("send-test").click();
  await expect(toast(page, "Test sent to manager@demo.test")).toBeVisible();
  await server.sink.waitForMatch("manager@demo.test", /604218/);
  const mail = server.sink.messages.find((m) => m.to.includes("manager@demo.test") && /604218/.test(m.raw))!;
  expect(mail.raw).toMatch(/Content-Type: text\/html/);
  expect(mail.raw).toMatch(/Tr=C3=A1elo a la tienda|Tráelo a la tienda/);

  // The outbox shows the test as sent, in the counts and in the chart of the last 14 days.
  await page.goto("/company/email-dashboard");
  await expect(page.getByTestId("count-sent")).toContainText(/[1-9]/);
  await expect(page.getByTestId("outbox-chart")).toHaveAttribute("aria-label", /Messages per day over the last 14 days by status: [1-9]/);
  await expect(page.getByText("manager@demo.test").first()).toBeVisible();
  await context.close();
});
