import { z } from "zod";
import { createRequestSchema } from "@tumble/domain/requests";
import { mutation, query } from "../runtime/define.ts";
import { decideRequest } from "../requests/deciding.ts";
import { answerSwap, makeRequest, ownRequests, requestOptions, withdrawRequest } from "../requests/making.ts";
import { requestsOf } from "../requests/requests.ts";

// Employees' requests (issue 17, docs/decisions/0033): time off, shift swap, shift drop and
// open-shift claim, made from user/my-requests and decided by someone with canApproveTimeOff on
// the employee-management dashboard. An approved swap, drop or claim gives the shift to its new
// employee at once (scheduling's reassignShift); the requester is told by e-mail. The logic is in
// server/src/requests.

const id = z.string().min(1).max(64);

/** Asks for time off, or a swap, drop or claim of a shift. A claim is approved at once when the company lets open shifts be claimed freely. */
export const create = mutation({
  access: "member",
  args: createRequestSchema,
  handler: async (ctx, args) => makeRequest(ctx, args),
});

/** The caller's own requests in the active company, newest first (empty without an employee profile). */
export const listMine = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => ownRequests(ctx),
});

/** What the requests forms offer: the caller's upcoming published shifts, open shifts they may claim and co-workers to swap with. */
export const options = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => requestOptions(ctx),
});

/** The approvers' queue: every pending request of the company, oldest last. */
export const listPending = query({
  access: "canApproveTimeOff",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx) => requestsOf(ctx.db, ctx.company.id, { status: "pending" }),
});

/**
 * The coworker's answer to a swap offered to them: accepted, it waits for an approver (who still
 * runs the scheduling rules); declined, it ends there. The requester is told either way.
 */
export const respond = mutation({
  access: "member",
  args: z.object({ requestId: id, accept: z.boolean(), reason: z.string().trim().max(500).optional() }),
  handler: async (ctx, args) => answerSwap(ctx, args),
});

/** Withdraws one's own pending request. */
export const cancel = mutation({
  access: "member",
  args: z.object({ requestId: id }),
  handler: async (ctx, args) => withdrawRequest(ctx, args),
});

/**
 * Approves or denies a pending request (a denial needs a reason); an approved swap, drop or claim
 * moves the shift. Never one's own request, nor a swap that gives one the shift (decision 0060).
 */
export const decide = mutation({
  access: "canApproveTimeOff",
  args: z.object({ requestId: id, approve: z.boolean(), reason: z.string().trim().max(500).optional() }),
  handler: async (ctx, args) => decideRequest(ctx, args),
});
