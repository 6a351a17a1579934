import { Api } from "../support/api";
import { expect, test } from "../support/fixtures";

// Issue 34: a campaign past its end date is shown Expired on the dashboard (list and details),
// even while it is switched on; a running one Live, a future one Scheduled, a switched-off one Off.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("the campaign dashboard names each campaign's status, expired ones included", async ({ page, baseURL, signInAs, world }) => {
  const owner = await Api.as(baseURL!, world.users.OWNER);
  const create = (name: string, startDate: string, endDate: string, isActive = true) =>
    owner.call("mutation", "marketing:createCampaign", { name, campaignType: "SEASONAL", startDate, endDate, isActive, offerAmount: 5 });
  await create("Summer past", day(-40), day(-10));
  await create("Running now", day(-3), day(20));
  await create("Next month", day(20), day(50));
  await create("Switched off", day(-3), day(20), false);

  await signInAs(world.users.OWNER);
  await page.goto("/marketing/dashboard");
  const statusOf = (name: string) => page.getByTestId("campaign-row").filter({ hasText: name }).getByTestId("campaign-status");
  await expect(statusOf("Summer past")).toHaveText("Expired");
  await expect(statusOf("Running now")).toHaveText("Live");
  await expect(statusOf("Next month")).toHaveText("Scheduled");
  await expect(statusOf("Switched off")).toHaveText("Off");

  await page.getByTestId("app-header").getByText("ES", { exact: true }).click();
  await expect(statusOf("Summer past")).toHaveText("Vencida");
  await expect(statusOf("Running now")).toHaveText("En curso");
});
