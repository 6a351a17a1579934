import { z } from "zod";
import {
  endRecurringArgsSchema,
  machineFactsArgsSchema,
  otherRevenueArgsSchema,
  rangeArgsSchema,
  recurringExpenseArgsSchema,
  revenueImportArgsSchema,
  setPriceArgsSchema,
  utilityBillArgsSchema,
} from "@tumble/domain/economicsInputs";
import {
  addOtherRevenue as addRevenueLine,
  addRecurringExpense as addExpense,
  addUtilityBill as addBill,
  deleteImportBatch as deleteBatch,
  deleteOtherRevenue as deleteRevenueLine,
  deletePrice as deletePriceRow,
  deleteUtilityBill as deleteBill,
  endRecurringExpense as endExpense,
  listOtherRevenue,
  listRecurringExpenses,
  listUtilityBills,
  setMachineFacts as setFacts,
  setPrice as setPriceRow,
  storePrices,
} from "../economics/inputs.ts";
import { importRevenue as importRevenueFile, revenueImportMappings } from "../economics/revenueImport.ts";
import { mutation, query } from "../runtime/define.ts";

// Store economics inputs (issue 35; laundromat → economics, its setup tab): vend prices by
// equipment type or machine from a date, machine facts, revenue beyond the coin boxes (by hand or
// imported from a payment system's CSV), recurring expenses and utility bills. Reading them needs
// canExportReports, as the economics screen and reports do; changing them canManageStores, as the
// equipment does. The logic is in server/src/economics.

const id = z.string().max(64);

/** A store's prices: equipment types with their price history, and the store's machines with their facts, overrides and today's price. */
export const prices = query({
  access: "canExportReports",
  args: z.object({ storeId: id }),
  handler: (ctx, { storeId }) => storePrices(ctx, storeId),
});

/** Sets a price of an equipment type or a machine from a date; returns { priceId, created }. */
export const setPrice = mutation({
  access: "canManageStores",
  args: setPriceArgsSchema,
  handler: (ctx, args) => setPriceRow(ctx, args),
});

/** Deletes a price that has not started yet. */
export const deletePrice = mutation({
  access: "canManageStores",
  args: z.object({ priceId: id }),
  handler: (ctx, { priceId }) => deletePriceRow(ctx, priceId),
});

/** Sets a machine's capacity (lb), purchase price and install date (null clears one; a field left out is kept). */
export const setMachineFacts = mutation({
  access: "canManageStores",
  args: machineFactsArgsSchema,
  handler: (ctx, args) => setFacts(ctx, args),
});

/** A store's revenue lines beyond the coin boxes over a range of business dates, newest first. */
export const otherRevenue = query({
  access: "canExportReports",
  args: rangeArgsSchema,
  handler: (ctx, args) => listOtherRevenue(ctx, args),
});

export const addOtherRevenue = mutation({
  access: "canManageStores",
  args: otherRevenueArgsSchema,
  handler: (ctx, args) => addRevenueLine(ctx, args),
});

export const deleteOtherRevenue = mutation({
  access: "canManageStores",
  args: z.object({ revenueId: id }),
  handler: (ctx, { revenueId }) => deleteRevenueLine(ctx, revenueId),
});

/** Deletes every revenue line one import wrote; returns { deleted }. */
export const deleteImportBatch = mutation({
  access: "canManageStores",
  args: z.object({ batch: id }),
  handler: (ctx, { batch }) => deleteBatch(ctx, batch),
});

export const recurringExpenses = query({
  access: "canExportReports",
  args: z.object({ storeId: id }),
  handler: (ctx, { storeId }) => listRecurringExpenses(ctx, storeId),
});

export const addRecurringExpense = mutation({
  access: "canManageStores",
  args: recurringExpenseArgsSchema,
  handler: (ctx, args) => addExpense(ctx, args),
});

/** Sets the last month (inclusive) a recurring expense runs. */
export const endRecurringExpense = mutation({
  access: "canManageStores",
  args: endRecurringArgsSchema,
  handler: (ctx, args) => endExpense(ctx, args),
});

/** A store's utility bills whose period overlaps the range, newest first. */
export const utilityBills = query({
  access: "canExportReports",
  args: rangeArgsSchema,
  handler: (ctx, args) => listUtilityBills(ctx, args),
});

export const addUtilityBill = mutation({
  access: "canManageStores",
  args: utilityBillArgsSchema,
  handler: (ctx, args) => addBill(ctx, args),
});

export const deleteUtilityBill = mutation({
  access: "canManageStores",
  args: z.object({ billId: id }),
  handler: (ctx, { billId }) => deleteBill(ctx, billId),
});

/** The payment systems whose CSV column mapping is remembered, with it. */
export const revenueImportProviders = query({
  access: "canExportReports",
  args: z.object({}),
  handler: (ctx) => revenueImportMappings(ctx),
});

/**
 * Imports card and app revenue from a payment system's CSV export: a dry run lists the bad rows
 * and what would be written; a file with any bad row writes nothing; rows already imported are
 * skipped. A mapping given is remembered for the provider.
 */
export const importRevenue = mutation({
  access: "canManageStores",
  args: revenueImportArgsSchema,
  handler: (ctx, args) => importRevenueFile(ctx, args),
});
