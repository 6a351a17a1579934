// Collections arithmetic shared by the server (verification, posting) and the web (running
// totals): what a line is worth and what a machine is expected to yield.

export interface LineAmounts {
  coinsCents: number;
  billsCents: number;
}

/** A bill changer takes bills in and pays coins out, so its line is worth the difference. */
export function lineAmountCents(line: LineAmounts, isChanger: boolean): number {
  return isChanger ? line.billsCents - line.coinsCents : line.coinsCents + line.billsCents;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** How far back a machine's own history counts, and how many same-weekday visits make it usable. */
export const EXPECTED_WINDOW_DAYS = 56;
export const SAME_WEEKDAY_MINIMUM = 3;
/** A line below this share of the expected figure is flagged for the verifier. */
export const LOW_LINE_RATIO = 0.5;

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/**
 * The machine's expected take for `businessDate`: the median of its verified lines over the
 * previous eight weeks, on the same weekday when at least three such visits exist, else all.
 * Null without history.
 */
export function expectedFigure(history: ReadonlyArray<{ businessDate: string; amountCents: number }>, businessDate: string): number | null {
  const day = weekday(businessDate);
  const sameDay = history.filter((h) => weekday(h.businessDate) === day);
  const basis = sameDay.length >= SAME_WEEKDAY_MINIMUM ? sameDay : history;
  return median(basis.map((h) => h.amountCents));
}

export function isLowLine(amountCents: number, expectedCents: number | null): boolean {
  return expectedCents !== null && expectedCents > 0 && amountCents < expectedCents * LOW_LINE_RATIO;
}

/** The eight-week window before a business date, as [from, to) ISO dates. */
export function expectedWindow(businessDate: string): { fromDate: string; toDate: string } {
  const d = new Date(`${businessDate}T00:00:00Z`);
  const from = new Date(d.getTime() - EXPECTED_WINDOW_DAYS * 86_400_000);
  return { fromDate: from.toISOString().slice(0, 10), toDate: businessDate };
}

/**
 * What a collection's lines are worth to the books: machine income (coins and bills of every
 * machine but changers) and the changers' bills in less coins out. A changer runs on an imprest
 * float refilled from the safe, so its net is a cash over or short, never income.
 */
export function collectionSplit(lines: ReadonlyArray<LineAmounts & { isChanger: boolean }>): { incomeCents: number; changerCents: number } {
  let incomeCents = 0;
  let changerCents = 0;
  for (const l of lines) {
    if (l.isChanger) changerCents += l.billsCents - l.coinsCents;
    else incomeCents += l.coinsCents + l.billsCents;
  }
  return { incomeCents, changerCents };
}
