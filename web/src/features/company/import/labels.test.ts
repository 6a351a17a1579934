import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, IMPORT_KINDS, IMPORT_MESSAGES, importError } from "@tumble/domain/imports";
import en from "../../../../public/locales/en/imports.json";
import es from "../../../../public/locales/es/imports.json";
import { fieldLabel, fileProblemText, problemText } from "./messages";

// Every field of every import kind is shown by a label in both languages (the mapping, the error
// table and the problem sentences), never by its key ("coinBoxCapacity").

const LOCALES = { en, es } as const;

async function translator(lng: "en" | "es"): Promise<TFunction<"imports">> {
  const i18n = createInstance();
  await i18n.init({ lng, ns: ["imports"], defaultNS: "imports", resources: { [lng]: { imports: LOCALES[lng] } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, "imports") as TFunction<"imports">;
}

describe("import field labels", () => {
  it("every field of every kind has a label and a description in English and Spanish", () => {
    for (const lng of ["en", "es"] as const) {
      const labels: Record<string, string> = LOCALES[lng].labels;
      const fields: Record<string, string> = LOCALES[lng].fields;
      for (const kind of IMPORT_KINDS)
        for (const { key } of IMPORT_COLUMNS[kind]) {
          expect(labels[key]?.trim(), `${lng} label of ${kind}.${key}`).toBeTruthy();
          expect(labels[key], `${lng} label of ${kind}.${key}`).not.toBe(key);
          expect(fields[key]?.trim(), `${lng} description of ${kind}.${key}`).toBeTruthy();
        }
      // Every reason a row can be refused for has its sentence.
      for (const code of Object.keys(IMPORT_MESSAGES)) expect(LOCALES[lng].problems, `${lng} problems.${code}`).toHaveProperty(code);
    }
  });

  it("a row's problem names its field by its label, in the reader's language", async () => {
    const t = await translator("en");
    expect(fieldLabel("coinBoxCapacity", t)).toBe("Coin box capacity");
    expect(problemText(importError(4, "coinBoxCapacity", "invalid"), t)).toBe("Coin box capacity is not valid");
    expect(problemText(importError(3, "equipmentType", "notFound", "Spaceship"), t)).toBe("Equipment type not found: Spaceship");
    expect(fileProblemText("Map a column of the file to: store, equipmentType", t)).toBe("Choose a column of the file for: Store, Equipment type.");
    const tEs = await translator("es");
    expect(problemText(importError(4, "coinBoxCapacity", "invalid"), tEs)).toBe("«Capacidad de la caja de monedas» no es válido");
    expect(problemText(importError(3, "section", "notFound", "Attic"), tEs)).toBe("«Sección» no se encontró: Attic");
  });
});
