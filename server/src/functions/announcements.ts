import { z } from "zod";
import {
  announcementSchema,
  compareAnnouncements,
  renderMarkdown,
  textFor,
  type AnnouncementForm,
  type Audience,
  announcementRefusal,
} from "@tumble/domain/announcements";
import type { CompanyRole } from "@tumble/domain/permissions";
import { accessDeniedMessage } from "@tumble/domain/permissions";
import { addressedTo, current } from "../announcements/audience.ts";
import { emailAnnouncement } from "../announcements/mail.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Announcements (issue 19, user/announcements; docs/decisions/0041-announcements.md). Managers
// (canManageStores) post them to the whole company, chosen stores or chosen roles; every member
// reads those addressed to them, pinned first then newest, with unread marks. Everything is
// scoped to the caller's active company in the query: another company's id is "not found".

const id = z.string().min(1).max(64);
const language = z.enum(["en", "es"]).optional();
const MAX_READER_LIST = 200;
const MAX_MANAGER_LIST = 500;

const notFound = () => refused(announcementRefusal("notFound"));
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

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
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    if (args.manage && !ctx.permissions.canManageStores) throw new AccessError(accessDeniedMessage("canManageStores"));
    const now = new Date(ctx.now);
    let q = ctx.db
      .selectFrom("announcements as a")
      .leftJoin("users as author", "author.id", "a.createdBy")
      .select((eb) => [
        "a.id",
        "a.title",
        "a.body",
        "a.titleEs",
        "a.bodyEs",
        "a.audience",
        "a.pinned",
        "a.expiresAt",
        "a.emailedAt",
        "a.createdAt",
        "a.updatedAt",
        "a.archivedAt",
        "author.name as authorName",
        "author.email as authorEmail",
        eb
          .exists(
            eb
              .selectFrom("announcementReads as r")
              .select("r.userId")
              .whereRef("r.companyId", "=", "a.companyId")
              .whereRef("r.announcementId", "=", "a.id")
              .where("r.userId", "=", ctx.user.id),
          )
          .as("read"),
      ])
      .where("a.companyId", "=", companyId);
    q = args.manage ? q : q.where((eb) => eb.and([addressedTo(eb, ctx.user.id), current(eb, now)]));
    const rows = await q
      .orderBy("a.pinned", "desc")
      .orderBy("a.createdAt", "desc")
      .orderBy("a.id")
      .limit(args.manage ? MAX_MANAGER_LIST : MAX_READER_LIST)
      .execute();

    const ids = rows.map((r) => r.id);
    const [stores, roles, reads] = args.manage && ids.length ? await managerDetails(ctx, ids) : [new Map(), new Map(), new Map()];
    const readerLanguage = args.language ?? ctx.user.language;
    const result = rows.map((r) => {
      const text = textFor(r, readerLanguage);
      const expiresAt = ms(r.expiresAt);
      const archivedAt = ms(r.archivedAt);
      return {
        _id: r.id,
        title: text.title,
        html: renderMarkdown(text.body),
        language: text.language,
        pinned: r.pinned,
        read: Boolean(r.read),
        createdAt: ms(r.createdAt)!,
        updatedAt: ms(r.updatedAt)!,
        expiresAt,
        archivedAt,
        author: r.authorName || (r.authorEmail ? r.authorEmail.split("@")[0]! : null),
        /** The editor's fields and the read count, for managers only. */
        manage: args.manage
          ? {
              title: r.title,
              body: r.body,
              titleEs: r.titleEs,
              bodyEs: r.bodyEs,
              audience: r.audience as Audience,
              stores: (stores.get(r.id) ?? []) as Array<{ _id: string; name: string }>,
              roles: (roles.get(r.id) ?? []) as CompanyRole[],
              readCount: (reads.get(r.id) ?? 0) as number,
              emailedAt: ms(r.emailedAt),
              state: archivedAt !== null ? ("archived" as const) : expiresAt !== null && expiresAt <= ctx.now ? ("expired" as const) : ("current" as const),
            }
          : null,
      };
    });
    // Managers see what is shown now first; within each group, pinned first then newest.
    if (args.manage) result.sort((a, b) => Number(a.manage!.state !== "current") - Number(b.manage!.state !== "current") || compareAnnouncements(a, b));
    return result;
  },
});

