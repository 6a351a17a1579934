import { describe, expect, it } from "vitest";
import { localizePayrollMessage, payrollMessage, unverifiedMessage } from "./payrollMessages.ts";

describe("payroll messages", () => {
  it("turns the server's English into Spanish, the counted one included", () => {
    expect(localizePayrollMessage(payrollMessage("notLocked"), "es")).toBe("Solo un periodo bloqueado se puede marcar como pagado");
    expect(localizePayrollMessage(payrollMessage("notLocked"), "en")).toBe("Only a locked period can be marked paid");
    expect(localizePayrollMessage(unverifiedMessage(3), "es")).toBe(
      "3 registros de tiempo de este periodo no están verificados: verifícalos primero o indica un motivo para bloquearlo de todos modos",
    );
    expect(localizePayrollMessage(unverifiedMessage(1), "es")).toMatch(/^1 registro de tiempo de este periodo no está verificado: verifícalo/);
    expect(localizePayrollMessage("Something else", "es")).toBeNull();
  });
});
