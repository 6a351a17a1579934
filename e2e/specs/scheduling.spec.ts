import { expectAccessibleInBothSchemes } from "../support/axe";
import type { Page } from "@playwright/test";
import { Api, createEmployee } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 17: a manager builds next week at the test company's store: adds shifts by clicking a
// cell, moves one by dragging and another with the keyboard only, and publishes. An employee
// scheduled at two stores gets overlapping shifts: the grid flags the overlap, publishing is
// refused until a reason is given, and with it the week is published. Axe finds nothing serious
// on the grid, light and dark. Issue 31: the day view is a timeline, a row per person scheduled
// that day and each shift a bar at its times that opens the same editor.

const nextWeekDate = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

async function addShift(page: Page, rowId: string, date: string, start?: string, end?: string) {
  await page.getByTestId(`add-${rowId}-${date}`).click();
  const form = page.getByRole("dialog", { name: "Shift" });
  if (start) await form.getByTestId("shift-start").fill(start);
  if (end) await form.getByTestId("shift-end").fill(end);
  await form.getByTestId("shift-save").click();
  await expect(form).toBeHidden();
}

test("a manager builds a week by clicking, drags one shift, moves one with the keyboard, and an overlap across stores blocks publish until a reason", async ({
  page,
  baseURL,
  world,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await Api.as(baseURL!, world.users.MANAGER);
  const { storeId: otherStore } = await api.call<{ storeId: string }>("mutation", "stores:create", {
    name: "Second Street",
    address: "2 Second St",
    timeZone: "America/Chicago",
  });
  const person = async (name: string, username: string, storeIds: string[]) =>
    (
      await api.call<{ employeeId: string }>("mutation", "employees:create", {
        name,
        email: "",
        phone: "",
        position: "Attendant",
        hireDate: "",
        storeIds,
        payType: "hourly",
        rateCents: 1500,
        effectiveFrom: "",
        username: `${username}${Date.now().toString(36).slice(-5)}`,
        pin: "4821",
      })
    ).employeeId;
  const ana = await person("Ana Both", "ana", [world.storeId, otherStore]);
  const ben = await person("Ben Here", "ben", [world.storeId]);
  const week = await api.call<{ weekStart: string; days: string[] }>("query", "shifts:listWeek", { storeId: world.storeId, weekStart: nextWeekDate() });
  const [sun, mon, tue, wed] = week.days;

  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/scheduling?store=${world.storeId}&week=${week.weekStart}`);
  // The first screen of a fresh page loads its code and texts: allow for a busy machine.
  await expect(page.getByRole("heading", { name: "Scheduling", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("row-open")).toBeVisible();

  await test.step("shifts are added by clicking a cell", async () => {
    await addShift(page, ben, mon!);
    await addShift(page, ana, tue!, "12:00", "20:00");
    await expect(page.getByTestId(`cell-${ben}-${mon}`).getByTestId("shift")).toContainText("09:00–17:00");
    await expect(page.getByTestId(`cell-${ana}-${tue}`).getByTestId("shift")).toHaveAttribute("data-status", "draft");
    await expect(page.getByTestId("forecast-" + mon)).toContainText("8 h");
    await expect(page.getByTestId("forecast-" + mon)).toContainText("$120.00");
  });

  await test.step("a shift moves by dragging it to another day", async () => {
    await page
      .getByTestId(`cell-${ana}-${tue}`)
      .getByTestId("shift")
      .dragTo(page.getByTestId(`cell-${ana}-${wed}`));
    await expect(page.getByTestId(`cell-${ana}-${wed}`).getByTestId("shift")).toContainText("12:00–20:00");
    await expect(page.getByTestId(`cell-${ana}-${tue}`).getByTestId("shift")).toHaveCount(0);
  });

  await test.step("and another with the keyboard alone: pick up, arrows, put down", async () => {
    const grip = page.getByTestId(`cell-${ben}-${mon}`).getByTestId("shift-grip");
    await grip.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("grid-announcement")).toContainText("Picked up");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp"); // to the open-shifts row... and back down to Ben
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId(`cell-${ben}-${sun}`).getByTestId("shift")).toContainText("09:00–17:00");
    await expect(page.getByTestId(`cell-${ben}-${mon}`).getByTestId("shift")).toHaveCount(0);
  });

  await test.step("the week publishes with no conflicts", async () => {
    await page.getByTestId("publish").click();
    await expect(page.getByText("Published 2 shifts; employees were told what changed")).toBeVisible();
    await expect(page.getByTestId("shift").first()).toHaveAttribute("data-status", "published");
    await expect(page.getByTestId("shift").nth(1)).toHaveAttribute("data-status", "published");
  });

  await test.step("an overlap with Ana's shift at the other store is flagged and blocks publish until a reason is given", async () => {
    await api.call("mutation", "shifts:create", { storeId: otherStore, employeeId: ana, date: wed, start: "08:00", end: "14:00", breakMinutes: 0 });
    await addShift(page, ana, tue!, "09:00", "13:00"); // an unpublished change to publish
    const flagged = page.getByTestId(`cell-${ana}-${wed}`).getByTestId("shift");
    await expect(flagged).toHaveAttribute("data-conflicts", /overlap/);
    await expect(page.getByTestId("conflicts-table")).toContainText("Overlaps another shift at Second Street");
    await page.getByTestId("publish").click();
    const dialog = page.getByRole("dialog", { name: "Publish over conflicts?" });
    await expect(dialog).toContainText("Ana Both: Overlaps another shift at Second Street");
    await expect(dialog.getByTestId("publish-override")).toBeDisabled();
    await expect(page.getByTestId(`cell-${ana}-${tue}`).getByTestId("shift")).toHaveAttribute("data-status", "draft");
    await dialog.getByTestId("override-reason").fill("Ana opens Second Street, then covers here");
    await dialog.getByTestId("publish-override").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`cell-${ana}-${tue}`).getByTestId("shift")).toHaveAttribute("data-status", "published");
  });
  expect(errors).toEqual([]);
});

test("the day view is a timeline: a row per person scheduled that day, each shift a bar at its times that opens the editor", async ({
  page,
  baseURL,
  world,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await Api.as(baseURL!, world.users.MANAGER);
  const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const week = await api.call<{ weekStart: string; days: string[] }>("query", "shifts:listWeek", { storeId: world.storeId, weekStart: from });
  const [, mon, tue, wed] = week.days;
  const suffix = Date.now().toString(36).slice(-5);
  const person = (name: string, username: string) => createEmployee(api, { name, username: `${username}${suffix}`, pin: "4821", storeIds: [world.storeId] });
  const ana = await person("Ana Early", "anae");
  const ben = await person("Ben Late", "benl");
  const cy = await person("Cy Elsewhere", "cye");
  const shift = (employeeId: string | null, date: string, start: string, end: string, breakMinutes = 0) =>
    api.call("mutation", "shifts:create", { storeId: world.storeId, employeeId, date, start, end, breakMinutes });
  await shift(ana, tue!, "07:00", "15:00", 30);
  await shift(ben, mon!, "22:00", "02:00"); // overnight into Tuesday
  await shift(ben, tue!, "14:00", "22:00");
  await shift(null, tue!, "10:00", "16:00");
  await shift(cy, wed!, "09:00", "17:00"); // another day: no row on Tuesday

  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/scheduling?store=${world.storeId}&week=${week.weekStart}&view=day&day=${tue}`);
  const timeline = page.getByTestId("day-timeline");
  await expect(timeline).toBeVisible({ timeout: 30_000 });

  await test.step("a row for the open shifts and one per person on Tuesday's schedule, nobody else", async () => {
    await expect(timeline.locator("[data-testid^='timeline-row-']")).toHaveCount(3);
    await expect(timeline.getByTestId("timeline-name")).toHaveText(["Open shifts", "Ana Early", "Ben Late"]);
    await expect(page.getByTestId(`timeline-row-${cy}`)).toHaveCount(0);
    await expect(page.getByTestId("timeline-row-open").getByTestId("shift-bar")).toContainText("10:00–16:00");
  });

  await test.step("each shift is a bar with its times and break, an overnight one clipped at midnight", async () => {
    const anaBar = page.getByTestId(`timeline-row-${ana}`).getByTestId("shift-bar");
    await expect(anaBar).toHaveCount(1);
    await expect(anaBar.getByTestId("shift-bar-time")).toHaveText("07:00–15:00");
    await expect(anaBar).toContainText("30 min break");
    await expect(anaBar).toHaveAttribute("data-status", "draft");
    const benBars = page.getByTestId(`timeline-row-${ben}`).getByTestId("shift-bar");
    await expect(benBars.getByTestId("shift-bar-time")).toHaveText(["22:00–02:00", "14:00–22:00"]);
    await expect(benBars.first()).toHaveAttribute("data-clipped", "start");
    await expect(benBars.nth(1)).toHaveAttribute("data-clipped", "");
    // Ana's 07:00 start sits an hour from the 06:00 opening, her bar left of Ben's 14:00 one.
    const [a, b] = [(await anaBar.boundingBox())!, (await benBars.nth(1).boundingBox())!];
    expect(a.x).toBeLessThan(b.x);
    expect(b.x - a.x).toBeGreaterThan(a.width * 0.8);
  });

  await test.step("clicking a bar opens the shift editor on that shift, and an edit shows on the timeline", async () => {
    await page.getByTestId(`timeline-row-${ana}`).getByTestId("shift-bar").click();
    const form = page.getByRole("dialog", { name: "Shift" });
    await expect(form.getByTestId("shift-start")).toHaveValue("07:00");
    await expect(form.getByTestId("shift-end")).toHaveValue("15:00");
    await form.getByTestId("shift-end").fill("16:00");
    await form.getByTestId("shift-save").click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId(`timeline-row-${ana}`).getByTestId("shift-bar-time")).toHaveText("07:00–16:00");
  });

  await test.step("a bar is reached and opened from the keyboard", async () => {
    await page.getByTestId(`add-${ben}-${tue}`).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByTestId(`timeline-row-${ben}`).getByTestId("shift-bar").nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "Shift" });
    await expect(form.getByTestId("shift-start")).toHaveValue("14:00");
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
  });
  expect(errors).toEqual([]);
});

