import { describe, expect, it } from "vitest";
import { PART_CHARS, cleanMapping, detectFormat, initialMapping, splitParts } from "./BankUpload";

describe("bank statement upload", () => {
  it("tells OFX and QFX from CSV by name or header", () => {
    expect(detectFormat("march.QFX", "")).toBe("ofx");
    expect(detectFormat("march.txt", "OFXHEADER:100\nDATA:OFXSGML")).toBe("ofx");
    expect(detectFormat("march.txt", "  <OFX><BANKMSGSRSV1>")).toBe("ofx");
    expect(detectFormat("march.csv", "Date,Description,Amount\n")).toBe("csv");
  });

  it("guesses a bank's columns, keeping one amount column over debit and credit", () => {
    expect(initialMapping(["Posting Date", "Description", "Amount", "Check or Slip #"], null)).toEqual({
      date: "Posting Date",
      description: "Description",
      amount: "Amount",
      reference: "Check or Slip #",
    });
    expect(initialMapping(["Date", "Memo", "Debit", "Credit"], null)).toEqual({ date: "Date", description: "Memo", debit: "Debit", credit: "Credit" });
    // Only a debit column: no amount is guessed, so the screen asks for one.
    expect(initialMapping(["Date", "Memo", "Debit"], null)).toEqual({ date: "Date", description: "Memo" });
  });

  it("starts from the remembered mapping when the file has its columns, else guesses", () => {
    const remembered = { date: "When", description: "What", amount: "How much" };
    expect(initialMapping(["When", "What", "How much"], remembered)).toEqual(remembered);
    expect(initialMapping(["Date", "Description", "Amount"], remembered)).toEqual({ date: "Date", description: "Description", amount: "Amount" });
  });

  it("leaves empty pickers out of the mapping sent", () => {
    expect(cleanMapping({ date: "Date", description: "Memo", amount: "", reference: "" })).toEqual({ date: "Date", description: "Memo" });
  });

  it("cuts a long statement into parts that join back to it, each small enough to send", () => {
    const row = '03/07/2026,"Deposit, bag ""B-1"" ñ",1234.56\n';
    const content = "Date,Description,Amount\n" + row.repeat(60_000);
    const parts = splitParts(content);
    expect(parts.join("")).toBe(content);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PART_CHARS);
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(960_000);
    }
    expect(splitParts("a,b\n")).toEqual(["a,b\n"]);
  });
});
