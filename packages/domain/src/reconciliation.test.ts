import { describe, expect, it } from "vitest";
import { expectedClosing, figureOf } from "./reconciliation.ts";

describe("reconciliation figures", () => {
  it("puts every transaction kind in one figure", () => {
    expect(["collection", "deposit", "withdrawal", "expense", "transfer", "change_fund_replenishment", "adjustment", "count_variance"].map(figureOf)).toEqual([
      "collections",
      "deposits",
      "draws",
      "expenses",
      "transfers",
      "transfers",
      "adjustments",
      "adjustments",
    ]);
    expect(() => figureOf("gift")).toThrow('Unknown transaction kind "gift"');
  });
  it("adds signed figures to the opening balance", () => {
    // 500.00 + 100.00 − 60.00 − 20.00 − 5.50 − 10.00 + 0.25 = 504.75
    expect(expectedClosing(50000, { collections: 10000, deposits: -6000, draws: -2000, expenses: -550, transfers: -1000, adjustments: 25 })).toBe(50475);
  });
});
