import type { Page } from "@playwright/test";
import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { addDays, dateIn } from "../support/workday";

// Issue 30: a shift the person worked and forgot to punch, added by hand from the verification
// queue. It waits for a manager other than the one who added it; once approved it is paid in its
// period, and when that period was already paid, in the next open one as a prior-period line.

const WEEKLY = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" };

interface Period {
  id: string;
  startsOn: string;
  endsOn: string;
  status: string;
}

/** A weekly-paid company with an hourly attendant at $15.00 since two months ago. */
async function setUp(baseURL: string, world: { storeId: string; users: Record<string, string> }, name: string) {
  const owner = await Api.as(baseURL, world.users.OWNER);
  const manager = await Api.as(baseURL, world.users.MANAGER);
  await owner.call("mutation", "companySettings:update", { section: "workforce", values: WEEKLY });
  const stores = await owner.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === world.storeId)!.timeZone;
  const today = dateIn(Date.now(), timeZone);
  const { employeeId } = await owner.call<{ employeeId: string }>("mutation", "employees:create", {
    name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [world.storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: addDays(today, -60),
    username: `${name.split(" ")[0]!.toLowerCase()}${Date.now().toString(36).slice(-5)}`,
    pin: "2468",
  });
  const entriesOf = async (from: string, to: string) =>
    (
      await owner.call<{ entries: Array<{ _id: string; employeeId: string; businessDate: string }> }>("query", "timeEntries:list", {
        from,
        to,
        status: "all",
      })
    ).entries.filter((e) => e.employeeId === employeeId);
  const periodOf = async (date: string) => (await owner.call<Period[]>("query", "payPeriods:list", {})).find((p) => p.startsOn <= date && date <= p.endsOn)!;
  return { owner, manager, timeZone, today, employeeId, entriesOf, periodOf };
}

/** Fills and sends the "Add a missing shift" dialog of the verification queue. */
async function addShift(page: Page, shift: { name: string; date: string; start: string; end: string; breakMinutes?: number; reason: string }) {
  await page.getByTestId("add-shift").click();
  const dialog = page.getByRole("dialog", { name: "Add a missing shift" });
  await dialog.getByRole("combobox", { name: "Employee" }).click();
  await page.getByRole("option", { name: shift.name, exact: true }).click();
  await dialog.getByLabel("Date").fill(shift.date);
  await dialog.getByLabel("Start").fill(shift.start);
  await dialog.getByLabel("End").fill(shift.end);
  if (shift.breakMinutes) await dialog.getByLabel("Break (minutes)").fill(String(shift.breakMinutes));
  await dialog.getByLabel("Reason").fill(shift.reason);
  await dialog.getByRole("button", { name: "Add shift" }).click();
  return dialog;
}

test("a manager adds a forgotten shift, another manager approves it and the period pays it", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const name = "Rosa Vega";
  const { owner, timeZone, employeeId, entriesOf, periodOf } = await setUp(baseURL!, world, name);
  // 01:00–09:00, 8 hours, on a day already over: today after 10:00 at the store, else yesterday.
  const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(Date.now()));
  const date = hour >= 10 ? dateIn(Date.now(), timeZone) : addDays(dateIn(Date.now(), timeZone), -1);

  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/time-entry-verification?from=${date}&to=${date}&status=all`);
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible({ timeout: 30_000 });
  const dialog = await addShift(page, { name, date, start: "01:00", end: "09:00", reason: "Kiosk was down all morning" });
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(row.getByTestId("entry-manual")).toContainText("Added by hand");
  await expect(row.getByTestId("entry-manual")).toContainText("Kiosk was down all morning");

  // The same hours again: refused, the server's reason shown in the dialog.
  const again = await addShift(page, { name, date, start: "02:00", end: "04:00", reason: "Twice" });
  await expect(again.getByRole("alert")).toHaveText("This time overlaps another entry of the same person: correct that one first");
  await again.getByRole("button", { name: "Cancel" }).click();

  // Nobody approves their own work.
  await row.getByRole("button", { name: `Approve ${name}'s entry` }).click();
  await expect(page.getByText("You added this entry; another manager must approve it")).toBeVisible();
  await expect(row).toHaveAttribute("data-status", "pending");

  // Another manager (the owner) approves it.
  const [entry] = await entriesOf(date, date);
  await owner.call("mutation", "timeEntries:approve", { entryIds: [entry!._id] });
  await expect(row).toHaveAttribute("data-status", "approved");

  // Its period pays 8 h × $15.00 = $120.00.
  const period = await periodOf(date);
  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world));
  await page.goto(`/payroll/pay-periods?period=${period.id}`);
  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(line).toHaveAttribute("data-gross", "12000", { timeout: 30_000 });
  await expect(line).toContainText("8.00");
  await expect(line).toContainText("$120.00");
  expect(employeeId).toBeTruthy();
});

