import { describe, expect, it } from "vitest";
import { localizePayrollOutputMessage, payrollExternalIdSchema, payrollOutputMessage, staleDays } from "./payrollOutputs.ts";

describe("staleDays", () => {
  const open = (endsOn: string, payDate: string | null = null) => ({ endsOn, payDate, status: "open" });

  it("flags an open period that ended more than three days ago, with its days", () => {
    expect(staleDays(open("2026-11-14"), "2026-11-27")).toBe(13);
    expect(staleDays(open("2026-11-23"), "2026-11-27")).toBe(4);
  });

  it("leaves alone a period that ended three days ago or less, or has not ended", () => {
    expect(staleDays(open("2026-11-24"), "2026-11-27")).toBeNull();
    expect(staleDays(open("2026-11-27"), "2026-11-27")).toBeNull();
    expect(staleDays(open("2026-12-05"), "2026-11-27")).toBeNull();
  });

  it("flags a recently ended period once its pay date has passed", () => {
    expect(staleDays(open("2026-11-25", "2026-11-26"), "2026-11-27")).toBe(2);
    expect(staleDays(open("2026-11-25", "2026-11-27"), "2026-11-27")).toBeNull();
  });

  it("never flags a locked or paid period", () => {
    expect(staleDays({ endsOn: "2026-10-01", payDate: null, status: "locked" }, "2026-11-27")).toBeNull();
    expect(staleDays({ endsOn: "2026-10-01", payDate: null, status: "paid" }, "2026-11-27")).toBeNull();
  });
});

describe("provider ids and messages", () => {
  it("accepts letters, digits, - and _, and clears with an empty text", () => {
    expect(payrollExternalIdSchema.parse(" 5G9934 ")).toBe("5G9934");
    expect(payrollExternalIdSchema.parse("")).toBeNull();
    expect(payrollExternalIdSchema.safeParse("A 1").success).toBe(false);
    expect(payrollExternalIdSchema.safeParse("x".repeat(21)).success).toBe(false);
  });

  it("turns the server's English into Spanish", () => {
    expect(localizePayrollOutputMessage(payrollOutputMessage("externalIdTaken"), "es")).toBe("Otro empleado ya tiene este ID del proveedor");
    expect(localizePayrollOutputMessage("Something else", "es")).toBeNull();
  });
});
