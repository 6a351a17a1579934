import { describe, expect, it } from "vitest";
import { CASH_MESSAGES } from "./cashLedger.ts";
import {
  businessDateBounds,
  cashAccountFormSchema,
  cashTransactionFormSchema,
  countedDenominations,
  transactionArgs,
  type CashTransactionFormValues,
} from "./cashForms.ts";

const base: CashTransactionFormValues = {
  kind: "withdrawal",
  amountCents: 1000,
  fromAccountId: "safe",
  toAccountId: "",
  direction: "in",
  description: "Draw",
  category: "",
  payee: "",
  bagNumber: "",
  slipNumber: "",
  businessDate: "",
};

function errors(values: Partial<CashTransactionFormValues>) {
  const result = cashTransactionFormSchema.safeParse({ ...base, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the cash transaction form", () => {
  it("asks each kind for what the server requires", () => {
    expect(errors({ kind: "deposit" })).toEqual({ bagNumber: CASH_MESSAGES.needsBagOrSlip });
    expect(errors({ kind: "expense" })).toEqual({ category: CASH_MESSAGES.needsCategory, payee: CASH_MESSAGES.needsPayee });
    expect(errors({ kind: "transfer" })).toEqual({ toAccountId: CASH_MESSAGES.needsDestination });
    expect(errors({ kind: "transfer", toAccountId: "safe" })).toEqual({ toAccountId: CASH_MESSAGES.sameAccount });
    expect(errors({ amountCents: 0 })).toEqual({ amountCents: "The amount must be more than zero" });
    expect(errors({})).toEqual({});
  });

  it("sends only the fields of the kind; an adjustment goes into or out of its one account", () => {
    const parse = (v: Partial<CashTransactionFormValues>) => cashTransactionFormSchema.parse({ ...base, ...v });
    expect(transactionArgs(parse({ kind: "deposit", bagNumber: " B-7 ", payee: "x" }), "store")).toEqual({
      kind: "deposit",
      amountCents: 1000,
      description: "Draw",
      storeId: "store",
      fromAccountId: "safe",
      bagNumber: "B-7",
    });
    expect(transactionArgs(parse({ kind: "adjustment", direction: "in" }), undefined)).toMatchObject({ toAccountId: "safe" });
    expect(transactionArgs(parse({ kind: "adjustment", direction: "out" }), undefined)).toMatchObject({ fromAccountId: "safe" });
    expect(transactionArgs(parse({ kind: "adjustment", direction: "out" }), undefined)).not.toHaveProperty("toAccountId");
  });

  it("sends the business date only when one was chosen (the server's default is the store's today)", () => {
    const parse = (v: Partial<CashTransactionFormValues>) => cashTransactionFormSchema.parse({ ...base, ...v });
    expect(transactionArgs(parse({}), "store")).not.toHaveProperty("businessDate");
    expect(transactionArgs(parse({ businessDate: "2025-03-31" }), "store")).toMatchObject({ businessDate: "2025-03-31" });
    expect(errors({ businessDate: "2025-02-30" })).toHaveProperty("businessDate");
    expect(businessDateBounds("2025-03-01")).toEqual({ min: "2024-02-29", max: "2025-03-01" });
  });

  it("keeps only the denominations counted", () => {
    expect(countedDenominations({ bill_2000: 3, coin_25: "", coin_1: 0 })).toEqual({ bill_2000: 3 });
  });
});

describe("the cash account form", () => {
  const account = { name: "Quarter vault", kind: "other" as const, storeId: "store" };
  it("takes an optional opening balance of whole cents, not negative", () => {
    expect(cashAccountFormSchema.parse({ ...account, openingBalanceCents: null }).openingBalanceCents).toBeNull();
    expect(cashAccountFormSchema.parse({ ...account, openingBalanceCents: 12_345 }).openingBalanceCents).toBe(12_345);
    expect(cashAccountFormSchema.safeParse({ ...account, openingBalanceCents: -1 }).success).toBe(false);
    expect(cashAccountFormSchema.safeParse({ ...account, openingBalanceCents: 1.5 }).success).toBe(false);
  });
});
