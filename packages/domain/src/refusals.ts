import type { SupportedLanguage } from "./languagePriority.ts";

// Errors as codes (issue 33, docs/decisions/0067-errors-as-codes.md). A refusal the server sends
// keeps its English sentence as errorMessage (spec section 8: clients show the message) and carries
// errorData { code, params }: a stable name ("payroll.notLocked") and the values its sentence is
// made of. A screen renders the code in the reader's language from the same table the server wrote
// the English from; the sentence is only the fallback for a code it does not know.

export type RefusalParams = Record<string, string | number>;

/** A refusal's sentence in one language: fixed, or made from its values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry names its own values
type Sentence = string | ((params: any) => string);
export type RefusalTexts = Record<SupportedLanguage, Sentence>;

/** What the server sends beside the English message. */
export interface RefusalData {
  code: string;
  params: RefusalParams;
}

/** A refusal ready to throw: the English message and its data. */
export interface Refusal {
  message: string;
  data: RefusalData;
}

type ParamsOf<E> = E extends { en: (params: infer P) => string } ? [params: P] : [];

const TABLES = new Map<string, Record<string, RefusalTexts>>();

const valuesOf = (rest: readonly unknown[]) => (rest[0] ?? {}) as RefusalParams;

const render = (sentence: Sentence, params: RefusalParams) => (typeof sentence === "function" ? sentence(params) : sentence);

/**
 * A module's refusals, each `{ en, es }` (a sentence with values as a function of them). Its codes
 * are `<module>.<key>`; the table is known to `refusalText` once imported.
 */
export function refusalTable<const T extends Record<string, RefusalTexts>>(module: string, texts: T) {
  // A module evaluated again (the dev server's hot reload) replaces its own table; two modules
  // claiming one name are refused by a test over the sources (refusals.test.ts), not here.
  TABLES.set(module, texts);
  return {
    texts,
    /** The refusal `key` with its values, for the server to throw. */
    refusal<K extends keyof T & string>(key: K, ...params: ParamsOf<T[K]>): Refusal {
      const values = valuesOf(params);
      return { message: render(texts[key].en, values), data: { code: `${module}.${key}`, params: values } };
    },
    /** The sentence of `key` in `language`. */
    text<K extends keyof T & string>(key: K, language: SupportedLanguage, ...params: ParamsOf<T[K]>): string {
      return render(texts[key][language], valuesOf(params));
    },
  };
}

/** The sentence for a refusal's errorData in `language`, or null when it names no known refusal. */
export function refusalText(data: unknown, language: SupportedLanguage): string | null {
  if (typeof data !== "object" || data === null) return null;
  const { code, params } = data as Partial<RefusalData>;
  if (typeof code !== "string") return null;
  const dot = code.indexOf(".");
  const table = TABLES.get(code.slice(0, dot));
  const key = code.slice(dot + 1);
  if (dot < 1 || !table || !Object.hasOwn(table, key)) return null;
  const entry = table[key];
  const values = typeof params === "object" && params !== null ? params : {};
  try {
    return render(entry[language], values);
  } catch {
    return null;
  }
}

/** The refusal code an error carries (a client's error keeps errorData as `data`), or null. */
export function refusalCode(error: unknown): string | null {
  const data = typeof error === "object" && error !== null ? (error as { data?: unknown }).data : undefined;
  const code = typeof data === "object" && data !== null ? (data as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : null;
}

/**
 * A fixed sentence of a known table, given in English without its code (a refusal stored as text,
 * such as an import line's problem), in `language`; null when it is none of them.
 */
export function refusalTextOfMessage(message: string, language: SupportedLanguage): string | null {
  for (const table of TABLES.values()) {
    for (const entry of Object.values(table)) if (entry.en === message && typeof entry[language] === "string") return entry[language];
  }
  return null;
}
