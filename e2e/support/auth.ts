import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import { startServerProcess, type ServerProcess } from "../../server/test/support/serverProcess.ts";
import { SmtpSink } from "../../test-support/smtpSink.ts";

// Helpers for the sign-in journeys: the authentication card's parts, calls made straight to the
// API (to set up data the way another user would), and a server of its own that sends real
// e-mail to an SMTP sink, for journeys that read a code out of a message.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** The authentication card, whichever mode it is in. */
export function authCard(page: Page): Locator {
  return page.locator("section[data-mode]");
}

export async function expectMode(page: Page, mode: string): Promise<void> {
  await expect(authCard(page)).toHaveAttribute("data-mode", mode);
}

/** The visible toast carrying `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator(".mantine-Notification-root").filter({ hasText: text });
}

async function call<T>(baseURL: string, kind: "query" | "mutation" | "action", fnPath: string, args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${baseURL}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: fnPath, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${fnPath} failed: ${body.errorMessage}`);
  return body.value as T;
}

/** The company employee registration joins: the first active one. */
export async function firstActiveCompany(baseURL: string): Promise<{ _id: string; name: string; displayName: string | null }> {
  const companies = await call<{ _id: string; name: string; displayName: string | null }[]>(baseURL, "query", "companies:listActiveCompanies", {});
  if (!companies[0]) throw new Error("No active company in the demo data");
  return companies[0];
}

/** Registers an employee through the API, so its username is taken for the next one. */
export async function registerEmployee(baseURL: string, employee: { email: string; username: string; pin: string }): Promise<void> {
  const company = await firstActiveCompany(baseURL);
  const result = await call<{ success: boolean; message: string }>(baseURL, "mutation", "employeeAuth/index:employeeSignUp", {
    ...employee,
    companyId: company._id,
  });
  if (!result.success) throw new Error(`Employee registration failed: ${result.message}`);
}

export interface MailingServer {
  url: string;
  sink: SmtpSink;
  stop(): Promise<void>;
}

/** A server of its own on a fresh demo database, sending e-mail to a real SMTP sink. */
export async function startMailingServer(): Promise<MailingServer> {
  const sink = await SmtpSink.start();
  const dataDir = await mkdtemp(path.join(tmpdir(), "tumble-e2e-auth-"));
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: path.join(dataDir, "data"),
        SEED: "demo",
        SMTP_URL: sink.url,
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(ROOT, "web/dist"),
        LANDING_DIST_DIR: process.env.LANDING_DIST_DIR ?? path.join(ROOT, "landing/dist"),
      },
      90_000,
    );
  } catch (error) {
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    sink,
    async stop() {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
      await sink.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
