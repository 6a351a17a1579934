import { assertCents } from "./money.ts";
import type { TransactionKind } from "./cashLedger.ts";

// A store's reconciliation for a period (docs/decisions/0025): opening balance + verified
// collections − deposits − draws − expenses ± transfers ± adjustments = expected closing; the
// closing count against it gives the variance. Each figure is the signed sum of the safe's
// approved lines of its kinds, so money out is negative and the figures simply add up.

export const FIGURES = ["collections", "deposits", "draws", "expenses", "transfers", "adjustments"] as const;
export type Figure = (typeof FIGURES)[number];

const FIGURE_OF_KIND: Record<TransactionKind, Figure> = {
  collection: "collections",
  collection_correction: "collections",
  deposit: "deposits",
  withdrawal: "draws",
  expense: "expenses",
  transfer: "transfers",
  change_fund_replenishment: "transfers",
  adjustment: "adjustments",
  count_variance: "adjustments",
  // Neither touches a safe; mapped so every kind has a figure.
  deposit_clearing: "deposits",
  deposit_difference: "adjustments",
  bank_entry: "adjustments",
};

/** The figure an entry of `kind` counts in (a reversal counts in its original's, with the opposite sign). */
export function figureOf(kind: string): Figure {
  const figure = FIGURE_OF_KIND[kind as TransactionKind];
  if (!figure) throw new Error(`Unknown transaction kind "${kind}"`);
  return figure;
}

/** Opening plus every figure's signed sum. */
export function expectedClosing(openingCents: number, figures: Record<Figure, number>): number {
  assertCents(openingCents);
  return FIGURES.reduce((sum, f) => {
    assertCents(figures[f]);
    return sum + figures[f];
  }, openingCents);
}

export const RECONCILIATION_MESSAGES = {
  closedPeriod: (from: string, to: string) => `This store's period ${from} to ${to} is closed; post the correction in an open period`,
  fromAfterTo: "The from date is after the to date",
  tooLong: "A period can be at most 366 days",
  overlapsClosed: (from: string, to: string) => `This period overlaps the closed period ${from} to ${to}`,
  notNext: (day: string) => `The previous closed period ends the day before ${day}; this period must start on ${day}`,
  inFuture: "A period cannot end after today",
  countNotSafe: "Choose a count of this store's safe",
  countNotSubmitted: "Choose a submitted or accepted count",
  countTooEarly: (to: string) => `The closing count must be taken on or after ${to}`,
  countUsed: "This count already closes another period",
  notClosed: "Only a closed period can be reopened",
  laterClosed: (from: string, to: string) => `The later period ${from} to ${to} is closed and depends on this one; reopen it first`,
} as const;

export const CLOSE_MESSAGES = {
  laterClosedExists: (from: string, to: string) => `The later period ${from} to ${to} is already closed; close periods in order`,
  pendingInPeriod: "This period has pending transactions; decide them first",
} as const;

// ---- trace ----

export interface Flow {
  id: string;
  cents: number;
}

/**
 * Which cash each deposit carried: deposits take the safe's collections first in, first out (both
 * in ledger order). A collection worth less than nothing after adjustments carries nothing.
 * Returns every (collection, deposit, cents) piece; what no deposit took yet is still in the safe.
 */
export function allocateFifo(collections: readonly Flow[], deposits: readonly Flow[]): Array<{ collectionId: string; depositId: string; cents: number }> {
  const pieces: Array<{ collectionId: string; depositId: string; cents: number }> = [];
  const queue = collections.filter((c) => c.cents > 0).map((c) => ({ ...c }));
  let head = 0;
  for (const deposit of deposits) {
    assertCents(deposit.cents);
    let left = deposit.cents;
    while (left > 0 && head < queue.length) {
      const take = Math.min(left, queue[head].cents);
      pieces.push({ collectionId: queue[head].id, depositId: deposit.id, cents: take });
      queue[head].cents -= take;
      left -= take;
      if (queue[head].cents === 0) head++;
    }
  }
  return pieces;
}
