import { assertCents } from "./money.ts";
import { BANK_ENTRY_MESSAGES, BANK_MESSAGES } from "./bankStatement.ts";
import type { TransactionKind } from "./cashLedger.ts";
import { refusalTable } from "./refusals.ts";

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

type Range = { from: string; to: string };

/**
 * Reconciliation's and bank matching's refusals, in English (what the server sends) and Spanish
 * (in the "tú" of the reconciliation screens), with codes "reconciliation.<key>" (refusals.ts).
 */
const RECONCILIATION_TABLE = refusalTable("reconciliation", {
  fromAfterTo: { en: "The from date is after the to date", es: "La fecha de inicio es posterior a la de fin" },
  tooLong: { en: "A period can be at most 366 days", es: "Un período puede durar como máximo 366 días" },
  overlapsClosed: {
    en: ({ from, to }: Range) => `This period overlaps the closed period ${from} to ${to}`,
    es: ({ from, to }: Range) => `Este período se superpone con el período cerrado ${from} a ${to}`,
  },
  notNext: {
    en: ({ day }: { day: string }) => `The previous closed period ends the day before ${day}; this period must start on ${day}`,
    es: ({ day }: { day: string }) => `El período cerrado anterior termina el día antes del ${day}; este período debe empezar el ${day}`,
  },
  inFuture: { en: "A period cannot end after today", es: "Un período no puede terminar después de hoy" },
  countNotSafe: { en: "Choose a count of this store's safe", es: "Elige un conteo de la caja fuerte de esta tienda" },
  countNotSubmitted: { en: "Choose a submitted or accepted count", es: "Elige un conteo enviado o aceptado" },
  countTooEarly: {
    en: ({ to }: { to: string }) => `The closing count must be taken on or after ${to}`,
    es: ({ to }: { to: string }) => `El conteo de cierre debe hacerse el ${to} o después`,
  },
  countUsed: { en: "This count already closes another period", es: "Este conteo ya cierra otro período" },
  notClosed: { en: "Only a closed period can be reopened", es: "Solo se puede reabrir un período cerrado" },
  laterClosed: {
    en: ({ from, to }: Range) => `The later period ${from} to ${to} is closed and depends on this one; reopen it first`,
    es: ({ from, to }: Range) => `El período posterior ${from} a ${to} está cerrado y depende de este; reábrelo primero`,
  },
  laterClosedExists: {
    en: ({ from, to }: Range) => `The later period ${from} to ${to} is already closed; close periods in order`,
    es: ({ from, to }: Range) => `El período posterior ${from} a ${to} ya está cerrado; cierra los períodos en orden`,
  },
  pendingInPeriod: { en: "This period has pending transactions; decide them first", es: "Este período tiene transacciones pendientes; decídelas primero" },
  notFound: { en: "Reconciliation not found", es: "No se encontró la conciliación" },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  countNotFound: { en: "Count not found", es: "No se encontró el conteo" },
  notBankAccount: { en: "Choose a bank account", es: "Elige una cuenta bancaria" },
  futureLine: { en: BANK_MESSAGES.futureLine, es: "Una línea bancaria no puede tener una fecha posterior a hoy" },
  accountArchived: { en: "This account is archived", es: "Esta cuenta está archivada" },
  bankLineNotFound: { en: "Bank line not found", es: "No se encontró la línea bancaria" },
  creditOnly: { en: "Only a credit line can carry deposits", es: "Solo una línea de abono puede llevar depósitos" },
  depositNotFound: { en: "Deposit not found", es: "No se encontró el depósito" },
  depositsOnly: { en: "Choose deposits only", es: "Elige solo depósitos" },
  depositNotApproved: { en: "Only an approved deposit can be matched", es: "Solo se puede conciliar un depósito aprobado" },
  alreadyMatched: { en: "This deposit is already matched to this line", es: "Este depósito ya está conciliado con esta línea" },
  noSuchMatch: { en: "This line has no such match", es: "Esta línea no tiene esa conciliación" },
  collectionNotFound: { en: "Collection not found", es: "No se encontró la recaudación" },
  lineMatched: {
    en: BANK_ENTRY_MESSAGES.matched,
    es: "Esta línea tiene depósitos conciliados: deshaz esa conciliación antes de registrarla",
  },
  lineBooked: { en: BANK_ENTRY_MESSAGES.booked, es: "Esta línea ya está registrada" },
  lineBookedNoMatch: {
    en: BANK_ENTRY_MESSAGES.bookedNoMatch,
    es: "Esta línea está registrada como asiento bancario: revierte o cancela ese asiento antes de conciliarle depósitos",
  },
  needsCategory: { en: BANK_ENTRY_MESSAGES.needsCategory, es: "Elige la categoría de gasto de este cargo" },
  notSettleable: { en: "This bank line is not matched to a deposit", es: "Esta línea bancaria no está conciliada con un depósito" },
  noDifference: { en: "This match has no difference to post", es: "Esta conciliación no tiene diferencia que registrar" },
  settled: {
    en: "This match's difference is already posted to cash over/short",
    es: "La diferencia de esta conciliación ya está registrada en sobrantes y faltantes",
  },
  noMapping: {
    en: "Map the statement's columns: date, description and amount (or debit and credit)",
    es: "Asigna las columnas del extracto: fecha, descripción y monto (o débito y crédito)",
  },
});
/** A refusal for the server to throw, with its code ("reconciliation.<key>", refusals.ts). */
export const reconciliationRefusal = RECONCILIATION_TABLE.refusal;
export const RECONCILIATION_REFUSAL_TEXTS = RECONCILIATION_TABLE.texts;
const en = RECONCILIATION_TABLE.texts;

/** The English sentences, as the server sends them. */
export const RECONCILIATION_MESSAGES = {
  /** Sent by the cash ledger, with its code cash.closedPeriod (cashLedger.ts). */
  closedPeriod: (from: string, to: string) => `This store's period ${from} to ${to} is closed; post the correction in an open period`,
  fromAfterTo: en.fromAfterTo.en,
  tooLong: en.tooLong.en,
  overlapsClosed: (from: string, to: string) => en.overlapsClosed.en({ from, to }),
  notNext: (day: string) => en.notNext.en({ day }),
  inFuture: en.inFuture.en,
  countNotSafe: en.countNotSafe.en,
  countNotSubmitted: en.countNotSubmitted.en,
  countTooEarly: (to: string) => en.countTooEarly.en({ to }),
  countUsed: en.countUsed.en,
  notClosed: en.notClosed.en,
  laterClosed: (from: string, to: string) => en.laterClosed.en({ from, to }),
} as const;

export const CLOSE_MESSAGES = {
  laterClosedExists: (from: string, to: string) => en.laterClosedExists.en({ from, to }),
  pendingInPeriod: en.pendingInPeriod.en,
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
