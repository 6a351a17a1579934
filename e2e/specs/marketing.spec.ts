import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext } from "@playwright/test";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { demoCampaign } from "../../server/src/marketing/demo.ts";
import { startServerProcess, type ServerProcess } from "../../server/test/support/serverProcess.ts";
import { apiSignIn, expect, test } from "../support/fixtures.ts";

// The promotion journey end to end, against a server of its own that sends real e-mail to an
// SMTP sink: the demo page creates a full campaign (in the demo company, never a customer's), a
// manager publishes the same campaign for Rio, a customer claims it on a phone in Spanish, the
// code arrives by e-mail, and the manager verifies it and hands over the credit.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dist = (variable: string, fallback: string) => path.resolve(ROOT, process.env[variable] ?? fallback);

let sink: SmtpSink;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  sink = await SmtpSink.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-e2e-marketing-"));
  server = await startServerProcess(
    {
      SMTP_URL: sink.url,
      DATA_DIR: path.join(dataDir, "db"),
      SEED: "demo",
      WEB_DIST_DIR: dist("WEB_DIST_DIR", "web/dist"),
      LANDING_DIST_DIR: dist("LANDING_DIST_DIR", "landing/dist"),
    },
    90_000,
  );
});

test.afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await sink?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function watchConsole(context: BrowserContext, errors: string[]): void {
  context.on("page", (p) => {
    p.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    p.on("pageerror", (e) => errors.push(e.message));
  });
}

/** A manager publishes the demo page's full-template campaign for their own laundromat. */
async function publishFullCampaign(token: string): Promise<string> {
  const demo = demoCampaign("full", Date.now(), "America/Chicago", { address: "1200 Rio Grande Blvd", phone: "5550100", hours: null });
  const { offerAmountCents, budgetCents, ...fields } = demo;
  const response = await fetch(`${server.url}/api/mutation`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      path: "marketing:createCampaign",
      args: { ...fields, offerAmount: offerAmountCents / 100, budget: budgetCents === null ? null : budgetCents / 100 },
      format: "json",
    }),
  });
  const body = (await response.json()) as { value?: { friendlyId: string }; errorMessage?: string };
  if (!body.value) throw new Error(`Creating the campaign failed: ${body.errorMessage}`);
  return `${server.url}/marketing/${body.value.friendlyId}`;
}

