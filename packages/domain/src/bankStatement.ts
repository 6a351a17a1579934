import Papa from "papaparse";
import { assertCents } from "./money.ts";

// Bank statements as banks export them, read the same way by the import preview and the server:
// a CSV with a column mapping (date, description, amount or debit/credit, optional reference),
// dates and amounts in the common US forms, and the rules for matching deposits to credit lines.
// Money is integer cents; a credit (money into the bank) is positive.

export interface BankMapping {
  date: string;
  description: string;
  /** One signed column… */
  amount?: string;
  /** …or money out and money in in two columns (a debit is shown as a positive number). */
  debit?: string;
  credit?: string;
  reference?: string;
}

export interface StatementLine {
  /** The row in the file, counting the header as row 1 (as a spreadsheet numbers it). */
  row: number;
  date: string;
  description: string;
  amountCents: number;
  reference: string | null;
  /** The bank's own id of the line (OFX FITID), when it gives one. */
  bankId?: string | null;
}

export interface RowError {
  row: number;
  message: string;
}

export const BANK_MESSAGES = {
  noAmountColumn: "The mapping names no amount column: give an amount column, or a debit and a credit column",
  noDateColumn: "The mapping names no date column",
  noDescriptionColumn: "The mapping names no description column",
  missingColumn: (name: string) => `The statement has no column "${name}"`,
  badDate: (text: string) => `The date "${text}" is not a date (use MM/DD/YYYY, M/D/YY or YYYY-MM-DD)`,
  badAmount: (text: string) => `The amount "${text}" is not an amount`,
  tooManyDecimals: (text: string) => `The amount "${text}" has more than two decimals`,
  noAmount: "The line has no amount",
  bothAmounts: "The line has both a debit and a credit",
  empty: "The statement has no lines",
  badOfx: "The file is not an OFX statement",
  futureLine: "A bank line cannot be dated after today",
  lineAfterToday: (date: string) => `The line is dated ${date}, after today`,
  lineTooOld: (date: string) => `The line is dated ${date}, before ${EARLIEST_LINE_DATE}: not a date of this statement`,
  zeroAmount: "The line moves no money ($0.00)",
} as const;

/** The earliest date a statement line may carry: anything before is a typing or export mistake. */
export const EARLIEST_LINE_DATE = "2000-01-01";

/**
 * The parsed lines a statement imported on `today` may hold, the others turned into row errors
 * beside the parser's: lines dated after today or before EARLIEST_LINE_DATE, and lines of $0.00.
 */
export function screenStatementLines<L extends StatementLine>(parsed: { lines: L[]; errors: RowError[] }, today: string): { lines: L[]; errors: RowError[] } {
  const lines: L[] = [];
  const errors = [...parsed.errors];
  for (const line of parsed.lines) {
    if (line.date > today) errors.push({ row: line.row, message: BANK_MESSAGES.lineAfterToday(line.date) });
    else if (line.date < EARLIEST_LINE_DATE) errors.push({ row: line.row, message: BANK_MESSAGES.lineTooOld(line.date) });
    else if (line.amountCents === 0) errors.push({ row: line.row, message: BANK_MESSAGES.zeroAmount });
    else lines.push(line);
  }
  errors.sort((a, b) => a.row - b.row);
  return { lines, errors };
}

/** The largest single statement line accepted: $100,000,000.00. */
export const MAX_LINE_CENTS = 10_000_000_000;

function realDate(y: number, m: number, d: number): string | null {
  const iso = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "03/07/2026", "3/7/26", "3-7-2026", "2026-03-07", "20260307" → "2026-03-07"; anything else null. */
export function parseStatementDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})/.exec(t);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  // Two-digit years are this century's: bank statements are recent.
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return realDate(year, Number(m[1]), Number(m[2]));
}

export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: string };

/** "1,234.56", "$1,234.56", "-12.5", "(12.50)", "12.50-", "+3" → signed cents; more than two decimals is an error. */
export function parseStatementAmount(text: string): ParsedAmount {
  let t = text.trim().replace(/\s/g, "");
  if (t === "") return { ok: false, error: BANK_MESSAGES.noAmount };
  // One sign at most, in one of the forms banks use: "(12.50)", "-12.50", "+12.50", "12.50-", "-$12.50", "$-12.50".
  // "--5" or "(-5.00)" is no amount: guessing its sign could book money the wrong way.
  let negative = false;
  let signs = 0;
  if (/^\(.*\)$/.test(t)) [negative, t, signs] = [true, t.slice(1, -1), signs + 1];
  if (/^[-+]/.test(t)) [negative, t, signs] = [negative || t[0] === "-", t.slice(1), signs + 1];
  if (/-$/.test(t)) [negative, t, signs] = [true, t.slice(0, -1), signs + 1];
  t = t.replace(/^\$/, "");
  if (/^[-+]/.test(t)) [negative, t, signs] = [negative || t[0] === "-", t.slice(1), signs + 1];
  if (signs > 1) return { ok: false, error: BANK_MESSAGES.badAmount(text.trim()) };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return { ok: false, error: BANK_MESSAGES.badAmount(text.trim()) };
  if (m[2] !== undefined && m[2].length > 2) return { ok: false, error: BANK_MESSAGES.tooManyDecimals(text.trim()) };
  const cents = Number((m[1] ?? "0").replace(/,/g, "")) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_LINE_CENTS) return { ok: false, error: BANK_MESSAGES.badAmount(text.trim()) };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** What is wrong with a mapping for a statement with these headers; empty when it can be used. */