async function managerDetails(ctx: { db: MutationCtx<"member">["db"]; company: { id: string } }, ids: string[]) {
  const companyId = ctx.company.id;
  const [storeRows, roleRows, readRows] = await Promise.all([
    ctx.db
      .selectFrom("announcementStores as ast")
      .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "ast.companyId").onRef("s.id", "=", "ast.storeId"))
      .select(["ast.announcementId", "s.id", "s.name"])
      .where("ast.companyId", "=", companyId)
      .where("ast.announcementId", "in", ids)
      .orderBy("s.name")
      .execute(),
    ctx.db.selectFrom("announcementRoles").select(["announcementId", "role"]).where("companyId", "=", companyId).where("announcementId", "in", ids).execute(),
    ctx.db
      .selectFrom("announcementReads")
      .select((eb) => ["announcementId", eb.fn.countAll<string | number>().as("n")])
      .where("companyId", "=", companyId)
      .where("announcementId", "in", ids)
      .groupBy("announcementId")
      .execute(),
  ]);
  const group = <T, V>(rows: T[], key: (r: T) => string, value: (r: T) => V) => {
    const map = new Map<string, V[]>();
    for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), value(r)]);
    return map;
  };
  return [
    group(
      storeRows,
      (r) => r.announcementId,
      (r) => ({ _id: r.id, name: r.name }),
    ),
    group(
      roleRows,
      (r) => r.announcementId,
      (r) => r.role,
    ),
    new Map(readRows.map((r) => [r.announcementId, Number(r.n)])),
  ] as const;
}

/** Refuses an end in the past and stores of another company; returns the form as stored. */
async function checkForm(ctx: MutationCtx<"canManageStores">, form: AnnouncementForm, previousExpiry: number | null = null) {
  if (form.expiresAt !== null && form.expiresAt <= ctx.now && form.expiresAt !== previousExpiry) {
    throw refused(announcementRefusal("expiryPast"));
  }
  if (form.storeIds.length) {
    const found = await ctx.db.selectFrom("stores").select("id").where("companyId", "=", ctx.company.id).where("id", "in", form.storeIds).execute();
    if (found.length !== form.storeIds.length) throw refused(announcementRefusal("unknownStore"));
  }
}

async function writeAudience(ctx: MutationCtx<"canManageStores">, announcementId: string, form: AnnouncementForm) {
  const companyId = ctx.company.id;
  await ctx.db.deleteFrom("announcementStores").where("companyId", "=", companyId).where("announcementId", "=", announcementId).execute();
  await ctx.db.deleteFrom("announcementRoles").where("companyId", "=", companyId).where("announcementId", "=", announcementId).execute();
  if (form.storeIds.length) {
    await ctx.db
      .insertInto("announcementStores")
      .values(form.storeIds.map((storeId) => ({ companyId, announcementId, storeId })))
      .execute();
  }
  if (form.roles.length) {
    await ctx.db
      .insertInto("announcementRoles")
      .values(form.roles.map((role) => ({ companyId, announcementId, role })))
      .execute();
  }
}

const shown = (form: AnnouncementForm) => ({ ...form, expiresAt: form.expiresAt === null ? null : new Date(form.expiresAt).toISOString() });

/** Posts an announcement; with `email`, also e-mails its audience (each reader's switch and language honoured). */
export const create = mutation({
  access: "canManageStores",
  args: announcementSchema({ email: z.boolean().default(false) }),
  handler: async (ctx, args) => {
    const { email, ...form } = args;
    await checkForm(ctx, form);
    const announcementId = newId();
    const at = new Date(ctx.now);
    await ctx.db
      .insertInto("announcements")
      .values({
        id: announcementId,
        companyId: ctx.company.id,
        title: form.title,
        body: form.body,
        titleEs: form.titleEs,
        bodyEs: form.bodyEs,
        audience: form.audience,
        pinned: form.pinned,
        expiresAt: form.expiresAt === null ? null : new Date(form.expiresAt),
        createdBy: ctx.user.id,
        updatedBy: ctx.user.id,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await writeAudience(ctx, announcementId, form);
    // The author has read what they wrote.
    await ctx.db.insertInto("announcementReads").values({ companyId: ctx.company.id, announcementId, userId: ctx.user.id }).execute();
    const emailed = email ? await emailAnnouncement(ctx, announcementId) : 0;
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "create",
      entity: "announcement",
      entityId: announcementId,
      after: { ...shown(form), emailed },
    });
    return { announcementId, emailed };
  },
});

