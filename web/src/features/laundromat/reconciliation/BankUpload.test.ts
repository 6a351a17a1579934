import { describe, expect, it } from "vitest";
import { cleanMapping, detectFormat, initialMapping } from "./BankUpload";

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
});
