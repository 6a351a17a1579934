import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { enqueue } from "../mail/outbox.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { NOTICE_KINDS, type NoticeKind, type NoticeParams } from "./kinds.ts";
import { noticeMail, type MailLanguage } from "./text.ts";

// Writing a notice (issue 34). The module that makes a decision calls notify() with its own
// transaction, so a decision that rolls back leaves no notice and no e-mail; the dependency runs
// from that module to this one, never back.

type Recipient = { userId: string } | { employeeId: string };

export type NoticeInput<K extends NoticeKind> = Recipient & {
  /** The company the decision was made in (the caller's own). */
  companyId: string;
  kind: K;
  params: NoticeParams[K];
  /** The app route the notice opens. */
  link: string;
};

/**
 * Writes a notice for a user, or for the account linked to an employee profile (none when the
 * profile has no account), and queues its e-mail when the person wants notices e-mailed and the
 * deciding module sends no e-mail of its own. Returns the notice's id, or null when nobody was told.
 */
export async function notify<K extends NoticeKind>(db: Kysely<DB>, input: NoticeInput<K>): Promise<string | null> {
  const userId = "userId" in input ? input.userId : await accountOf(db, input.companyId, input.employeeId);
  if (!userId) return null;
  // The person's bell counts across companies: their live queries re-run for it wherever they are.
  invalidates(db, { userId });
  const id = newId();
  await db
    .insertInto("notifications")
    // Stamped here, to the millisecond, so a page's cursor (time and id) is exact.
    .values({ id, companyId: input.companyId, userId, kind: input.kind, params: JSON.stringify(input.params), link: input.link, createdAt: new Date() })
    .execute();
  if (!NOTICE_KINDS[input.kind].mailedByItsModule) await mail(db, userId, input);
  return id;
}

async function accountOf(db: Kysely<DB>, companyId: string, employeeId: string): Promise<string | null> {
  const row = await db.selectFrom("employees").select("userId").where("companyId", "=", companyId).where("id", "=", employeeId).executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether the person wants their notices e-mailed: yes until they turn it off. */
export async function wantsNoticeEmails(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("notificationPreferences").select("email").where("userId", "=", userId).executeTakeFirst();
  return row?.email ?? true;
}

const languageOf = (value: string | null | undefined): MailLanguage | null => (value === "en" || value === "es" ? value : null);

async function mail<K extends NoticeKind>(db: Kysely<DB>, userId: string, input: NoticeInput<K>): Promise<void> {
  const user = await db.selectFrom("users").select(["email", "name", "language", "isAnonymous"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.email || user.isAnonymous || !(await wantsNoticeEmails(db, userId))) return;
  const company = await db.selectFrom("companies").select(["name", "displayName", "defaultLanguage"]).where("id", "=", input.companyId).executeTakeFirst();
  const language = languageOf(user.language) ?? languageOf(company?.defaultLanguage) ?? "en";
  const { subject, text } = noticeMail(input.kind, input.params, {
    language,
    companyName: company?.displayName || company?.name || "Tumble",
    recipientName: user.name,
  });
  await enqueue(db, { channel: "email", to: user.email, companyId: input.companyId, subject, body: text });
}
