import { describe, expect, it } from "vitest";
import { csvFileText, toCsv, type CsvValue, UTF8_BOM, csvLines } from "./csv.ts";

/** One cell as toCsv writes it (under a one-letter header). */
const csvCell = (value: CsvValue) => toCsv(["h"], [[value]]).slice(2, -1);

describe("csv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Rio "Downtown", 2')).toBe('"Rio ""Downtown"", 2"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(0)).toBe("0");
  });

  it("keeps spreadsheet formulas from running (an escaped cell is also quoted) but leaves negative numbers alone", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe(`"'=SUM(A1:A2)"`);
    expect(csvCell("@cmd")).toBe(`"'@cmd"`);
    expect(csvCell("+1 555")).toBe(`"'+1 555"`);
    expect(csvCell("-")).toBe(`"'-"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(-3)).toBe("-3");
  });

  it("writes the header alone when there are no rows", () => {
    expect(toCsv(["Store", "Total"], [])).toBe("Store,Total\n");
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

  it("starts a file with the UTF-8 byte-order mark, once, so Excel reads Spanish names right", () => {
    const csv = toCsv(["Tienda", "Categoría"], [["Peña Lavandería", "Máquinas"]]);
    const file = csvFileText(csv);
    expect(file.startsWith(UTF8_BOM)).toBe(true);
    expect(csvFileText(file)).toBe(file);
    const bytes = new TextEncoder().encode(file);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Read back as UTF-8 (the BOM dropped, as Excel does), every accent is where it was.
    expect(new TextDecoder("utf-8").decode(bytes)).toBe(csv);
  });
});

describe("csvLines", () => {
  it("writes rows in parts with the same formula guard, in the line ending asked for", () => {
    expect(
      csvLines(
        [
          ["=1+1", "-12.50", "@x"],
          ["\tTab", "ok", null],
        ],
        "\r\n",
      ),
    ).toBe(`"'=1+1",-12.50,"'@x"\r\n"'\tTab",ok,\r\n`);
    expect(csvLines([])).toBe("");
  });
});