async function announcementOfCompany(ctx: MutationCtx<"canManageStores">, announcementId: string) {
  const row = await ctx.db
    .selectFrom("announcements")
    .selectAll()
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", announcementId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Rewrites an announcement's text, audience, pin and end; read marks stay. */
export const update = mutation({
  access: "canManageStores",
  args: announcementSchema({ announcementId: id }),
  handler: async (ctx, args) => {
    const { announcementId, ...form } = args;
    const before = await announcementOfCompany(ctx, announcementId);
    await checkForm(ctx, form, ms(before.expiresAt));
    const [stores, roles] = await Promise.all([
      ctx.db.selectFrom("announcementStores").select("storeId").where("companyId", "=", ctx.company.id).where("announcementId", "=", announcementId).execute(),
      ctx.db.selectFrom("announcementRoles").select("role").where("companyId", "=", ctx.company.id).where("announcementId", "=", announcementId).execute(),
    ]);
    await ctx.db
      .updateTable("announcements")
      .set({
        title: form.title,
        body: form.body,
        titleEs: form.titleEs,
        bodyEs: form.bodyEs,
        audience: form.audience,
        pinned: form.pinned,
        expiresAt: form.expiresAt === null ? null : new Date(form.expiresAt),
        updatedBy: ctx.user.id,
        updatedAt: new Date(ctx.now),
      })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", announcementId)
      .execute();
    await writeAudience(ctx, announcementId, form);
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "update",
      entity: "announcement",
      entityId: announcementId,
      before: {
        title: before.title,
        body: before.body,
        titleEs: before.titleEs,
        bodyEs: before.bodyEs,
        audience: before.audience,
        storeIds: stores.map((s) => s.storeId),
        roles: roles.map((r) => r.role),
        pinned: before.pinned,
        expiresAt: before.expiresAt === null ? null : new Date(before.expiresAt).toISOString(),
      },
      after: shown(form),
    });
    return null;
  },
});

/** Archives an announcement (readers no longer see it), or with `archived: false` brings it back. */
export const archive = mutation({
  access: "canManageStores",
  args: z.object({ announcementId: id, archived: z.boolean().default(true) }),
  handler: async (ctx, { announcementId, archived }) => {
    const before = await announcementOfCompany(ctx, announcementId);
    if ((before.archivedAt !== null) === archived) return null;
    await ctx.db
      .updateTable("announcements")
      .set(archived ? { archivedAt: new Date(ctx.now), archivedBy: ctx.user.id } : { archivedAt: null, archivedBy: null })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", announcementId)
      .execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: archived ? "archive" : "restore",
      entity: "announcement",
      entityId: announcementId,
      before: { archived: !archived },
      after: { archived },
    });
    return null;
  },
});

/** Marks announcements addressed to the caller as read (again is harmless); any other id is not found. */
export const markRead = mutation({
  access: "member",
  args: z.object({ announcementIds: z.array(id).min(1).max(MAX_READER_LIST) }),
  handler: async (ctx, { announcementIds }) => {
    const companyId = ctx.company.id;
    const wanted = [...new Set(announcementIds)];
    const mine = await ctx.db
      .selectFrom("announcements as a")
      .select("a.id")
      .where("a.companyId", "=", companyId)
      .where("a.id", "in", wanted)
      .where((eb) => addressedTo(eb, ctx.user.id))
      .execute();
    if (mine.length !== wanted.length) throw notFound();
    await ctx.db
      .insertInto("announcementReads")
      .values(wanted.map((announcementId) => ({ companyId, announcementId, userId: ctx.user.id })))
      .onConflict((oc) => oc.columns(["companyId", "announcementId", "userId"]).doNothing())
      .execute();
    return { marked: wanted.length };
  },
});
