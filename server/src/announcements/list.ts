import { compareAnnouncements, renderMarkdown, textFor, type Audience } from "@tumble/domain/announcements";
import type { CompanyRole } from "@tumble/domain/permissions";
import { accessDenied } from "@tumble/domain/accessRefusals";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { addressedTo, current } from "./audience.ts";

// Announcements as they are read: a member's own (addressed to them and shown now), or every one
// of the company with the editor's fields for a manager.

export const MAX_READER_LIST = 200;
const MAX_MANAGER_LIST = 500;

export const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/**
 * The caller's announcements: those addressed to them and shown now, in their language (the
 * `language` the screen is in, else their account's), the body as safe HTML, each with whether
 * they read it. `manage` (canManageStores): every announcement of the company, archived and past
 * ones too, with what the editor needs and how many read each.
 */
export async function announcementsFor(ctx: QueryCtx<"member">, args: { manage?: boolean; language?: "en" | "es" }) {
  const companyId = ctx.company.id;
  if (args.manage && !ctx.permissions.canManageStores) throw refused(accessDenied("canManageStores"), AccessError);
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
}

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
