import { sql } from "kysely";
import { z } from "zod";
import { sanitizeEmailError } from "@tumble/domain/errorMessage";
import { emailRefusal } from "@tumble/domain/emailRefusals";
import type { QueryCtx } from "../runtime/define.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { companyTimeZone } from "../marketing/companyTimeZone.ts";

// The company's outbox (issue 19; spec section 6: canManageStores, or a system admin): every
// e-mail and SMS with its kind, recipient, language, status, attempts, last error (through the
// e-mail error sanitiser) and sent time; counts per status and kind by day; retry and cancel.
// A message delivered only to the server log (no SMTP_URL / SMS_URL; issue 34) is "logged", never
// "sent"; one delivered before the server recorded how (delivery_channel null) stays "sent".

export const DELIVERY_STATUSES = ["queued", "sending", "sent", "logged", "failed", "retrying", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The company whose outbox the caller may see: their active one, or for a system admin the one named. */
function companyOf(ctx: Pick<QueryCtx, "permissions"> & { company?: { id: string } | null }, companyId?: string): string {
  if (ctx.permissions.isSystemAdmin && companyId) return companyId;
  if (ctx.company && (ctx.permissions.canManageStores || ctx.permissions.isSystemAdmin)) return ctx.company.id;
  throw refused(emailRefusal("denied"), AccessError);
}

/**
 * What a row's stored status means to a person: a pending row that was tried before is retrying,
 * a sent one that only reached the log is logged.
 */
const displayStatus = sql<DeliveryStatus>`case when status = 'pending' and attempts = 0 then 'queued' when status = 'pending' then 'retrying' when status = 'sent' and delivery_channel = 'log' then 'logged' else status end`;

const filters = z.object({
  companyId: z.string().max(64).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  kind: z.string().max(40).optional(),
  channel: z.enum(["email", "sms"]).optional(),
  recipient: z.string().max(320).optional(),
});

/** The newest messages first, filtered. */
export const list = query({
  access: "signedIn",
  args: filters.extend({ limit: z.number().int().min(1).max(500).default(100) }),
  handler: async (ctx, args) => {
    const companyId = companyOf(ctx, args.companyId);
    let q = ctx.db
      .selectFrom("outbox")
      .select(["id", "channel", "kind", "recipient", "language", "subject", "attempts", "lastError", "createdAt", "sentAt", "nextAttemptAt", "deliveryChannel"])
      .select(displayStatus.as("status"))
      .where("companyId", "=", companyId);
    if (args.status) q = q.where(displayStatus, "=", args.status);
    if (args.kind) q = q.where("kind", "=", args.kind);
    if (args.channel) q = q.where("channel", "=", args.channel);
    if (args.recipient?.trim()) q = q.where("recipient", "ilike", `%${args.recipient.trim().replace(/[%_\\]/g, "\\$&")}%`);
    const rows = await q.orderBy("createdAt", "desc").orderBy("id").limit(args.limit).execute();
    return rows.map((r) => ({
      _id: r.id,
      channel: r.channel,
      kind: r.kind,
      recipient: r.recipient,
      language: r.language,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError ? sanitizeEmailError(r.lastError) : null,
      createdAt: new Date(r.createdAt).getTime(),
      sentAt: r.sentAt ? new Date(r.sentAt).getTime() : null,
      /** How it left once delivered: smtp, gateway (SMS) or log; null before that or when not recorded. */
      deliveryChannel: r.deliveryChannel,
      nextAttemptAt: r.status === "queued" || r.status === "retrying" ? new Date(r.nextAttemptAt).getTime() : null,
    }));
  },
});

/** Counts per status and kind, and per day in the company's time zone (its oldest store's) over the last `days` days. */
export const stats = query({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64).optional(), days: z.number().int().min(1).max(90).default(14) }),
  handler: async (ctx, args) => {
    const companyId = companyOf(ctx, args.companyId);
    const zone = await companyTimeZone(ctx.db, companyId);
    const rows = await ctx.db
      .selectFrom("outbox")
      .select([sql<string>`to_char(created_at at time zone ${zone}::text, 'YYYY-MM-DD')`.as("day"), "channel", "kind", displayStatus.as("status")])
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("companyId", "=", companyId)
      .where("createdAt", ">=", sql<Date>`now() - make_interval(days => ${args.days})`)
      .groupBy([sql`1`, "channel", "kind", sql`4`])
      .execute();
    const byStatus: Record<string, number> = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0]));
    const byKind: Record<string, number> = {};
    const byDay: Record<string, Record<string, number>> = {};
    for (const r of rows) {
      const n = Number(r.n);
      byStatus[r.status] = (byStatus[r.status] ?? 0) + n;
      const kind = r.kind ?? (r.channel === "sms" ? "sms" : "other");
      byKind[kind] = (byKind[kind] ?? 0) + n;
      (byDay[r.day] ??= {})[r.status] = (byDay[r.day][r.status] ?? 0) + n;
    }
    return {
      timeZone: zone,
      byStatus,
      byKind,
      byDay: Object.entries(byDay)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, counts]) => ({ day, ...counts })),
    };
  },
});

/** Sends a failed or cancelled message again now, with a fresh count of attempts. */
export const retry = mutation({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64).optional(), messageId: z.string().max(64) }),
  handler: async (ctx, args) => {
    const companyId = companyOf(ctx, args.companyId);
    const row = await ctx.db.selectFrom("outbox").select(["status"]).where("id", "=", args.messageId).where("companyId", "=", companyId).executeTakeFirst();
    if (!row) throw refused(emailRefusal("messageNotFound"));
    if (row.status !== "failed" && row.status !== "cancelled" && row.status !== "pending")
      throw refused(emailRefusal(row.status === "sent" ? "alreadySent" : "beingSent"));
    await ctx.db
      .updateTable("outbox")
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql<Date>`now()`, lockedUntil: null })
      .where("id", "=", args.messageId)
      .where("companyId", "=", companyId)
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "update",
      entity: "outbox",
      entityId: args.messageId,
      before: { status: row.status },
      after: { status: "pending" },
    });
    return { status: "queued" as const };
  },
});

/** Stops a message that has not been sent yet. */
export const cancel = mutation({
  access: "signedIn",
  args: z.object({ companyId: z.string().max(64).optional(), messageId: z.string().max(64) }),
  handler: async (ctx, args) => {
    const companyId = companyOf(ctx, args.companyId);
    const row = await ctx.db.selectFrom("outbox").select(["status"]).where("id", "=", args.messageId).where("companyId", "=", companyId).executeTakeFirst();
    if (!row) throw refused(emailRefusal("messageNotFound"));
    if (row.status !== "pending") throw refused(emailRefusal(row.status === "sent" ? "alreadySent" : "notWaiting"));
    await ctx.db
      .updateTable("outbox")
      .set({ status: "cancelled", lockedUntil: null })
      .where("id", "=", args.messageId)
      .where("status", "=", "pending")
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "update",
      entity: "outbox",
      entityId: args.messageId,
      before: { status: row.status },
      after: { status: "cancelled" },
    });
    return { status: "cancelled" as const };
  },
});
