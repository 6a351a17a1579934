// A logic-less template language, the subset of Mustache the product's e-mails need:
//   {{name}}                 the value of a placeholder (HTML-escaped in the HTML part)
//   {{#name}} … {{/name}}    the block, when the placeholder has a non-empty value
//   {{^name}} … {{/name}}    the block, when it has none
// Nothing else: no code, no helpers, no partials, no lookups beyond the names given, so a
// company's template can only arrange the values the product hands it (decision 0036).

import { parseTemplateParts, type TemplatePart } from "@tumble/domain/emailTemplateParts";

export type TemplateData = Record<string, string | number | boolean | null | undefined>;

type Node = { text: string } | { name: string } | { section: string; inverted: boolean; children: Node[] };

export class TemplateError extends Error {}

function nodesOf(parts: TemplatePart[]): Node[] {
  return parts.map((p) =>
    p.type === "text"
      ? { text: p.text }
      : p.type === "placeholder"
        ? { name: p.name }
        : { section: p.name, inverted: p.inverted, children: nodesOf(p.children) },
  );
}

/**
 * The template as a tree; throws TemplateError on a malformed or unbalanced tag. The grammar is
 * the domain's (emailTemplateParts.ts), which the web editor reads templates with as well.
 */
export function parseTemplate(source: string): Node[] {
  const parsed = parseTemplateParts(source);
  if (!parsed.ok) throw new TemplateError(parsed.fault);
  return nodesOf(parsed.parts);
}

/** Every placeholder name the template uses. */
export function placeholdersOf(source: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if ("name" in n) names.add(n.name);
      else if ("section" in n) {
        names.add(n.section);
        walk(n.children);
      }
    }
  };
  walk(parseTemplate(source));
  return [...names];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function present(value: TemplateData[string]): boolean {
  return value !== null && value !== undefined && value !== false && value !== "";
}

/** Renders the template with the data; in HTML every value is escaped. Unknown names render empty. */
export function renderTemplate(source: string, data: TemplateData, options: { html: boolean }): string {
  const out: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if ("text" in n) out.push(n.text);
      else if ("name" in n) {
        const value = data[n.name];
        const text = present(value) ? String(value) : "";
        out.push(options.html ? escapeHtml(text) : text);
      } else if (present(data[n.section]) !== n.inverted) walk(n.children);
    }
  };
  walk(parseTemplate(source));
  return out.join("");
}

/** The HTML part of a message whose template has none: its text, escaped, in paragraphs. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">\n${paragraphs}\n</body></html>`;
}
