import { describe, expect, it } from "vitest";
import { BANK_MESSAGES } from "@tumble/domain/bankStatement";
import { parseOfxStatement, readOfx } from "../src/fileReading/ofx.ts";

// The OFX reader (issue 32, docs/decisions/0061-files-read-safely.md): OFX 1.x SGML and 2.x XML
// read alike in one forward pass, so a file costs time in proportion to its length however it is
// built.

const refused = { lines: [], errors: [{ row: 1, message: BANK_MESSAGES.badOfx }] };

describe("the OFX reader", () => {
  it("reads SGML with its leaf end tags left out and XML alike, repeated elements as a list", () => {
    const sgml = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</STATUS><INTU.BID>3000</SONRS></SIGNONMSGSRSV1>
      <BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240102120000<TRNAMT>25.00<FITID>F1<NAME>DEPOSIT AT&amp;T<MEMO>bag 12</STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240103<TRNAMT>-3.50<FITID>F2<NAME>ATM<CHECKNUM>77</STMTTRN>
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE></STATUS><INTU.BID>3000</INTU.BID></SONRS></SIGNONMSGSRSV1>
      <BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKTRANLIST>
        <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240102120000</DTPOSTED><TRNAMT>25.00</TRNAMT><FITID>F1</FITID><NAME>DEPOSIT AT&amp;T</NAME><MEMO>bag 12</MEMO></STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240103</DTPOSTED><TRNAMT>-3.50</TRNAMT><FITID>F2</FITID><NAME>ATM</NAME><CHECKNUM>77</CHECKNUM></STMTTRN>
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(readOfx(xml)).toEqual(readOfx(sgml));
    expect(parseOfxStatement(sgml)).toEqual({
      lines: [
        { row: 1, date: "2024-01-02", description: "DEPOSIT AT&T bag 12", amountCents: 2500, reference: null, bankId: "F1" },
        { row: 2, date: "2024-01-03", description: "ATM", amountCents: -350, reference: "77", bankId: "F2" },
      ],
      errors: [],
    });
  });

  it("refuses what is not a statement, naming nothing it cannot read", () => {
    for (const content of [
      "not ofx",
      "<OFX><A",
      `OFXHEADER:100\n<OFX><${"A".repeat(28)}`,
      "<OFX><A<B>",
      "<OFX><!-- open",
      "<OFX></B></A>",
      `<OFX>${"<A>".repeat(100)}`,
    ])
      expect(parseOfxStatement(content)).toEqual(refused);
  });

  it("takes time in proportion to the file, however it is built", () => {
    const adversarial = [
      `<OFX>${"<A".repeat(500_000)}`,
      `<OFX>${"<AAAA>".repeat(60)}${"x".repeat(1_000_000)}`,
      `<OFX>${"</A>".repeat(250_000)}`,
      `<OFX>${"<!--".repeat(250_000)}`,
      `<OFX><${"A".repeat(1_000_000)}`,
      `<OFX>${"<B>x".repeat(250_000)}`,
    ];
    for (const content of adversarial) {
      const started = performance.now();
      parseOfxStatement(content);
      // A megabyte each: a few milliseconds on a quiet machine; a backtracking reader takes hours.
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});