test("on a phone in Spanish the schedule is one day's timeline, scrolling inside its box, and a shift is added to the chosen day", async ({
  browser,
  baseURL,
  world,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await Api.as(baseURL!, world.users.MANAGER);
  const week = await api.call<{ weekStart: string; days: string[] }>("query", "shifts:listWeek", { storeId: world.storeId, weekStart: nextWeekDate() });
  await api.call("mutation", "users:updateLanguagePreference", { language: "es" });
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world), "es");
  await page.goto(`/employee-management/scheduling?store=${world.storeId}&week=${week.weekStart}`);
  await expect(page.getByRole("heading", { name: "Horarios", level: 1 })).toBeVisible();
  // One day's timeline only; the day picker chooses which, and the choice is in the URL.
  await page.getByTestId("day-picker").getByText("mar", { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`day=${week.days[2]}`));
  await expect(page.getByTestId("day-timeline")).toBeVisible();
  await expect(page.getByTestId("schedule-grid")).toHaveCount(0);
  await page.getByTestId(`add-open-${week.days[2]}`).click();
  const form = page.getByRole("dialog", { name: "Turno" });
  await form.getByTestId("shift-save").click();
  const bar = page.getByTestId("timeline-row-open").getByTestId("shift-bar");
  await expect(bar).toContainText("09:00–17:00");
  await expect(bar).toHaveAttribute("data-status", "draft");
  await expect(page.getByTestId("unpublished-count")).toContainText("1 cambio sin publicar");
  // The hours scroll sideways inside the timeline's box, the names staying put; the page itself never does.
  const box = page.getByTestId("day-timeline");
  const name = page.getByTestId("timeline-row-open").getByRole("rowheader");
  const before = (await name.boundingBox())!.x;
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await box.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect((await name.boundingBox())!.x).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await context.close();
});

