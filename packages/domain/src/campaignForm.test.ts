import { describe, expect, it } from "vitest";
import { campaignDayInputSchema, campaignDayOf, campaignDays, campaignFormSchema, newCampaignFormSchema } from "./campaignForm.ts";

// Spec section 3: a campaign's startDate and endDate are epoch ms; the product keeps the days.

describe("a campaign's days on the wire", () => {
  it("reads epoch ms as the calendar day containing that instant in the campaign's zone", () => {
    const lateEvening = Date.UTC(2030, 5, 2, 3, 30); // June 1, 22:30 in Chicago; June 2 in UTC
    expect(campaignDayOf(lateEvening, "America/Chicago")).toBe("2030-06-01");
    expect(campaignDayOf(lateEvening, "Pacific/Auckland")).toBe("2030-06-02");
    expect(campaignDayOf("2030-06-01", "Pacific/Auckland")).toBe("2030-06-01");
  });

  it("takes yyyy-MM-dd or whole epoch ms, nothing else", () => {
    expect(campaignDayInputSchema.safeParse("2030-06-01").success).toBe(true);
    expect(campaignDayInputSchema.safeParse(Date.UTC(2030, 5, 1)).success).toBe(true);
    expect(campaignDayInputSchema.safeParse("2030-02-30").success).toBe(false);
    expect(campaignDayInputSchema.safeParse(1.5).success).toBe(false);
    expect(campaignDayInputSchema.safeParse(Date.UTC(2300, 0, 1)).success).toBe(false);
  });

  it("answers the first moment of the first day and the last moment of the last day in the zone", () => {
    expect(campaignDays("2030-06-01", "2030-06-10", "America/Chicago")).toEqual({
      startsOn: "2030-06-01",
      endsOn: "2030-06-10",
      startDate: Date.UTC(2030, 5, 1, 5),
      endDate: Date.UTC(2030, 5, 11, 5) - 1,
    });
    // A day the clocks go forward is 23 hours long: the end still falls at the next local midnight.
    const spring = campaignDays("2030-03-10", "2030-03-10", "America/Chicago");
    expect(spring.endDate + 1 - spring.startDate).toBe(23 * 3_600_000);
  });
});

describe("a new campaign's editor", () => {
  it("refuses an end date before today, and takes today or later", () => {
    const schema = newCampaignFormSchema("2026-11-29");
    const base = {
      name: "Fall",
      campaignType: "SEASONAL",
      offerType: "credit",
      offerAmountCents: 500,
      deliveryMethod: "email",
      budgetCents: null,
      maxParticipants: null,
      isActive: true,
      displayName: "",
      description: "",
    };
    const past = schema.safeParse({ ...base, startDate: "2026-11-01", endDate: "2026-11-28" });
    expect(past.success).toBe(false);
    expect(past.error?.issues[0]).toMatchObject({ path: ["endDate"], message: "A new campaign cannot end in the past" });
    expect(schema.safeParse({ ...base, startDate: "2026-11-01", endDate: "2026-11-29" }).success).toBe(true);
    // An existing campaign keeps its dates: the plain schema takes a past end.
    expect(campaignFormSchema.safeParse({ ...base, startDate: "2026-11-01", endDate: "2026-11-28" }).success).toBe(true);
  });
});
