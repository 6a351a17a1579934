import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 29: the same visit entered twice would put its money in the safe twice. A supervisor
// opening the second one is told, and verifies it only with a reason, which stays on the record.

/** A recent day the test company's seed did not collect (it collects on Mondays and Thursdays). */
function quietDay(): string {
  const d = new Date();
  do d.setUTCDate(d.getUTCDate() - 1);
  while (![2, 3].includes(d.getUTCDay()));
  return d.toISOString().slice(0, 10);
}

test("a second collection of the same machine and day is verified only with a reason, in Spanish", async ({ page, baseURL, world }) => {
  const day = quietDay();
  const staff = await Api.as(baseURL!, world.users.STAFF);
  const supervisor = await Api.as(baseURL!, world.users.SUPERVISOR);
  const [machine] = await staff.call<Array<{ _id: string; label: string }>>("query", "equipment:listMachines", { storeId: world.storeId });
  const submitted = async () => {
    const { collectionId } = await staff.call<{ collectionId: string }>("mutation", "collections:saveDraft", {
      storeId: world.storeId,
      businessDate: day,
      lines: [{ machineId: machine._id, coinsCents: 31_825, billsCents: 0 }],
    });
    await staff.call("mutation", "collections:submit", { collectionId });
    return collectionId;
  };
  await supervisor.call("mutation", "collections:verify", { collectionId: await submitted() });
  const second = await submitted();

  await supervisor.call("mutation", "users:updateLanguagePreference", { language: "es" });
  await signInWithSelection(page, baseURL!, world.users.SUPERVISOR, selectionOf(world, day, day), "es");
  await page.goto(`/laundromat/collections-list?open=${second}`);
  const detail = page.getByRole("dialog");
  await expect(detail.getByTestId("detail-duplicates")).toContainText(machine.label);
  await detail.getByRole("button", { name: "Verificar" }).click();
  const dialog = page.getByTestId("duplicate-reason-dialog");
  await expect(dialog).toContainText(`${machine.label} ya tienen una recolección`);
  // Without a reason nothing happens.
  await dialog.getByRole("button", { name: "Verificar con este motivo" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(detail.getByTestId("collection-status")).not.toHaveText("Verificada");
  await dialog.getByLabel("Por qué las dos recolecciones son reales").fill("Se vació otra vez tras el atasco");
  await dialog.getByRole("button", { name: "Verificar con este motivo" }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByTestId("collection-status")).toHaveText("Verificada");
  await expect(detail.getByTestId("detail-duplicate-reason")).toHaveText("Verificada como segunda recolección: Se vació otra vez tras el atasco");
});
