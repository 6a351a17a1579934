import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { pageOf, type Page } from "../runtime/paging.ts";

// A person's own notices (issue 34): listed newest first across every company they were told in,
// counted while unread, marked read. Every statement names the person, so no id of another
// person's notice lists, counts or changes anything.

export const NOTICE_PAGE_SIZE = 20;
/** The nextCursor of a page: the last notice's time (ms) and id. */
export const NOTICE_CURSOR = /^\d{1,15}:[a-z2-7]{32}$/;

export interface NoticeView {
  _id: string;
  companyId: string;
  companyName: string | null;
  kind: string;
  params: Record<string, unknown>;
  link: string | null;
  createdAt: number;
  readAt: number | null;
}

export async function noticesOf(
  db: Kysely<DB>,
  userId: string,
  options: { cursor?: string; pageSize?: number; unreadOnly?: boolean },
): Promise<Page<NoticeView>> {
  const pageSize = options.pageSize ?? NOTICE_PAGE_SIZE;
  let q = db
    .selectFrom("notifications as n")
    .leftJoin("companies as c", "c.id", "n.companyId")
    .select(["n.id", "n.companyId", "n.kind", "n.params", "n.link", "n.createdAt", "n.readAt", "c.name", "c.displayName"])
    .where("n.userId", "=", userId);
  if (options.unreadOnly) q = q.where("n.readAt", "is", null);
  if (options.cursor) {
    const [at, id] = options.cursor.split(":");
    q = q.where(sql<boolean>`(n.created_at, n.id) < (${new Date(Number(at))}, ${id})`);
  }
  const rows = await q
    .orderBy("n.createdAt", "desc")
    .orderBy("n.id", "desc")
    .limit(pageSize + 1)
    .execute();
  return pageOf(
    rows,
    pageSize,
    (r) => `${new Date(r.createdAt).getTime()}:${r.id}`,
    (r) => ({
      _id: r.id,
      companyId: r.companyId,
      companyName: r.displayName || r.name || null,
      kind: r.kind,
      params: (typeof r.params === "string" ? JSON.parse(r.params) : r.params) as Record<string, unknown>,
      link: r.link,
      createdAt: new Date(r.createdAt).getTime(),
      readAt: r.readAt === null ? null : new Date(r.readAt).getTime(),
    }),
  );
}

export async function unreadCountOf(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the person's notices read, or all of them; another person's id marks nothing. */
export async function markRead(db: Kysely<DB>, userId: string, target: { id: string } | { all: true }, now: Date): Promise<number> {
  let q = db.updateTable("notifications").set({ readAt: now }).where("userId", "=", userId).where("readAt", "is", null);
  if ("id" in target) q = q.where("id", "=", target.id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setNoticeEmails(db: Kysely<DB>, userId: string, email: boolean): Promise<void> {
  await db
    .insertInto("notificationPreferences")
    .values({ userId, email })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ email, updatedAt: new Date() }))
    .execute();
}
