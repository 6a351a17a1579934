import { describe, expect, it } from "vitest";
import { expectedFigure, expectedWindow, isLowLine, lineAmountCents, median } from "./collectionStats.ts";

describe("collection arithmetic", () => {
  it("values a machine line as coins plus bills and a changer line as bills in minus coins out", () => {
    expect(lineAmountCents({ coinsCents: 1250, billsCents: 500 }, false)).toBe(1750);
    expect(lineAmountCents({ coinsCents: 20000, billsCents: 45000 }, true)).toBe(25000);
  });

  it("takes the median, rounding the middle pair to whole cents", () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2, 4, 100])).toBe(3);
    expect(median([1, 2])).toBe(2);
  });

  // 2026-11-02 is a Monday.
  const history = [
    { businessDate: "2026-10-05", amountCents: 9000 }, // Monday
    { businessDate: "2026-10-12", amountCents: 10000 }, // Monday
    { businessDate: "2026-10-19", amountCents: 11000 }, // Monday
    { businessDate: "2026-10-15", amountCents: 1000 }, // Thursday
    { businessDate: "2026-10-22", amountCents: 2000 }, // Thursday
  ];

  it("uses the same weekday when three or more such visits exist", () => {
    expect(expectedFigure(history, "2026-11-02")).toBe(10000);
  });

  it("falls back to every visit when the weekday has too few", () => {
    expect(expectedFigure(history, "2026-11-05")).toBe(9000); // Thursday: median of all five
    expect(expectedFigure([], "2026-11-05")).toBeNull();
  });

  it("flags a line under half its expected figure", () => {
    expect(isLowLine(4999, 10000)).toBe(true);
    expect(isLowLine(5000, 10000)).toBe(false);
    expect(isLowLine(0, null)).toBe(false);
    expect(isLowLine(0, 0)).toBe(false);
  });

  it("looks back eight weeks", () => {
    expect(expectedWindow("2026-03-01")).toEqual({ fromDate: "2026-01-04", toDate: "2026-03-01" });
  });
});
