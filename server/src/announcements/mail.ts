import { textFor } from "@tumble/domain/announcements";
import { enqueue } from "../mail/outbox.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { audienceOf } from "./audience.ts";

// "Also e-mail" on a new announcement: one message per member it is addressed to (the author
// aside), in the member's language (the Spanish version when they read Spanish and there is one),
// through the outbox, so it leaves only if the announcement commits; enqueue skips whoever turned
// announcement e-mails off on /user/email-preferences. The body goes as written (Markdown reads
// fine as text); the HTML part is that text escaped, never the rendered Markdown.

/** Queues the e-mails and records when; returns how many were queued. */
export async function emailAnnouncement(ctx: MutationCtx<"canManageStores">, announcementId: string): Promise<number> {
  const companyId = ctx.company.id;
  const [announcement, company, author] = await Promise.all([
    ctx.db
      .selectFrom("announcements")
      .select(["title", "body", "titleEs", "bodyEs"])
      .where("companyId", "=", companyId)
      .where("id", "=", announcementId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom("companies").select(["name", "displayName", "defaultLanguage"]).where("id", "=", companyId).executeTakeFirstOrThrow(),
    ctx.db.selectFrom("users").select(["name", "email"]).where("id", "=", ctx.user.id).executeTakeFirst(),
  ]);
  const url = `${ctx.services.config.publicUrl.replace(/\/$/, "")}/user/announcements`;
  const companyName = company.displayName || company.name;
  const authorName = author?.name || author?.email?.split("@")[0] || "";
  let queued = 0;
  for (const reader of await audienceOf(ctx.db, companyId, announcementId)) {
    if (!reader.email || reader.id === ctx.user.id) continue;
    // The reader's language decides both the template and which version of the text they get.
    const language = reader.language === "es" || reader.language === "en" ? reader.language : company.defaultLanguage === "es" ? "es" : "en";
    const text = textFor(announcement, language);
    const id = await enqueue(ctx.db, {
      channel: "email",
      to: reader.email,
      companyId,
      template: {
        kind: "announcement",
        language,
        data: { name: reader.name || reader.email.split("@")[0]!, companyName, author: authorName, title: text.title, body: text.body, url },
      },
    });
    if (id) queued++;
  }
  await ctx.db
    .updateTable("announcements")
    .set({ emailedAt: new Date(ctx.now) })
    .where("companyId", "=", companyId)
    .where("id", "=", announcementId)
    .execute();
  return queued;
}
