import { expect, test } from "@playwright/test";
import { apiSignIn } from "../support/fixtures";
import { startMailingServer, toast, type MailingServer } from "../support/auth";

// Issue 19, e-mail templates: a manager edits the Spanish claim-code template, sees it in the live
// preview, saves it and sends a test to themselves, which reaches the SMTP sink the test runs.
// Issue 34: placeholders as named chips, sections as labelled blocks, no save while invalid.

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
  // Owners read named chips and labelled blocks, in their own language, over the same Mustache text.
  const subject = page.getByTestId("template-subject-visual");
  await expect(subject).toHaveAttribute("data-value", "Su código de verificación: {{campaignName}}");
  await expect(subject.getByTestId("template-chip")).toHaveText(["Campaign name"]);
  const sections = page.getByTestId("template-text-visual").getByTestId("template-section-label");
  await expect(sections).toHaveText(["Shown when there is an offer", "Shown when there is no offer"]);
  await expect(page.getByTestId("template-kind-description")).toHaveText("The code a customer shows at the store to receive an offer. Always sent.");
  // A chip clicked in the list goes where the caret is, and the preview fills it in.
  await page.getByTestId("template-subject-editor").click();
  await page.keyboard.press("End");
  await page.locator('[data-testid="template-placeholder"][data-placeholder="code"]').click();
  await expect(subject).toHaveAttribute("data-value", "Su código de verificación: {{campaignName}}{{code}}");
  await expect(page.getByTestId("template-preview")).toContainText("Su código de verificación: Spring Special604218");

  // The Mustache source edits the same text.
  await page.getByTestId("template-mode").getByText("Mustache source").click();
  await expect(page.getByTestId("template-subject")).toHaveValue("Su código de verificación: {{campaignName}}{{code}}");
  await page.getByTestId("template-text").fill("¡Hola! Tu código para {{campaignName}} es {{code}}. Tráelo a la tienda.");
  await expect(page.getByTestId("preview-text")).toHaveText("¡Hola! Tu código para Spring Special es 604218. Tráelo a la tienda.");
  await page.getByTestId("template-text").fill("Tu código es {{secreto}}");
  await expect(page.getByTestId("preview-error")).toHaveText("Unknown placeholder in the text: {{secreto}}");
  // Not saved while it is not a template the server takes, and the reason is said by the button.
  await expect(page.getByTestId("save-template")).toBeDisabled();
  await expect(page.getByTestId("save-blocked")).toHaveText("Cannot save yet: Unknown placeholder in the text: {{secreto}}");
  // In the editor the unknown placeholder is kept, shown as written.
  await page.getByTestId("template-mode").getByText("Editor").click();
  await expect(page.getByTestId("template-text-visual").getByTestId("template-chip")).toHaveText(["{{secreto}}"]);
  await page.getByTestId("template-mode").getByText("Mustache source").click();
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
