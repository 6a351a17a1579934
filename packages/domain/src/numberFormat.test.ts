import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatDecimal, formatHoursDecimal, formatPercent } from "./numberFormat.ts";

describe("numbers on the screens", () => {
  it("group and round in the reader's language (US Spanish writes them as US English does)", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatCount(12345, "es")).toBe("12,345");
    expect(formatDecimal(1234.5, "es", 1)).toBe("1,234.5");
    expect(formatDecimal(2, "en", 2)).toBe("2.00");
  });
  it("print minutes as hours with one decimal, and percentages with a dash for none", () => {
    expect(formatHoursDecimal(90, "en")).toBe("1.5");
    expect(formatHoursDecimal(486, "es")).toBe("8.1");
    expect(formatPercent(12.34, "en")).toBe("12.3%");
    expect(formatPercent(null, "es")).toBe("—");
  });
  it("print sizes in powers of 1024", () => {
    expect(formatBytes(500, "en")).toBe("500 B");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 ** 3, "en")).toBe("5 GB");
  });
});