test("a full-template campaign is claimed on a phone in Spanish and verified and redeemed by a manager", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];

  // The demo page creates a full-template campaign (in the demo company) and links to it.
  await page.goto(`${server.url}/marketing-demo`);
  await page.getByRole("button", { name: "Create Full Template Campaign" }).click();
  const link = page.getByTestId("demo-url").getByRole("link");
  await expect(link).toHaveText(new RegExp(`^${server.url}/marketing/full-template-demo-campaign-[a-z0-9-]+$`));
  await expect(page.getByRole("listitem").filter({ hasText: "Full Template Demo Campaign" }).getByText("Active")).toBeVisible();

  // The laundromat's manager publishes the same campaign for Rio, whose staff can verify claims.
  const tokens = await apiSignIn(server.url, "manager@demo.test");
  const campaignUrl = await publishFullCampaign(tokens.token);

  // A customer opens it on a phone and switches to Spanish.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "es-MX" });
  watchConsole(phone, errors);
  const customer = await phone.newPage();
  await customer.goto(campaignUrl);
  await expect(customer.getByRole("heading", { level: 1, name: "Get $15.00 in Free Laundry Credit" })).toBeVisible();
  await customer.getByRole("button", { name: "Español" }).click();
  await expect(customer.getByRole("heading", { level: 1, name: "Obtenga $15.00 en crédito de lavandería gratis" })).toBeVisible();
  await expect(customer.getByText("© 2025 Todos los derechos reservados")).toBeVisible();

  // Dates in the page's language, the repeated claim card a working second card, the map area orange.
  await expect(customer.getByText(/antes del \d{1,2} de [a-záéíóú]+ de \d{4}/)).toBeVisible();
  const cards = customer.getByTestId("claim-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).getByLabel("Nombre completo")).toBeVisible();
  await expect(customer.getByTestId("map-area")).toHaveCSS("background-color", "rgb(251, 146, 60)");

  const first = cards.first();
  const submit = first.getByRole("button", { name: "Solicitar mi crédito de $15.00" });
  await first.getByLabel("Nombre completo").fill("Lucía Pérez");
  await first.getByLabel("Correo electrónico").fill("lucia@example.com");
  await first.getByLabel("Teléfono").pressSequentially("5551234567");
  await expect(first.getByLabel("Teléfono")).toHaveValue("(555)123-4567");
  await expect(submit).toBeDisabled();
  await first.getByRole("checkbox").check();
  // The same mistake twice is one toast that counts it, not a stack over the form.
  await first.getByLabel("Nombre completo").fill("");
  await submit.click();
  await submit.click();
  await expect(customer.getByRole("alert")).toHaveCount(1);
  await expect(customer.getByRole("alert").getByTestId("toast-count")).toHaveText("×2");
  await customer.getByRole("alert").getByRole("button").click();
  await expect(customer.getByRole("alert")).toHaveCount(0);
  await first.getByLabel("Nombre completo").fill("Lucía Pérez");
  await submit.click();
  await expect(customer.getByText("¡Solicitud recibida!")).toBeVisible();
  const claimId = (await customer.getByTestId("claim-id").textContent())!.trim();
  expect(claimId).toMatch(/^CLM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // The code arrives by e-mail, in Spanish.
  const code = await sink.waitForMatch("lucia@example.com", /: (\d{6})\b/);

  // A manager, signed in on a desktop, finds the claim, checks the code and hands over the credit.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  watchConsole(desk, errors);
  const staff = await desk.newPage();
  await staff.goto(`${server.url}/api/health`);
  await staff.evaluate(
    ([token, refreshToken]) => {
      window.localStorage.setItem("tumble.auth.token", token);
      window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
      window.localStorage.setItem("i18nextLng", "en");
    },
    [tokens.token, tokens.refreshToken] as const,
  );
  await staff.goto(`${server.url}/marketing/verify`);
  await staff.getByRole("textbox", { name: "Claim ID" }).fill(claimId);
  await staff.getByRole("button", { name: "Find" }).click();
  const card = staff.getByTestId("claim-card");
  await expect(card.getByText("Lucía Pérez")).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
  await card.getByRole("textbox").first().click();
  await staff.keyboard.type(code);
  await card.getByRole("button", { name: "Verify code" }).click();
  await expect(card.getByText("Verified: ready to redeem")).toBeVisible();
  await card.getByRole("button", { name: "Mark as used" }).click();
  await staff.getByTestId("confirm-mark-used").click();
  await expect(card.getByText("This claim has already been redeemed.")).toBeVisible();
  await expect(card.getByText("Used", { exact: true })).toBeVisible();

  // The same phone on the landing page now learns the offer was used.
  await customer.reload();
  await customer.getByRole("button", { name: "Español" }).click();
  await cards.first().getByLabel("Teléfono").pressSequentially("5551234567");
  await expect(customer.getByTestId("used-notice")).toHaveText("Este número de teléfono ya canjeó esta oferta.");
  await expect(customer.getByRole("alert").filter({ hasText: "Este número de teléfono ya canjeó esta oferta." }).first()).toBeVisible();
  await expect(customer.getByRole("button", { name: "Solicitar mi crédito de $15.00" }).first()).toBeDisabled();

  await phone.close();
  await desk.close();
  expect(errors, "console errors in the customer's and manager's pages").toEqual([]);
});

test("a campaign address without an id shows the invalid-link page, with or without the slash", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  for (const address of ["/marketing", "/marketing/"]) {
    await page.goto(`${server.url}${address}`);
    await expect(page.getByRole("heading", { level: 1, name: "Invalid link" })).toBeVisible();
    await expect(page.getByText("This promotion link is not valid. Please check the address and try again.")).toBeVisible();
  }
  await context.close();
});
