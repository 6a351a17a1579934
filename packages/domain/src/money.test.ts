import { describe, expect, it } from "vitest";
import {
  addCents,
  centsToDollars,
  centsToDollarString,
  moneyInputText,
  dollarsToCents,
  formatUSD,
  MONEY_ERRORS,
  multiplyCents,
  parseDollarsToCents,
  subtractCents,
} from "./money.ts";

describe("formatUSD", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [50, "$0.50"],
    [100, "$1.00"],
    [1500, "$15.00"],
    [99_999, "$999.99"],
    [100_000, "$1,000.00"],
    [123_456, "$1,234.56"],
    [123_456_789, "$1,234,567.89"],
    [-500, "-$5.00"],
    [-123_456, "-$1,234.56"],
    [-1, "-$0.01"],
    [Number.MAX_SAFE_INTEGER, "$90,071,992,547,409.91"],
  ])("%d cents → %s", (cents, text) => {
    expect(formatUSD(cents)).toBe(text);
  });

  it("refuses fractional or unsafe cents", () => {
    expect(() => formatUSD(1.5)).toThrow(RangeError);
    expect(() => formatUSD(Number.NaN)).toThrow(RangeError);
    expect(() => formatUSD(2 ** 53)).toThrow(RangeError);
  });

  it("writes plain dollars for inputs", () => {
    expect(centsToDollarString(123_456)).toBe("1234.56");
    expect(centsToDollarString(7)).toBe("0.07");
    expect(centsToDollarString(-5)).toBe("-0.05");
  });
});

describe("parseDollarsToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    ["12.05", 1205],
    ["$1,234.56", 123_456],
    ["1,234,567", 123_456_700],
    ["  $ 7.10 ", 710],
    ["0", 0],
    ["0.01", 1],
    [".75", 75],
    ["0012", 1200],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
  ])("%j → %d cents", (input, cents) => {
    expect(parseDollarsToCents(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", MONEY_ERRORS.required],
    ["   ", MONEY_ERRORS.required],
    ["12.345", MONEY_ERRORS.tooManyDecimals],
    ["0.001", MONEY_ERRORS.tooManyDecimals],
    ["-5", MONEY_ERRORS.negative],
    ["-$5.00", MONEY_ERRORS.negative],
    ["$-5", MONEY_ERRORS.negative],
    ["abc", MONEY_ERRORS.invalid],
    ["12abc", MONEY_ERRORS.invalid],
    ["12.5.0", MONEY_ERRORS.invalid],
    ["12.", MONEY_ERRORS.invalid],
    [".", MONEY_ERRORS.invalid],
    ["$", MONEY_ERRORS.invalid],
    ["1,23", MONEY_ERRORS.invalid],
    ["12,3456", MONEY_ERRORS.invalid],
    ["1e3", MONEY_ERRORS.invalid],
    ["+5", MONEY_ERRORS.invalid],
    ["5$", MONEY_ERRORS.invalid],
    ["Infinity", MONEY_ERRORS.invalid],
    ["90071992547409.92", MONEY_ERRORS.tooLarge],
    ["999999999999999999999", MONEY_ERRORS.tooLarge],
  ])("%j is refused: %s", (input, error) => {
    expect(parseDollarsToCents(input)).toEqual({ ok: false, error });
  });

  it("round-trips every formatted amount", () => {
    for (const cents of [0, 1, 99, 100, 1234, 100_000, 987_654_321]) {
      expect(parseDollarsToCents(formatUSD(cents))).toEqual({ ok: true, cents });
      expect(parseDollarsToCents(centsToDollarString(cents))).toEqual({ ok: true, cents });
    }
  });
});

describe("dollar numbers", () => {
  it("rounds to whole cents without binary noise", () => {
    expect(dollarsToCents(15)).toBe(1500);
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(-1.005)).toBe(-101);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});

describe("arithmetic", () => {
  it("adds, subtracts and multiplies whole cents", () => {
    expect(addCents(10, 20, -5)).toBe(25);
    expect(addCents()).toBe(0);
    expect(subtractCents(1000, 1250)).toBe(-250);
    expect(multiplyCents(125, 4)).toBe(500);
    expect(multiplyCents(0, -3)).toBe(0);
  });

  it("refuses fractions and overflow", () => {
    expect(() => addCents(1, 0.5)).toThrow(RangeError);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => subtractCents(-Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => multiplyCents(2 ** 40, 2 ** 20)).toThrow(RangeError);
    expect(() => multiplyCents(100, 1.5)).toThrow(RangeError);
  });
});

describe("moneyInputText", () => {
  it("keeps only what money can be as it is typed", () => {
    expect(moneyInputText("abc")).toBe("");
    expect(moneyInputText("-5")).toBe("5");
    expect(moneyInputText("12.345")).toBe("12.34");
    expect(moneyInputText("$1,200.5")).toBe("1200.5");
    expect(moneyInputText("1.2.3")).toBe("1.23");
    expect(moneyInputText(".")).toBe(".");
    expect(moneyInputText("7e3")).toBe("73");
  });

  it("leaves text that parses to the same cents", () => {
    for (const text of ["0", "0.5", "12.50", "999999.99"]) expect(moneyInputText(text)).toBe(text);
  });
});
