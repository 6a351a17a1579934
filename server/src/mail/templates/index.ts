import type { Kysely } from "kysely";
import { withDefaults as preferencesWithDefaults, wantsEmail } from "@tumble/domain/preferences";
import type { DB } from "../../db/schema.ts";
import { EMAIL_KINDS, type EmailKindName, type Language } from "./catalog.ts";
import { renderTemplate, textToHtml, type TemplateData } from "./render.ts";

export { EMAIL_KINDS, EMAIL_KIND_NAMES, isEmailKind, type EmailKindName, type Language } from "./catalog.ts";
export { TemplateError, placeholdersOf, renderTemplate } from "./render.ts";

export interface TemplateParts {
  subject: string | null;
  text: string | null;
  html: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function languageOf(value: string | null | undefined): Language | null {
  return value === "en" || value === "es" ? value : null;
}

/** The template a company sends for a kind in a language: its override's fields, else the defaults. */
export async function templateOf(db: Kysely<DB>, companyId: string | null, kind: EmailKindName, language: Language): Promise<Required<TemplateParts>> {
  const override = companyId
    ? await db
        .selectFrom("emailTemplates")
        .select(["subject", "textBody", "htmlBody"])
        .where("companyId", "=", companyId)
        .where("kind", "=", kind)
        .where("language", "=", language)
        .executeTakeFirst()
    : undefined;
  const base = EMAIL_KINDS[kind].defaults[language];
  return { subject: override?.subject ?? base.subject, text: override?.textBody ?? base.text, html: override?.htmlBody ?? base.html };
}

/** Renders a template's parts with the data: text as given, HTML escaped (or the text in paragraphs). */
export function renderParts(kind: EmailKindName, language: Language, parts: TemplateParts, data: TemplateData): RenderedEmail {
  const spec = EMAIL_KINDS[kind];
  const base = spec.defaults[language];
  const values = { ...data, ...("derive" in spec && spec.derive ? spec.derive(data, language) : {}) };
  const subject = renderTemplate(parts.subject ?? base.subject, values, { html: false })
    .replace(/\s+/g, " ")
    .trim();
  const text = renderTemplate(parts.text ?? base.text, values, { html: false });
  const htmlSource = parts.html ?? base.html;
  const html = htmlSource ? renderTemplate(htmlSource, values, { html: true }) : textToHtml(text);
  return { subject, text, html };
}

/** The sample data a kind's preview and test message use. */
export function sampleData(kind: EmailKindName): TemplateData {
  return { ...EMAIL_KINDS[kind].placeholders };
}

/**
 * Who a message goes to as the product knows them: the account with that address (its language
 * and e-mail switches), and the company's default language.
 */
export async function recipientOf(db: Kysely<DB>, companyId: string | null, email: string) {
  const user = await db
    .selectFrom("users as u")
    .leftJoin("userPreferences as p", "p.userId", "u.id")
    .select(["u.id", "u.language", "p.preferences"])
    .where("u.email", "=", email.toLowerCase())
    .executeTakeFirst();
  const company = companyId ? await db.selectFrom("companies").select("defaultLanguage").where("id", "=", companyId).executeTakeFirst() : undefined;
  return { user, companyLanguage: languageOf(company?.defaultLanguage) };
}

export interface TemplatedMessage {
  kind: EmailKindName;
  /** The language to write in; else the recipient's, else the company's, else English. */
  language?: string | null;
  data: TemplateData;
}

/**
 * Renders a message to an address: null when the recipient turned this kind of e-mail off
 * (codes and security mail have no switch and are always rendered).
 */
export async function renderFor(
  db: Kysely<DB>,
  companyId: string | null,
  to: string,
  message: TemplatedMessage,
): Promise<(RenderedEmail & { language: Language }) | null> {
  const { user, companyLanguage } = await recipientOf(db, companyId, to);
  const preference = EMAIL_KINDS[message.kind].preference;
  if (preference && user && !wantsEmail(preferencesWithDefaults(user.preferences), preference)) return null;
  const language = languageOf(message.language) ?? languageOf(user?.language) ?? companyLanguage ?? "en";
  const parts = await templateOf(db, companyId, message.kind, language);
  return { ...renderParts(message.kind, language, parts, message.data), language };
}
