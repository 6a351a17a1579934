import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { startServerProcess, type ServerProcess } from "../../server/test/support/serverProcess.ts";
import { apiSignIn, expect, test } from "../support/fixtures.ts";

// Issue 20, system-admin/backup: a system admin takes a backup and watches its progress bar, a
// company is renamed afterwards, and restoring the backup (after a confirmation naming what is
// replaced) brings the old name back. A restore replaces the whole database, so the journey runs
// against a server of its own: journeys running beside it keep their data.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dist = (variable: string, fallback: string) => path.resolve(ROOT, process.env[variable] ?? fallback);

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A fresh demo database is seeded first, which takes a while on a busy machine.
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-e2e-backup-"));
  server = await startServerProcess(
    {
      DATA_DIR: path.join(dataDir, "db"),
      BACKUP_DIR: path.join(dataDir, "backups"),
      SEED: "demo",
      WEB_DIST_DIR: dist("WEB_DIST_DIR", "web/dist"),
      LANDING_DIST_DIR: dist("LANDING_DIST_DIR", "landing/dist"),
    },
    220_000,
  );
});

test.afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(kind: "query" | "mutation", token: string, fn: string, args: object): Promise<T> {
  const response = await fetch(`${server.url}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ path: fn, args, format: "json" }),
  });
  const body = (await response.json()) as { value?: T; errorMessage?: string };
  if (response.status !== 200) throw new Error(body.errorMessage);
  return body.value as T;
}

/** Remembers the highest value the progress bar showed, however briefly it was on screen. */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { progressSeen: number[] };
    w.progressSeen = [];
    const look = () => {
      const bar = document.querySelector('[data-testid="backup-progress"] [role="progressbar"]');
      if (bar) w.progressSeen.push(Number(bar.getAttribute("aria-valuenow") ?? "0"));
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);

test("a system admin takes a backup with a progress bar and restores it", async ({ page }) => {
  test.setTimeout(120_000);
  const tokens = await apiSignIn(server.url, "sysadmin@demo.test");
  await page.goto(`${server.url}/api/health`);
  await page.evaluate(
    ([token, refreshToken]) => {
      window.localStorage.setItem("tumble.auth.token", token);
      window.localStorage.setItem("tumble.auth.refreshToken", refreshToken);
    },
    [tokens.token, tokens.refreshToken] as const,
  );
  await page.goto(`${server.url}/system-admin/backup`);
  await expect(page.getByRole("heading", { name: "Backup and restore", level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("No backups yet.")).toBeVisible();

  await test.step("back up now, with the progress bar", async () => {
    await watchProgress(page);
    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(page.getByText(/^Backup complete \(\d/)).toBeVisible({ timeout: 60_000 });
    const rows = page.getByTestId("backup-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-status", "ready");
    await expect(rows.first()).toContainText("Taken by hand");
    await expect(rows.first()).toContainText(/\d+(\.\d)? (KB|MB)/);
    const seen = await progressSeen(page);
    expect(seen.length, "the progress bar was shown").toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath("backup-listed.png"), fullPage: true });
  });

  const companies = await call<Array<{ id: string; name: string; companyCode: string }>>("query", tokens.token, "systemAdmin:listCompanies", {});
  const rio = companies.find((c) => c.companyCode === "CMP100001")!;
  await call("mutation", tokens.token, "systemAdmin:updateCompany", { companyId: rio.id, name: "Renamed after the backup" });

  await test.step("restore it after a confirmation naming what is replaced", async () => {
    await watchProgress(page);
    await page
      .getByTestId("backup-row")
      .first()
      .getByRole("button", { name: /Actions for the backup of/ })
      .click();
    await page.getByRole("menuitem", { name: "Restore…" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore this backup?" });
    await expect(dialog).toContainText(`${companies.length} companies`);
    await expect(dialog).toContainText(/Changes made since then are lost/);
    await page.screenshot({ path: test.info().outputPath("backup-restore-confirm.png") });
    await dialog.getByTestId("confirm-restore-backup").click();
    await expect(page.getByText(/^The backup of .* is restored$/)).toBeVisible({ timeout: 60_000 });
    expect((await progressSeen(page)).length, "the restore showed its progress").toBeGreaterThan(0);
  });

  const after = await call<Array<{ id: string; name: string }>>("query", tokens.token, "systemAdmin:listCompanies", {});
  expect(after.find((c) => c.id === rio.id)?.name).toBe(rio.name);
});
