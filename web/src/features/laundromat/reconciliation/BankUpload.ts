import type { BankMapping } from "@tumble/domain/bankStatement";

// The import screen's rules that need no server: which format a file is, which columns a bank's
// headers most likely are. A long statement is sent in parts (web/src/lib/uploadParts.ts).

export type StatementFormat = "csv" | "ofx";

/** The most parts one upload may have (bankLines:import's limit). */
export const MAX_PARTS = 25;

/** OFX and QFX by their name or their header; anything else is read as CSV. */
export function detectFormat(fileName: string, content: string): StatementFormat {
  if (/\.(ofx|qfx)$/i.test(fileName)) return "ofx";
  const head = content.slice(0, 2000).trimStart();
  return /^OFXHEADER|<OFX>/i.test(head) ? "ofx" : "csv";
}

const GUESSES: Array<[keyof BankMapping, RegExp]> = [
  ["date", /^(date|posted|posting date|transaction date|trans\.? date|fecha)/i],
  ["description", /(description|memo|details|narrative|payee|concepto|descripci)/i],
  ["debit", /(debit|withdrawal|money out|cargo)/i],
  ["credit", /(credit|deposit|money in|abono)/i],
  ["amount", /(amount|importe|monto)/i],
  ["reference", /(reference|^ref|check|cheque|transaction id|referencia)/i],
];

/**
 * The mapping to start from: the one remembered for the account where the file has those columns,
 * else a guess from the header names. A file with a single amount column is read by it, not by
 * debit and credit columns.
 */
export function initialMapping(headers: readonly string[], remembered: BankMapping | null): BankMapping {
  if (remembered) {
    const names = [remembered.date, remembered.description, remembered.amount, remembered.debit, remembered.credit, remembered.reference];
    if (names.every((n) => !n || headers.includes(n))) return { ...remembered };
  }
  const taken = new Set<string>();
  const guess: Partial<BankMapping> = {};
  for (const [field, pattern] of GUESSES) {
    const header = headers.find((h) => !taken.has(h) && pattern.test(h.trim()));
    if (header) {
      guess[field] = header;
      taken.add(header);
    }
  }
  if (guess.amount) {
    delete guess.debit;
    delete guess.credit;
  } else if (!guess.debit || !guess.credit) {
    delete guess.debit;
    delete guess.credit;
  }
  return { date: guess.date ?? "", description: guess.description ?? "", ...guess } as BankMapping;
}

/** The mapping as the server takes it: empty pickers left out. */
export function cleanMapping(mapping: BankMapping): BankMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => typeof v === "string" && v !== "")) as unknown as BankMapping;
}
