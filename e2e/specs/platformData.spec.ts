import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "../support/fixtures";
import { Api } from "../support/api";

// Issue 20: a system admin adjusts a cash account of a company of the test's own (a ledger entry
// with a reason, shown in the audit list with the balance before and after), then exports that
// company's data as a zip and gets the file.

test.use({ viewport: { width: 1366, height: 900 } });

test("a system admin adjusts a balance and exports the company", async ({ page, signInAs, world, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await Api.as(baseURL!, "sysadmin@demo.test");
  const before = await admin.call<{ accounts: { id: string; name: string; storeName: string | null; kind: string; balanceCents: number }[] }>(
    "query",
    "balanceAdmin:accounts",
    { companyId: world.companyId },
  );
  const safe = before.accounts.find((a) => a.kind === "safe" && a.storeName === world.storeName)!;
  expect(safe).toBeTruthy();

  await signInAs("sysadmin@demo.test");
  await page.goto(`/system-admin/balance-admin?company=${world.companyId}`);
  // The first screen of a fresh browser loads its chunk, translations and live queries.
  await expect(page.getByRole("heading", { level: 1, name: "Balance adjustments" })).toBeVisible({ timeout: 60_000 });
  const accounts = page.getByTestId("balance-accounts");
  await accounts.getByRole("button", { name: `Adjust ${world.storeName} · ${safe.name}` }).click({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: `Adjust ${world.storeName} · ${safe.name}` })).toBeVisible();

  // The reason is required: nothing is posted without it.
  await page.getByTestId("balance-amount").fill("12.34");
  await page.getByTestId("balance-submit").click();
  await expect(page.getByText("A reason is required")).toBeVisible();
  await page.getByTestId("balance-reason").fill("Recount after the safe audit");
  await page.getByTestId("balance-submit").click();
  await expect(page.getByText(/Adjustment posted/)).toBeVisible({ timeout: 30_000 });

  const after = safe.balanceCents + 1234;
  const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const history = page.getByTestId("balance-history");
  const row = history.getByRole("row").filter({ hasText: "Recount after the safe audit" });
  await expect(row).toContainText(world.companyName, { timeout: 30_000 });
  await expect(row).toContainText("+$12.34");
  await expect(row).toContainText(money(safe.balanceCents));
  await expect(row).toContainText(money(after));
  await expect(row).toContainText("Posted");
  await expect(accounts.getByRole("row").filter({ hasText: safe.name }).filter({ hasText: world.storeName })).toContainText(money(after));

  // The export of the same company: built in the background with its progress shown, then the zip is downloaded.
  await page.goto(`/system-admin/export?company=${world.companyId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Export data" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("export-run")).toBeEnabled({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await page.getByTestId("export-run").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`-${world.companyCode}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  // A zip (local file header "PK\x03\x04") holding the company's stores.
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
  expect(strFromU8(unzipSync(new Uint8Array(bytes))["stores.csv"]!)).toContain(world.storeName);
  await expect(page.getByTestId("export-result")).toContainText(/\d+ files, [\d,.]+ rows/);
});
