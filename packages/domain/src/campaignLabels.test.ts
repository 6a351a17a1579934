import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS, deliveryMethodLabel, deliveryMethodOf, OFFER_TYPES, offerTypeLabel } from "./campaignLabels.ts";

describe("campaign labels", () => {
  it("has the spec's offer type labels", () => {
    expect(OFFER_TYPES.map((t) => offerTypeLabel(t))).toEqual([
      "Free Wash",
      "Free Dry",
      "Percentage Discount",
      "Discount (Fixed Amount)",
      "Account Credit",
      "Free Product",
      "Buy One Get One",
      "Special Offer",
    ]);
  });

  it("has the spec's delivery labels", () => {
    expect(DELIVERY_METHODS.map((m) => deliveryMethodLabel(m))).toEqual(["Email Only", "SMS Only", "Email and SMS"]);
  });

  it("has a distinct Spanish label for every value", () => {
    for (const t of OFFER_TYPES) {
      expect(offerTypeLabel(t, "es")).not.toBe("");
      expect(offerTypeLabel(t, "es")).not.toBe(offerTypeLabel(t, "en"));
    }
    expect(offerTypeLabel("free_wash", "es")).toBe("Lavado Gratis");
    expect(deliveryMethodLabel("both", "es")).toBe("Correo Electrónico y SMS");
    expect(new Set(DELIVERY_METHODS.map((m) => deliveryMethodLabel(m, "es"))).size).toBe(3);
  });

  it("gives empty labels for unknown values and defaults delivery to email", () => {
    expect(offerTypeLabel("toString")).toBe("");
    expect(offerTypeLabel(undefined)).toBe("");
    expect(deliveryMethodLabel("fax")).toBe("");
    expect(deliveryMethodOf(undefined)).toBe("email");
    expect(deliveryMethodOf("pigeon")).toBe("email");
    expect(deliveryMethodOf("sms")).toBe("sms");
  });
});
