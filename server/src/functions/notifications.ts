import { z } from "zod";
import { markRead as markNoticesRead, noticesOf, NOTICE_CURSOR, setNoticeEmails, unreadCountOf } from "../notifications/inbox.ts";
import { wantsNoticeEmails } from "../notifications/notify.ts";
import { mutation, query } from "../runtime/define.ts";
import { cursorArg } from "../runtime/paging.ts";

// The header's bell (issue 34): the caller's own notices, across every company they were told in,
// and whether they want them e-mailed. Each function reads and writes the caller's rows only.

/** The caller's notices, newest first, a page at a time. */
export const list = query({
  access: "signedIn",
  // The caller's own rows: a decision names the person it tells (notifications/notify.ts).
  liveScope: "caller",
  args: z.object({ cursor: cursorArg(NOTICE_CURSOR), pageSize: z.number().int().min(1).max(100).optional(), unreadOnly: z.boolean().optional() }),
  handler: async (ctx, args) => noticesOf(ctx.db, ctx.user.id, args),
});

/** How many of the caller's notices are unread: the bell's badge. */
export const unreadCount = query({
  access: "signedIn",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => ({ count: await unreadCountOf(ctx.db, ctx.user.id) }),
});

/** Marks one of the caller's notices read ({id}), or all of them ({all: true}); an id not theirs marks nothing. */
export const markRead = mutation({
  access: "signedIn",
  args: z.union([z.object({ id: z.string().max(64) }).strict(), z.object({ all: z.literal(true) }).strict()]),
  handler: async (ctx, target) => ({ marked: await markNoticesRead(ctx.db, ctx.user.id, target, new Date(ctx.now)) }),
});

/** Whether the caller's notices are also e-mailed to them (on until turned off). */
export const getEmailPreference = query({
  access: "signedIn",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => ({ email: await wantsNoticeEmails(ctx.db, ctx.user.id) }),
});

export const setEmailPreference = mutation({
  access: "signedIn",
  args: z.object({ email: z.boolean() }),
  handler: async (ctx, { email }) => {
    await setNoticeEmails(ctx.db, ctx.user.id, email);
    return { email };
  },
});
