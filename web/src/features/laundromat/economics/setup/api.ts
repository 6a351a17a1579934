import type { ReturnsOf } from "@tumble/domain/functionPath";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/economicsInputs";
import { api } from "../../../../lib/api";

// The economics inputs functions (economics:*) and what they return.

export const setupApi = api.economics;

export type StorePrices = ReturnsOf<typeof setupApi.prices>;
export type TypePrices = StorePrices["types"][number];
export type MachinePrices = StorePrices["machines"][number];
export type PriceRow = TypePrices["history"][number];
export type RevenueLine = ReturnsOf<typeof setupApi.otherRevenue>[number];
export type RecurringExpense = ReturnsOf<typeof setupApi.recurringExpenses>[number];
export type UtilityBill = ReturnsOf<typeof setupApi.utilityBills>[number];
export type ImportResult = ReturnsOf<typeof setupApi.importRevenue>;
