import { Api, createEmployee, linkAccount } from "../support/api";
import { toast } from "../support/auth";
import { expect, test } from "../support/fixtures";
import { selectionOf, signInWithSelection } from "../support/selection";

// Issue 31: a swap goes to the coworker first. Ana offers her shift to Luis; Luis accepts it on
// My requests; only then does it reach the manager, who approves it and the shift is Luis's.

test("a swap offered to a coworker, accepted by them, then approved by a manager", async ({ page, baseURL, world }) => {
  test.setTimeout(120_000);
  const manager = await Api.as(baseURL!, world.users.MANAGER);
  const tag = Date.now().toString(36).slice(-5);
  const ana = await createEmployee(manager, { name: "Ana Swap", username: `ana${tag}`, pin: "2468", storeIds: [world.storeId] });
  const luis = await createEmployee(manager, { name: "Luis Swap", username: `luis${tag}`, pin: "2468", storeIds: [world.storeId] });
  const anaApi = await Api.as(baseURL!, world.users.STAFF);
  await linkAccount(anaApi, manager, { username: `ana${tag}`, pin: "2468" });
  const luisApi = await Api.as(baseURL!, world.users.MEMBER);
  await linkAccount(luisApi, manager, { username: `luis${tag}`, pin: "2468" });

  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const { _id: shiftId } = await manager.call<{ _id: string }>("mutation", "shifts:create", {
    storeId: world.storeId,
    employeeId: ana,
    date: day,
    start: "09:00",
    end: "17:00",
    breakMinutes: 30,
  });
  await manager.call("mutation", "shifts:publish", { storeId: world.storeId, weekStart: day, overrideReason: "Journey" });
  const { requestId } = await anaApi.call<{ requestId: string; status: string }>("mutation", "requests:create", {
    kind: "swap",
    shiftId,
    targetEmployeeId: luis,
  });
  // Not yet the manager's to decide.
  const pendingBefore = await manager.call<Array<{ _id: string }>>("query", "requests:listPending", {});
  expect(pendingBefore.map((r) => r._id)).not.toContain(requestId);

  await test.step("Luis sees the offer on My requests and accepts it", async () => {
    await signInWithSelection(page, baseURL!, world.users.MEMBER, selectionOf(world));
    await page.goto("/user/my-requests");
    const offer = page.getByTestId("swap-offers").getByTestId("swap-offer");
    // The first screen of a fresh page loads its code and texts: allow for a busy machine.
    await expect(offer).toContainText("Ana Swap asks you to take this shift", { timeout: 30_000 });
    await expect(offer).toContainText("09:00 – 17:00");
    await offer.getByTestId("accept-swap").click();
    await expect(toast(page, "Accepted: a manager decides now")).toBeVisible();
    await expect(page.getByTestId("swap-offers")).toHaveCount(0);
  });

  await test.step("the manager approves it and the shift is Luis's", async () => {
    const pending = await manager.call<Array<{ _id: string }>>("query", "requests:listPending", {});
    expect(pending.map((r) => r._id)).toContain(requestId);
    await manager.call("mutation", "requests:decide", { requestId, approve: true });
    const mine = await anaApi.call<{ requests: Array<{ _id: string; status: string }> }>("query", "requests:listMine", {});
    expect(mine.requests.find((r) => r._id === requestId)?.status).toBe("approved");
    const week = await manager.call<{ shifts: Array<{ _id: string; employeeId: string | null }> }>("query", "shifts:listWeek", {
      storeId: world.storeId,
      weekStart: day,
    });
    expect(week.shifts.find((s) => s._id === shiftId)?.employeeId).toBe(luis);
  });
});
