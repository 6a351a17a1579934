import { describe, expect, it } from "vitest";
import {
  canSearchCompanies,
  COMPANY_CODE_DEBOUNCE_MS,
  COMPANY_CODE_MAX_LENGTH,
  COMPANY_CODE_MIN_LENGTH,
  COMPANY_FINDER_MESSAGES,
  COMPANY_SEARCH_DEBOUNCE_MS,
  COMPANY_SEARCH_LIMIT,
  COMPANY_SEARCH_MIN_LENGTH,
  COMPANY_SIZE_TABLE,
  companySearchError,
  companySizeFor,
  DOMAIN_SUGGESTION_LIMIT,
  isCompanySize,
  normalizeCompanyCode,
  shouldAutoValidate,
} from "./companyCode.ts";

describe("normalizeCompanyCode", () => {
  it.each([
    ["", ""],
    ["abc123", "ABC123"],
    ["cmp-12 34", "CMP1234"],
    ["123456", "CMP123456"],
    ["1", "CMP1"],
    [" 9xyz", "CMP9XYZ"],
    ["-7", "CMP7"],
    ["abcdefghijklmnop", "ABCDEFGHIJKL"],
    ["1234567890123", "CMP123456789"],
    ["ñandú42", "AND42"],
    ["Ü1", "CMP1"],
    ["!!!", ""],
  ])("%j → %j", (input, code) => {
    expect(normalizeCompanyCode(input)).toBe(code);
  });

  it("is idempotent and never longer than 12", () => {
    for (const input of ["123", "cmp1", "9".repeat(20), "a-b-c-1-2-3", "CMP123456789XYZ"]) {
      const once = normalizeCompanyCode(input);
      expect(normalizeCompanyCode(once)).toBe(once);
      expect(once.length).toBeLessThanOrEqual(12);
    }
  });

  it("validates automatically from 6 characters", () => {
    expect(shouldAutoValidate("ABCDE")).toBe(false);
    expect(shouldAutoValidate("ABCDEF")).toBe(true);
    expect(shouldAutoValidate("AB-CD-E")).toBe(false);
    expect(shouldAutoValidate("123")).toBe(true); // becomes CMP123
  });

  it("has the spec's constants and texts", () => {
    expect([COMPANY_CODE_MIN_LENGTH, COMPANY_CODE_MAX_LENGTH, COMPANY_CODE_DEBOUNCE_MS]).toEqual([6, 12, 500]);
    expect([COMPANY_SEARCH_MIN_LENGTH, COMPANY_SEARCH_DEBOUNCE_MS, COMPANY_SEARCH_LIMIT, DOMAIN_SUGGESTION_LIMIT]).toEqual([3, 300, 20, 3]);
    expect(COMPANY_FINDER_MESSAGES.codeFailed).toBe("Unable to validate company code. Please try again.");
    expect(COMPANY_FINDER_MESSAGES.noResults).toBe("No companies found matching your search.");
    expect(COMPANY_FINDER_MESSAGES.noResultsHint).toBe("Try using a company code instead, or contact your organization for assistance.");
    expect(COMPANY_FINDER_MESSAGES.codeLengthHint).toBe("Company codes are typically 6-12 characters long");
    expect(COMPANY_FINDER_MESSAGES.codeHint).toBe("Enter the company code provided by your organization");
  });
});

describe("company search", () => {
  it("needs at least 3 characters besides surrounding spaces", () => {
    expect(canSearchCompanies("ab")).toBe(false);
    expect(canSearchCompanies("  ab  ")).toBe(false);
    expect(canSearchCompanies("abc")).toBe(true);
    expect(companySearchError("ab")).toBe("Please enter at least 3 characters to search for companies.");
    expect(companySearchError("Rio")).toBe(null);
  });
});

describe("company sizes", () => {
  it("has the spec's bands", () => {
    expect(COMPANY_SIZE_TABLE.map((b) => [b.size, b.minEmployees, b.maxEmployees])).toEqual([
      ["SMALL", 1, 50],
      ["MEDIUM", 51, 200],
      ["LARGE", 201, 1000],
      ["ENTERPRISE", 1001, null],
    ]);
  });

  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, "SMALL"],
    [50, "SMALL"],
    [50.9, "SMALL"],
    [51, "MEDIUM"],
    [200, "MEDIUM"],
    [201, "LARGE"],
    [1000, "LARGE"],
    [1001, "ENTERPRISE"],
    [250_000, "ENTERPRISE"],
  ])("%d employees → %s", (n, size) => {
    expect(companySizeFor(n)).toBe(size);
  });

  it("recognises size values", () => {
    expect(isCompanySize("LARGE")).toBe(true);
    expect(isCompanySize("large")).toBe(false);
    expect(isCompanySize(3)).toBe(false);
  });
});
