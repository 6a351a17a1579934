import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholderCampaignOf, placeholderValue, usesPlaceholder, type PlaceholderCampaign } from "./campaignPlaceholders.ts";

const campaign: PlaceholderCampaign = {
  name: "rio-spring",
  displayName: "Rio Laundromat $15 Credit Promotion",
  description: "Spring savings",
  campaignType: "SEASONAL",
  offerAmount: 1500,
  budget: 250_000,
  offerType: "credit",
  deliveryMethod: "both",
  startDate: "2026-01-05",
  endDate: "2026-02-04",
  maxParticipants: 500,
};

describe("fillPlaceholders", () => {
  it("fills all three bracket styles", () => {
    expect(fillPlaceholders("Get ${offerAmount}! {{offerType}} via {deliveryMethod}.", campaign)).toEqual({
      text: "Get $15.00! Account Credit via Email and SMS.",
      missing: [],
    });
    expect(fillPlaceholders("${ name } / {{ displayName }} / { campaignType }", campaign).text).toBe(
      "rio-spring / Rio Laundromat $15 Credit Promotion / SEASONAL",
    );
  });

  it("fills every variable", () => {
    const all = "{offerAmount}|{budget}|{offerType}|{deliveryMethod}|{startDate}|{endDate}|{name}|{displayName}|{description}|{campaignType}|{maxParticipants}";
    expect(fillPlaceholders(all, campaign).text).toBe(
      "$15.00|$2,500.00|Account Credit|Email and SMS|January 5, 2026|February 4, 2026|rio-spring|Rio Laundromat $15 Credit Promotion|Spring savings|SEASONAL|500",
    );
  });

  it("uses Spanish labels when asked", () => {
    expect(fillPlaceholders("{offerType} / {deliveryMethod}", campaign, "es").text).toBe("Crédito en Cuenta / Correo Electrónico y SMS");
  });

  it("empties unknown and empty placeholders and lists them once, in order", () => {
    const result = fillPlaceholders("A{nope}B{{description}}C${nope}D{offerType}", { offerType: "bogus" });
    expect(result).toEqual({ text: "ABCD", missing: ["nope", "description", "offerType"] });
  });

  it("does not list an empty budget or maxParticipants", () => {
    expect(fillPlaceholders("Budget {budget}, up to {maxParticipants}, {name}", {})).toEqual({
      text: "Budget , up to , ",
      missing: ["name"],
    });
  });

  it("falls back between name and display name", () => {
    expect(placeholderValue("name", { displayName: "Shown" })).toBe("Shown");
    expect(placeholderValue("displayName", { name: "internal" })).toBe("internal");
    expect(placeholderValue("name", { name: "  ", displayName: "" })).toBe("");
  });

  it("prints a zero amount but not a fractional one", () => {
    expect(placeholderValue("offerAmount", { offerAmount: 0 })).toBe("$0.00");
    expect(placeholderValue("offerAmount", { offerAmount: 12.5 })).toBe("");
    expect(placeholderValue("offerAmount", { offerAmount: null })).toBe("");
  });

  it("leaves text without placeholders and malformed brackets alone", () => {
    expect(fillPlaceholders("Plain {text with spaces} and {1abc} and $5", campaign)).toEqual({
      text: "Plain {text with spaces} and {1abc} and $5",
      missing: [],
    });
  });
});

describe("dates in the page's language", () => {
  it("prints start and end dates in the US long form, in Spanish words on a Spanish page", () => {
    expect(fillPlaceholders("From {startDate} until {{endDate}}", campaign).text).toBe("From January 5, 2026 until February 4, 2026");
    expect(fillPlaceholders("Reclame antes del {{endDate}}", campaign, "es").text).toBe("Reclame antes del 4 de febrero de 2026");
  });

  it("treats a missing or impossible date as empty", () => {
    expect(fillPlaceholders("Ends {endDate}", { endDate: "2026-02-30" })).toEqual({ text: "Ends ", missing: ["endDate"] });
  });
});

describe("placeholderCampaignOf", () => {
  it("takes the cents fields of an API campaign, never its dollar fields", () => {
    const api = { name: "Spring", offerAmount: 15, offerAmountCents: 1500, budget: 1000, budgetCents: 100_000 };
    const input = placeholderCampaignOf(api);
    expect(input.offerAmount).toBe(1500);
    expect(input.budget).toBe(100_000);
    expect(fillPlaceholders("{offerAmount} of {budget}", input).text).toBe("$15.00 of $1,000.00");
    expect(placeholderCampaignOf({ name: "x" }).offerAmount).toBeNull();
  });

  it("prints the business dates startsOn/endsOn, never the epoch ms startDate/endDate", () => {
    const api = {
      name: "Spring",
      startsOn: "2030-01-05",
      endsOn: "2030-02-04",
      startDate: Date.UTC(2030, 0, 5, 6),
      endDate: Date.UTC(2030, 1, 5, 5, 59, 59, 999),
    };
    expect(fillPlaceholders("{startDate} to {endDate}", placeholderCampaignOf(api)).text).toBe("January 5, 2030 to February 4, 2030");
  });

  it("fills {budget} from a public campaign that carries its budget in cents", () => {
    const publicCampaign = { name: "Spring", offerAmount: 15, offerAmountCents: 1500, budgetCents: 250_000 };
    expect(fillPlaceholders("Only ${budget} of credit to give away", placeholderCampaignOf(publicCampaign)).text).toBe("Only $2,500.00 of credit to give away");
  });
});

describe("usesPlaceholder", () => {
  it("finds a variable in any bracket style, and only that variable", () => {
    expect(usesPlaceholder("Only {{ budget }} left", "budget")).toBe(true);
    expect(usesPlaceholder('{"subText":"${budget} to give"}', "budget")).toBe(true);
    expect(usesPlaceholder("{budgetary} {offerAmount}", "budget")).toBe(false);
  });
});
