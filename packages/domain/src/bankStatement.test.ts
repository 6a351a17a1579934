import { describe, expect, it } from "vitest";
import {
  autoMatch,
  BANK_MESSAGES,
  mappingErrors,
  namesDeposit,
  parseCsvStatement,
  parseStatementAmount,
  parseStatementDate,
  screenStatementLines,
} from "./bankStatement.ts";

describe("statement dates", () => {
  it("reads the common US forms, ISO and OFX", () => {
    expect(["03/07/2026", "3/7/2026", "3/7/26", "03-07-2026", "2026-03-07", "2026-3-7", "20260307", "20260307120000[-5:EST]"].map(parseStatementDate)).toEqual(
      Array(8).fill("2026-03-07"),
    );
  });
  it("refuses what is not a real date", () => {
    expect(["13/01/2026", "02/30/2026", "March 7", "", "7.3.2026", "2026-02-29"].map(parseStatementDate)).toEqual(Array(6).fill(null));
  });
});

describe("statement amounts", () => {
  it("reads signs, parentheses, dollar signs and thousands", () => {
    const cents = ["1,234.56", "$1,234.56", "-12.5", "(12.50)", "12.50-", "+3", "-$4.05", ".07", "1000"].map((t) => {
      const r = parseStatementAmount(t);
      return r.ok ? r.cents : r.error;
    });
    expect(cents).toEqual([123456, 123456, -1250, -1250, -1250, 300, -405, 7, 100000]);
  });
  it("refuses more than two decimals, and text", () => {
    expect(parseStatementAmount("12.345")).toEqual({ ok: false, error: BANK_MESSAGES.tooManyDecimals("12.345") });
    expect(parseStatementAmount("12,34")).toEqual({ ok: false, error: BANK_MESSAGES.badAmount("12,34") });
    expect(parseStatementAmount("abc")).toEqual({ ok: false, error: BANK_MESSAGES.badAmount("abc") });
    expect(parseStatementAmount(" ")).toEqual({ ok: false, error: BANK_MESSAGES.noAmount });
  });
  it("refuses two signs rather than guess which way the money went", () => {
    for (const t of ["--5", "(-5.00)", "-5.00-", "+-5", "(5.00)-", "-$-5", "$--5"])
      expect(parseStatementAmount(t)).toEqual({ ok: false, error: BANK_MESSAGES.badAmount(t) });
    expect(parseStatementAmount("$-5.00")).toEqual({ ok: true, cents: -500 });
  });
});

describe("screening a statement's lines", () => {
  const line = (row: number, date: string, amountCents: number) => ({ row, date, description: "x", amountCents, reference: null });
  it("names by row the lines dated after the import day or before 2000, and the lines of $0.00", () => {
    const screened = screenStatementLines(
      {
        lines: [
          line(2, "2026-11-27", 100),
          line(3, "2026-11-28", 100),
          line(4, "1900-01-01", 100),
          line(5, "9999-12-31", 5),
          line(6, "2026-11-02", 0),
          line(7, "2000-01-01", -1),
        ],
        errors: [{ row: 8, message: "bad" }],
      },
      "2026-11-27",
    );
    expect(screened.lines.map((l) => l.row)).toEqual([2, 7]);
    expect(screened.errors).toEqual([
      { row: 3, message: BANK_MESSAGES.lineAfterToday("2026-11-28") },
      { row: 4, message: BANK_MESSAGES.lineTooOld("1900-01-01") },
      { row: 5, message: BANK_MESSAGES.lineAfterToday("9999-12-31") },
      { row: 6, message: BANK_MESSAGES.zeroAmount },
      { row: 8, message: "bad" },
    ]);
  });
});

