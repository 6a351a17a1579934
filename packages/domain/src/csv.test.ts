import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("csv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Rio "Downtown", 2')).toBe('"Rio ""Downtown"", 2"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(0)).toBe("0");
  });

  it("keeps spreadsheet formulas from running but leaves negative numbers alone", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(-3)).toBe("-3");
  });

  it("writes a header and one line per row", () => {
    expect(
      toCsv(
        ["Store", "Total"],
        [
          ["A", "1.00"],
          ["B, C", "-2.00"],
        ],
      ),
    ).toBe('Store,Total\nA,1.00\n"B, C",-2.00\n');
  });
});
