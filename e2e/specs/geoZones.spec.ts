import { expect, test } from "../support/fixtures";
import { Api } from "../support/api";

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
