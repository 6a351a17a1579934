import { describe, expect, it } from "vitest";
import {
  blocksText,
  editorBlocks,
  inlinePieces,
  newSection,
  parseTemplateParts,
  piecesText,
  placeholderNames,
  replaceBlock,
  templateText,
  type EditorBlock,
  type TemplatePart,
} from "./emailTemplateParts.ts";

function parts(source: string): TemplatePart[] {
  const parsed = parseTemplateParts(source);
  if (!parsed.ok) throw new Error(parsed.fault);
  return parsed.parts;
}

// The product's own defaults and what companies write: nested and inverted sections, tags with
// spaces inside, unknown placeholders, HTML, line breaks, text that only looks like a tag.
const TEMPLATES = [
  "",
  "Plain text, no placeholders.",
  "Your code is {{code}}.",
  "{{#offer}}Your offer: {{offer}}.{{/offer}}{{^offer}}Show this code at the counter.{{/offer}}",
  "Hello {{ name }},\n\n{{# approved }}Approved.{{/ approved }}{{^approved}}Declined.{{#reason}} Reason: {{reason}}{{/reason}}{{/approved}}\n",
  "{{#author}}{{#title}}{{title}} by {{author}}{{/title}}{{^title}}From {{author}}{{/title}}{{/author}}{{^author}}{{body}}{{/author}}",
  "Tu código es {{secreto}} y {{ otroMas_2 }}",
  "{{#unknownThing}}{{alsoUnknown}}{{/unknownThing}}",
  '<p style="color: red">{{#offer}}<b>{{offer}}</b>{{/offer}}</p>\r\n',
  "Braces alone: } and { and {single}",
  "{{#a}}{{ stray text inside a section{{/a}}",
];

describe("a template's parts", () => {
  it.each(TEMPLATES)("give back exactly the text they were read from: %j", (source) => {
    const read = parts(source);
    expect(templateText(read)).toBe(source);
    expect(blocksText(editorBlocks(read))).toBe(source);
    for (const block of flatten(editorBlocks(read))) if (block.type === "inline") expect(piecesText(inlinePieces(block.source))).toBe(block.source);
  });

  it("read placeholders, sections and inverted sections with the tags as written", () => {
    expect(parts("Hi {{ name }}{{#offer}}: {{offer}}{{/offer}}{{^offer}}!{{/offer}}")).toEqual([
      { type: "text", text: "Hi " },
      { type: "placeholder", name: "name", raw: "{{ name }}" },
      {
        type: "section",
        name: "offer",
        inverted: false,
        open: "{{#offer}}",
        close: "{{/offer}}",
        children: [
          { type: "text", text: ": " },
          { type: "placeholder", name: "offer", raw: "{{offer}}" },
        ],
      },
      { type: "section", name: "offer", inverted: true, open: "{{^offer}}", close: "{{/offer}}", children: [{ type: "text", text: "!" }] },
    ]);
  });

  it("keep a placeholder the kind does not know, as written, and name it with the rest", () => {
    const read = parts("{{#approved}}{{mystery}}{{/approved}} {{ other }}");
    expect(placeholderNames(read)).toEqual(["approved", "mystery", "other"]);
    expect(inlinePieces("a {{ other }} b")).toEqual([
      { type: "text", text: "a " },
      { type: "placeholder", name: "other", raw: "{{ other }}" },
      { type: "text", text: " b" },
    ]);
  });

  it("refuse what the server refuses, in the server's words", () => {
    expect(parseTemplateParts("{{#offer}}never closed")).toEqual({ ok: false, fault: "{{#offer}} is never closed" });
    expect(parseTemplateParts("{{#a}}{{#b}}{{/a}}{{/b}}")).toEqual({ ok: false, fault: "Unexpected {{/a}}" });
    expect(parseTemplateParts("closing {{/offer}} alone")).toEqual({ ok: false, fault: "Unexpected {{/offer}}" });
    expect(parseTemplateParts("Hello {{first name}}")).toEqual({ ok: false, fault: "A placeholder is not written {{name}}" });
    expect(parseTemplateParts("Hello {{name}")).toEqual({ ok: false, fault: "A placeholder is not written {{name}}" });
    expect(parseTemplateParts("Hello name}}")).toEqual({ ok: false, fault: "A placeholder is not written {{name}}" });
  });
});

describe("the editor's blocks", () => {
  it("put a run of text and chips around and between sections, nested sections inside theirs", () => {
    const blocks = editorBlocks(parts("A{{#x}}B{{^y}}C{{/y}}{{/x}}{{#z}}{{/z}}"));
    expect(blocks).toEqual([
      { type: "inline", source: "A" },
      {
        type: "section",
        name: "x",
        inverted: false,
        open: "{{#x}}",
        close: "{{/x}}",
        blocks: [
          { type: "inline", source: "B" },
          { type: "section", name: "y", inverted: true, open: "{{^y}}", close: "{{/y}}", blocks: [{ type: "inline", source: "C" }] },
          { type: "inline", source: "" },
        ],
      },
      { type: "inline", source: "" },
      { type: "section", name: "z", inverted: false, open: "{{#z}}", close: "{{/z}}", blocks: [{ type: "inline", source: "" }] },
      { type: "inline", source: "" },
    ]);
  });

  it("change one run, add or remove a section, and nothing else in the text", () => {
    const source = "Hello {{name}}.\n{{#offer}}Offer: {{offer}}{{/offer}}\nBye";
    const blocks = editorBlocks(parts(source));
    // The run inside the section is at [1, 0].
    expect(blocksText(replaceBlock(blocks, [1, 0], { type: "inline", source: "Now {{offer}} off" }))).toBe(
      "Hello {{name}}.\n{{#offer}}Now {{offer}} off{{/offer}}\nBye",
    );
    expect(blocksText(replaceBlock(blocks, [1], null))).toBe("Hello {{name}}.\n\nBye");
    const added = [...blocks, newSection("offer", true)];
    expect(blocksText(added)).toBe(`${source}{{^offer}}{{/offer}}`);
    expect(editorBlocks(parts(blocksText(added)))).toHaveLength(5);
  });
});

function flatten(blocks: EditorBlock[]): EditorBlock[] {
  return blocks.flatMap((b) => (b.type === "section" ? [b, ...flatten(b.blocks)] : [b]));
}
