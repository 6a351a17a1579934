import { describe, expect, it } from "vitest";
import { blocksText, editorBlocks, parseTemplateParts, type EditorBlock } from "@tumble/domain/emailTemplateParts";
import { drawInline, hasTypedTag, keepLastLine, sourceOf } from "./inlineDom";

// The editor's runs drawn as text and chips and read back: the same Mustache text, for the
// product's defaults, nested and inverted sections, and placeholders the kind does not know.

const LOOK = {
  known: ["name", "offer", "code"],
  label: (name: string) => ({ name: "Customer name", offer: "Offer", code: "Code" })[name] ?? name,
  unknownTitle: "Not a placeholder of this e-mail",
  className: (known: boolean) => (known ? "chip" : "chip unknown"),
};

function runs(blocks: EditorBlock[]): string[] {
  return blocks.flatMap((b) => (b.type === "inline" ? [b.source] : runs(b.blocks)));
}

describe("a run drawn in the editor", () => {
  it.each([
    "Hi {{name}},\n\n{{#offer}}Your offer: {{offer}}{{/offer}}{{^offer}}Show {{code}} at the counter.{{/offer}}\n",
    "{{#offer}}{{#name}}For {{ name }}{{/name}}{{^name}}For you{{/name}}{{/offer}}",
    "Tu código es {{secreto}} y {{code}}",
    "",
  ])("reads back as exactly the text it was drawn from: %j", (source) => {
    const parsed = parseTemplateParts(source);
    if (!parsed.ok) throw new Error(parsed.fault);
    const blocks = editorBlocks(parsed.parts);
    const el = document.createElement("div");
    for (const run of runs(blocks)) {
      drawInline(el, run, LOOK);
      expect(sourceOf(el)).toBe(run);
    }
    expect(blocksText(blocks)).toBe(source);
  });

  it("shows known placeholders by their names and unknown ones as written, keeping both", () => {
    const el = document.createElement("div");
    drawInline(el, "Hola {{name}}, {{ secreto }}!", LOOK);
    const chips = [...el.querySelectorAll<HTMLElement>("[data-testid=template-chip]")];
    expect(chips.map((c) => [c.textContent, c.dataset.tag, c.className])).toEqual([
      ["Customer name", "{{name}}", "chip"],
      ["{{ secreto }}", "{{ secreto }}", "chip unknown"],
    ]);
    expect(chips.every((c) => c.contentEditable === "false")).toBe(true);
    expect(sourceOf(el)).toBe("Hola {{name}}, {{ secreto }}!");
  });

  it("reads text typed around chips, a tag typed by hand and line breaks a browser wrote as elements", () => {
    const el = document.createElement("div");
    drawInline(el, "A{{code}}B", LOOK);
    el.append(document.createTextNode(" then {{name}}"));
    expect(hasTypedTag(el)).toBe(true);
    expect(sourceOf(el)).toBe("A{{code}}B then {{name}}");
    el.innerHTML = 'One<br>Two<div>Three</div><span data-tag="{{offer}}">Offer</span>';
    expect(sourceOf(el)).toBe("One\nTwo\nThree{{offer}}");
    drawInline(el, sourceOf(el), LOOK);
    expect(hasTypedTag(el)).toBe(false);
  });

  it("holds an empty last line open with a marker that is not part of the text, and drops it once text follows", () => {
    const el = document.createElement("div");
    drawInline(el, "Line one\n", LOOK);
    expect(el.lastChild?.nodeName).toBe("BR");
    expect(sourceOf(el)).toBe("Line one\n");
    el.insertBefore(document.createTextNode("two"), el.lastChild);
    keepLastLine(el);
    expect(el.querySelectorAll("br")).toHaveLength(0);
    expect(sourceOf(el)).toBe("Line one\ntwo");
    drawInline(el, "No break", LOOK);
    expect(el.querySelectorAll("br")).toHaveLength(0);
  });
});
