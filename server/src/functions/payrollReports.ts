import { settingsOf } from "../companySettings/settings.ts";
import { resolveScope, scopeArgs } from "../labourAnalytics/args.ts";
import { rangeLabour } from "../labourAnalytics/overview.ts";
import { NO_POSITION, payrollReportOf } from "../labourAnalytics/reports.ts";
import { query } from "../runtime/define.ts";

// Payroll reports (issue 18, payroll/reports, canManageStores): labour cost by store, workweek and
// position, the overtime trend, and labour cost as a share of each store's collected revenue for
// the same dates, beside the comparison period. docs/decisions/0039-labour-analytics.md.

export const get = query({
  access: "canManageStores",
  liveScope: "company",
  args: scopeArgs,
  handler: async (ctx, args) => {
    const { stores, range, compare } = await resolveScope(ctx.db, ctx.company.id, args);
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const current = await rangeLabour(ctx.db, ctx.company.id, stores, range, settings, ctx.now);
    const previous = await rangeLabour(ctx.db, ctx.company.id, stores, compare, settings, ctx.now);
    return payrollReportOf(current, previous, stores, settings, ctx.now, NO_POSITION);
  },
});
