import { Api, createEmployee } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 17: two employees punch at the store's kiosk. One worked the shift they were published
// for, within the company's 5-minute tolerance, and the verification queue approves it by itself;
// the other was not scheduled, waits for a person, and the manager corrects it with a reason. A
// third, punched by mistake, is rejected with a reason.

/** "HH:mm" of an instant in a time zone. */
const clockIn = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);
const dateIn = (at: number, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);

test("the verification queue approves a clean entry by itself and a manager corrects another with a reason", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const stores = await manager.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === world.storeId)!.timeZone;
  const tag = Date.now().toString(36).slice(-5);
  const person = (name: string, username: string) => createEmployee(manager, { name, username, pin: "2468", storeIds: [world.storeId] });
  const onShift = await person("Lena Ortiz", `lena${tag}`);
  await person("Omar Diaz", `omar${tag}`);
  await person("Kai Brooks", `kai${tag}`);

  // Lena's shift runs from two minutes ago to two minutes from now, published.
  const now = Date.now();
  const today = dateIn(now, timeZone);
  await manager.call("mutation", "shifts:create", {
    storeId: world.storeId,
    employeeId: onShift,
    date: today,
    start: clockIn(now - 2 * 60_000, timeZone),
    end: clockIn(now + 3 * 60_000, timeZone),
  });
  await manager.call("mutation", "shifts:publish", { storeId: world.storeId, weekStart: today, overrideReason: "Journey" });

  // Both punch in and out at the kiosk.
  const { kioskToken } = await manager.call<{ kioskToken: string }>("mutation", "kiosks:register", { storeId: world.storeId, name: "Journey tablet" });
  const punch = (username: string, action: string) =>
    fetch(`${baseURL}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "timeclock:punch", args: { kioskToken, username, pin: "2468", action }, format: "json" }),
    }).then(async (r) => expect(((await r.json()) as { status: string }).status).toBe("success"));
  for (const username of [`lena${tag}`, `omar${tag}`, `kai${tag}`]) {
    await punch(username, "clockIn");
    await punch(username, "clockOut");
  }

  await signInWithSelection(page, baseURL!, world.users.MANAGER, selectionOf(world));
  await page.goto(`/employee-management/time-entry-verification?from=${today}&to=${today}&status=all`);
  await expect(page.getByRole("heading", { name: "Time entry verification", level: 1 })).toBeVisible();
  const lena = page.getByTestId("verification-row").and(page.locator('[data-employee="Lena Ortiz"]'));
  const omar = page.getByTestId("verification-row").and(page.locator('[data-employee="Omar Diaz"]'));
  // Opening the period approved Lena's entry: it matches her shift within the tolerance.
  await expect(lena).toHaveAttribute("data-status", "approved");
  await expect(lena.getByTestId("entry-status")).toHaveText("Approved");
  await expect(lena.getByTestId("entry-auto")).toHaveText("Approved automatically");
  await expect(omar).toHaveAttribute("data-status", "pending");
  await expect(omar.getByTestId("entry-exception")).toHaveText(["Unscheduled"]);

  await omar.getByRole("button", { name: "Correct Omar Diaz's entry" }).click();
  const dialog = page.getByRole("dialog", { name: "Correct Omar Diaz's entry" });
  // Earlier today, ending before now (time in the future is refused: it is paid once worked).
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const [h, m] = clockIn(Date.now(), timeZone).split(":").map(Number);
  const nowMinutes = h * 60 + m;
  await dialog.getByLabel("Clock in").fill(hhmm(Math.max(1, nowMinutes - 60)));
  await dialog.getByLabel("Clock out").fill(hhmm(Math.max(2, nowMinutes - 5)));
  await dialog.getByLabel("Break (minutes)").fill(nowMinutes > 60 ? "15" : "0");
  // Not without a reason.
  await dialog.getByRole("button", { name: "Save and approve" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Give a reason");
  await dialog.getByLabel("Reason").fill("Covered the morning; forgot to punch");
  await dialog.getByRole("button", { name: "Save and approve" }).click();
  await expect(dialog).toBeHidden();
  await expect(omar).toHaveAttribute("data-status", "approved");
  await expect(omar.getByTestId("entry-raw")).toContainText("Covered the morning; forgot to punch");
  await expect(omar.getByTestId("entry-exception")).toHaveText(["Unscheduled", "Edited"]);

  const kai = page.getByTestId("verification-row").and(page.locator('[data-employee="Kai Brooks"]'));
  await expect(kai).toHaveAttribute("data-status", "pending");
  await kai.getByRole("button", { name: "Reject Kai Brooks's entry" }).click();
  const reject = page.getByRole("dialog", { name: "Reject Kai Brooks's entry" });
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(reject.getByRole("alert")).toHaveText("Give a reason");
  await reject.getByLabel("Reason").fill("Punched at the wrong store's tablet");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(reject).toBeHidden();
  await expect(kai).toHaveAttribute("data-status", "rejected");
  await expect(kai.getByRole("button", { name: "Reject Kai Brooks's entry" })).toHaveCount(0);
  expect(errors).toEqual([]);
});
