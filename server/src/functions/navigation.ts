import { sql } from "kysely";
import { z } from "zod";
import { badgeContributors, sumBadges, type BadgeCounts } from "../runtime/badges.ts";
import { query } from "../runtime/define.ts";

// The counts behind the navigation badges (spec section 2 "Tab badges" / "Sub-tab badges"), in
// one live query so the shell subscribes once. Each module contributes its counts from a file in
// server/src/badges; counts the caller may not see are 0.

export const getBadgeCounts = query({
  access: "signedIn",
  // The caller's company's counts and the caller's own requests (deciders name the requester).
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx): Promise<BadgeCounts> => {
    const contributors = await badgeContributors();
    const scope = { userId: ctx.user.id, companyId: ctx.company?.id ?? null, permissions: ctx.permissions };
    // One statement, one round trip: each badge is a scalar subquery, 0 where the caller may not see it.
    const row = await ctx.db
      .selectNoFrom((eb) =>
        contributors.map((badge) => {
          const count = badge.count(eb, scope);
          return (count ? sql<number>`(${count})::int` : sql<number>`0`).as(badge.key);
        }),
      )
      .executeTakeFirstOrThrow();
    const counts = Object.fromEntries(contributors.map((badge) => [badge.key, Number((row as Record<string, unknown>)[badge.key])]));
    return sumBadges(contributors, counts);
  },
});