{
  test("the demo week's grid and shift form pass axe, light and dark", async ({ browser, baseURL }) => {
    // Six scans (grid, form and timeline, light and dark): minutes on a busy machine.
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInWithSelection(page, baseURL!, "manager@demo.test", selectionOf({ storeId: null, storeName: "" }));
    await page.goto("/employee-management/scheduling");
    // The first screen of a fresh page loads its code and texts: allow for a busy machine.
    await expect(page.getByTestId("shift").first()).toBeVisible({ timeout: 30_000 });
    const check = (where: string) => expectAccessibleInBothSchemes(page, where);
    await check("the grid");
    await page
      .getByTestId("shift")
      .first()
      .getByRole("button", { name: /Edit shift/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Shift" })).toBeVisible();
    await check("the shift form");
    await page.keyboard.press("Escape");
    // Monday of the demo week at Rio Downtown, where the attendants work.
    await page.goto("/employee-management/scheduling?view=day");
    await page.getByTestId("day-picker").getByText("Mon", { exact: true }).click();
    await expect(page.getByTestId("shift-bar").first()).toBeVisible();
    await check("the day timeline");
    await context.close();
  });
}

test("a week saved as a template fills another week, and the template is deleted", async ({ page, baseURL, world }) => {
  const api = await Api.as(baseURL!, world.users.MANAGER);
  const from = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const week = await api.call<{ weekStart: string; days: string[] }>("query", "shifts:listWeek", { storeId: world.storeId, weekStart: from });
  await api.call("mutation", "shifts:create", { storeId: world.storeId, employeeId: null, date: week.days[3], start: "06:00", end: "12:00", breakMinutes: 0 });
  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/scheduling?store=${world.storeId}&week=${week.weekStart}`);
  await expect(page.getByTestId(`cell-open-${week.days[3]}`).getByTestId("shift")).toContainText("06:00–12:00", { timeout: 30_000 });
  await page.getByTestId("templates").click();
  await page.getByTestId("template-save").click();
  await page.getByTestId("template-name").fill("Early Wednesday");
  await page.getByTestId("template-name-save").click();
  await expect(page.getByText("Template saved")).toBeVisible();

  await page.getByTestId("week-next").click();
  await page.getByTestId("templates").click();
  await page.getByRole("menuitem", { name: "Early Wednesday (1 shift)" }).click();
  await expect(page.getByText("1 shift added")).toBeVisible();
  const nextWed = new Date(Date.parse(`${week.days[3]}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByTestId(`cell-open-${nextWed}`).getByTestId("shift")).toContainText("06:00–12:00");

  await page.getByTestId("templates").click();
  await page.getByRole("menuitem", { name: "Early Wednesday", exact: true }).click();
  await expect(page.getByText("Template deleted")).toBeVisible();
  await page.getByTestId("templates").click();
  await expect(page.getByRole("menuitem", { name: /Early Wednesday/ })).toHaveCount(0);
});
