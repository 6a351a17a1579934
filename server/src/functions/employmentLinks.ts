import { z } from "zod";
import { declineLinkSchema } from "@tumble/domain/employment";
import { decideLink, pendingApprovals } from "../employment/links.ts";
import { mutation, query } from "../runtime/define.ts";

// A manager's side of linking accounts to employee profiles (issue 31, docs/decisions/0030-geo-zones.md
// "Linking"): the requests for profiles without an e-mail address wait here, on the profiles
// screen (and in its badge), for someone who manages employees to approve or decline them.
// Nobody decides their own request.

/** The company's link requests waiting for a manager, oldest first; `mine` marks the caller's own. */
export const listPending = query({
  access: "canManageEmployees",
  args: z.object({}),
  handler: (ctx) => pendingApprovals(ctx.db, ctx.company.id, ctx.user.id),
});

/** Links the requester's account to the profile; they are told by e-mail in their language. */
export const approve = mutation({
  access: "canManageEmployees",
  args: z.object({ requestId: z.string().min(1).max(64) }),
  handler: (ctx, { requestId }) => decideLink(ctx, { requestId, approve: true }),
});

/** Declines it, with an optional reason the requester is told by e-mail and on their employment screen. */
export const decline = mutation({
  access: "canManageEmployees",
  args: declineLinkSchema,
  handler: (ctx, { requestId, reason }) => decideLink(ctx, { requestId, approve: false, reason }),
});
