import { describe, expect, it } from "vitest";
import {
  checkBalanced,
  countTotalCents,
  DENOMINATIONS,
  moveLegs,
  needsApproval,
  reversedLegs,
  sumLegs,
  varianceNeedsReason,
  DEFAULT_VARIANCE_THRESHOLD_CENTS,
  defaultAccountNameKey,
  EXPENSE_CATEGORIES,
  CASH_MESSAGES,
  cashRefusal,
} from "./cashLedger.ts";
import { RECONCILIATION_MESSAGES } from "./reconciliation.ts";
import { refusalText } from "./refusals.ts";

describe("journal entries", () => {
  it("move money as a credit and a debit that sum to zero, and reverse to the opposite", () => {
    const legs = moveLegs("safe", "bank", 12_345);
    expect(legs).toEqual([
      { accountId: "safe", amountCents: -12_345 },
      { accountId: "bank", amountCents: 12_345 },
    ]);
    expect(sumLegs(legs)).toBe(0);
    expect(reversedLegs(legs)).toEqual([
      { accountId: "safe", amountCents: 12_345 },
      { accountId: "bank", amountCents: -12_345 },
    ]);
  });

  it("refuse fewer than two lines, lines that do not sum to zero, and fractions of a cent", () => {
    expect(() => checkBalanced([{ accountId: "a", amountCents: 0 }])).toThrow("at least two lines");
    expect(() =>
      checkBalanced([
        { accountId: "a", amountCents: 5 },
        { accountId: "b", amountCents: -4 },
      ]),
    ).toThrow("these sum to 1");
    expect(() =>
      checkBalanced([
        { accountId: "a", amountCents: 0.5 },
        { accountId: "b", amountCents: -0.5 },
      ]),
    ).toThrow("Not a whole number of cents");
    expect(() =>
      checkBalanced([
        { accountId: "a", amountCents: 3 },
        { accountId: "b", amountCents: -1 },
        { accountId: "c", amountCents: -2 },
      ]),
    ).not.toThrow();
  });

  it("wait for approval: withdrawals always, adjustments never, the rest when the company asks", () => {
    expect(needsApproval("withdrawal", false)).toBe(true);
    expect(needsApproval("adjustment", true)).toBe(false);
    expect(needsApproval("deposit", false)).toBe(false);
    expect(needsApproval("deposit", true)).toBe(true);
    expect(needsApproval("expense", true)).toBe(true);
  });
});

describe("physical counts", () => {
  it("add up coins, rolls and bills by hand-checked values", () => {
    // 3 pennies + 2 quarters + 1 roll of quarters ($10) + 1 roll of pennies ($0.50) + 2 $20 + 1 $100 = $151.03 (3 + 50 + 1000 + 50 + 4000 + 10000)
    expect(countTotalCents({ coin_1: 3, coin_25: 2, roll_25: 1, roll_1: 1, bill_2000: 2, bill_10000: 1 })).toBe(15_103);
    expect(countTotalCents({})).toBe(0);
    expect(DENOMINATIONS.filter((d) => d.form === "bill").map((d) => d.valueCents)).toEqual([100, 200, 500, 1000, 2000, 5000, 10000]);
    expect(DENOMINATIONS.filter((d) => d.form === "coin").map((d) => d.valueCents)).toEqual([1, 5, 10, 25, 50, 100]);
  });

  it("refuse unknown denominations and partial or negative pieces", () => {
    expect(() => countTotalCents({ coin_3: 1 })).toThrow('Unknown denomination "coin_3"');
    expect(() => countTotalCents({ coin_1: -1 })).toThrow("whole number");
    expect(() => countTotalCents({ coin_1: 1.5 })).toThrow("whole number");
  });

  it("need a reason only beyond the threshold, either way", () => {
    expect(DEFAULT_VARIANCE_THRESHOLD_CENTS).toBe(500);
    expect(varianceNeedsReason(500, 500)).toBe(false);
    expect(varianceNeedsReason(-500, 500)).toBe(false);
    expect(varianceNeedsReason(501, 500)).toBe(true);
    expect(varianceNeedsReason(-501, 500)).toBe(true);
  });
});

