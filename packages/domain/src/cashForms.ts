import { z } from "zod";
import { CASH_ACCOUNT_KINDS, CASH_MESSAGES, EXPENSE_CATEGORIES, MAX_AMOUNT_CENTS, MAX_PIECES, REQUESTABLE_KINDS, VARIANCE_REASONS } from "./cashLedger.ts";
import { ruleMessage } from "./validationMessages.ts";
import { addDays } from "./datePresets.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// The cash screens' forms (issue 13): the same rules cashTransactions:create and
// physicalCounts:submit check, so a form refuses what the server would before the call.

/** A cash account's name, as cashAccounts:create and cashAccounts:update check it. */
export const cashAccountName = z.string().trim().min(1, ruleMessage("cashAccountName")).max(100);

/** Only bank and "other" accounts may belong to the company rather than one store. */
export function kindNeedsStore(kind: (typeof CASH_ACCOUNT_KINDS)[number]): boolean {
  return kind !== "bank" && kind !== "other";
}

/** A money amount as a form holds it: whole cents, or null while empty. */
const cents = () => z.number(ruleMessage("amountRequired")).int(ruleMessage("amountDecimals")).max(MAX_AMOUNT_CENTS, ruleMessage("amountTooLarge"));

/** A new cash account: its name, kind, store ("" for the company) and opening balance (null for none). */
export const cashAccountFormSchema = z
  .object({
    name: cashAccountName,
    kind: z.enum(CASH_ACCOUNT_KINDS),
    storeId: z.string(),
    openingBalanceCents: cents().min(0, ruleMessage("amountNegative")).nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.storeId && kindNeedsStore(v.kind)) ctx.addIssue({ code: "custom", path: ["storeId"], message: CASH_MESSAGES.accountNeedsStore });
  });
export type CashAccountFormValues = z.input<typeof cashAccountFormSchema>;

const optionalText = (max: number) => z.string().trim().max(max);

/** A new transaction of any requestable kind; the kind decides which fields it needs. */
export const cashTransactionFormSchema = z
  .object({
    kind: z.enum(REQUESTABLE_KINDS),
    amountCents: cents().min(1, ruleMessage("cashAmountPositive")),
    fromAccountId: z.string(),
    toAccountId: z.string(),
    /** Adjustments: money into the account ("in") or out of it ("out"). */
    direction: z.enum(["in", "out"]),
    description: z.string().trim().min(1, ruleMessage("cashDescriptionRequired")).max(500),
    category: z.enum(EXPENSE_CATEGORIES).or(z.literal("")),
    payee: optionalText(200),
    bagNumber: optionalText(64),
    slipNumber: optionalText(64),
    /** The day the money moved; "" for today in the store's time zone (the server's default). */
    businessDate: businessDateSchema.or(z.literal("")),
  })
  .superRefine((v, ctx) => {
    const needs = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.fromAccountId) needs("fromAccountId", CASH_MESSAGES.needsSource);
    if ((v.kind === "transfer" || v.kind === "change_fund_replenishment") && !v.toAccountId) needs("toAccountId", CASH_MESSAGES.needsDestination);
    if ((v.kind === "transfer" || v.kind === "change_fund_replenishment") && v.toAccountId && v.toAccountId === v.fromAccountId)
      needs("toAccountId", CASH_MESSAGES.sameAccount);
    if (v.kind === "deposit" && !v.bagNumber && !v.slipNumber) needs("bagNumber", CASH_MESSAGES.needsBagOrSlip);
    if (v.kind === "expense" && !v.category) needs("category", CASH_MESSAGES.needsCategory);
    if (v.kind === "expense" && !v.payee) needs("payee", CASH_MESSAGES.needsPayee);
  });
export type CashTransactionFormValues = z.input<typeof cashTransactionFormSchema>;

/** How many days back a transaction may be dated; cashTransactions:create refuses older dates. */
export const CASH_BACKDATE_DAYS = 366;

/** The business dates a new transaction may carry, given the store's today: a year back through today. */
export function businessDateBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, -CASH_BACKDATE_DAYS), max: today };
}

/** cashTransactions:create's arguments from the form (without the idempotency key). */
export function transactionArgs(v: z.output<typeof cashTransactionFormSchema>, storeId: string | undefined) {
  const base = {
    kind: v.kind,
    amountCents: v.amountCents,
    description: v.description,
    ...(storeId ? { storeId } : {}),
    ...(v.businessDate ? { businessDate: v.businessDate } : {}),
  };
  switch (v.kind) {
    case "deposit":
      return {
        ...base,
        fromAccountId: v.fromAccountId,
        ...(v.bagNumber ? { bagNumber: v.bagNumber } : {}),
        ...(v.slipNumber ? { slipNumber: v.slipNumber } : {}),
      };
    case "expense":
      return { ...base, fromAccountId: v.fromAccountId, category: v.category || undefined, payee: v.payee };
    case "transfer":
    case "change_fund_replenishment":
      return { ...base, fromAccountId: v.fromAccountId, toAccountId: v.toAccountId };
    case "adjustment":
      return { ...base, ...(v.direction === "in" ? { toAccountId: v.fromAccountId } : { fromAccountId: v.fromAccountId }) };
    default:
      return { ...base, fromAccountId: v.fromAccountId };
  }
}

/** Pieces of one denomination as a form holds them: a whole number, or "" while empty. */
const pieces = z.number().int(ruleMessage("cashCountWhole")).min(0, ruleMessage("cashCountWhole")).max(MAX_PIECES).or(z.literal(""));

/** A count by denomination (physicalCounts:submit); the reason and note are checked against the variance when it is known. */
export const countFormSchema = z.object({
  pieces: z.record(z.string(), pieces),
  reason: z.enum(VARIANCE_REASONS).or(z.literal("")),
  note: z.string().trim().max(1000),
});
export type CountFormValues = z.input<typeof countFormSchema>;

/** The denominations with pieces counted, for physicalCounts:submit. */
export function countedDenominations(values: Record<string, number | "">): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, number] => typeof e[1] === "number" && e[1] > 0));
}
