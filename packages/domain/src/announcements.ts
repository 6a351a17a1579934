import MarkdownIt from "markdown-it";
import { refusalTable } from "./refusals.ts";
import { z } from "zod";
import type { SupportedLanguage } from "./languagePriority.ts";
import { COMPANY_ROLES } from "./permissions.ts";

// Announcements (issue 19, docs/decisions/0041-announcements.md): who an announcement is for,
// the form's schema the server checks too, the reader's language version, and the one Markdown
// renderer both the server (what readers get) and the editor's preview use.

export const AUDIENCES = ["company", "stores", "roles"] as const;
export type Audience = (typeof AUDIENCES)[number];

export const TITLE_MAX = 150;
export const BODY_MAX = 10_000;
/** Stores or roles one announcement may name. */
export const AUDIENCE_MAX = 200;

/** Messages the server answers and the form shows, in English and Spanish (Spanish uses "tú"). */
const ANNOUNCEMENT_MESSAGES_TABLE = refusalTable("announcements", {
  titleRequired: { en: "Give the announcement a title", es: "Escribe un título para el anuncio" },
  titleTooLong: { en: `The title can have at most ${TITLE_MAX} characters`, es: `El título puede tener como máximo ${TITLE_MAX} caracteres` },
  bodyRequired: { en: "Write the announcement", es: "Escribe el anuncio" },
  bodyTooLong: { en: `The text can have at most ${BODY_MAX} characters`, es: `El texto puede tener como máximo ${BODY_MAX} caracteres` },
  spanishIncomplete: {
    en: "Give the Spanish version both a title and a text, or leave both empty",
    es: "Escribe el título y el texto de la versión en español, o deja ambos vacíos",
  },
  storesRequired: { en: "Choose at least one store", es: "Elige al menos una tienda" },
  rolesRequired: { en: "Choose at least one role", es: "Elige al menos un rol" },
  expiryPast: { en: "The end date must be in the future", es: "La fecha de fin debe ser futura" },
  unknownStore: { en: "One of the stores is not one of this company's", es: "Una de las tiendas no es de esta empresa" },
  notFound: { en: "Announcement not found", es: "Anuncio no encontrado" },
});
export const ANNOUNCEMENT_MESSAGES = ANNOUNCEMENT_MESSAGES_TABLE.texts;
/** A refusal for the server to throw, with its code ("announcements.<key>", refusals.ts). */
export const announcementRefusal = ANNOUNCEMENT_MESSAGES_TABLE.refusal;
export type AnnouncementMessageKey = keyof typeof ANNOUNCEMENT_MESSAGES;

const msg = (key: AnnouncementMessageKey) => ANNOUNCEMENT_MESSAGES[key].en;
const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(ANNOUNCEMENT_MESSAGES).map((m) => [m.en, m]));

/** An announcement message (as the server sends it) in `language`; null when it is not one of these. */
export function localizeAnnouncementMessage(message: string, language: SupportedLanguage): string | null {
  return BY_ENGLISH.get(message)?.[language] ?? null;
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** The fields a manager writes. */
const announcementFields = {
  title: z.string().trim().min(1, msg("titleRequired")).max(TITLE_MAX, msg("titleTooLong")),
  body: z.string().trim().min(1, msg("bodyRequired")).max(BODY_MAX, msg("bodyTooLong")),
  titleEs: optionalText(TITLE_MAX, msg("titleTooLong")),
  bodyEs: optionalText(BODY_MAX, msg("bodyTooLong")),
  audience: z.enum(AUDIENCES),
  storeIds: z.array(z.string().min(1).max(64)).max(AUDIENCE_MAX).default([]),
  roles: z.array(z.enum(COMPANY_ROLES)).max(COMPANY_ROLES.length).default([]),
  pinned: z.boolean().default(false),
  /** The instant it stops being shown (epoch ms), or null to keep it until archived. */
  expiresAt: z.number().int().positive().nullable().default(null),
};

/**
 * The announcement's fields plus `extra` (the server's id or e-mail switch), with the rules that
 * span fields: a Spanish version is whole or absent, a store or role audience names some. Only the
 * list the audience uses is kept, so a switched audience leaves nothing behind.
 */
export function announcementSchema<E extends z.ZodRawShape>(extra: E) {
  return z
    .object({ ...announcementFields, ...extra })
    .superRefine((v, ctx) => {
      const f = v as unknown as FieldsOut;
      if ((f.titleEs === null) !== (f.bodyEs === null)) {
        ctx.addIssue({ code: "custom", path: [f.titleEs === null ? "titleEs" : "bodyEs"], message: msg("spanishIncomplete") });
      }
      if (f.audience === "stores" && f.storeIds.length === 0) ctx.addIssue({ code: "custom", path: ["storeIds"], message: msg("storesRequired") });
      if (f.audience === "roles" && f.roles.length === 0) ctx.addIssue({ code: "custom", path: ["roles"], message: msg("rolesRequired") });
    })
    .transform((v) => {
      const f = v as unknown as FieldsOut;
      return { ...v, storeIds: f.audience === "stores" ? [...new Set(f.storeIds)] : [], roles: f.audience === "roles" ? [...new Set(f.roles)] : [] };
    });
}
type FieldsOut = z.output<z.ZodObject<typeof announcementFields>>;

/** What a manager writes: the form's fields, checked the same way by the server. */
export const announcementFormSchema = announcementSchema({});
export type AnnouncementForm = z.output<typeof announcementFormSchema>;

export interface AnnouncementText {
  title: string;
  body: string;
  titleEs: string | null;
  bodyEs: string | null;
}

/** The version a reader of `language` sees: the Spanish one when there is one, else the original. */
export function textFor(a: AnnouncementText, language: string | null | undefined): { title: string; body: string; language: SupportedLanguage } {
  if (language === "es" && a.titleEs && a.bodyEs) return { title: a.titleEs, body: a.bodyEs, language: "es" };
  return { title: a.title, body: a.body, language: "en" };
}

/** Whether an announcement is shown now: not archived, not past its end. */
export function isCurrent(a: { archivedAt: number | null; expiresAt: number | null }, now: number): boolean {
  return a.archivedAt === null && (a.expiresAt === null || a.expiresAt > now);
}

/** Pinned first, then newest first (ties by id so the order is stable). */
export function compareAnnouncements(a: { pinned: boolean; createdAt: number; _id: string }, b: { pinned: boolean; createdAt: number; _id: string }): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

// ---- Markdown ----

const SAFE_LINK = /^(https?:|mailto:)/i;

// Raw HTML is off (written HTML shows as text), images are off (no tracking pixels or remote
// content in a message everyone opens), and links keep only http, https and mailto addresses:
// anything else (javascript:, data:, relative paths) stays plain text.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
markdown.disable(["image"]);
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet("rel", "noopener noreferrer nofollow");
  token.attrSet("target", "_blank");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The announcement's Markdown as safe HTML (no raw HTML, no images, only http/https/mailto links). */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