describe("default account names", () => {
  it("name the accounts the ledger opens by kind and expense category, as they are stored", () => {
    const stored: Array<[string, string, string]> = [
      ["safe", "Safe", "safe"],
      ["change_fund", "Change fund", "change_fund"],
      ["petty_cash", "Petty cash", "petty_cash"],
      ["collections_income", "Collections income", "collections_income"],
      ["owner_draws", "Owner draws", "owner_draws"],
      ["cash_over_short", "Cash over/short", "cash_over_short"],
      ["deposits_in_transit", "Deposits in transit", "deposits_in_transit"],
      ["opening_balance", "Opening balance", "opening_balance"],
      ...EXPENSE_CATEGORIES.map((c): [string, string, string] => ["expense", `Expenses: ${c}`, `expense.${c}`]),
    ];
    for (const [kind, name, key] of stored) expect(defaultAccountNameKey(kind, name), name).toBe(key);
  });

  it("leave a name a person typed as typed: renamed, added, or another kind's default", () => {
    expect(defaultAccountNameKey("safe", "Back office safe")).toBeNull();
    expect(defaultAccountNameKey("safe", "safe")).toBeNull();
    expect(defaultAccountNameKey("other", "Safe")).toBeNull();
    expect(defaultAccountNameKey("bank", "Bank")).toBeNull();
    expect(defaultAccountNameKey("change_fund", "Safe")).toBeNull();
    expect(defaultAccountNameKey("expense", "Expenses")).toBeNull();
    expect(defaultAccountNameKey("expense", "Expenses: snacks")).toBeNull();
    expect(defaultAccountNameKey("toString", "function toString() { [native code] }")).toBeNull();
  });
});

describe("refusals", () => {
  it("send the English the ledger always sent, with the values the Spanish is made of", () => {
    const below = cashRefusal("belowZero", { account: "Caja fuerte (Centro)" });
    expect(below.message).toBe(CASH_MESSAGES.belowZero("Caja fuerte (Centro)"));
    expect(below.data).toEqual({ code: "cash.belowZero", params: { account: "Caja fuerte (Centro)" } });
    expect(refusalText(below.data, "es")).toBe("Esto dejaría la cuenta Caja fuerte (Centro) por debajo de cero: no tiene tanto dinero");
    expect(refusalText(cashRefusal("varianceReason", { threshold: "$5.00" }).data, "es")).toBe(
      "La diferencia es mayor que $5.00: elija un motivo y agregue una nota",
    );
    const closed = cashRefusal("closedPeriod", { from: "2024-03-01", to: "2024-03-31" });
    expect(closed.message).toBe(RECONCILIATION_MESSAGES.closedPeriod("2024-03-01", "2024-03-31"));
    expect(refusalText(closed.data, "es")).toBe("El período 2024-03-01 a 2024-03-31 de esta tienda está cerrado; registre la corrección en un período abierto");
    expect(cashRefusal("businessDateInFuture", { date: "2030-01-01" }).message).toBe("The business date 2030-01-01 is in the future for this store");
  });

  it("name a known status in Spanish and keep an unknown one", () => {
    const es = (data: unknown) => refusalText(data, "es");
    expect(es(cashRefusal("notPending", { status: "approved" }).data)).toBe("Solo se puede decidir una transacción pendiente; esta está aprobada");
    expect(es(cashRefusal("notPending", { status: "cancelled" }).data)).toMatch(/esta está cancelada$/);
    expect(es(cashRefusal("countNotOpen", { status: "recount_requested" }).data)).toBe("Este conteo está pendiente de reconteo");
    expect(es(cashRefusal("countNotOpen", { status: "archived" }).data)).toBe("Este conteo está archived");
    expect(es(cashRefusal("countNotOpen", { status: "toString" }).data)).toBe("Este conteo está toString");
  });
});
