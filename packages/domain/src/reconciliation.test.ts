import { describe, expect, it } from "vitest";
import { allocateFifo, expectedClosing, figureOf } from "./reconciliation.ts";

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

describe("first in, first out", () => {
  it("gives each deposit the oldest collections' cash, splitting where it must", () => {
    // Collections 100, 50, 80; deposits 120 (100 of c1 + 20 of c2), 60 (30 of c2 + 30 of c3). 50 of c3 stays in the safe.
    expect(
      allocateFifo(
        [
          { id: "c1", cents: 100 },
          { id: "c2", cents: 50 },
          { id: "c0", cents: -5 },
          { id: "c3", cents: 80 },
        ],
        [
          { id: "d1", cents: 120 },
          { id: "d2", cents: 60 },
        ],
      ),
    ).toEqual([
      { collectionId: "c1", depositId: "d1", cents: 100 },
      { collectionId: "c2", depositId: "d1", cents: 20 },
      { collectionId: "c2", depositId: "d2", cents: 30 },
      { collectionId: "c3", depositId: "d2", cents: 30 },
    ]);
  });
});
