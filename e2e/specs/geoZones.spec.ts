import { expectAccessibleInBothSchemes } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { Api, createEmployee } from "../support/api";

// Issue 16, geo-zones: a manager sets a store's zone by typing its coordinates, then moves it to
// where this device is ("use this device's location", the browser's geolocation granted and set by
// the test), removes it, and chooses what happens to phone punches outside a zone.

// The Empire State Building, and a point about 2 km north of it.
const STORE = { latitude: 40.748817, longitude: -73.985428 };
const DEVICE = { latitude: 40.767, longitude: -73.9822 };

interface ZoneRow {
  storeId: string;
  zone: { latitude: number; longitude: number; radiusMeters: number } | null;
}

test("a manager sets a store's zone by typing coordinates and by this device's location", async ({ page, context, baseURL, world, signInAs }) => {
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const zoneOf = async () => (await manager.call<ZoneRow[]>("query", "geoZones:list", {})).find((r) => r.storeId === world.storeId)?.zone;

  await signInAs(world.users.MANAGER);
  await page.goto("/company/geo-zones");
  await expect(page.getByRole("heading", { name: "Geo-zones", level: 1 })).toBeVisible();
  const row = page.getByTestId("geo-zone-row").filter({ hasText: world.storeName });
  await expect(row.getByTestId("zone-centre")).toHaveText("No zone");

  await test.step("typed coordinates, checked by the form's rules first", async () => {
    await row.getByTestId("edit-zone").click();
    const form = page.getByRole("dialog", { name: `Set the geo-zone of ${world.storeName}` });
    await expect(page).toHaveURL(new RegExp(`store=${world.storeId}`));
    // No tile server is configured for the tests: no map, the form works without one.
    await expect(form.getByTestId("zone-map")).toHaveCount(0);
    await form.getByLabel("Latitude").fill("95");
    await form.getByLabel("Longitude").fill(String(STORE.longitude));
    await form.getByTestId("save-zone").click();
    await expect(form.getByText("Latitude must be between -90 and 90")).toBeVisible();
    expect(await zoneOf()).toBeNull();
    await form.getByLabel("Latitude").fill(String(STORE.latitude));
    await form.getByLabel("Radius").fill("150");
    await form.getByTestId("save-zone").click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`Geo-zone of ${world.storeName} saved`)).toBeVisible();
    await expect(row.getByTestId("zone-centre")).toHaveText("40.748817, -73.985428");
    await expect(row).toContainText("150 m");
    expect(await zoneOf()).toMatchObject({ ...STORE, radiusMeters: 150 });
  });

  await test.step("this device's location", async () => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ ...DEVICE, accuracy: 12 });
    await row.getByTestId("edit-zone").click();
    const form = page.getByRole("dialog", { name: `Edit the geo-zone of ${world.storeName}` });
    await expect(form.getByLabel("Latitude")).toHaveValue(String(STORE.latitude));
    await form.getByTestId("use-device-location").click();
    await expect(form.getByTestId("device-fix")).toHaveText(/accurate to about 12 m/);
    await expect(form.getByLabel("Latitude")).toHaveValue(String(DEVICE.latitude));
    await expect(form.getByLabel("Longitude")).toHaveValue(String(DEVICE.longitude));
    await form.getByTestId("save-zone").click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId("zone-centre")).toHaveText("40.767000, -73.982200");
    expect(await zoneOf()).toMatchObject({ ...DEVICE, radiusMeters: 150 });
  });

  await test.step("the rule for punches outside a zone", async () => {
    const setting = page.getByTestId("outside-zone-setting");
    await expect(setting.getByLabel("Refuse the punch")).toBeChecked();
    await setting.getByLabel("Accept it and flag it for a manager").check();
    await expect(page.getByText("Rule for punches outside the zone saved")).toBeVisible();
    expect(await manager.call("query", "geoZones:getSettings", {})).toEqual({ outsideZone: "flag" });
  });

  await test.step("removing the zone", async () => {
    await row.getByTestId("edit-zone").click();
    await page.getByTestId("remove-zone").click();
    await page.getByTestId("confirm-remove-zone").click();
    await expect(row.getByTestId("zone-centre")).toHaveText("No zone");
    expect(await zoneOf()).toBeNull();
  });
});

test("without location access the form says so and keeps the typed coordinates", async ({ page, world, signInAs }) => {
  await signInAs(world.users.MANAGER);
  await page.goto(`/company/geo-zones?store=${world.storeId}`);
  const form = page.getByRole("dialog", { name: `Set the geo-zone of ${world.storeName}` });
  await form.getByLabel("Latitude").fill("40.7");
  await form.getByTestId("use-device-location").click();
  await expect(form.getByTestId("device-failed")).toContainText("Location access was denied");
  await expect(form.getByLabel("Latitude")).toHaveValue("40.7");
});

