import { addDays } from "@tumble/domain/datePresets";
import { formatUSD } from "@tumble/domain/money";

// The reconciliation screen's small rules: which period closes next, which closed period a range
// is, the over/short series, how a figure's amount reads. Business dates are yyyy-MM-dd strings
// compared as text (never through UTC).

export interface PeriodRow {
  _id: string;
  storeId: string;
  storeName: string;
  fromDate: string;
  toDate: string;
  status: string;
  varianceCents: number;
  countedClosingCents: number;
  expectedCents: number;
}

/** The store's latest closed period, or null. */
export function lastClosed<T extends PeriodRow>(rows: readonly T[], storeId: string): T | null {
  let last: T | null = null;
  for (const r of rows) if (r.storeId === storeId && r.status === "closed" && (!last || r.toDate > last.toDate)) last = r;
  return last;
}

/** The first day the store's next period must start on: the day after its latest closed period; null when none is closed. */
export function nextPeriodStart(rows: readonly PeriodRow[], storeId: string): string | null {
  const last = lastClosed(rows, storeId);
  return last ? addDays(last.toDate, 1) : null;
}

/** The closed period that is exactly this range, or null. */
export function closedPeriodOf<T extends PeriodRow>(rows: readonly T[], storeId: string, from: string, to: string): T | null {
  return rows.find((r) => r.storeId === storeId && r.status === "closed" && r.fromDate === from && r.toDate === to) ?? null;
}

/** A closed period the range overlaps (other than the range itself), or null. */
export function overlappingClosed<T extends PeriodRow>(rows: readonly T[], storeId: string, from: string, to: string): T | null {
  return rows.find((r) => r.storeId === storeId && r.status === "closed" && r.fromDate <= to && r.toDate >= from) ?? null;
}

/** An amount with its sign always shown: "+$5.00", "-$5.00", "$0.00". */
export function signedUSD(cents: number): string {
  return cents > 0 ? `+${formatUSD(cents)}` : formatUSD(cents);
}

/** How a variance reads: short (less cash than expected), over, or even. */
export function varianceTone(cents: number): "short" | "over" | "even" {
  return cents < 0 ? "short" : cents > 0 ? "over" : "even";
}

export const VARIANCE_COLOR = { short: "red", over: "orange", even: "teal" } as const;

/** Closed periods oldest first, each with the running over/short (one series per store). */
export function overShortSeries<T extends PeriodRow>(rows: readonly T[]): Array<T & { cumulativeCents: number }> {
  const running = new Map<string, number>();
  return rows
    .filter((r) => r.status === "closed")
    .sort((a, b) => a.toDate.localeCompare(b.toDate) || a.storeName.localeCompare(b.storeName))
    .map((r) => {
      const cumulativeCents = (running.get(r.storeId) ?? 0) + r.varianceCents;
      running.set(r.storeId, cumulativeCents);
      return { ...r, cumulativeCents };
    });
}

/** The trace tab's start for an entry: its collection or the deposit itself. */
export function traceTarget(entry: { _id: string; kind: string; collectionId: string | null }): string | null {
  if (entry.kind === "collection" && entry.collectionId) return `collection:${entry.collectionId}`;
  if (entry.kind === "deposit") return `deposit:${entry._id}`;
  return null;
}

/** What an entry moved in and out of one account (the safe): the sum of its lines there. */
export function amountIn(entry: { lines: ReadonlyArray<{ accountId: string; amountCents: number }> }, accountId: string): number {
  return entry.lines.reduce((sum, l) => (l.accountId === accountId ? sum + l.amountCents : sum), 0);
}
