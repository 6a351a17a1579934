import { describe, expect, it } from "vitest";
import { fillPlaceholders, formatUsLongDate, placeholderCampaignOf, placeholderValue, type PlaceholderCampaign } from "./campaignPlaceholders.ts";

const campaign: PlaceholderCampaign = {
  name: "rio-spring",
  displayName: "Rio Laundromat $15 Credit Promotion",
  description: "Spring savings",
  campaignType: "SEASONAL",
  offerAmount: 1500,
  budget: 250_000,
  offerType: "credit",
  deliveryMethod: "both",
  startDate: Date.UTC(2026, 0, 5, 0, 0, 0),
  endDate: Date.UTC(2026, 1, 4, 23, 59, 59),
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

describe("formatUsLongDate", () => {
  it("formats in UTC", () => {
    expect(formatUsLongDate(Date.UTC(2026, 0, 5))).toBe("January 5, 2026");
    expect(formatUsLongDate(Date.UTC(2025, 11, 31, 23, 59, 59))).toBe("December 31, 2025");
    expect(formatUsLongDate(Date.UTC(2024, 1, 29, 12))).toBe("February 29, 2024");
  });

  it("gives empty text for missing or invalid instants", () => {
    expect(formatUsLongDate(undefined)).toBe("");
    expect(formatUsLongDate(Number.NaN)).toBe("");
    expect(formatUsLongDate(8.64e15 + 1)).toBe("");
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
});
