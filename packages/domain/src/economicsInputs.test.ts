import { describe, expect, it } from "vitest";
import {
  ECONOMICS_INPUT_REFUSAL_TEXTS,
  cyclePriceCents,
  economicsInputText,
  guessRevenueMapping,
  parseRevenueAmount,
  parseRevenueSource,
  priceOn,
  revenueFileHeaders,
  revenueMappingProblems,
  revenueRowError,
  type PriceRow,
} from "./economicsInputs.ts";
import { refusalText } from "./refusals.ts";

const row = (target: { type?: string; machine?: string }, effectiveFrom: string, priceCents: number, minutes: [number, number] | null = null): PriceRow => ({
  equipmentTypeId: target.type ?? null,
  machineId: target.machine ?? null,
  effectiveFrom,
  priceCents,
  perMinutes: minutes?.[0] ?? null,
  typicalCycleMinutes: minutes?.[1] ?? null,
});

describe("the price rule", () => {
  // Washers (type W): $4.00 from Jan 1, $4.50 from Jun 1. Machine M2 (a washer): $3.00 from Mar 1.
  const prices = [row({ type: "W" }, "2025-01-01", 400), row({ type: "W" }, "2025-06-01", 450), row({ machine: "M2" }, "2025-03-01", 300)];
  const m1 = { id: "M1", equipmentTypeId: "W" };
  const m2 = { id: "M2", equipmentTypeId: "W" };

  it("takes a machine's own latest price dated on or before the day, else its type's", () => {
    expect(priceOn(prices, m1, "2024-12-31")).toBeNull();
    expect(priceOn(prices, m1, "2025-01-01")?.priceCents).toBe(400);
    expect(priceOn(prices, m1, "2025-05-31")?.priceCents).toBe(400);
    expect(priceOn(prices, m1, "2025-06-01")?.priceCents).toBe(450);
    // M2 takes its type's price until its own starts, then its own even after the type's later change.
    expect(priceOn(prices, m2, "2025-02-28")?.priceCents).toBe(400);
    expect(priceOn(prices, m2, "2025-03-01")?.priceCents).toBe(300);
    expect(priceOn(prices, m2, "2025-07-01")?.priceCents).toBe(300);
    // Another type's price is never a machine's.
    expect(priceOn(prices, { id: "D1", equipmentTypeId: "D" }, "2025-07-01")).toBeNull();
  });

  it("prices a dryer's typical cycle from its price per minutes", () => {
    // $0.25 per 8 minutes, a 40-minute cycle: 40 / 8 = 5 quarters = $1.25.
    expect(cyclePriceCents(row({ type: "D" }, "2025-01-01", 25, [8, 40]))).toBe(125);
    // $0.25 per 7 minutes, 45 minutes: 25 × 45 / 7 = 160.71… → $1.61.
    expect(cyclePriceCents(row({ type: "D" }, "2025-01-01", 25, [7, 45]))).toBe(161);
    expect(cyclePriceCents(row({ type: "W" }, "2025-01-01", 450))).toBe(450);
  });
});

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
