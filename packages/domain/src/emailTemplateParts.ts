// The e-mail templates' language (decision 0036; the server renders it in
// server/src/mail/templates/render.ts, from this parser) as parts an editor can show:
//   {{name}}                 a placeholder: a value the product fills in (a chip in the editor)
//   {{#name}} … {{/name}}    a section shown when the value is there (a labelled block)
//   {{^name}} … {{/name}}    a section shown when it is not
// Each tag keeps the exact text it was written as, so the text a company stored comes back
// unchanged, character for character, from its parts (templateText(parse(s)) === s): the stored
// format stays plain Mustache, and a placeholder the kind does not know is kept and shown as written.

import { emailRefusal } from "./emailRefusals.ts";
import type { Refusal } from "./refusals.ts";

export type TemplatePart =
  | { type: "text"; text: string }
  | { type: "placeholder"; name: string; raw: string }
  | { type: "section"; name: string; inverted: boolean; open: string; close: string; children: TemplatePart[] };

/** A template's parts, or why it is not a template (the server's own words, which emailRefusals translates). */
export type ParsedTemplate = { ok: true; parts: TemplatePart[] } | { ok: false; fault: string };

const TAG = /\{\{\s*([#^/]?)\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The template as parts; a malformed or unbalanced tag is a fault, as the server refuses it. */
export function parseTemplateParts(source: string): ParsedTemplate {
  const root: TemplatePart[] = [];
  const stack: { section: Extract<TemplatePart, { type: "section" }> | null; children: TemplatePart[] }[] = [{ section: null, children: root }];
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const [whole, sigil, name] = match;
    const top = stack[stack.length - 1];
    if (match.index > last) top.children.push({ type: "text", text: source.slice(last, match.index) });
    last = match.index + whole.length;
    if (sigil === "#" || sigil === "^") {
      const section = { type: "section" as const, name, inverted: sigil === "^", open: whole, close: "", children: [] as TemplatePart[] };
      top.children.push(section);
      stack.push({ section, children: section.children });
    } else if (sigil === "/") {
      if (!top.section || top.section.name !== name) return { ok: false, fault: `Unexpected {{/${name}}}` };
      top.section.close = whole;
      stack.pop();
    } else top.children.push({ type: "placeholder", name, raw: whole });
  }
  const open = stack[stack.length - 1].section;
  if (open) return { ok: false, fault: `{{#${open.name}}} is never closed` };
  const rest = source.slice(last);
  const notWritten = { ok: false as const, fault: "A placeholder is not written {{name}}" };
  if (/\{\{|\}\}/.test(rest)) return notWritten;
  if (rest) root.push({ type: "text", text: rest });
  // As the server has always checked it: a stray "{{" in the text outside any section.
  if (root.some((p) => p.type === "text" && p.text.includes("{{"))) return notWritten;
  return { ok: true, parts: root };
}

/** The Mustache text of parts, exactly as each tag was written. */
export function templateText(parts: readonly TemplatePart[]): string {
  return parts.map((p) => (p.type === "text" ? p.text : p.type === "placeholder" ? p.raw : `${p.open}${templateText(p.children)}${p.close}`)).join("");
}

/** Every placeholder name the parts use, sections' included, once each, in order of use. */
export function placeholderNames(parts: readonly TemplatePart[]): string[] {
  const names = new Set<string>();
  const walk = (list: readonly TemplatePart[]) => {
    for (const p of list) {
      if (p.type === "placeholder") names.add(p.name);
      else if (p.type === "section") {
        names.add(p.name);
        walk(p.children);
      }
    }
  };
  walk(parts);
  return [...names];
}

/** How an editor lays a template out: runs of text and chips, and sections as blocks around them. */
export type EditorBlock =
  { type: "inline"; source: string } | { type: "section"; name: string; inverted: boolean; open: string; close: string; blocks: EditorBlock[] };

/**
 * The editor's blocks: every run of text and placeholders as one inline block (its Mustache text),
 * every section as a block of its own; an inline block, empty if need be, before, between and after
 * sections, so there is always somewhere to write around them.
 */
export function editorBlocks(parts: readonly TemplatePart[]): EditorBlock[] {
  const blocks: EditorBlock[] = [];
  let run = "";
  for (const p of parts) {
    if (p.type === "section") {
      blocks.push({ type: "inline", source: run });
      run = "";
      blocks.push({ type: "section", name: p.name, inverted: p.inverted, open: p.open, close: p.close, blocks: editorBlocks(p.children) });
    } else run += p.type === "text" ? p.text : p.raw;
  }
  blocks.push({ type: "inline", source: run });
  return blocks;
}

/** The Mustache text of editor blocks (empty inline blocks add nothing). */
export function blocksText(blocks: readonly EditorBlock[]): string {
  return blocks.map((b) => (b.type === "inline" ? b.source : `${b.open}${blocksText(b.blocks)}${b.close}`)).join("");
}

/** The blocks with the one at `path` (indexes, section by section) replaced. */
export function replaceBlock(blocks: readonly EditorBlock[], path: readonly number[], next: EditorBlock | null): EditorBlock[] {
  const [head, ...rest] = path;
  const out = blocks.slice();
  if (rest.length === 0) {
    if (next) out[head] = next;
    else out.splice(head, 1);
    return out;
  }
  const section = out[head];
  if (section.type !== "section") return out;
  out[head] = { ...section, blocks: replaceBlock(section.blocks, rest, next) };
  return out;
}

/** A new, empty section for a placeholder, written the way the product's defaults write one. */
export function newSection(name: string, inverted: boolean): Extract<EditorBlock, { type: "section" }> {
  return { type: "section", name, inverted, open: `{{${inverted ? "^" : "#"}${name}}}`, close: `{{/${name}}}`, blocks: [{ type: "inline", source: "" }] };
}

/** The tag that inserts a placeholder. */
export function placeholderTag(name: string): string {
  return `{{${name}}}`;
}

export type InlinePiece = { type: "text"; text: string } | { type: "placeholder"; name: string; raw: string };

/**
 * An inline block's text and chips. Only plain {{name}} tags become chips: a section tag typed
 * into a run stays text here until the template is read again as a whole.
 */
export function inlinePieces(source: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    if (match[1]) continue;
    if (match.index > last) pieces.push({ type: "text", text: source.slice(last, match.index) });
    pieces.push({ type: "placeholder", name: match[2], raw: match[0] });
    last = match.index + match[0].length;
  }
  if (last < source.length) pieces.push({ type: "text", text: source.slice(last) });
  return pieces;
}

/** The Mustache text of inline pieces. */
export function piecesText(pieces: readonly InlinePiece[]): string {
  return pieces.map((p) => (p.type === "text" ? p.text : p.raw)).join("");
}

/** How a refusal names each part of a template (emailRefusals.ts says them in Spanish). */
export const TEMPLATE_PART_NAMES = { subject: "subject", text: "text", html: "HTML" } as const;

/** Placeholders a kind accepts beyond its own list, as the server always has. */
const ALSO_ACCEPTED: Record<string, readonly string[]> = { requestDecided: ["kind"] };

/**
 * Why a draft cannot be saved, as the server refuses it (a part that is not a template, or one
 * using a placeholder the kind does not have), or null. Blank parts use the default and pass.
 */
export function templateRefusal(
  kind: string,
  allowed: readonly string[],
  parts: { subject?: string | null; text?: string | null; html?: string | null },
): Refusal | null {
  for (const key of ["subject", "text", "html"] as const) {
    const value = parts[key];
    if (!value?.trim()) continue;
    const part = TEMPLATE_PART_NAMES[key];
    const parsed = parseTemplateParts(value);
    if (!parsed.ok) return emailRefusal("invalidTemplate", { part, fault: parsed.fault });
    const unknown = placeholderNames(parsed.parts).filter((name) => !allowed.includes(name) && !ALSO_ACCEPTED[kind]?.includes(name));
    if (unknown.length) return emailRefusal("unknownPlaceholder", { part, placeholders: unknown.map(placeholderTag).join(", ") });
  }
  return null;
}
