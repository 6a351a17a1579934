import type { Kysely } from "kysely";
import { z } from "zod";
import { comparisonRange, daysBetweenInclusive } from "@tumble/domain/datePresets";
import { reportRefusal } from "@tumble/domain/reportRefusals";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { storesOf, type StoreRow } from "./read.ts";
import type { Range } from "./overview.ts";

// The arguments both screens send: a store (or every store), the selection's range and its
// comparison period; without one, the previous period of the same length.

/** Labour is read entry by entry: a year at a time is plenty for a chart. */
export const MAX_RANGE_DAYS = 366;

export const scopeArgs = z.object({
  storeId: z.string().min(1).max(64).optional(),
  from: businessDateSchema,
  to: businessDateSchema,
  compareFrom: businessDateSchema.optional(),
  compareTo: businessDateSchema.optional(),
});
export type ScopeArgs = z.output<typeof scopeArgs>;

function checkRange(range: Range, what: "range" | "comparison"): void {
  if (range.from > range.to) throw refused(reportRefusal(what === "range" ? "rangeReversed" : "comparisonReversed"));
  if (daysBetweenInclusive(range.from, range.to) > MAX_RANGE_DAYS) throw refused(reportRefusal(what === "range" ? "rangeOverYear" : "comparisonOverYear"));
}

/** The stores (the company's, or the one asked for: another company's id is "Store not found"), the range and the comparison. */
export async function resolveScope(db: Kysely<DB>, companyId: string, args: ScopeArgs): Promise<{ stores: StoreRow[]; range: Range; compare: Range }> {
  const range = { from: args.from, to: args.to };
  checkRange(range, "range");
  if ((args.compareFrom === undefined) !== (args.compareTo === undefined)) throw refused(reportRefusal("bothEnds"));
  const preceding = comparisonRange(null, range.from, range.to)!;
  const compare =
    args.compareFrom && args.compareTo ? { from: args.compareFrom, to: args.compareTo } : { from: preceding.compareFromDate, to: preceding.compareToDate };
  checkRange(compare, "comparison");
  const stores = await storesOf(db, companyId, args.storeId ?? null);
  if (args.storeId && !stores.length) throw refused(reportRefusal("storeNotFound"));
  return { stores, range, compare };
}
