import { describe, expect, it } from "vitest";
import { EMAIL_KINDS } from "../../../../../server/src/mail/templates/catalog";
import en from "../../../../public/locales/en/emailTemplates.json";
import es from "../../../../public/locales/es/emailTemplates.json";

// Every e-mail kind the product sends is named and described, and every placeholder it offers is
// named, in English and in Spanish: the editor never shows an owner a key instead.

type Locale = { kinds: Record<string, { label?: string; description?: string }>; placeholderNames: Record<string, string> };
const LOCALES = { en: en as Locale, es: es as Locale };

describe("e-mail template labels", () => {
  it.each(Object.entries(LOCALES))("name and describe every kind in %s", (_language, locale) => {
    for (const kind of Object.keys(EMAIL_KINDS)) {
      expect(locale.kinds[kind]?.label, kind).toMatch(/\S/);
      expect(locale.kinds[kind]?.description, kind).toMatch(/\S/);
    }
  });

  it.each(Object.entries(LOCALES))("name every placeholder of every kind in %s", (_language, locale) => {
    for (const spec of Object.values(EMAIL_KINDS)) for (const name of Object.keys(spec.placeholders)) expect(locale.placeholderNames[name], name).toMatch(/\S/);
  });

  it("say each kind in Spanish in words of its own, not the English ones", () => {
    for (const kind of Object.keys(EMAIL_KINDS)) expect(LOCALES.es.kinds[kind].label, kind).not.toBe(LOCALES.en.kinds[kind].label);
  });
});
