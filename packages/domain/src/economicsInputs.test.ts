import { describe, expect, it } from "vitest";
import {
  ECONOMICS_INPUT_REFUSAL_TEXTS,
  economicsInputText,
  guessRevenueMapping,
  parseRevenueAmount,
  parseRevenueSource,
  revenueFileHeaders,
  revenueMappingProblems,
  revenueRowError,
} from "./economicsInputs.ts";
import { refusalText } from "./refusals.ts";

describe("the card revenue file", () => {
  it("reads amounts, refusing negative, zero and malformed ones by their own reason", () => {
    expect(parseRevenueAmount("$1,234.50")).toEqual({ ok: true, cents: 123_450 });
    expect(parseRevenueAmount("-3.50")).toEqual({ ok: false, key: "rowNegativeAmount" });
    expect(parseRevenueAmount("0.00")).toEqual({ ok: false, key: "rowZeroAmount" });
    expect(parseRevenueAmount("3.5x")).toEqual({ ok: false, key: "rowBadAmount" });
    expect(parseRevenueAmount("3.505")).toEqual({ ok: false, key: "rowBadAmount" });
  });

  it("reads sources by code or common word", () => {
    expect(parseRevenueSource(" Credit Card ")).toBe("card");
    expect(parseRevenueSource("Mobile")).toBe("app");
    expect(parseRevenueSource("WDF")).toBe("wash_dry_fold");
    expect(parseRevenueSource("cash")).toBeNull();
  });

  it("guesses a mapping from the header and names what a mapping lacks", () => {
    expect(guessRevenueMapping(["Transaction ID", "Date", "Location", "Machine", "Amount"])).toEqual({
      date: "Date",
      amount: "Amount",
      store: "Location",
      machine: "Machine",
      reference: "Transaction ID",
    });
    expect(revenueMappingProblems({ date: "Date", amount: "Total" }, ["Date", "Amount"], false)).toEqual([
      { key: "mappingPlace" },
      { key: "mappingMissing", column: "Total" },
    ]);
    expect(revenueMappingProblems({ date: "Date", amount: "Amount" }, ["Date", "Amount"], true)).toEqual([]);
  });

  it("reads the file's header for the mapping form", () => {
    expect(revenueFileHeaders('\uFEFFDate,"Location, name",Amount\n2025-01-01,A,1\n')).toEqual(["Date", "Location, name", "Amount"]);
    expect(revenueFileHeaders("")).toEqual([]);
  });

  it("words a row's error in either language from its code", () => {
    const error = revenueRowError(7, "rowDuplicate", { value: "T1", first: 2 });
    expect(error).toEqual({
      row: 7,
      code: "economicsInputs.rowDuplicate",
      params: { value: "T1", first: 2 },
      message: 'The transaction "T1" is in the file twice (first on row 2)',
    });
    expect(refusalText({ code: error.code, params: error.params }, "es")).toBe('La transacción "T1" está dos veces en el archivo (primero en la fila 2)');
    expect(economicsInputText("rowZeroAmount", "es")).toBe("La fila no cobra dinero ($0.00)");
  });
});

describe("refusals", () => {
  it("say every refusal in English and Spanish, alike in kind", () => {
    for (const [key, { en, es }] of Object.entries(ECONOMICS_INPUT_REFUSAL_TEXTS)) {
      expect(typeof es, key).toBe(typeof en);
      if (typeof en === "string") expect(es, key).not.toBe(en);
    }
  });
});
