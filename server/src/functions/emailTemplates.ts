import { z } from "zod";
import { emailRefusal } from "@tumble/domain/emailRefusals";
import { templateRefusal } from "@tumble/domain/emailTemplateParts";
import {
  EMAIL_KINDS,
  EMAIL_KIND_NAMES,
  isEmailKind,
  renderParts,
  sampleData,
  templateOf,
  type EmailKindName,
  type Language,
  type TemplateParts,
} from "../mail/templates/index.ts";
import { enqueue } from "../mail/outbox.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";

// The company's e-mail templates (spec section 6: canManageStores): every kind the product sends,
// its default in English and Spanish, the company's override of subject, text and HTML per
// language, a preview with sample data, a test message to the caller, and reset to default.

const kindArg = z.string().max(40);
const languageArg = z.enum(["en", "es"]);
const partsArgs = {
  subject: z.string().max(300).nullable().optional(),
  text: z.string().max(20_000).nullable().optional(),
  html: z.string().max(50_000).nullable().optional(),
};

function kindOf(value: string): EmailKindName {
  if (!isEmailKind(value)) throw refused(emailRefusal("unknownKind", { kind: value }));
  return value;
}

/**
 * Blank parts are null (the default's); each part must parse and use only the kind's placeholders,
 * by the same check the editor makes before it lets a draft be saved (emailTemplateParts.ts).
 */
function checkParts(kind: EmailKindName, parts: TemplateParts): TemplateParts {
  const refusal = templateRefusal(kind, Object.keys(EMAIL_KINDS[kind].placeholders), parts);
  if (refusal) throw refused(refusal);
  const blankIsDefault = (value: string | null) => (value?.trim() ? value : null);
  return { subject: blankIsDefault(parts.subject), text: blankIsDefault(parts.text), html: blankIsDefault(parts.html) };
}

/** Every kind: its placeholders with sample values, whether users may turn it off, and each language's default and override. */
export const list = query({
  access: "canManageStores",
  args: z.object({}),
  handler: async (ctx) => {
    const overrides = await ctx.db
      .selectFrom("emailTemplates")
      .select(["kind", "language", "subject", "textBody", "htmlBody", "updatedAt"])
      .where("companyId", "=", ctx.company.id)
      .execute();
    return EMAIL_KIND_NAMES.map((kind) => {
      const spec = EMAIL_KINDS[kind];
      const languages = (["en", "es"] as Language[]).map((language) => {
        const o = overrides.find((r) => r.kind === kind && r.language === language);
        return {
          language,
          default: spec.defaults[language],
          override: o ? { subject: o.subject, text: o.textBody, html: o.htmlBody, updatedAt: new Date(o.updatedAt).getTime() } : null,
        };
      });
      return { kind, optional: spec.preference !== null, preference: spec.preference, placeholders: spec.placeholders, languages };
    });
  },
});

/** Renders a draft (or the saved template) with the kind's sample data. */
export const preview = query({
  access: "canManageStores",
  args: z.object({ kind: kindArg, language: languageArg, ...partsArgs }),
  handler: async (ctx, args) => {
    const kind = kindOf(args.kind);
    const saved = await templateOf(ctx.db, ctx.company.id, kind, args.language);
    const draft = checkParts(kind, { subject: args.subject ?? null, text: args.text ?? null, html: args.html ?? null });
    const parts = { subject: draft.subject ?? saved.subject, text: draft.text ?? saved.text, html: args.html === undefined ? saved.html : draft.html };
    return renderParts(kind, args.language, parts, sampleData(kind));
  },
});

/** Saves the company's override of one kind in one language; blank parts use the default. */
export const save = mutation({
  access: "canManageStores",
  args: z.object({ kind: kindArg, language: languageArg, ...partsArgs }),
  handler: async (ctx, args) => {
    const kind = kindOf(args.kind);
    const parts = checkParts(kind, { subject: args.subject ?? null, text: args.text ?? null, html: args.html ?? null });
    const before = await templateOf(ctx.db, ctx.company.id, kind, args.language);
    const row = { subject: parts.subject, textBody: parts.text, htmlBody: parts.html, updatedBy: ctx.user.id, updatedAt: new Date() };
    await ctx.db
      .insertInto("emailTemplates")
      .values({ companyId: ctx.company.id, kind, language: args.language, ...row })
      .onConflict((oc) => oc.columns(["companyId", "kind", "language"]).doUpdateSet(row))
      .execute();
    const after = await templateOf(ctx.db, ctx.company.id, kind, args.language);
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "update",
      entity: "emailTemplate",
      entityId: `${kind}:${args.language}`,
      before,
      after,
    });
    return after;
  },
});

/** Back to the product's default for one kind in one language. */
export const reset = mutation({
  access: "canManageStores",
  args: z.object({ kind: kindArg, language: languageArg }),
  handler: async (ctx, args) => {
    const kind = kindOf(args.kind);
    const before = await templateOf(ctx.db, ctx.company.id, kind, args.language);
    await ctx.db.deleteFrom("emailTemplates").where("companyId", "=", ctx.company.id).where("kind", "=", kind).where("language", "=", args.language).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "delete",
      entity: "emailTemplate",
      entityId: `${kind}:${args.language}`,
      before,
      after: null,
    });
    return EMAIL_KINDS[kind].defaults[args.language];
  },
});

/** Sends the draft (or the saved template), with sample data, to the caller's own address. */
export const sendTest = mutation({
  access: "canManageStores",
  args: z.object({ kind: kindArg, language: languageArg, ...partsArgs }),
  handler: async (ctx, args) => {
    const kind = kindOf(args.kind);
    if (!ctx.user.email) throw refused(emailRefusal("noAddress"));
    const saved = await templateOf(ctx.db, ctx.company.id, kind, args.language);
    const draft = checkParts(kind, { subject: args.subject ?? null, text: args.text ?? null, html: args.html ?? null });
    const parts = { subject: draft.subject ?? saved.subject, text: draft.text ?? saved.text, html: args.html === undefined ? saved.html : draft.html };
    const rendered = renderParts(kind, args.language, parts, sampleData(kind));
    const id = newTestMessage(ctx.db, ctx.company.id, ctx.user.email, kind, args.language, rendered);
    return { messageId: await id, to: ctx.user.email };
  },
});

async function newTestMessage(
  db: Parameters<typeof enqueue>[0],
  companyId: string,
  to: string,
  kind: EmailKindName,
  language: Language,
  rendered: { subject: string; text: string; html: string },
): Promise<string> {
  const id = await enqueue(db, { channel: "email", to, companyId, subject: `[Test] ${rendered.subject}`, body: rendered.text });
  // The test is delivered as the template's kind, with its HTML part.
  await db.updateTable("outbox").set({ kind, language, htmlBody: rendered.html }).where("companyId", "=", companyId).where("id", "=", id!).execute();
  return id!;
}
