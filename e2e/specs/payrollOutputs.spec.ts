import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { addDays, dateIn } from "../support/workday";

// Issue 30, what payroll hands an accountant: the owner sets the employer's address on the
// company settings, locks the period (its figures become version 1, which the period and the
// statement's file name say), and downloads the period's file in Gusto's layout from the payroll
// reports, which warns that the person has no Gusto id yet.

/**
 * An hourly attendant at $20.00 who punched at the store's kiosk, the entry set to the last two
 * hours before now (an entry may not end in the future, whatever the hour the test runs at).
 */
async function recentWorkday(baseURL: string, manager: Api, storeId: string, name: string) {
  const stores = await manager.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === storeId)!.timeZone;
  const username = `lena${Date.now().toString(36).slice(-5)}`;
  const { employeeId } = await manager.call<{ employeeId: string }>("mutation", "employees:create", {
    ...{ name, email: "", phone: "", position: "Attendant", hireDate: "", storeIds: [storeId] },
    ...{ payType: "hourly", rateCents: 2000, effectiveFrom: addDays(dateIn(Date.now(), timeZone), -30), username, pin: "2468" },
  });
  const { kioskToken } = await manager.call<{ kioskToken: string }>("mutation", "kiosks:register", { storeId, name: `Outputs tablet ${username}` });
  for (const action of ["clockIn", "clockOut"]) {
    const response = await fetch(`${baseURL}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "timeclock:punch", args: { kioskToken, username, pin: "2468", action }, format: "json" }),
    });
    expect(((await response.json()) as { status: string }).status).toBe("success");
  }
  const today = dateIn(Date.now(), timeZone);
  const queue = await manager.call<{ entries: Array<{ _id: string; employeeId: string }> }>("query", "timeEntries:list", {
    from: today,
    to: today,
    status: "all",
  });
  const entryId = queue.entries.find((e) => e.employeeId === employeeId)!._id;
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const start = end - 2 * 3_600_000;
  await manager.call("mutation", "timeclock:correct", { entryId, clockInAt: start, clockOutAt: end, breakMinutes: 0, reason: "Forgot to punch" });
  return { entryId, date: dateIn(start, timeZone) };
}

test("an owner sets the employer address, locks version 1 and downloads the Gusto file", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const name = "Lena Ortiz";
  const { entryId, date } = await recentWorkday(baseURL!, owner, world.storeId, name);
  await owner.call("mutation", "timeEntries:approve", { entryIds: [entryId] });
  const periods = await owner.call<Array<{ id: string; startsOn: string; endsOn: string }>>("query", "payPeriods:list", {});
  const periodId = periods.find((p) => p.startsOn <= date && date <= p.endsOn)!.id;

  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world));
  await page.goto("/company/settings");
  await page.getByLabel("Employer address").fill("12 Main St\nSpringfield, IL 62701");
  await page.getByLabel("Employer ID number (EIN)").fill("12-3456789");
  await page.getByTestId("save-profile").click();
  await expect(page.getByText("saved").first()).toBeVisible();

  await page.goto(`/payroll/pay-periods?period=${periodId}`);
  const detail = page.getByTestId("period-detail");
  await expect(detail).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("period-version")).toHaveCount(0);
  await page.getByTestId("lock-period").click();
  await page.getByTestId("confirm-lock").click();
  const early = page.getByTestId("lock-override-dialog");
  // Before its last day (as usual) locking asks why; a period that has ended locks at once.
  await expect(early.or(page.getByTestId("period-version"))).toBeVisible();
  if (await early.isVisible()) {
    await early.getByLabel("Why lock before the period ends").fill("The provider closes its run today");
    await early.getByRole("button", { name: "Lock anyway" }).click();
  }
  await expect(detail).toHaveAttribute("data-status", "locked");
  await expect(page.getByTestId("period-version")).toHaveText("Version 1");

  const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
  await line.getByText(name).click();
  const drawer = page.getByRole("dialog", { name });
  const statement = page.waitForEvent("download");
  await drawer.getByRole("button", { name: /statement/i }).click();
  expect((await statement).suggestedFilename()).toMatch(/^statement-Lena-Ortiz-\d{4}-\d{2}-\d{2}-v1\.pdf$/);
  await drawer.getByRole("button", { name: "Close" }).click();

  await page.goto("/payroll/reports");
  const card = page.getByTestId("provider-export-card");
  await card.getByRole("combobox", { name: "Format" }).click();
  await page.getByRole("option", { name: "Gusto" }).click();
  const csv = page.waitForEvent("download");
  await card.getByTestId("provider-export-download").click();
  expect((await csv).suggestedFilename()).toMatch(/^payroll-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-gusto-v1\.csv$/);
  await expect(card.getByTestId("provider-export-version")).toContainText("figures of version 1");
  await expect(card.getByTestId("provider-export-missing")).toContainText(name);
  expect(errors).toEqual([]);
});