describe("CSV statements", () => {
  const mapping = { date: "Date", description: "Description", debit: "Debit", credit: "Credit", reference: "Ref" };
  it("maps debit and credit columns to signed cents, keeping spreadsheet row numbers", () => {
    const csv = 'Date,Description,Debit,Credit,Ref\n03/04/2026,DEPOSIT BAG 7,,"1,200.00",\n\n03/05/2026,FEE,12.00,,X1\n';
    expect(parseCsvStatement(csv, mapping)).toEqual({
      headers: ["Date", "Description", "Debit", "Credit", "Ref"],
      lines: [
        { row: 2, date: "2026-03-04", description: "DEPOSIT BAG 7", amountCents: 120000, reference: null },
        { row: 4, date: "2026-03-05", description: "FEE", amountCents: -1200, reference: "X1" },
      ],
      errors: [],
    });
  });
  it("reports every bad row with its number and reason", () => {
    const csv = "Date,Description,Amount\n03/04/2026,A,1.00\n03/05/2026,B,12.345\n13/45/2026,C,1.00\n03/06/2026,D,\n";
    expect(parseCsvStatement(csv, { date: "Date", description: "Description", amount: "Amount" }).errors).toEqual([
      { row: 3, message: BANK_MESSAGES.tooManyDecimals("12.345") },
      { row: 4, message: BANK_MESSAGES.badDate("13/45/2026") },
      { row: 5, message: BANK_MESSAGES.noAmount },
    ]);
  });
  it("refuses a mapping with no amount column or naming a missing column", () => {
    expect(mappingErrors({ date: "Date", description: "Memo" }, ["Date", "Description"])).toEqual([
      BANK_MESSAGES.noAmountColumn,
      BANK_MESSAGES.missingColumn("Memo"),
    ]);
  });
});

describe("automatic matching", () => {
  const deposit = (id: string, date: string, amountCents: number, bagNumber: string | null = null) => ({ id, date, amountCents, bagNumber, slipNumber: null });
  const line = (id: string, date: string, amountCents: number, description = "DEPOSIT") => ({ id, date, amountCents, description, reference: null });

  it("matches 40,000 lines against 5,000 deposits at once, looking only at equal amounts", () => {
    // Deposits of $100.01 to $150.00 over March; each line carries one of them, a day later, among fees.
    const deposits = Array.from({ length: 5_000 }, (_, i) => deposit(`d${i}`, `2026-03-${String((i % 28) + 1).padStart(2, "0")}`, 10_001 + i));
    const lines = Array.from({ length: 40_000 }, (_, i) =>
      i < 5_000 ? line(`l${i}`, `2026-03-${String((i % 28) + 2).padStart(2, "0")}`, 10_001 + i) : line(`f${i}`, "2026-03-15", -(i % 900) - 1),
    );
    const started = performance.now();
    const pairs = autoMatch(deposits, lines);
    expect(pairs).toHaveLength(5_000);
    expect(pairs.every((p) => p.lineId.slice(1) === p.depositId.slice(1))).toBe(true);
    // Every line against every deposit took about ten seconds; by amount it is tens of milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("takes equal amounts within the window, nearest date first", () => {
    expect(autoMatch([deposit("d1", "2026-03-01", 5000), deposit("d2", "2026-03-03", 5000)], [line("l1", "2026-03-04", 5000)])).toEqual([
      { lineId: "l1", depositId: "d2" },
    ]);
    expect(autoMatch([deposit("d1", "2026-03-01", 5000)], [line("l1", "2026-03-07", 5000)])).toEqual([]);
    expect(autoMatch([deposit("d1", "2026-03-01", 5000)], [line("l1", "2026-03-07", 5000)], 6)).toEqual([{ lineId: "l1", depositId: "d1" }]);
    expect(autoMatch([deposit("d1", "2026-03-01", 5000)], [line("l1", "2026-03-02", 5001), line("l2", "2026-03-02", -5000)])).toEqual([]);
  });
  it("prefers the deposit whose bag number the line names, and gives each deposit one line", () => {
    const deposits = [deposit("d1", "2026-03-10", 9500, "B-102"), deposit("d2", "2026-03-11", 9500, "B-105")];
    expect(autoMatch(deposits, [line("l2", "2026-03-14", 9500), line("l1", "2026-03-13", 9500, "DEP BAG B-102")])).toEqual([
      { lineId: "l1", depositId: "d1" },
      { lineId: "l2", depositId: "d2" },
    ]);
    expect(namesDeposit(line("x", "2026-03-13", 1, "DEP BAG B-1020"), deposits[0])).toBe(false);
  });
});
