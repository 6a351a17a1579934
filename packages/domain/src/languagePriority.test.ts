import { describe, expect, it } from "vitest";
import { browserLanguage, detectLanguage, effectiveLanguage, supportedLanguage } from "./languagePriority.ts";

describe("effectiveLanguage", () => {
  it("prefers the pending choice over everything", () => {
    expect(effectiveLanguage({ pending: "es", saved: "en", companyDefault: "en", browser: "en-US" })).toBe("es");
    expect(effectiveLanguage({ pending: "en", saved: "es", companyDefault: "es", browser: "es-ES" })).toBe("en");
  });

  it("then the saved language, then the company default", () => {
    expect(effectiveLanguage({ saved: "es", companyDefault: "en", browser: "en" })).toBe("es");
    expect(effectiveLanguage({ pending: null, saved: null, companyDefault: "es", browser: "en-GB" })).toBe("es");
    expect(effectiveLanguage({ saved: "en", companyDefault: "es", browser: "es" })).toBe("en");
  });

  it("falls back to the browser: es if Spanish, else en", () => {
    expect(effectiveLanguage({ browser: "es-MX" })).toBe("es");
    expect(effectiveLanguage({ browser: "ES" })).toBe("es");
    expect(effectiveLanguage({ browser: "fr-FR" })).toBe("en");
    expect(effectiveLanguage({ browser: "en-US" })).toBe("en");
    expect(effectiveLanguage({})).toBe("en");
  });

  it("skips unsupported values at each level", () => {
    expect(effectiveLanguage({ pending: "fr", saved: "de", companyDefault: "es", browser: "en" })).toBe("es");
    expect(effectiveLanguage({ pending: "", saved: "pt-BR", browser: "es" })).toBe("es");
  });
});

describe("helpers", () => {
  it("reads language tags", () => {
    expect(supportedLanguage("es_US")).toBe("es");
    expect(supportedLanguage(" en ")).toBe("en");
    expect(supportedLanguage("est")).toBe(null);
    expect(browserLanguage(undefined)).toBe("en");
  });

  it("detects from the stored key, then the browser", () => {
    expect(detectLanguage({ stored: "es", browser: "en" })).toBe("es");
    expect(detectLanguage({ stored: "xx", browser: "es-AR" })).toBe("es");
    expect(detectLanguage({ browser: "de" })).toBe("en");
  });
});
