import { expect, test } from "../support/fixtures";
import { Api } from "../support/api";

// Issue 19 and 34, import: a manager sends a machines CSV with two bad rows and the check (dry run)
// shows "2 problems" naming the fields by their labels, nothing written and Import disabled (only
// the valid rows may be chosen explicitly); the fixed file checks "Ready to import" and imports. The
// problems read in Spanish too.

interface Machine {
  label: string;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test("a machines CSV with two bad rows is shown as 2 problems by field label, Import waits for the clean file", async ({ page, baseURL, world, signInAs }) => {
  // Three runs of a file, each followed live to its end.
  test.setTimeout(120_000);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const machinesOf = async () => (await manager.call<Machine[]>("query", "equipment:listMachines", { storeId: world.storeId })).map((m) => m.label);
  const before = await machinesOf();
  const header = "Store,Machine number,Section,Type,Capacity\n";
  const bad = `${header}${world.storeName},N1,Front washers,Front-load washer,250\n${world.storeName},N2,Front washers,Front-load washer,lots\n${world.storeName},N3,Front washers,Spaceship,\n`;
  const good = `${header}${world.storeName},N1,Front washers,Front-load washer,250\n${world.storeName},N2,Front washers,Front-load washer,300\n${world.storeName},N3,Front washers,Stack dryer,\n`;

  await signInAs(world.users.MANAGER);
  await page.goto("/company/import?kind=machines");
  await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible({ timeout: 30_000 });
  const commit = page.getByTestId("import-commit");
  const run = page.getByTestId("import-run");
  let badRun = "";

  await test.step("the file with two bad rows: fields by label, 2 problems, Import disabled, nothing written", async () => {
    await page.locator("input[type=file]").setInputFiles(csvFile("machines.csv", bad));
    await expect(page.getByTestId("map-coinBoxCapacity")).toHaveValue("Capacity");
    await expect(page.getByRole("combobox", { name: "Coin box capacity" })).toHaveValue("Capacity");
    await expect(page.getByRole("combobox", { name: "Equipment type" })).toHaveValue("Type");
    await expect(commit).toBeDisabled();
    await page.getByTestId("import-dry-run").click();
    await expect(run).toHaveAttribute("data-problems", "2");
    await expect(run.getByTestId("import-status")).toHaveText("2 problems");
    await expect(run.getByTestId("import-problems")).toContainText("2 problems");
    await expect(run.getByTestId("import-ok")).toHaveCount(0);
    const rows = run.getByTestId("import-error-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Coin box capacity is not valid");
    await expect(rows.nth(1)).toContainText("Equipment type not found: Spaceship");
    await expect(run).not.toContainText("coinBoxCapacity");
    await expect(run).not.toContainText("equipmentType");
    await expect(commit).toBeDisabled();
    await expect(page.getByTestId("import-valid-only")).toHaveText("Import only the 1 valid row");
    badRun = new URL(page.url()).searchParams.get("run") ?? "";
    expect(badRun).not.toBe("");
    expect(await machinesOf()).toEqual(before);
  });

  await test.step("the fixed file: Import waits for its check, which is clean, then imports it", async () => {
    await page.locator("input[type=file]").setInputFiles(csvFile("machines-fixed.csv", good));
    await expect(page.getByText("machines-fixed.csv: 3 lines", { exact: false })).toBeVisible();
    await expect(commit).toBeDisabled();
    await expect(page.getByTestId("import-valid-only")).toHaveCount(0);
    await page.getByTestId("import-dry-run").click();
    await expect(run.getByRole("heading", { name: "Check of machines-fixed.csv" })).toBeVisible();
    await expect(run.getByTestId("import-ok")).toHaveText("Ready to import: 3 rows");
    await expect(commit).toBeEnabled();
    await commit.click();
    await expect(run.getByRole("heading", { name: "Import of machines-fixed.csv" })).toBeVisible();
    await expect(run).toHaveAttribute("data-status", "completed");
    await expect(run.getByTestId("count-created")).toHaveText("3 created");
    expect((await machinesOf()).filter((l) => /^N\d$/.test(l)).sort()).toEqual(["N1", "N2", "N3"]);
  });

  await test.step("in Spanish the problems name the fields by their Spanish labels", async () => {
    await manager.call("mutation", "users:updateLanguagePreference", { language: "es" });
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto(`/company/import?kind=machines&run=${badRun}`);
    await expect(run.getByTestId("import-status")).toHaveText("2 problemas", { timeout: 30_000 });
    const rows = run.getByTestId("import-error-row");
    await expect(rows.nth(0)).toContainText("«Capacidad de la caja de monedas» no es válido");
    await expect(rows.nth(1)).toContainText("«Tipo de equipo» no se encontró: Spaceship");
  });
});
