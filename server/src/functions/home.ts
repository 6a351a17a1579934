import { z } from "zod";
import { homeSummary, type HomeSummary } from "../home/takings.ts";
import { attentionContributors, countAttention, type AttentionItem } from "../runtime/attention.ts";
import { query } from "../runtime/define.ts";

// The home (issue 34, spec section 6 gates). home:summary: each active store's takings today, over
// the last 7 days and month to date, each beside its comparison period, in the store's own business
// calendar (server/src/home/takings.ts); only for those who may see reports (canExportReports),
// null for everyone else. home:attention: what needs the caller's attention, contributed by the
// modules (server/src/attention), only the items the caller may see.

export const summary = query({
  access: "signedIn",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx): Promise<HomeSummary | null> => {
    if (!ctx.company || !ctx.permissions.canExportReports) return null;
    return homeSummary(ctx.db, ctx.company.id, ctx.now);
  },
});

export const attention = query({
  access: "signedIn",
  // The caller's company's counts and the caller's own requests.
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx): Promise<{ items: AttentionItem[] }> => {
    const scope = { userId: ctx.user.id, companyId: ctx.company?.id ?? null, permissions: ctx.permissions, now: ctx.now };
    return { items: await countAttention(ctx.db, await attentionContributors(), scope) };
  },
});
