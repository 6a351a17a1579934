// Spec section 4 "Language": which language the interface uses. Priority: the pending (just
// chosen, not yet saved) language, the user's saved language, the company default language, then
// the browser language (es if Spanish, else en). Values outside en/es are skipped; regional tags
// count by their language ("es-MX" is es).

export const LANGUAGES = ["en", "es"] as const;
export type SupportedLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = "en";
/** Local storage key of the detected language. */
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** en or es for a language tag of either, else null. */
export function supportedLanguage(tag: string | null | undefined): SupportedLanguage | null {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === "en" || primary === "es" ? primary : null;
}

/** es for any Spanish browser language, en for everything else. */
export function browserLanguage(tag: string | null | undefined): SupportedLanguage {
  return supportedLanguage(tag) === "es" ? "es" : "en";
}

export interface LanguageSources {
  pending?: string | null;
  saved?: string | null;
  companyDefault?: string | null;
  browser?: string | null;
}

export function effectiveLanguage({ pending, saved, companyDefault, browser }: LanguageSources): SupportedLanguage {
  return supportedLanguage(pending) ?? supportedLanguage(saved) ?? supportedLanguage(companyDefault) ?? browserLanguage(browser);
}

/** Without a signed-in user: the stored language key, then the browser language. */
export function detectLanguage({ stored, browser }: { stored?: string | null; browser?: string | null }): SupportedLanguage {
  return supportedLanguage(stored) ?? browserLanguage(browser);
}
