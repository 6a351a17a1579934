import { describe, expect, it } from "vitest";
import { thresholdFormSchema } from "./balanceAdminForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const message = (value: unknown) => thresholdFormSchema.safeParse({ approvalThresholdCents: value }).error?.issues[0]?.message;

describe("the approval threshold form", () => {
  it("takes whole cents from zero up", () => {
    expect(thresholdFormSchema.parse({ approvalThresholdCents: 0 })).toEqual({ approvalThresholdCents: 0 });
    expect(thresholdFormSchema.parse({ approvalThresholdCents: 50_000 })).toEqual({ approvalThresholdCents: 50_000 });
  });

  it("refuses an empty, negative, fractional or huge amount, in English and Spanish", () => {
    const cases: Array<[unknown, string, string]> = [
      [null, "Amount is required", "El monto es obligatorio"],
      [-1, "Amount cannot be negative", "El monto no puede ser negativo"],
      [10.5, "Amount cannot have more than 2 decimal places", "El monto no puede tener más de 2 decimales"],
      [1_000_000_001, "Amount is too large", "El monto es demasiado grande"],
    ];
    for (const [value, en, es] of cases) {
      expect(message(value)).toBe(en);
      expect(localizeValidationMessage(en, "es")).toBe(es);
    }
  });
});
