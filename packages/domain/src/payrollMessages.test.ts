import { describe, expect, it } from "vitest";
import { payrollMessage, payrollRefusal, unverifiedMessage } from "./payrollMessages.ts";
import { refusalCode, refusalText, refusalTextOfMessage } from "./refusals.ts";

describe("payroll refusals", () => {
  it("carry a code and values beside the English, by which a screen says them in Spanish", () => {
    expect(payrollRefusal("notLocked")).toEqual({
      message: "Only a locked period can be marked paid",
      data: { code: "payroll.notLocked", params: {} },
    });
    expect(refusalText(payrollRefusal("notLocked").data, "es")).toBe("Solo un periodo bloqueado se puede marcar como pagado");
    const three = payrollRefusal("unverified", { count: 3 });
    expect(three.message).toBe(unverifiedMessage(3));
    expect(refusalText(three.data, "es")).toBe(
      "3 registros de tiempo de este periodo no están verificados: verifícalos primero o indica un motivo para bloquearlo de todos modos",
    );
    expect(refusalText(payrollRefusal("unverified", { count: 1 }).data, "es")).toMatch(/^1 registro de tiempo de este periodo no está verificado: verifícalo/);
    expect(refusalText(payrollRefusal("periodLocked", { startsOn: "2026-11-02", endsOn: "2026-11-15" }).data, "en")).toBe(
      "The pay period 2026-11-02 – 2026-11-15 is locked: an owner reopens it to change its time or pay",
    );
  });

  it("are told apart by code, not by their English", () => {
    expect(refusalCode({ message: "anything at all", data: payrollRefusal("earlyLock", { endsOn: "2026-11-30" }).data })).toBe("payroll.earlyLock");
    expect(refusalCode(new Error(payrollRefusal("earlyLock", { endsOn: "2026-11-30" }).message))).toBeNull();
    // A fixed sentence stored as text (an import line's problem) is still found by its English.
    expect(refusalTextOfMessage(payrollMessage("adjustPaid"), "es")).toBe("Este periodo está pagado: agrega la corrección al siguiente periodo abierto");
    expect(refusalTextOfMessage("Something else", "es")).toBeNull();
  });
});