export function mappingErrors(mapping: BankMapping, headers: readonly string[]): string[] {
  const errors: string[] = [];
  if (!mapping.date) errors.push(BANK_MESSAGES.noDateColumn);
  if (!mapping.description) errors.push(BANK_MESSAGES.noDescriptionColumn);
  if (!mapping.amount && !mapping.debit && !mapping.credit) errors.push(BANK_MESSAGES.noAmountColumn);
  for (const name of [mapping.date, mapping.description, mapping.amount, mapping.debit, mapping.credit, mapping.reference]) {
    if (name && !headers.includes(name)) errors.push(BANK_MESSAGES.missingColumn(name));
  }
  return errors;
}

export interface ParsedStatement {
  headers: string[];
  lines: StatementLine[];
  errors: RowError[];
}

/** Reads a CSV statement with a mapping; every bad row is reported with its row number and reason. */
export function parseCsvStatement(content: string, mapping: BankMapping): ParsedStatement {
  // Arrays, not header objects: record i is spreadsheet row i + 1, blank rows included.
  const parsed = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const headers = (parsed.data[0] ?? []).map((h) => h.trim());
  const problems = mappingErrors(mapping, headers);
  if (problems.length) return { headers, lines: [], errors: problems.map((message) => ({ row: 1, message })) };
  const lines: StatementLine[] = [];
  const errors: RowError[] = [];
  parsed.data.slice(1).forEach((record, index) => {
    const row = index + 2;
    if (record.every((c) => c.trim() === "")) return;
    const cell = (name: string | undefined) => (name ? (record[headers.indexOf(name)] ?? "").trim() : "");
    const date = parseStatementDate(cell(mapping.date));
    if (!date) return errors.push({ row, message: BANK_MESSAGES.badDate(cell(mapping.date)) });
    let amount: ParsedAmount;
    if (mapping.amount) amount = parseStatementAmount(cell(mapping.amount));
    else {
      const debit = cell(mapping.debit);
      const credit = cell(mapping.credit);
      if (debit && credit) return errors.push({ row, message: BANK_MESSAGES.bothAmounts });
      amount = parseStatementAmount(debit || credit);
      // A debit column holds money out as a positive number.
      if (amount.ok && debit) amount = { ok: true, cents: -Math.abs(amount.cents) };
    }
    if (!amount.ok) return errors.push({ row, message: amount.error });
    lines.push({ row, date, description: cell(mapping.description), amountCents: amount.cents, reference: cell(mapping.reference) || null });
  });
  for (const e of parsed.errors) if (e.row !== undefined && e.code !== "UndetectableDelimiter") errors.push({ row: e.row + 1, message: e.message });
  if (!lines.length && !errors.length) errors.push({ row: 1, message: BANK_MESSAGES.empty });
  errors.sort((a, b) => a.row - b.row);
  return { headers, lines, errors };
}

// ---- matching ----

/** How far apart (in days) a deposit and its bank line may be dated for automatic matching. */
export const DEFAULT_MATCH_WINDOW_DAYS = 5;

export interface DepositToMatch {
  id: string;
  date: string;
  amountCents: number;
  bagNumber: string | null;
  slipNumber: string | null;
}

export interface LineToMatch {
  id: string;
  date: string;
  amountCents: number;
  description: string;
  reference: string | null;
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
export const daysBetween = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));

/** Whether the line's description or reference names the deposit's bag or slip number (as a whole token). */
export function namesDeposit(line: LineToMatch, deposit: DepositToMatch): boolean {
  const text = `${line.description} ${line.reference ?? ""}`.toUpperCase();
  return [deposit.bagNumber, deposit.slipNumber].some((n) => {
    if (!n) return false;
    const escaped = n.toUpperCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^A-Z0-9])${escaped}($|[^A-Z0-9])`).test(text);
  });
}

/**
 * One deposit to one credit line of the same amount dated within the window; a line that names a
 * deposit's bag or slip number takes that deposit first, then the nearest date, then the earliest.
 * Lines are taken in date order, so the result does not depend on the order given.
 */
export function autoMatch(
  deposits: readonly DepositToMatch[],
  lines: readonly LineToMatch[],
  windowDays = DEFAULT_MATCH_WINDOW_DAYS,
): Array<{ lineId: string; depositId: string }> {
  // Deposits by amount: a line looks only at those of its own amount, so thousands of lines and
  // deposits match in linear time rather than every line against every deposit.
  const byAmount = new Map<number, DepositToMatch[]>();
  for (const d of deposits) {
    assertCents(d.amountCents);
    byAmount.set(d.amountCents, [...(byAmount.get(d.amountCents) ?? []), d]);
  }
  const free = new Set(deposits.map((d) => d.id));
  const pairs: Array<{ lineId: string; depositId: string }> = [];
  const ordered = [...lines].filter((l) => l.amountCents > 0).sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  for (const line of ordered) {
    const candidates = (byAmount.get(line.amountCents) ?? [])
      .filter((d) => free.has(d.id) && daysBetween(d.date, line.date) <= windowDays)
      .map((d) => ({ d, named: namesDeposit(line, d) ? 0 : 1, gap: daysBetween(d.date, line.date) }))
      .sort((a, b) => a.named - b.named || a.gap - b.gap || a.d.date.localeCompare(b.d.date) || a.d.id.localeCompare(b.d.id));
    const best = candidates[0];
    if (!best) continue;
    free.delete(best.d.id);
    pairs.push({ lineId: line.id, depositId: best.d.id });
  }
  return pairs;
}

/** Refusals of booking a bank line from the statement (server/src/reconciliation/bankEntries.ts). */
export const BANK_ENTRY_MESSAGES = {
  matched: "This line carries deposits: unmatch them before booking it",
  booked: "This line is already booked",
  bookedNoMatch: "This line is booked as a bank entry: reverse or cancel that entry before matching deposits to it",
  needsCategory: "Choose the expense category of this charge",
};
