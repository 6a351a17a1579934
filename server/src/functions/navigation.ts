import { z } from "zod";
import { query } from "../runtime/define.ts";

// The counts behind the navigation badges (spec section 2 "Tab badges" / "Sub-tab badges"),
// in one live query so the shell subscribes once. Counts the caller may not see are 0.

export const getBadgeCounts = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const userId = ctx.user!.id;
    const company = ctx.company;
    const p = ctx.permissions;
    const myRequests = await ctx.db
      .selectFrom("joinRequests")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("userId", "=", userId)
      .where("status", "=", "PENDING")
      .executeTakeFirstOrThrow();
    const counts = {
      myRequests: Number(myRequests.n),
      ownUnverifiedCollections: 0,
      allUnverifiedCollections: 0,
      pendingCashTransactions: 0,
      joinRequests: 0,
      inactiveStores: 0,
    };
    if (!company) return counts;

    const unverified = await ctx.db
      .selectFrom("collections")
      .select(({ fn }) => [fn.countAll<number>().as("all"), fn.count<number>("id").filterWhere("collectorId", "=", userId).as("own")])
      .where("companyId", "=", company.id)
      .where("status", "=", "submitted")
      .executeTakeFirstOrThrow();
    counts.ownUnverifiedCollections = Number(unverified.own);
    counts.allUnverifiedCollections = p.canVerify ? Number(unverified.all) : 0;
    if (p.canExportReports || p.canApproveDraws) {
      const t = await ctx.db
        .selectFrom("cashTransactions")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("companyId", "=", company.id)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      counts.pendingCashTransactions = Number(t.n);
    }
    if (p.canManageJoinRequests) {
      const r = await ctx.db
        .selectFrom("joinRequests")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("companyId", "=", company.id)
        .where("status", "=", "PENDING")
        .executeTakeFirstOrThrow();
      counts.joinRequests = Number(r.n);
    }
    if (p.canManageStores) {
      const s = await ctx.db
        .selectFrom("stores")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("companyId", "=", company.id)
        .where("isActive", "=", false)
        .executeTakeFirstOrThrow();
      counts.inactiveStores = Number(s.n);
    }
    return counts;
  },
});
