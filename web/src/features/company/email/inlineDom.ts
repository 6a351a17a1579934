import { inlinePieces } from "@tumble/domain/emailTemplateParts";

// A run of template text in an editable element and back: text as text nodes, each placeholder as
// a chip that carries the tag it was written as (so reading the element gives the same text back).

export interface ChipLook {
  /** The kind's placeholders; any other is shown as written. */
  known: readonly string[];
  label(name: string): string;
  unknownTitle: string;
  className(known: boolean): string;
}

/** Fills `el` with the run's text and chips. */
export function drawInline(el: HTMLElement, source: string, look: ChipLook): void {
  const doc = el.ownerDocument;
  el.replaceChildren(
    ...inlinePieces(source).map((piece) => {
      if (piece.type === "text") return doc.createTextNode(piece.text);
      const chip = doc.createElement("span");
      const isKnown = look.known.includes(piece.name);
      chip.contentEditable = "false";
      chip.dataset.tag = piece.raw;
      chip.dataset.testid = "template-chip";
      chip.dataset.placeholder = piece.name;
      chip.className = look.className(isKnown);
      // An unknown placeholder is shown as written, so nothing about it is hidden or lost.
      chip.textContent = isKnown ? look.label(piece.name) : piece.raw;
      chip.title = isKnown ? piece.raw : look.unknownTitle;
      return chip;
    }),
  );
}

/** The Mustache text of an edited run: its text, each chip's tag, and the line breaks a browser may write as elements. */
export function sourceOf(el: Node): string {
  let out = "";
  el.childNodes.forEach((node, i) => {
    if (node.nodeType === 3) out += node.textContent ?? "";
    else if (node.nodeType === 1) {
      const element = node as HTMLElement;
      if (element.dataset.tag !== undefined) out += element.dataset.tag;
      else if (element.tagName === "BR") out += "\n";
      else {
        // A block a browser made for a new line (<div>, <p>).
        if (i > 0 && /^(DIV|P)$/.test(element.tagName)) out += "\n";
        out += sourceOf(element);
      }
    }
  });
  return out;
}

/** Whether a run holds a placeholder typed as text rather than a chip. */
export function hasTypedTag(el: HTMLElement): boolean {
  return [...el.childNodes].some((n) => n.nodeType === 3 && inlinePieces(n.textContent ?? "").some((p) => p.type === "placeholder"));
}
