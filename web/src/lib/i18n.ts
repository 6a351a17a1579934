import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

export const NAMESPACES = [
  "common",
  "auth",
  "navigation",
  "marketing",
  "collections",
  "timeclock",
  "payroll",
  "admin",
  "settings",
  "cash",
  "reconciliation",
  "bank",
  "reports",
] as const;

/** Any tag for Spanish ("es", "es-MX") becomes es; everything else en. */
export function toSupportedLanguage(tag: string | null | undefined): Language {
  return tag && tag.toLowerCase().startsWith("es") ? "es" : "en";
}

export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: "languageOnly",
    ns: ["common"],
    defaultNS: "common",
    fallbackNS: "common",
    // Failed loads retry up to 5 times; i18next doubles the wait each time.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ["localStorage"],
      convertDetectedLanguage: (lng: string) => toSupportedLanguage(lng),
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = toSupportedLanguage(lng);
});

export default i18n;