test("a shift added to a paid period is paid in the next open period as a prior-period line", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const name = "Tomas Reyes";
  const { owner, manager, timeZone, today, employeeId, entriesOf, periodOf } = await setUp(baseURL!, world, name);
  // A Wednesday of the week before last: its period is over, the one after it is open.
  const current = await periodOf(today);
  const paidPeriodStart = addDays(current.startsOn, -14);
  const wednesday = addDays(paidPeriodStart, 3);
  const at = (date: string, hhmm: string) => {
    // The instant the store's clock shows hhmm on date.
    const guess = Date.parse(`${date}T${hhmm}:00Z`);
    const shown = Date.parse(
      new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
        .format(guess)
        .replace(" ", "T") + ":00Z",
    );
    return guess - (shown - guess);
  };
  // Set-up through the API: the owner adds its 8 h, the manager approves, the owner locks and pays the period ($120.00).
  const { entryId } = await owner.call<{ entryId: string }>("mutation", "timeEntries:add", {
    employeeId,
    storeId: world.storeId,
    clockIn: at(wednesday, "09:00"),
    clockOut: at(wednesday, "17:00"),
    breaks: 0,
    reason: "Forgot to punch",
  });
  await manager.call("mutation", "timeEntries:approve", { entryIds: [entryId] });
  const paid = await periodOf(wednesday);
  await owner.call("mutation", "payPeriods:lock", { periodId: paid.id });
  await owner.call("mutation", "payPeriods:markPaid", { periodId: paid.id });
  const next = await periodOf(addDays(paid.endsOn, 1));

  // The manager adds the Thursday they also forgot: 09:00–13:30 with a 30-minute break, 4 h.
  const thursday = addDays(wednesday, 1);
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/time-entry-verification?from=${paid.startsOn}&to=${paid.endsOn}&status=all`);
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible({ timeout: 30_000 });
  const dialog = await addShift(page, { name, date: thursday, start: "09:00", end: "13:30", breakMinutes: 30, reason: "Covered the morning, no punch" });
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId("verification-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(rows).toHaveCount(2);
  await expect(rows.and(page.locator('[data-status="pending"]')).getByTestId("entry-manual")).toContainText("Covered the morning, no punch");

  // The owner approves it: the paid period keeps its $120.00, the next open one pays 4 h × $15.00 = $60.00.
  const added = (await entriesOf(thursday, thursday))[0]!;
  await owner.call("mutation", "timeEntries:approve", { entryIds: [added._id] });
  await expect(rows.and(page.locator('[data-status="approved"]'))).toHaveCount(2);
  const frozen = await owner.call<{ grossCents: number }>("query", "payPeriods:get", { periodId: paid.id });
  expect(frozen.grossCents).toBe(12_000);

  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world));
  await page.goto(`/payroll/pay-periods?period=${next.id}&employee=${employeeId}`);
  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await expect(line).toHaveAttribute("data-gross", "6000", { timeout: 30_000 });
  const prior = page.getByTestId("line-prior-period");
  await expect(prior).toHaveCount(1);
  await expect(prior).toContainText("already paid period");
  await expect(prior).toContainText("4.00 more");
  await expect(prior).toContainText("$60.00");

  // In Spanish, the queue marks the shift as added by hand.
  await owner.call("mutation", "users:updateLanguagePreference", { language: "es" });
  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world), "es");
  await page.goto(`/employee-management/time-entry-verification?from=${thursday}&to=${thursday}&status=all`);
  await expect(
    page
      .getByTestId("verification-row")
      .and(page.locator(`[data-employee="${name}"]`))
      .getByTestId("entry-manual"),
  ).toContainText("Añadido a mano", { timeout: 30_000 });
});
