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
  el.replaceChildren();
  el.append(...inlinePieces(source).map((piece) => (piece.type === "text" ? doc.createTextNode(piece.text) : chipNode(doc, piece.name, piece.raw, look))));
  keepLastLine(el);
}

/** One placeholder's chip: its name in the reader's language, or an unknown one as written. */
export function chipNode(doc: Document, name: string, raw: string, look: ChipLook): HTMLElement {
  const chip = doc.createElement("span");
  const isKnown = look.known.includes(name);
  chip.contentEditable = "false";
  chip.dataset.tag = raw;
  chip.dataset.testid = "template-chip";
  chip.dataset.placeholder = name;
  chip.className = look.className(isKnown);
  // An unknown placeholder is shown as written, so nothing about it is hidden or lost.
  chip.textContent = isKnown ? look.label(name) : raw;
  chip.title = isKnown ? raw : look.unknownTitle;
  return chip;
}

/**
 * A line break at the very end of an editable element shows no new line and the caret cannot go
 * past it: a marker <br>, which is not part of the text, holds the empty last line open while one
 * is needed.
 */
export function keepLastLine(el: HTMLElement): void {
  const isMarker = (n: Node | null): n is HTMLElement => n?.nodeType === 1 && (n as HTMLElement).dataset.lastLine !== undefined;
  // One marker at most, and only last (text typed or pasted may have landed after an old one).
  for (const child of [...el.childNodes]) if (isMarker(child) && child !== el.lastChild) child.remove();
  // Splitting text at its end (an insert there) leaves an empty text node behind.
  while (el.lastChild?.nodeType === 3 && el.lastChild.textContent === "") el.lastChild.remove();
  const marker = isMarker(el.lastChild) ? el.lastChild : null;
  let before = marker ? marker.previousSibling : el.lastChild;
  while (before?.nodeType === 3 && before.textContent === "") before = before.previousSibling;
  const needed = before?.nodeType === 3 && (before.textContent ?? "").endsWith("\n");
  if (needed && !marker) {
    const br = el.ownerDocument.createElement("br");
    br.dataset.lastLine = "";
    el.append(br);
  } else if (!needed && marker) marker.remove();
}

/** The Mustache text of an edited run: its text, each chip's tag, and the line breaks a browser may write as elements. */
export function sourceOf(el: Node): string {
  let out = "";
  el.childNodes.forEach((node, i) => {
    if (node.nodeType === 3) out += node.textContent ?? "";
    else if (node.nodeType === 1) {
      const element = node as HTMLElement;
      if (element.dataset.lastLine !== undefined) return;
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
