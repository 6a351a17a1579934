import { expect, test } from "../support/fixtures";
import { Api } from "../support/api";

// Issue 19, import: a manager downloads the machines template, sends a machines CSV with two bad
// rows, sees them in the dry run (row, column, reason) with nothing written, fixes the file, checks
// it again and imports it, the progress reaching done and the history holding both files.

interface Machine {
  label: string;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test("a manager imports a machines CSV: two bad rows shown, fixed, imported", async ({ page, baseURL, world, signInAs }) => {
  // Five runs of a file, each followed live to its end: longer than one screen's journey.
  test.setTimeout(150_000);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const machinesOf = async () => (await manager.call<Machine[]>("query", "equipment:listMachines", { storeId: world.storeId })).map((m) => m.label);
  const before = await machinesOf();
  const header = "Store,Machine number,Section,Type\n";
  const bad = `${header}${world.storeName},N1,Front washers,Front-load washer\n${world.storeName},N2,Attic,Front-load washer\n${world.storeName},N3,Front washers,Spaceship\n`;
  const good = `${header}${world.storeName},N1,Front washers,Front-load washer\n${world.storeName},N2,Front washers,Front-load washer\n${world.storeName},N3,Front washers,Stack dryer\n`;

  await signInAs(world.users.MANAGER);
  await page.goto("/company/import");
  await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible({ timeout: 30_000 });

  await test.step("the machines template downloads from the browser", async () => {
    await page.getByTestId("import-kind").click();
    await page.getByRole("option", { name: "Machines" }).click();
    await expect(page).toHaveURL(/kind=machines/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-template").click()]);
    expect(download.suggestedFilename()).toBe("machines-template.csv");
  });

  await test.step("the file with two bad rows: columns matched, the dry run lists both errors and writes nothing", async () => {
    await page.getByTestId("import-file").click();
    await page.locator("input[type=file]").setInputFiles(csvFile("machines.csv", bad));
    await expect(page.getByTestId("map-store")).toHaveValue("Store");
    await expect(page.getByTestId("map-machine")).toHaveValue("Machine number");
    await expect(page.getByTestId("map-equipmentType")).toHaveValue("Type");
    await page.getByTestId("import-dry-run").click();
    const run = page.getByTestId("import-run");
    await expect(run).toHaveAttribute("data-status", "completed");
    await expect(run.getByTestId("count-created")).toHaveText("1 would be created");
    await expect(run.getByTestId("count-failed")).toHaveText("2 with errors");
    const rows = run.getByTestId("import-error-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("3");
    await expect(rows.nth(0)).toContainText("section");
    await expect(rows.nth(0)).toContainText("Not found: Attic");
    await expect(rows.nth(1)).toContainText("equipmentType");
    await expect(rows.nth(1)).toContainText("Not found: Spaceship");
    const [report] = await Promise.all([page.waitForEvent("download"), run.getByTestId("import-error-report").click()]);
    expect(report.suggestedFilename()).toBe("machines-errors.csv");
    expect(await machinesOf()).toEqual(before);
  });

  await test.step("importing it all-or-nothing writes nothing and says why", async () => {
    await page.getByTestId("import-commit").click();
    const run = page.getByTestId("import-run");
    await expect(run).toHaveAttribute("data-status", "failed");
    await expect(run.getByTestId("import-failure")).toContainText("Nothing was written: 2 rows have errors");
    expect(await machinesOf()).toEqual(before);
  });

  await test.step("the fixed file checks clean and imports, the progress bar full", async () => {
    await page.locator("input[type=file]").setInputFiles(csvFile("machines-fixed.csv", good));
    await expect(page.getByText("machines-fixed.csv: 3 lines", { exact: false })).toBeVisible();
    await expect(page.getByText("Your last mapping for this kind is filled in.")).toBeVisible();
    await page.getByTestId("import-dry-run").click();
    const run = page.getByTestId("import-run");
    await expect(run.getByRole("heading", { name: "Check of machines-fixed.csv" })).toBeVisible();
    await expect(run).toHaveAttribute("data-status", "completed");
    await expect(run.getByTestId("import-ok")).toBeVisible();
    await page.getByTestId("import-commit").click();
    await expect(run.getByRole("heading", { name: "Import of machines-fixed.csv" })).toBeVisible();
    await expect(run).toHaveAttribute("data-status", "completed");
    await expect(run.getByTestId("count-created")).toHaveText("3 created");
    await expect(run.getByTestId("import-progress").locator("[role=progressbar]")).toHaveAttribute("aria-valuenow", "100");
    expect((await machinesOf()).filter((l) => /^N\d$/.test(l)).sort()).toEqual(["N1", "N2", "N3"]);
  });

  await test.step("the history holds every run; the same file again changes nothing", async () => {
    await expect(page.getByTestId("import-history-row")).toHaveCount(4);
    await page.getByTestId("import-commit").click();
    const run = page.getByTestId("import-run");
    await expect(run.getByTestId("count-unchanged")).toHaveText("3 unchanged");
    await expect(page.getByTestId("import-history-row")).toHaveCount(5);
  });
});
