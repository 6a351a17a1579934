import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 18: an owner opens employee-management/analytics and payroll/reports on a range holding
// one verified four-hour shift of a $15.00/h attendant, and reads its hours and its cost: 4.0
// hours worked, $60.00 of labour. The shift is punched at the store's kiosk while it was offline
// two days ago (the device times count), and a manager approves it.

const H = 3_600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test("an owner reads a verified shift's hours on analytics and its cost on payroll reports", async ({ page, baseURL, world }) => {
  test.setTimeout(90_000);
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const username = `lab${Date.now() % 1_000_000}`;
  const { employeeId } = await owner.call<{ employeeId: string }>("mutation", "employees:create", {
    name: "Lucia Analytics",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [world.storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: day(Date.now() - 30 * 24 * H),
    username,
    pin: "2468",
  });
  const { kioskToken } = await owner.call<{ kioskToken: string }>("mutation", "kiosks:register", { storeId: world.storeId, name: "Analytics tablet" });
  const clockIn = Date.now() - 50 * H;
  for (const [action, deviceTime] of [
    ["clockIn", clockIn],
    ["clockOut", clockIn + 4 * H],
  ] as const) {
    const response = await fetch(`${baseURL}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        path: "timeclock:punch",
        args: { kioskToken, username, pin: "2468", action, offline: true, deviceTime, clientPunchId: `${username}-${action}` },
        format: "json",
      }),
    });
    expect(((await response.json()) as { status: string }).status).toBe("success");
  }
  const [from, to] = [day(clockIn - 24 * H), day(Date.now())];
  const queue = await owner.call<{ entries: Array<{ _id: string; employeeId: string }> }>("query", "timeEntries:list", { from, to, status: "all" });
  await owner.call("mutation", "timeEntries:approve", { entryIds: queue.entries.filter((e) => e.employeeId === employeeId).map((e) => e._id) });

  await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf({ storeId: world.storeId, storeName: world.storeName }, from, to));
  await page.goto("/employee-management/analytics");
  await expect(page.getByRole("heading", { name: "Labour analytics", level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId("analytics-employee-row").filter({ hasText: "Lucia Analytics" });
  await expect(row).toHaveAttribute("data-worked", "240");
  await expect(row).toContainText("4.0");
  await expect(page.getByTestId("kpi-worked-value")).toHaveText("4.0 h");
  await expect(page.getByTestId("hours-by-day-chart")).toBeVisible();

  await page.goto("/payroll/reports");
  await expect(page.getByRole("heading", { name: "Payroll reports", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("kpi-labour-cost-value")).toHaveText("$60.00");
  await expect(page.getByTestId("payroll-reports-store-row").first()).toHaveAttribute("data-cost", "6000");
  await expect(page.getByTestId("cost-period-chart")).toBeVisible();
});
