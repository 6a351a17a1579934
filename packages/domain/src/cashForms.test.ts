import { describe, expect, it } from "vitest";
import { CASH_MESSAGES } from "./cashLedger.ts";
import { cashTransactionFormSchema, countedDenominations, transactionArgs, type CashTransactionFormValues } from "./cashForms.ts";

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

  it("keeps only the denominations counted", () => {
    expect(countedDenominations({ bill_2000: 3, coin_25: "", coin_1: 0 })).toEqual({ bill_2000: 3 });
  });
});
