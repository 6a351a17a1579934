import type { Browser } from "@playwright/test";

/**
 * A page in a browser context of its own (a second person, a phone, a kiosk), whose console
 * errors and uncaught exceptions are collected into `errors` for the test to assert on: the
 * fixtures' check watches only the test's own page.
 */
export async function newPage(browser: Browser, baseURL: string, errors: string[], options: object = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page };
}
