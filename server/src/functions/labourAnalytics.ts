import { settingsOf } from "../companySettings/settings.ts";
import { resolveScope, scopeArgs } from "../labourAnalytics/args.ts";
import { overviewOf, rangeLabour } from "../labourAnalytics/overview.ts";
import { query } from "../runtime/define.ts";

// Labour analytics (issue 18, employee-management/analytics): scheduled against worked hours,
// lateness and absences, overtime by employee and store, and labour cost as a share of collected
// revenue by store and weekday, for the selection's range beside its comparison period. Live: a
// verification, a punch or a collection re-runs it. docs/decisions/0039-labour-analytics.md.

export const overview = query({
  access: "canManageEmployees",
  liveScope: "company",
  args: scopeArgs,
  handler: async (ctx, args) => {
    const { stores, range, compare } = await resolveScope(ctx.db, ctx.company.id, args);
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const current = await rangeLabour(ctx.db, ctx.company.id, stores, range, settings, ctx.now);
    const previous = await rangeLabour(ctx.db, ctx.company.id, stores, compare, settings, ctx.now);
    return { ...overviewOf(current, previous, stores, ctx.now), toleranceMinutes: settings.autoApproveToleranceMinutes };
  },
});
