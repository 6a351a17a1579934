import { apiSignIn, expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Reconciliation periods: an admin closes the world store's safe for a period against a count
// (the figures as a statement, each figure opening to its entries); the period then shows as
// closed with who closed it, no entry can be dated inside it, and it is listed with its
// over/short. An admin cannot reopen it; the owner can, and must give a reason.

async function call<T>(baseURL: string, token: string, kind: "query" | "mutation", path: string, args: object): Promise<T> {
  const response = await fetch(`${baseURL}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  const body = (await response.json()) as { value?: T; errorMessage?: string };
  if (body.errorMessage !== undefined) throw new Error(body.errorMessage);
  return body.value as T;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("an admin closes a period against a count, it locks and is listed; only the owner reopens it, with a reason", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const manager = (await apiSignIn(base, world.users.MANAGER)).token;
  const stores = await call<Array<{ _id: string; timeZone: string }>>(base, manager, "query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === world.storeId)!.timeZone;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const from = addDays(today, -20);

  await test.step("the manager counts the safe, five dollars short", async () => {
    const accounts = await call<Array<{ _id: string; kind: string; balanceCents: number }>>(base, manager, "query", "cashAccounts:list", {
      storeId: world.storeId,
    });
    const safe = accounts.find((a) => a.kind === "safe")!;
    const { countId } = await call<{ countId: string }>(base, manager, "mutation", "physicalCounts:start", {
      accountId: safe._id,
      blind: false,
      idempotencyKey: `start-${world.storeId}`,
    });
    const counted = safe.balanceCents - 500;
    await call(base, manager, "mutation", "physicalCounts:submit", {
      countId,
      denominations: { bill_10000: Math.floor(counted / 10000), bill_100: Math.floor((counted % 10000) / 100), coin_1: counted % 100 },
      idempotencyKey: `submit-${countId}`,
    });
  });

  await test.step("the admin sees the statement, opens a figure's entries and closes the period", async () => {
    await signInWithSelection(page, base, world.users.ADMIN, selectionOf(world, from, today));
    await page.goto("/laundromat/reconciliation");
    await expect(page.getByRole("heading", { name: "Reconciliation", level: 1 })).toBeVisible();
    await expect(page.getByTestId("period-open")).toContainText("No period of this store is closed yet");
    await expect(page.getByTestId("figure-variance-amount")).toHaveText("-$5.00");
    await expect(page.getByTestId("variance-tone")).toHaveText("Short");
    await page.getByTestId("figure-collections").getByRole("button").first().click();
    await expect(page.getByTestId("entries-collections").getByTestId("figure-entry").first()).toBeVisible();
    await expect(page).toHaveURL(/figure=collections/);
    await page.getByTestId("close-period").click();
    await page.getByTestId("close-note").fill("Five short; the manager recounts tomorrow.");
    await page.getByTestId("close-confirm").click();
    await expect(page.getByTestId("period-closed")).toContainText("Five short; the manager recounts tomorrow.");
    await expect(page.getByTestId("close-period")).toHaveCount(0);
  });

  await test.step("no entry can be dated inside the closed period", async () => {
    const error = await call(base, manager, "mutation", "cashTransactions:create", {
      kind: "expense",
      storeId: world.storeId,
      amountCents: 1000,
      description: "Soap",
      category: "supplies",
      payee: "Supplier",
      businessDate: addDays(from, 1),
      idempotencyKey: `expense-${world.storeId}`,
    }).catch((e: Error) => e.message);
    expect(error).toContain(`period ${from} to ${today} is closed`);
  });

  await test.step("the period is listed with its over/short; an admin cannot reopen it", async () => {
    await page.getByTestId("reconciliation-tab-history").click();
    await expect(page).toHaveURL(/tab=history/);
    const row = page.getByTestId("period-row");
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-status", "closed");
    await expect(row).toHaveAttribute("data-variance", "-500");
    await expect(page.getByTestId("stat-total-value")).toHaveText("-$5.00");
    await expect(page.getByTestId("over-short-chart")).toBeVisible();
    await expect(page.getByTestId("reopen-period")).toHaveCount(0);
  });

  await test.step("the owner reopens it with a reason; the period is open again", async () => {
    await signInWithSelection(page, base, world.users.OWNER, selectionOf(world, from, today));
    await page.goto("/laundromat/reconciliation?tab=history");
    await page.getByTestId("reopen-period").click();
    await page.getByTestId("reopen-confirm").click();
    await expect(page.getByText("Give a reason for reopening")).toBeVisible();
    await page.getByTestId("reopen-reason").fill("The count missed a bag of quarters");
    await page.getByTestId("reopen-confirm").click();
    await expect(page.getByTestId("period-row")).toHaveAttribute("data-status", "reopened");
    await expect(page.getByTestId("reopen-period")).toHaveCount(0);
    await page.getByTestId("reconciliation-tab-period").click();
    await expect(page.getByTestId("period-open")).toBeVisible();
    await expect(page.getByTestId("close-period")).toBeVisible();
  });
});
