import { describe, expect, it } from "vitest";
import { adjustmentFormSchema, EMPTY_ADJUSTMENT, type AdjustmentFormValues } from "./payrollForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
const check = (values: Partial<AdjustmentFormValues>) => messages(adjustmentFormSchema.safeParse({ ...EMPTY_ADJUSTMENT, ...values }));
const spanish = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).map(([k, m]) => [k, localizeValidationMessage(m, "es")]));
const valid: Partial<AdjustmentFormValues> = { kind: "bonus", amountCents: 2500, reason: " Covered the Sunday shift " };

describe("the pay period adjustment form", () => {
  it("hands on the kind, whole cents and the reason trimmed, without the weeks unless asked", () => {
    expect(adjustmentFormSchema.parse({ ...EMPTY_ADJUSTMENT, ...valid, coversFrom: "2026-01-01" })).toEqual({
      kind: "bonus",
      amountCents: 2500,
      reason: "Covered the Sunday shift",
    });
    expect(adjustmentFormSchema.parse({ ...EMPTY_ADJUSTMENT, ...valid, overWeeks: true, coversFrom: "2026-01-05", coversTo: "2026-02-01" })).toMatchObject({
      coversFrom: "2026-01-05",
      coversTo: "2026-02-01",
    });
    // A reimbursement is not earned over workweeks: the weeks are left out, not refused.
    expect(adjustmentFormSchema.parse({ ...EMPTY_ADJUSTMENT, ...valid, kind: "reimbursement", overWeeks: true })).not.toHaveProperty("coversFrom");
  });

  it("names every empty field at once, in English and Spanish", () => {
    const found = check({});
    expect(found).toEqual({ kind: "Choose a kind", amountCents: "Enter an amount above zero", reason: "Give a reason" });
    expect(spanish(found)).toEqual({ kind: "Elige un tipo", amountCents: "Escribe un monto mayor que cero", reason: "Indica un motivo" });
  });

  it("refuses a zero, a fraction of a cent and more than a million dollars", () => {
    expect(check({ ...valid, amountCents: 0 })).toEqual({ amountCents: "Enter an amount above zero" });
    expect(check({ ...valid, amountCents: 12.5 })).toEqual({ amountCents: "Amount cannot have more than 2 decimal places" });
    const large = check({ ...valid, amountCents: 100_000_001 });
    expect(large).toEqual({ amountCents: "The amount is too large" });
    expect(spanish(large)).toEqual({ amountCents: "El monto es demasiado grande" });
  });

  it("asks for both covered days, in order, at most 371 days apart", () => {
    const over = { ...valid, overWeeks: true };
    const both = check({ ...over, coversFrom: "2026-01-05" });
    expect(both).toEqual({ coversTo: "Give the first and the last day it covers" });
    expect(spanish(both)).toEqual({ coversTo: "Indica el primer y el último día que cubre" });
    const order = check({ ...over, coversFrom: "2026-02-01", coversTo: "2026-01-05" });
    expect(order).toEqual({ coversTo: "The first day must be on or before the last" });
    expect(spanish(order)).toEqual({ coversTo: "El primer día debe ser igual o anterior al último" });
    const long = check({ ...over, coversFrom: "2025-01-01", coversTo: "2026-01-08" });
    expect(long).toEqual({ coversTo: "A bonus covers at most 371 days" });
    expect(spanish(long)).toEqual({ coversTo: "Un bono cubre como máximo 371 días" });
    expect(check({ ...over, coversFrom: "2025-01-01", coversTo: "2026-01-07" })).toEqual({});
    expect(check({ ...over, coversFrom: "2026-02-30", coversTo: "2026-03-07" })).toEqual({ coversFrom: "Not a real calendar date" });
  });
});
