import { z } from "zod";
import { todayIn } from "@tumble/domain/businessDate";
import { daysBetweenInclusive } from "@tumble/domain/datePresets";
import { REVENUE_GROUPS, changePercent, isTimeGroup } from "@tumble/domain/reports";
import { bucketChangePercent } from "@tumble/domain/reportBuckets";
import { reportRefusal } from "@tumble/domain/reportRefusals";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { id } from "../cash/access.ts";
import { bucketChoice as bucketChoiceOf, estimateByDay } from "../reports/buckets.ts";
import { machineReport } from "../reports/machines.ts";
import { pairRows, revenueSums, type Period } from "../reports/revenue.ts";
import { cadence as cadenceOf, collectorSignals } from "../reports/signals.ts";
import { query, type QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";

// Reports (laundromat → reports, canExportReports; collector signals isAdmin) on the store and
// range of the laundromat selection: revenue with a comparison period by any grouping, per
// machine figures, collectors against their expected figures, and coin-box cadence. Every figure
// comes from collection lines in the store's business dates; all are live queries, so a
// verification elsewhere updates an open report. Coin stores are collected a few times a week, so
// the revenue report opens on the bucket their collections fit (bucketChoice) and its days can
// show an estimate of each day's takings (dailyEstimate) beside what was collected (issue 34).

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected a time as HH:mm");
/** "All Time" starts in 2020; a range longer than that is a typing slip. */
const MAX_RANGE_DAYS = 366 * 8;

function checkRange(from: string, to: string, what: "range" | "comparison" = "range"): void {
  if (from > to) throw refused(reportRefusal(what === "range" ? "rangeReversed" : "comparisonReversed"));
  if (daysBetweenInclusive(from, to) > MAX_RANGE_DAYS) throw refused(reportRefusal(what === "range" ? "rangeOverEightYears" : "comparisonOverEightYears"));
}

async function storeOfCompany(ctx: QueryCtx<"canExportReports">, storeId: string) {
  const store = await ctx.db
    .selectFrom("stores")
    .select(["id", "timeZone"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", storeId)
    .executeTakeFirst();
  if (!store) throw refused(reportRefusal("storeNotFound"));
  return store;
}

export const revenue = query({
  access: "canExportReports",
  args: z.object({
    storeId: id.optional(),
    from: businessDateSchema,
    to: businessDateSchema,
    fromTime: time.optional(),
    toTime: time.optional(),
    compareFrom: businessDateSchema.optional(),
    compareTo: businessDateSchema.optional(),
    groupBy: z.enum(REVENUE_GROUPS),
  }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    if ((args.compareFrom === undefined) !== (args.compareTo === undefined)) throw refused(reportRefusal("bothEnds"));
    if (args.compareFrom && args.compareTo) checkRange(args.compareFrom, args.compareTo, "comparison");
    const storeId = args.storeId ?? null;
    if (storeId) await storeOfCompany(ctx, storeId);
    const period: Period = { from: args.from, to: args.to, fromTime: args.fromTime, toTime: args.toTime };
    // The comparison's first and last days take the same times (the selection dialog copies them).
    const compare: Period | null =
      args.compareFrom && args.compareTo ? { from: args.compareFrom, to: args.compareTo, fromTime: args.fromTime, toTime: args.toTime } : null;
    const sums = await revenueSums(ctx.db, ctx.company.id, storeId, period, args.groupBy);
    const compareSums = compare ? await revenueSums(ctx.db, ctx.company.id, storeId, compare, args.groupBy) : null;
    const rows = pairRows(args.groupBy, period, sums, compare, compareSums);
    const add = (list: typeof sums, pick: (s: (typeof sums)[number]) => number) => list.reduce((sum, s) => sum + pick(s), 0);
    const totalCents = add(sums, (s) => s.totalCents);
    const compareTotalCents = compareSums ? add(compareSums, (s) => s.totalCents) : undefined;
    return {
      groupBy: args.groupBy,
      // A time bucket is compared only when both it and its comparison hold collections: a
      // bucket nobody collected in is not a 100% drop (issue 34).
      rows: rows.map((r) => ({
        ...r,
        changePercent: !compare
          ? null
          : isTimeGroup(args.groupBy)
            ? bucketChangePercent(
                { totalCents: r.totalCents, collected: !r.noCollection },
                { totalCents: r.compareTotalCents ?? 0, collected: !r.compareNoCollection },
              )
            : changePercent(r.totalCents, r.compareTotalCents),
      })),
      totals: {
        coinsCents: add(sums, (s) => s.coinsCents),
        billsCents: add(sums, (s) => s.billsCents),
        totalCents,
        compareTotalCents,
        changePercent: compare ? changePercent(totalCents, compareTotalCents) : null,
      },
    };
  },
});

export const machines = query({
  access: "canExportReports",
  args: z.object({ storeId: id, from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    const store = await storeOfCompany(ctx, args.storeId);
    return machineReport(ctx.db, ctx.company.id, store.id, args.from, args.to, todayIn(store.timeZone, ctx.now));
  },
});

export const collectors = query({
  access: "isAdmin",
  args: z.object({ storeId: id.optional(), from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    if (daysBetweenInclusive(args.from, args.to) > 400) throw refused(reportRefusal("signalsOverYear"));
    if (args.storeId) {
      const store = await ctx.db.selectFrom("stores").select("id").where("companyId", "=", ctx.company.id).where("id", "=", args.storeId).executeTakeFirst();
      if (!store) throw refused(reportRefusal("storeNotFound"));
    }
    return collectorSignals(ctx.db, ctx.company.id, args.storeId ?? null, args.from, args.to);
  },
});

export const cadence = query({
  access: "canExportReports",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, args) => {
    if (args.storeId) await storeOfCompany(ctx, args.storeId);
    return cadenceOf(ctx.db, ctx.company.id, args.storeId ?? null, (zone) => todayIn(zone, ctx.now));
  },
});

/** The bucket the revenue report opens on for the store (or every store) and range, and why. */
export const bucketChoice = query({
  access: "canExportReports",
  args: z.object({ storeId: id.optional(), from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    if (args.storeId) await storeOfCompany(ctx, args.storeId);
    return bucketChoiceOf(ctx.db, ctx.company.id, args.storeId ?? null, args.from, args.to);
  },
});

/** Each day of the range (a year at most) with its estimated takings and what was collected on it. */
export const dailyEstimate = query({
  access: "canExportReports",
  args: z.object({ storeId: id.optional(), from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    checkRange(args.from, args.to);
    if (daysBetweenInclusive(args.from, args.to) > 366) throw refused(reportRefusal("rangeOverYear"));
    if (args.storeId) await storeOfCompany(ctx, args.storeId);
    return estimateByDay(ctx.db, ctx.company.id, args.storeId ?? null, args.from, args.to);
  },
});
