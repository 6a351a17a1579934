import { execFileSync } from "node:child_process";
import { Api } from "../support/api";
import { toast } from "../support/auth";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";
import { addDays, dateIn } from "../support/workday";

// Issue 30, decision 0055: an attendant who also runs the collection route. A manager adds the
// second job on her profile; a week of both is paid with overtime on all her hours at the weighted
// rate, and the pay line and the statement list hours and pay per job.

const WEEKLY = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" };

test("a two-job employee's week is paid on all her hours, per job on the line and the statement", async ({ page, baseURL, world }) => {
  test.setTimeout(150_000);
  const name = "Lena Ortiz";
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  await owner.call("mutation", "companySettings:update", { section: "workforce", values: WEEKLY });
  const stores = await owner.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === world.storeId)!.timeZone;
  const today = dateIn(Date.now(), timeZone);
  const username = `lena${Date.now().toString(36).slice(-5)}`;
  const { employeeId } = await owner.call<{ employeeId: string }>("mutation", "employees:create", {
    name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [world.storeId],
    payType: "hourly",
    rateCents: 1200,
    effectiveFrom: addDays(today, -60),
    username,
    pin: "2468",
  });

  await test.step("the manager adds the route job on her profile", async () => {
    await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
    await page.goto("/employee-management/profiles");
    await expect(page.getByRole("heading", { name: "Employee profiles", level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("employee-search").fill(username);
    await page
      .getByTestId("employee-row")
      .and(page.locator(`[data-username="${username}"]`))
      .click();
    const profile = page.getByTestId("employee-profile");
    await profile.getByTestId("job-add").click();
    const form = page.getByRole("dialog", { name: `Add a job for ${name}` });
    await form.getByTestId("job-submit").click();
    await expect(form.getByText("Name the job")).toBeVisible();
    await form.getByTestId("job-title").fill("Route collections");
    await form.getByTestId("job-rate").fill("18");
    await form.getByTestId("job-effective-from").fill(addDays(today, -60));
    await form.getByTestId("job-submit").click();
    await expect(toast(page, "Job added")).toBeVisible();
    const route = profile.getByTestId("job-row").filter({ hasText: "Route collections" });
    await expect(route).toContainText("$18.00 / hour");
    await expect(profile.getByTestId("job-row").first()).toContainText("Attendant");
  });

  // Set-up through the API: the week before this one, Monday to Wednesday 10 h as an attendant
  // and Thursday, Friday 10 h on the route, added by the owner and approved by the manager.
  const profile = await owner.call<{ jobs: Array<{ _id: string; title: string }> }>("query", "employees:get", { employeeId });
  const route = profile.jobs.find((j) => j.title === "Route collections")!._id;
  const periods = () => owner.call<Array<{ id: string; startsOn: string; endsOn: string }>>("query", "payPeriods:list", {});
  const current = (await periods()).find((p) => p.startsOn <= today && today <= p.endsOn)!;
  // Weekly: the period before the current one (offered once it holds time).
  const weekStart = addDays(current.startsOn, -7);
  const at = (date: string, hhmm: string) => {
    const guess = Date.parse(`${date}T${hhmm}:00Z`);
    const shown = Date.parse(
      new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
        .format(guess)
        .replace(" ", "T") + ":00Z",
    );
    return guess - (shown - guess);
  };
  const ids: string[] = [];
  for (const [day, jobId] of [
    [1, null],
    [2, null],
    [3, null],
    [4, route],
    [5, route],
  ] as const) {
    const date = addDays(weekStart, day);
    const { entryId } = await owner.call<{ entryId: string }>("mutation", "timeEntries:add", {
      employeeId,
      storeId: world.storeId,
      clockIn: at(date, "07:00"),
      clockOut: at(date, "17:00"),
      breaks: 0,
      reason: "Paper timesheet",
      jobId,
    });
    ids.push(entryId);
  }
  await manager.call("mutation", "timeEntries:approve", { entryIds: ids });
  const week = (await periods()).find((p) => p.startsOn === weekStart)!;

  await test.step("in Spanish, the pay line adds her hours: 30 h × $12.00 + 20 h × $18.00 + 10 h × ½ × $14.40 = $792.00", async () => {
    await signInWithSelection(page, baseURL!, world.users.OWNER, selectionOf(world), "es");
    await page.goto(`/payroll/pay-periods?period=${week.id}`);
    // The first screen of a fresh page loads its code and texts, then the Spanish ones: allow for a busy machine.
    await expect(page.getByRole("heading", { name: "Pay periods", level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Periodos de pago", level: 1 })).toBeVisible({ timeout: 30_000 });
    const line = page.getByTestId("pay-line-row").and(page.locator(`[data-employee="${name}"]`));
    await expect(line).toHaveAttribute("data-gross", "79200", { timeout: 30_000 });
    await line.getByText(name).click();
    const drawer = page.getByRole("dialog", { name });
    const jobs = drawer.getByTestId("line-jobs");
    await expect(jobs.getByRole("heading", { name: "Por trabajo" })).toBeVisible();
    await expect(jobs.getByTestId("line-job")).toHaveCount(2);
    await expect(jobs.getByTestId("line-job").nth(0)).toContainText("Attendant · 30.00 h");
    await expect(jobs.getByTestId("line-job").nth(0)).toContainText("$360.00");
    await expect(jobs.getByTestId("line-job").nth(1)).toContainText("Route collections · 20.00 h");
    await expect(jobs.getByTestId("line-job").nth(1)).toContainText("$360.00");
    await expect(drawer.getByTestId("line-gross")).toContainText("$792.00");
    await expect(drawer.getByTestId("line-day").filter({ hasText: "Route collections" })).toHaveCount(2);

    const [pdf] = await Promise.all([page.waitForEvent("download"), drawer.getByRole("button", { name: "Comprobante (PDF)" }).click()]);
    const text = execFileSync("pdftotext", ["-layout", await pdf.path(), "-"], { encoding: "utf8" });
    expect(text).toContain("Hours and pay by job");
    expect(text).toMatch(/Route collections\s+20\.00\s+\$360\.00/);
    expect(text).toMatch(/Gross pay\s+\$792\.00/);
  });
});
