import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 18: a manager opens the current pay period, sees that an entry is not verified and so not
// paid, verifies it, locks the period, and downloads the employee's statement (PDF) and the
// provider CSV; the test reads both files.

const dateIn = (at: number, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The instant a store's wall clock shows `hhmm` on `date`. */
function wallClock(date: string, hhmm: string, timeZone: string): number {
  const guess = Date.parse(`${date}T${hhmm}:00Z`);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(guess);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const shown = Date.parse(`${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:00Z`);
  return guess - (shown - guess);
}

test("a manager verifies the period's time, locks it and downloads the statement and the provider CSV", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const stores = await manager.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === world.storeId)!.timeZone;
  const today = dateIn(Date.now(), timeZone);
  const tag = Date.now().toString(36).slice(-5);
  const name = "Lena Ortiz";
  const username = `lena${tag}`;

  // An hourly attendant at $18.00 an hour since a month ago.
  const { employeeId } = await manager.call<{ employeeId: string }>("mutation", "employees:create", {
    name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [world.storeId],
    payType: "hourly",
    rateCents: 1800,
    effectiveFrom: addDays(today, -30),
    username,
    pin: "2468",
  });

  // She punches at the store's kiosk; a manager sets the day to 8:00–16:30 with a 30-minute break (8 hours), not yet verified.
  const { kioskToken } = await manager.call<{ kioskToken: string }>("mutation", "kiosks:register", { storeId: world.storeId, name: "Payroll tablet" });
  for (const action of ["clockIn", "clockOut"]) {
    const response = await fetch(`${baseURL}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "timeclock:punch", args: { kioskToken, username, pin: "2468", action }, format: "json" }),
    });
    expect(((await response.json()) as { status: string }).status).toBe("success");
  }
  const queue = await manager.call<{ entries: Array<{ _id: string; employeeId: string }> }>("query", "timeEntries:list", {
    from: today,
    to: today,
    status: "all",
  });
  const entryId = queue.entries.find((e) => e.employeeId === employeeId)!._id;
  await manager.call("mutation", "timeclock:correct", {
    entryId,
    clockInAt: wallClock(today, "08:00", timeZone),
    clockOutAt: wallClock(today, "16:30", timeZone),
    breakMinutes: 30,
    reason: "Forgot to punch",
  });

  // The dashboard's current period warns about the unverified entry; the manager opens the period.
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto("/payroll/dashboard");
  // The first screen of a fresh page loads its code and texts: allow for a busy machine.
  await expect(page.getByRole("heading", { name: "Payroll dashboard", level: 1 })).toBeVisible({ timeout: 30_000 });
  const currentCard = page.getByTestId("dashboard-current");
  await expect(currentCard.getByTestId("dashboard-current-warnings")).toContainText("1 unverified entry not included");
  await currentCard.getByRole("link", { name: "Open the period" }).click();

  const detail = page.getByTestId("period-detail");
  await expect(detail).toHaveAttribute("data-status", "open");
  const warning = page.getByTestId("unverified-warning");
  await expect(warning).toContainText("1 unverified entry is not included");
  await expect(warning.getByTestId("not-included-entry")).toContainText(name);
  // Unverified time is not paid: she has no line yet.
  await expect(page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`))).toHaveCount(0);

  // Verified on the verification screen the warning links to.
  await warning.getByTestId("verify-link").click();
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`));
  await row.getByRole("button", { name: `Approve ${name}'s entry` }).click();
  await expect(page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`))).toHaveCount(0);
  await page.goBack();

  await expect(page.getByTestId("unverified-warning")).toHaveCount(0);
  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(line).toHaveAttribute("data-gross", "14400");
  await expect(line).toContainText("8.00");
  await expect(line).toContainText("$144.00");

  // Drilling into her line shows the day and its entry.
  await line.getByText(name).click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer.getByTestId("line-day")).toHaveCount(1);
  await expect(drawer.getByTestId("line-gross")).toContainText("$144.00");
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();

  // Lock.
  await page.getByTestId("lock-period").click();
  await page.getByTestId("confirm-lock").click();
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(page.getByTestId("period-events")).toContainText("Locked by");

  // The statement PDF: a real PDF with her name in it.
  const [pdf] = await Promise.all([page.waitForEvent("download"), line.getByRole("button", { name: `Download ${name}'s statement` }).click()]);
  const pdfPath = await pdf.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain(name);
  expect(text).toContain("144.00");

  // The provider CSV: her row with 8.00 regular hours and the gross.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const rows = readFileSync(await csv.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  const herRow = rows.find((r) => r.includes(name));
  expect(herRow, rows.join("\n")).toBeDefined();
  expect(herRow).toMatch(/(^|,)"?8\.00"?(,|$)/);
  expect(herRow).toMatch(/(^|,)"?144\.00"?(,|$)/);
  expect(errors).toEqual([]);
});
