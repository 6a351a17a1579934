import { z } from "zod";
import { todayIn } from "@tumble/domain/businessDate";
import { daysBetweenInclusive } from "@tumble/domain/datePresets";
import { PNL_COMPARISONS, PNL_LINES, PNL_PERIODS, comparisonPeriod, economicsReportRefusal, periodRange } from "@tumble/domain/economics";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { id } from "../cash/access.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { machineEconomics } from "../economics/machines.ts";
import { pnlReport } from "../economics/pnl.ts";
import { pnlPdfFile } from "../economics/pnlPdf.ts";
import { figureEntries } from "../economics/pnlEntries.ts";
import { storesOf } from "../labourAnalytics/read.ts";
import { query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";

// Store economics (issue 35, laundromat → economics, canExportReports like reports): the P&L of
// a store or the company for a month, quarter or year beside its comparison period, with where
// each figure comes from and whether the period is closed; the entries behind one figure; and
// the per-machine figures (turns per day, revenue per cycle, medians, payback, the flag).
// docs/decisions/0074-store-economics.md.

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected a month as YYYY-MM");

export const storePnl = query({
  access: "canExportReports",
  args: z.object({
    storeId: id.optional(),
    period: z.enum(PNL_PERIODS),
    anchor: businessDateSchema,
    compare: z.enum(PNL_COMPARISONS).optional(),
  }),
  handler: async (ctx, args) => {
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const report = await pnlReport(
      ctx.db,
      ctx.company.id,
      args.storeId ?? null,
      periodRange(args.period, args.anchor),
      comparisonPeriod(args.period, args.anchor, args.compare ?? "previous"),
      settings,
      ctx.now,
    );
    if (!report) throw refused(economicsReportRefusal("storeNotFound"));
    return report;
  },
});

export const entries = query({
  access: "canExportReports",
  args: z.object({ storeId: id.optional(), month, line: z.enum(PNL_LINES) }),
  handler: async (ctx, args) => {
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const rows = await figureEntries(ctx.db, ctx.company.id, args.storeId ?? null, args.month, args.line, settings, ctx.now);
    if (!rows) throw refused(economicsReportRefusal("storeNotFound"));
    return { month: args.month, line: args.line, entries: rows };
  },
});

export const machines = query({
  access: "canExportReports",
  args: z.object({ storeId: id, from: businessDateSchema, to: businessDateSchema }),
  handler: async (ctx, args) => {
    if (args.from > args.to) throw refused(economicsReportRefusal("rangeReversed"));
    if (daysBetweenInclusive(args.from, args.to) > 366) throw refused(economicsReportRefusal("rangeOverYear"));
    const [store] = await storesOf(ctx.db, ctx.company.id, args.storeId);
    if (!store) throw refused(economicsReportRefusal("storeNotFound"));
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    return machineEconomics(ctx.db, ctx.company.id, store, args.from, args.to, todayIn(store.timeZone, ctx.now), settings);
  },
});

/** One store's month on one page, a PDF in the reader's language (base64): for a lender or a buyer. */
export const pnlPdf = query({
  access: "canExportReports",
  args: z.object({ storeId: id, month }),
  handler: async (ctx, args) => {
    const store = await ctx.db
      .selectFrom("stores")
      .select(["id", "name", "address", "timeZone"])
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", args.storeId)
      .executeTakeFirst();
    if (!store) throw refused(economicsReportRefusal("storeNotFound"));
    const company = await ctx.db.selectFrom("companies").select(["name", "displayName"]).where("id", "=", ctx.company.id).executeTakeFirstOrThrow();
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const language = ctx.user.language === "es" ? "es" : "en";
    const file = await pnlPdfFile(ctx.db, { id: ctx.company.id, name: company.displayName ?? company.name }, store, args.month, language, ctx.now, settings);
    if (!file) throw refused(economicsReportRefusal("storeNotFound"));
    return file;
  },
});
