import { BANK_MESSAGES, parseStatementAmount, parseStatementDate, type RowError, type StatementLine } from "@tumble/domain/bankStatement";

// An OFX/QFX statement read in one pass over its text (docs/decisions/0061-files-read-safely.md).
// OFX 1.x is SGML: a leaf element's end tag may be left out (`<TRNAMT>25.00<FITID>…`), an
// aggregate's may not; OFX 2.x is the same elements as XML. One forward scan reads both into the
// shape ofx-js gave (an element with children is an object of them, a repeated child an array, a
// leaf its trimmed text); it never backtracks, so a file costs time in proportion to its length,
// where ofx-js's SGML step backtracked exponentially on a long unclosed tag name (a 48-byte file
// held the server for seconds).

type OfxValue = string | OfxObject | OfxValue[];
interface OfxObject {
  [name: string]: OfxValue;
}

/** Deeper than any statement nests (OFX's own depth is under ten). */
const MAX_DEPTH = 64;
/** OFX's own tag names are short; a long one is not OFX. */
const MAX_NAME = 64;
const SLASH = 47;
/** Letters, digits, "_", ".", ":" and "-". */
const isNameChar = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

class NotOfx extends Error {}

interface Open {
  name: string;
  /** Set when the element holds text: it is a leaf, closed by its end tag or by the next tag. */
  text: string | null;
  children: OfxObject | null;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&" };
const decodeEntities = (text: string) => (text.includes("&") ? text.replace(/&(lt|gt|amp);/g, (_, name: string) => ENTITIES[name]) : text);

function add(parent: Open, name: string, value: OfxValue): void {
  const children = (parent.children ??= Object.create(null) as OfxObject);
  const existing = children[name];
  if (existing === undefined) children[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else children[name] = [existing, value];
}

/** The document from its `<OFX>` element on, as an object; throws NotOfx when it cannot be read. */
export function readOfx(content: string): { OFX?: OfxValue } {
  const start = content.indexOf("<OFX>");
  if (start === -1) throw new NotOfx("no <OFX> element");
  const root: Open = { name: "", text: null, children: null };
  const stack: Open[] = [root];
  const close = () => {
    const element = stack.pop()!;
    add(stack[stack.length - 1], element.name, element.children ?? element.text ?? "");
  };
  const closeLeaf = () => {
    if (stack.length > 1 && stack[stack.length - 1].text !== null) close();
  };
  let i = start;
  const n = content.length;
  while (i < n) {
    const lt = content.indexOf("<", i);
    const text = content.slice(i, lt === -1 ? n : lt).trim();
    if (text && stack.length > 1) {
      const top = stack[stack.length - 1];
      if (top.text === null && top.children === null) top.text = decodeEntities(text);
    }
    if (lt === -1) break;
    if (content.startsWith("<!--", lt)) {
      const end = content.indexOf("-->", lt + 4);
      if (end === -1) throw new NotOfx("unclosed comment");
      i = end + 3;
      continue;
    }
    const gt = content.indexOf(">", lt + 1);
    if (gt === -1) throw new NotOfx("unclosed tag");
    const inner = content.indexOf("<", lt + 1);
    if (inner !== -1 && inner < gt) throw new NotOfx("a tag inside a tag");
    i = gt + 1;
    const mark = content[lt + 1];
    // Processing instructions (<?xml …?>, <?OFX …?>) and declarations carry nothing read here.
    if (mark === "?" || mark === "!") continue;
    const closing = mark === "/";
    const from = lt + (closing ? 2 : 1);
    let to = from;
    while (to < gt && isNameChar(content.charCodeAt(to))) to++;
    const name = content.slice(from, to);
    const selfClosing = !closing && content.charCodeAt(gt - 1) === SLASH;
    // After the name: nothing, "/", or (in XML) whitespace and attributes, which OFX does not use.
    if (!name || name.length > MAX_NAME || (to < gt && !isSpace(content.charCodeAt(to)) && !(selfClosing && to === gt - 1)))
      throw new NotOfx("a tag with no name");
    if (closing) {
      // The end tag of the open leaf, or of an aggregate: open leaves inside it close with it.
      const at = stack.findLastIndex((e, index) => index > 0 && e.name === name);
      if (at === -1) continue; // an end tag with no start: nothing to close
      while (stack.length > at) close();
      continue;
    }
    closeLeaf();
    if (selfClosing) {
      add(stack[stack.length - 1], name, "");
      continue;
    }
    if (stack.length > MAX_DEPTH) throw new NotOfx("nested too deeply");
    stack[stack.length - 1].children ??= Object.create(null) as OfxObject;
    stack.push({ name, text: null, children: null });
  }
  while (stack.length > 1) close();
  return (root.children ?? {}) as { OFX?: OfxValue };
}

type Transaction = Record<string, unknown>;

function transactionsOf(ofx: OfxValue | undefined): Transaction[] | null {
  const at = (value: unknown, ...path: string[]): unknown => {
    let current = value;
    for (const key of path) {
      if (!current || typeof current !== "object" || Array.isArray(current)) return undefined;
      current = (current as OfxObject)[key];
    }
    return current;
  };
  const list = at(ofx, "BANKMSGSRSV1", "STMTTRNRS", "STMTRS", "BANKTRANLIST") ?? at(ofx, "CREDITCARDMSGSRSV1", "CCSTMTTRNRS", "CCSTMTRS", "BANKTRANLIST");
  if (!list) return null;
  const raw = typeof list === "object" && !Array.isArray(list) ? ((list as OfxObject).STMTTRN ?? []) : [];
  return (Array.isArray(raw) ? raw : [raw]).filter((t): t is OfxObject => !!t && typeof t === "object" && !Array.isArray(t));
}

/** OFX/QFX transactions as statement lines; row = the transaction's position in the file. */
export function parseOfxStatement(content: string): { lines: StatementLine[]; errors: RowError[] } {
  let transactions: Transaction[] | null;
  try {
    transactions = transactionsOf(readOfx(content).OFX);
  } catch (error) {
    if (error instanceof NotOfx) return { lines: [], errors: [{ row: 1, message: BANK_MESSAGES.badOfx }] };
    throw error;
  }
  if (!transactions) return { lines: [], errors: [{ row: 1, message: BANK_MESSAGES.badOfx }] };
  const lines: StatementLine[] = [];
  const errors: RowError[] = [];
  transactions.forEach((t, index) => {
    const row = index + 1;
    const text = (key: string) => (typeof t[key] === "string" ? (t[key] as string).trim() : "");
    const date = parseStatementDate(text("DTPOSTED"));
    if (!date) return errors.push({ row, message: BANK_MESSAGES.badDate(text("DTPOSTED")) });
    const amount = parseStatementAmount(text("TRNAMT"));
    if (!amount.ok) return errors.push({ row, message: amount.error });
    const description = [text("NAME"), text("MEMO")].filter(Boolean).join(" ");
    lines.push({ row, date, description, amountCents: amount.cents, reference: text("CHECKNUM") || text("REFNUM") || null, bankId: text("FITID") || null });
  });
  return { lines, errors };
}