// An attendant the manager created with a kiosk username and PIN asks on their phone to link their
// own account, a manager approves, and they punch in inside the store's zone and are refused outside it.
test("an employee links their account on a phone, punches in inside the zone and is refused outside", async ({ browser, baseURL, world, signInAs }) => {
  test.setTimeout(120_000);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  await manager.call("mutation", "geoZones:set", { storeId: world.storeId, ...STORE, radiusMeters: 100 });
  const username = `attendant${Date.now().toString(36)}`.slice(0, 20);
  await createEmployee(manager, { name: "Ana Attendant", username, pin: "5827", storeIds: [world.storeId] });

  const errors: string[] = [];
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ["geolocation"],
    // 40 m from the centre, a 15 m fix: inside.
    geolocation: { latitude: STORE.latitude + 0.00036, longitude: STORE.longitude, accuracy: 15 },
  });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await signInAs(world.users.STAFF, page);
  await page.goto("/user/employment");
  await expect(page.getByRole("heading", { name: "Employment", level: 1 })).toBeVisible();

  await test.step("no profile yet: the screen says so, the kiosk username and PIN ask, and a manager's approval links", async () => {
    await expect(page.getByTestId("no-employee-profile")).toContainText("You don't have an employee profile here yet");
    const form = page.getByTestId("link-profile-form");
    await form.getByLabel("Kiosk username").fill(username);
    await form.getByLabel("PIN").fill("5820");
    await form.getByTestId("link-profile").click();
    await expect(form.getByText("Wrong username or PIN")).toBeVisible();
    await form.getByLabel("PIN").fill("5827");
    await form.getByTestId("link-profile").click();
    // The profile has no e-mail address: the PIN alone links nothing, a manager approves.
    await expect(page.getByTestId("link-waiting")).toContainText("Waiting for a manager's approval");
    const pending = await manager.call<Array<{ _id: string; username: string }>>("query", "employmentLinks:listPending", {});
    await manager.call("mutation", "employmentLinks:approve", { requestId: pending.find((r) => r.username === username)!._id });
    await expect(page.getByTestId("employee-name")).toHaveText("Ana Attendant");
    await expect(page.getByTestId("employee-store")).toContainText(world.storeName);
    await expect(page.getByTestId("employee-store")).toContainText("Phone punches within 100 m");
  });

  await test.step("inside the zone: clocked in", async () => {
    await expect(page.getByTestId("clock-state")).toHaveAttribute("data-state", "off");
    await page.getByTestId("punch-clockIn").click();
    await expect(page.getByTestId("punch-result")).toHaveAttribute("data-kind", "done");
    await expect(page.getByTestId("punch-result")).toContainText(`at ${world.storeName}`);
    await expect(page.getByTestId("clock-state")).toHaveAttribute("data-state", "working");
    await expect(page.getByTestId("week-entry")).toHaveCount(1);
  });

  await test.step("outside the zone: refused, still on the clock", async () => {
    await context.setGeolocation({ ...DEVICE, accuracy: 15 });
    await page.getByTestId("punch-clockOut").click();
    await expect(page.getByTestId("punch-result")).toHaveAttribute("data-kind", "refused");
    await expect(page.getByTestId("punch-result")).toContainText("You are outside the store's zone");
    await expect(page.getByTestId("clock-state")).toHaveAttribute("data-state", "working");
  });

  await test.step("location blocked: the screen says why and sends nothing", async () => {
    await context.clearPermissions();
    await page.getByTestId("punch-clockOut").click();
    await expect(page.getByTestId("punch-result")).toHaveAttribute("data-kind", "noLocation");
    await expect(page.getByTestId("punch-result")).toContainText("Location access is blocked");
    await expect(page.getByTestId("clock-state")).toHaveAttribute("data-state", "working");
  });

  await context.close();
  expect(errors, "console errors on the phone").toEqual([]);
});

{
  test("geo-zones and employment have no serious accessibility violations, light or dark", async ({ browser, baseURL, world, signInAs }) => {
    test.setTimeout(120_000);
    const manager = await Api.as(baseURL!, world.users.MANAGER);
    await manager.call("mutation", "geoZones:set", { storeId: world.storeId, ...STORE, radiusMeters: 100 });
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const axe = (where: string) => expectAccessibleInBothSchemes(page, where);
    await signInAs(world.users.MANAGER, page);
    await page.goto("/company/geo-zones");
    await expect(page.getByTestId("geo-zone-row").first()).toBeVisible();
    await axe("geo-zones");
    await page.goto(`/company/geo-zones?store=${world.storeId}`);
    await expect(page.getByTestId("zone-form")).toBeVisible();
    await axe("the zone form");
    await signInAs(world.users.STAFF, page);
    await page.goto("/user/employment");
    await expect(page.getByTestId("no-employee-profile")).toBeVisible();
    await axe("employment without a profile");
    // Linked and on the clock: the profile, the punch buttons and this week's entry.
    const username = `axe${Date.now().toString(36)}`.slice(0, 20);
    await manager.call("mutation", "employees:create", {
      name: "Axel Attendant",
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "",
      storeIds: [world.storeId],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "",
      username,
      pin: "5827",
    });
    const staff = await Api.as(baseURL!, world.users.STAFF);
    // The PIN opens a request a manager approves (the profile has no e-mail address).
    await staff.call("mutation", "employment:link", { username, pin: "5827" });
    await page.reload();
    await expect(page.getByTestId("link-waiting")).toBeVisible();
    await axe("employment waiting for a manager's approval");
    const pending = await manager.call<Array<{ _id: string; username: string }>>("query", "employmentLinks:listPending", {});
    await manager.call("mutation", "employmentLinks:approve", { requestId: pending.find((r) => r.username === username)!._id });
    await page.reload();
    await expect(page.getByTestId("employee-name")).toHaveText("Axel Attendant");
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ ...STORE, accuracy: 10 });
    await page.getByTestId("punch-clockIn").click();
    await expect(page.getByTestId("punch-breakStart")).toBeVisible();
    await expect(page.getByTestId("week-entry")).toHaveCount(1);
    await axe("employment on the clock");
    await context.close();
  });
}
