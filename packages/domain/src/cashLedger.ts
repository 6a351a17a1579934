import { assertCents } from "./money.ts";

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

export const CASH_MESSAGES = {
  approveDenied: "You don't have permission to approve cash withdrawals",
  ownApproval: "You cannot approve your own request",
  ownRejection: "You cannot reject your own request; cancel it instead",
  notPending: (status: string) => `Only a pending transaction can be decided; this one is ${status}`,
  cancelNotOwn: "Only the person who asked can cancel a request",
  notApproved: "Only an approved transaction can be reversed",
  reversalOfReversal: "A reversal cannot itself be reversed",
  collectionReversal: "A collection is corrected by adjusting the collection, not by reversing its posting",
  bankMatchReversal: "This entry follows a bank match; unmatch the bank line on the reconciliation screen instead",
  alreadyReversed: "This transaction has already been reversed",
  accountArchived: "This account is archived",
  notCashAccount: "Choose a cash account",
  sameAccount: "Choose two different accounts",
  accountNotInStore: "This account is not in the chosen store",
  needsSource: "Choose the account the money leaves",
  needsDestination: "Choose the account the money goes to",
  needsStoreOrAccount: "Choose a store or an account",
  adjustmentOneSide: "An adjustment goes into one account or out of one account, not both",
  adjustmentAdmin: "You don't have permission to administrator access",
  needsBagOrSlip: "Give the bag number or the slip number of the deposit",
  needsCategory: "Choose an expense category",
  needsPayee: "Give the payee of the expense",
  notChangeFund: "A change-fund replenishment goes into a change fund",
  accountNeedsStore: "Choose the store this account belongs to",
  archiveNotZero: "Only an account with a zero balance can be archived",
  archivePending: "This account has pending transactions; decide them first",
  countNotOpen: (status: string) => `This count is ${status}`,
  countNotYours: "Only the person counting can submit this count",
  ownCountReview: "You cannot review your own count",
  varianceReason: (threshold: string) => `The difference is more than ${threshold}: choose a reason and add a note`,
  depositMatched: "This deposit is matched to a bank line: unmatch it there first",
  depositReversed: "A reversed deposit never reached the bank: it cannot be matched",
  belowZero: (account: string) => `This would take ${account} below zero: there is not that much in it`,
  allowNegativeAdmin: "Only an administrator can let an account go below zero",
  depositFromBank: "A deposit is cash taken to the bank: it comes from a safe or another cash account",
  countCashOnly: "Only cash can be counted: a safe, a change fund, petty cash or another cash account",
  countTooLarge: "The count is more than the largest amount allowed",
  blindLedger: "You are counting this account blind: its ledger opens once you hand in your count",
} as const;
