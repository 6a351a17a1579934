import { z } from "zod";
import { announcementSchema } from "@tumble/domain/announcements";
import { archiveAnnouncement, markAnnouncementsRead, postAnnouncement, rewriteAnnouncement } from "../announcements/edits.ts";
import { announcementsFor, MAX_READER_LIST } from "../announcements/list.ts";
import { mutation, query } from "../runtime/define.ts";

// Announcements (issue 19, user/announcements; docs/decisions/0041-announcements.md). Managers
// (canManageStores) post them to the whole company, chosen stores or chosen roles; every member
// reads those addressed to them, pinned first then newest, with unread marks. Everything is
// scoped to the caller's active company in the query: another company's id is "not found". The
// logic is in server/src/announcements.

const id = z.string().min(1).max(64);
const language = z.enum(["en", "es"]).optional();

/**
 * The caller's announcements: those addressed to them and shown now, in their language (the
 * `language` the screen is in, else their account's), the body as safe HTML, each with whether
 * they read it. `manage` (canManageStores): every announcement of the company, archived and past
 * ones too, with what the editor needs and how many read each.
 */
export const list = query({
  access: "member",
  liveScope: "caller",
  args: z.object({ manage: z.boolean().optional(), language }),
  handler: async (ctx, args) => announcementsFor(ctx, args),
});

/** Posts an announcement; with `email`, also e-mails its audience (each reader's switch and language honoured). */
export const create = mutation({
  access: "canManageStores",
  args: announcementSchema({ email: z.boolean().default(false) }),
  handler: async (ctx, args) => postAnnouncement(ctx, args),
});

/** Rewrites an announcement's text, audience, pin and end; read marks stay. */
export const update = mutation({
  access: "canManageStores",
  args: announcementSchema({ announcementId: id }),
  handler: async (ctx, args) => rewriteAnnouncement(ctx, args),
});

/** Archives an announcement (readers no longer see it), or with `archived: false` brings it back. */
export const archive = mutation({
  access: "canManageStores",
  args: z.object({ announcementId: id, archived: z.boolean().default(true) }),
  handler: async (ctx, args) => archiveAnnouncement(ctx, args),
});

/** Marks announcements addressed to the caller as read (again is harmless); any other id is not found. */
export const markRead = mutation({
  access: "member",
  args: z.object({ announcementIds: z.array(id).min(1).max(MAX_READER_LIST) }),
  handler: async (ctx, args) => markAnnouncementsRead(ctx, args),
});
