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
    // One statement, one round trip: each badge is a scalar subquery, 0 where the caller may not see it.
    const row = await ctx.db
      .selectNoFrom((eb) => {
        const count = eb.fn.countAll<number>().as("n");
        const none = (name: string) => eb.lit(0).as(name);
        return [
          eb.selectFrom("joinRequests").select(count).where("userId", "=", userId).where("status", "=", "PENDING").as("myRequests"),
          company
            ? eb.selectFrom("collections").select(count).where("companyId", "=", company.id).where("status", "=", "submitted").where("collectorId", "=", userId).as("ownUnverifiedCollections")
            : none("ownUnverifiedCollections"),
          company && p.canVerify
            ? eb.selectFrom("collections").select(count).where("companyId", "=", company.id).where("status", "=", "submitted").as("allUnverifiedCollections")
            : none("allUnverifiedCollections"),
          company && (p.canExportReports || p.canApproveDraws)
            ? eb.selectFrom("cashTransactions").select(count).where("companyId", "=", company.id).where("status", "=", "pending").as("pendingCashTransactions")
            : none("pendingCashTransactions"),
          company && p.canManageJoinRequests
            ? eb.selectFrom("joinRequests").select(count).where("companyId", "=", company.id).where("status", "=", "PENDING").as("joinRequests")
            : none("joinRequests"),
          company && p.canManageStores
            ? eb.selectFrom("stores").select(count).where("companyId", "=", company.id).where("isActive", "=", false).as("inactiveStores")
            : none("inactiveStores"),
        ];
      })
      .executeTakeFirstOrThrow();
    const counts = {
      myRequests: Number(row.myRequests),
      ownUnverifiedCollections: Number(row.ownUnverifiedCollections),
      allUnverifiedCollections: Number(row.allUnverifiedCollections),
      pendingCashTransactions: Number(row.pendingCashTransactions),
      joinRequests: Number(row.joinRequests),
      inactiveStores: Number(row.inactiveStores),
    };
    return counts;
  },
});
