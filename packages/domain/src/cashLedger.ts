import { assertCents } from "./money.ts";
import { RECONCILIATION_MESSAGES } from "./reconciliation.ts";
import { refusalTable } from "./refusals.ts";

// The cash ledger's rules, shared by the server (which enforces them) and the screens (which
// show them before a call is made). Money is integer cents; a debit (money into an account) is
// positive, a credit negative, so every entry's lines sum to zero. docs/decisions/0023.

/** Accounts that hold cash a person can count: a store's safe, change fund, petty cash; banks; extras. */
export const CASH_ACCOUNT_KINDS = ["safe", "change_fund", "petty_cash", "bank", "other"] as const;
export type CashAccountKind = (typeof CASH_ACCOUNT_KINDS)[number];

/** The company's counterpart accounts; they exist for every company and are never typed into. */
export const LEDGER_ACCOUNT_KINDS = [
  "collections_income",
  "owner_draws",
  "expense",
  "cash_over_short",
  "deposits_in_transit",
  "opening_balance",
  "other_income",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The accounts every store gets when it is created. */
export const STORE_ACCOUNT_KINDS = ["safe", "change_fund", "petty_cash"] as const satisfies readonly CashAccountKind[];

export const EXPENSE_CATEGORIES = ["supplies", "repairs", "utilities", "rent", "wages", "fees", "other"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const TRANSACTION_KINDS = [
  "collection",
  // Brings a collection's postings to what its lines post (docs/decisions/0052).
  "collection_correction",
  "deposit",
  "withdrawal",
  "transfer",
  "expense",
  "change_fund_replenishment",
  "adjustment",
  "count_variance",
  // Posted by bank matching (docs/decisions/0026): a matched line clears deposits in transit into
  // the bank; a match group's difference goes to cash over/short.
  "deposit_clearing",
  "deposit_difference",
  // A bank line nobody deposited (a fee, interest) booked from the statement.
  "bank_entry",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Kinds a person enters; collections and count variances are posted by verification and counts. */
export const REQUESTABLE_KINDS = [
  "deposit",
  "withdrawal",
  "transfer",
  "expense",
  "change_fund_replenishment",
  "adjustment",
] as const satisfies readonly TransactionKind[];
export type RequestableKind = (typeof REQUESTABLE_KINDS)[number];

export const TRANSACTION_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The largest single amount accepted: $10,000,000.00. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/** Entries a person asks for that take money out of cash: they may never leave it below zero. */
export const CASH_OUT_KINDS = ["deposit", "withdrawal", "expense", "transfer", "change_fund_replenishment"] as const;

/**
 * The names the ledger gives the accounts it opens itself (a store's safe, change fund and petty
 * cash; the company's counterparts), as stored by server/src/cash/accounts.ts and migration 0015.
 * An expense account is named "Expenses: <category>".
 */
export const DEFAULT_ACCOUNT_NAMES = {
  safe: "Safe",
  change_fund: "Change fund",
  petty_cash: "Petty cash",
  collections_income: "Collections income",
  owner_draws: "Owner draws",
  expense: "Expenses",
  cash_over_short: "Cash over/short",
  deposits_in_transit: "Deposits in transit",
  opening_balance: "Opening balance",
  other_income: "Other income",
} as const satisfies Record<(typeof STORE_ACCOUNT_KINDS)[number] | LedgerAccountKind, string>;

/**
 * Which default name an account still carries, as a translation key: its kind ("safe",
 * "owner_draws") or "expense.<category>"; null when a person typed the name (an added account,
 * or one renamed), which is then shown as typed.
 */
export function defaultAccountNameKey(kind: string, name: string): string | null {
  if (kind === "expense") {
    const category = EXPENSE_CATEGORIES.find((c) => name === `${DEFAULT_ACCOUNT_NAMES.expense}: ${c}`);
    return category ? `expense.${category}` : null;
  }
  return Object.hasOwn(DEFAULT_ACCOUNT_NAMES, kind) && DEFAULT_ACCOUNT_NAMES[kind as keyof typeof DEFAULT_ACCOUNT_NAMES] === name ? kind : null;
}

export function isCashAccountKind(kind: string): kind is CashAccountKind {
  return (CASH_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

/**
 * Whether a request waits for an approver. Withdrawals (owner draws) always do; adjustments are
 * an admin's and post at once; the rest wait only when the company asks for approval.
 */
export function needsApproval(kind: RequestableKind, companyRequiresApproval: boolean): boolean {
  if (kind === "withdrawal") return true;
  if (kind === "adjustment") return false;
  return companyRequiresApproval;
}

export interface Leg {
  accountId: string;
  amountCents: number;
}

export function sumLegs(legs: readonly Leg[]): number {
  return legs.reduce((sum, leg) => {
    assertCents(leg.amountCents);
    return sum + leg.amountCents;
  }, 0);
}

/** An entry is two or more whole-cent lines summing to exactly zero. */
export function checkBalanced(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new Error("A journal entry needs at least two lines");
  const sum = sumLegs(legs);
  if (sum !== 0) throw new Error(`A journal entry's lines must sum to zero; these sum to ${sum}`);
}

/** Money moving from one account to another: the source is credited, the destination debited. */
export function moveLegs(fromAccountId: string, toAccountId: string, amountCents: number): Leg[] {
  assertCents(amountCents);
  return [
    { accountId: fromAccountId, amountCents: -amountCents },
    { accountId: toAccountId, amountCents },
  ];
}

/** The lines of the entry that undoes `legs`. */
export function reversedLegs(legs: readonly Leg[]): Leg[] {
  return legs.map((leg) => ({ accountId: leg.accountId, amountCents: -leg.amountCents }));
}

// ---- physical counts ----

export interface Denomination {
  code: string;
  /** What one unit is worth: a coin, a bill, or a standard bank roll of coins. */
  valueCents: number;
  form: "coin" | "roll" | "bill";
}

/** US coins loose and in standard bank rolls (50×1¢, 40×5¢, 50×10¢, 40×25¢, 20×50¢, 25×$1), and bills. */
export const DENOMINATIONS: readonly Denomination[] = [
  { code: "coin_1", valueCents: 1, form: "coin" },
  { code: "coin_5", valueCents: 5, form: "coin" },
  { code: "coin_10", valueCents: 10, form: "coin" },
  { code: "coin_25", valueCents: 25, form: "coin" },
  { code: "coin_50", valueCents: 50, form: "coin" },
  { code: "coin_100", valueCents: 100, form: "coin" },
  { code: "roll_1", valueCents: 50, form: "roll" },
  { code: "roll_5", valueCents: 200, form: "roll" },
  { code: "roll_10", valueCents: 500, form: "roll" },
  { code: "roll_25", valueCents: 1000, form: "roll" },
  { code: "roll_50", valueCents: 1000, form: "roll" },
  { code: "roll_100", valueCents: 2500, form: "roll" },
  { code: "bill_100", valueCents: 100, form: "bill" },
  { code: "bill_200", valueCents: 200, form: "bill" },
  { code: "bill_500", valueCents: 500, form: "bill" },
  { code: "bill_1000", valueCents: 1000, form: "bill" },
  { code: "bill_2000", valueCents: 2000, form: "bill" },
  { code: "bill_5000", valueCents: 5000, form: "bill" },
  { code: "bill_10000", valueCents: 10000, form: "bill" },
];
export const DENOMINATION_CODES = DENOMINATIONS.map((d) => d.code) as [string, ...string[]];
/** The most pieces of one denomination a count accepts. */
export const MAX_PIECES = 1_000_000;

export type DenominationCounts = Partial<Record<string, number>>;

/** What the pieces counted are worth, in cents. */
export function countTotalCents(counts: DenominationCounts): number {
  let total = 0;
  for (const [code, pieces] of Object.entries(counts)) {
    if (pieces === undefined || pieces === 0) continue;
    const denomination = DENOMINATIONS.find((d) => d.code === code);
    if (!denomination) throw new Error(`Unknown denomination "${code}"`);
    if (!Number.isInteger(pieces) || pieces < 0 || pieces > MAX_PIECES) throw new Error(`The number of ${code} must be a whole number from 0 to ${MAX_PIECES}`);
    total += pieces * denomination.valueCents;
  }
  return total;
}

export const VARIANCE_REASONS = ["miscount", "unrecorded_expense", "unrecorded_deposit", "change_given", "machine_fault", "suspected_loss", "other"] as const;
export type VarianceReason = (typeof VARIANCE_REASONS)[number];

/** The company threshold when it has set none: $5.00. */
export const DEFAULT_VARIANCE_THRESHOLD_CENTS = 500;

/** A variance beyond the threshold (either way) needs a reason from the list and a note. */
export function varianceNeedsReason(varianceCents: number, thresholdCents: number): boolean {
  return Math.abs(varianceCents) > thresholdCents;
}

const TRANSACTION_STATUS_ES = { pending: "pendiente", approved: "aprobada", rejected: "rechazada", cancelled: "cancelada" } satisfies Record<
  TransactionStatus,
  string
>;
const COUNT_STATUS_ES: Record<string, string> = {
  counting: "en curso",
  submitted: "enviado",
  accepted: "aceptado",
  recount_requested: "pendiente de reconteo",
};
/** A status code in Spanish through `names`; one it does not know stays as it is. */
const statusEs = (names: Record<string, string>, status: string) => (Object.hasOwn(names, status) ? names[status] : status);

/** The cash ledger's refusals (codes "cash.<key>", refusals.ts); the fixed ones are also its forms' messages. */
const CASH_TABLE = refusalTable("cash", {
  approveDenied: { en: "You don't have permission to approve cash withdrawals", es: "No tiene permiso para aprobar retiros de efectivo" },
  ownApproval: { en: "You cannot approve your own request", es: "No puede aprobar su propia solicitud" },
  ownRejection: { en: "You cannot reject your own request; cancel it instead", es: "No puede rechazar su propia solicitud; cancélela" },
  cancelNotOwn: { en: "Only the person who asked can cancel a request", es: "Solo quien hizo la solicitud puede cancelarla" },
  notApproved: { en: "Only an approved transaction can be reversed", es: "Solo se puede revertir una transacción aprobada" },
  reversalOfReversal: { en: "A reversal cannot itself be reversed", es: "Una reversión no se puede revertir a su vez" },
  collectionReversal: {
    en: "A collection is corrected by adjusting the collection, not by reversing its posting",
    es: "Una recaudación se corrige ajustando la recaudación, no revirtiendo su asiento",
  },
  bankMatchReversal: {
    en: "This entry follows a bank match; unmatch the bank line on the reconciliation screen instead",
    es: "Este asiento proviene de una conciliación bancaria; deshaga la conciliación de la línea bancaria en la pantalla de conciliación",
  },
  alreadyReversed: { en: "This transaction has already been reversed", es: "Esta transacción ya fue revertida" },
  accountArchived: { en: "This account is archived", es: "Esta cuenta está archivada" },
  notCashAccount: { en: "Choose a cash account", es: "Elija una cuenta de efectivo" },
  sameAccount: { en: "Choose two different accounts", es: "Elija dos cuentas distintas" },
  accountNotInStore: { en: "This account is not in the chosen store", es: "Esta cuenta no pertenece a la tienda elegida" },
  needsSource: { en: "Choose the account the money leaves", es: "Elija la cuenta de la que sale el dinero" },
  needsDestination: { en: "Choose the account the money goes to", es: "Elija la cuenta a la que va el dinero" },
  needsStoreOrAccount: { en: "Choose a store or an account", es: "Elija una tienda o una cuenta" },
  adjustmentOneSide: {
    en: "An adjustment goes into one account or out of one account, not both",
    es: "Un ajuste entra en una cuenta o sale de una cuenta, no ambas cosas",
  },
  adjustmentAdmin: { en: "You don't have permission to administrator access", es: "No tiene permiso de acceso de administrador" },
  needsBagOrSlip: { en: "Give the bag number or the slip number of the deposit", es: "Indique el número de bolsa o el de comprobante del depósito" },
  needsCategory: { en: "Choose an expense category", es: "Elija una categoría de gasto" },
  needsPayee: { en: "Give the payee of the expense", es: "Indique a quién se pagó el gasto" },
  notChangeFund: { en: "A change-fund replenishment goes into a change fund", es: "Una reposición del fondo de cambio va a un fondo de cambio" },
  accountNeedsStore: { en: "Choose the store this account belongs to", es: "Elija la tienda a la que pertenece esta cuenta" },
  archiveNotZero: { en: "Only an account with a zero balance can be archived", es: "Solo se puede archivar una cuenta con saldo cero" },
  archivePending: { en: "This account has pending transactions; decide them first", es: "Esta cuenta tiene transacciones pendientes; resuélvalas primero" },
  countNotYours: { en: "Only the person counting can submit this count", es: "Solo quien hace el conteo puede enviarlo" },
  ownCountReview: { en: "You cannot review your own count", es: "No puede revisar su propio conteo" },
  depositMatched: {
    en: "This deposit is matched to a bank line: unmatch it there first",
    es: "Este depósito está conciliado con una línea bancaria: primero deshaga esa conciliación",
  },
  depositReversed: {
    en: "A reversed deposit never reached the bank: it cannot be matched",
    es: "Un depósito revertido nunca llegó al banco: no se puede conciliar",
  },
  allowNegativeAdmin: {
    en: "Only an administrator can let an account go below zero",
    es: "Solo un administrador puede permitir que una cuenta quede por debajo de cero",
  },
  depositFromBank: {
    en: "A deposit is cash taken to the bank: it comes from a safe or another cash account",
    es: "Un depósito es efectivo llevado al banco: sale de una caja fuerte o de otra cuenta de efectivo",
  },
  countCashOnly: {
    en: "Only cash can be counted: a safe, a change fund, petty cash or another cash account",
    es: "Solo se puede contar efectivo: una caja fuerte, un fondo de cambio, la caja chica u otra cuenta de efectivo",
  },
  countTooLarge: { en: "The count is more than the largest amount allowed", es: "El conteo supera el monto máximo permitido" },
  blindLedger: {
    en: "You are counting this account blind: its ledger opens once you hand in your count",
    es: "Está contando esta cuenta a ciegas: su libro se abre cuando entregue su conteo",
  },
  notPending: {
    en: ({ status }: { status: string }) => `Only a pending transaction can be decided; this one is ${status}`,
    es: ({ status }: { status: string }) => `Solo se puede decidir una transacción pendiente; esta está ${statusEs(TRANSACTION_STATUS_ES, status)}`,
  },
  countNotOpen: {
    en: ({ status }: { status: string }) => `This count is ${status}`,
    es: ({ status }: { status: string }) => `Este conteo está ${statusEs(COUNT_STATUS_ES, status)}`,
  },
  varianceReason: {
    en: ({ threshold }: { threshold: string }) => `The difference is more than ${threshold}: choose a reason and add a note`,
    es: ({ threshold }: { threshold: string }) => `La diferencia es mayor que ${threshold}: elija un motivo y agregue una nota`,
  },
  belowZero: {
    en: ({ account }: { account: string }) => `This would take ${account} below zero: there is not that much in it`,
    es: ({ account }: { account: string }) => `Esto dejaría la cuenta ${account} por debajo de cero: no tiene tanto dinero`,
  },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  accountNotFound: { en: "Account not found", es: "No se encontró la cuenta" },
  transactionNotFound: { en: "Transaction not found", es: "No se encontró la transacción" },
  countNotFound: { en: "Count not found", es: "No se encontró el conteo" },
  fromAfterTo: { en: "The from date is after the to date", es: "La fecha de inicio es posterior a la de fin" },
  businessDateInFuture: {
    en: ({ date }: { date: string }) => `The business date ${date} is in the future for this store`,
    es: ({ date }: { date: string }) => `La fecha contable ${date} es futura para esta tienda`,
  },
  businessDateTooOld: {
    en: ({ date }: { date: string }) => `The business date ${date} is more than a year ago`,
    es: ({ date }: { date: string }) => `La fecha contable ${date} es de hace más de un año`,
  },
  /** An entry dated inside a closed reconciliation period (the sentence is reconciliation's). */
  closedPeriod: {
    en: ({ from, to }: { from: string; to: string }) => RECONCILIATION_MESSAGES.closedPeriod(from, to),
    es: ({ from, to }: { from: string; to: string }) => `El período ${from} a ${to} de esta tienda está cerrado; registre la corrección en un período abierto`,
  },
});
/** A refusal for the server to throw, with its code ("cash.<key>", refusals.ts). */
export const cashRefusal = CASH_TABLE.refusal;
/** A cash refusal's sentence in a language. */
export const cashRefusalText = CASH_TABLE.text;
export const CASH_REFUSAL_TEXTS = CASH_TABLE.texts;

const {
  notPending,
  countNotOpen,
  varianceReason,
  belowZero,
  businessDateInFuture,
  businessDateTooOld,
  closedPeriod: _closedPeriod,
  ...FIXED
} = CASH_TABLE.texts;

/** The English sentences (what the server answers, and the shared schemas' messages). */
export const CASH_MESSAGES = {
  ...(Object.fromEntries(Object.entries(FIXED).map(([key, { en }]) => [key, en])) as { [K in keyof typeof FIXED]: (typeof FIXED)[K]["en"] }),
  notPending: (status: string) => notPending.en({ status }),
  countNotOpen: (status: string) => countNotOpen.en({ status }),
  varianceReason: (threshold: string) => varianceReason.en({ threshold }),
  belowZero: (account: string) => belowZero.en({ account }),
  businessDateInFuture: (date: string) => businessDateInFuture.en({ date }),
  businessDateTooOld: (date: string) => businessDateTooOld.en({ date }),
};
