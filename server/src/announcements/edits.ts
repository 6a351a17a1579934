import { announcementRefusal, type AnnouncementForm } from "@tumble/domain/announcements";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { addressedTo } from "./audience.ts";
import { ms } from "./list.ts";
import { emailAnnouncement } from "./mail.ts";

// Announcements as managers post, rewrite and archive them, and as readers mark them read. Every
// statement names the caller's active company: another company's id is "not found".

const notFound = () => refused(announcementRefusal("notFound"));

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
export async function postAnnouncement(ctx: MutationCtx<"canManageStores">, args: AnnouncementForm & { email: boolean }) {
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
}

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
export async function rewriteAnnouncement(ctx: MutationCtx<"canManageStores">, args: AnnouncementForm & { announcementId: string }) {
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
}

/** Archives an announcement (readers no longer see it), or with `archived: false` brings it back. */
export async function archiveAnnouncement(ctx: MutationCtx<"canManageStores">, { announcementId, archived }: { announcementId: string; archived: boolean }) {
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
}

/** Marks announcements addressed to the caller as read (again is harmless); any other id is not found. */
export async function markAnnouncementsRead(ctx: MutationCtx<"member">, { announcementIds }: { announcementIds: string[] }) {
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
}
