import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import i18n from "i18next";
import { FILE_MESSAGES } from "@tumble/domain/fileLimits";
import { failureText, fileProblemText } from "./messages";
import type { ImportSummary } from "./types";

// The keys and values a translation gets: enough to see which text the screen picks.
const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction<"imports">;

describe("an import's file problems", () => {
  it("are shown in the reader's language when the server names them, else as sent", () => {
    // A fixed sentence stored as text is found by its English (files.noHeader).
    expect(fileProblemText("The file has no header line", t)).toBe("The file has no header line");
    expect(fileProblemText("The file has 250000 lines; the limit is 200000", t)).toBe('fileProblems.tooManyRows {"count":250000,"limit":200000}');
    expect(fileProblemText("Map a column of the file to: name, address", t)).toBe(
      'fileProblems.mapColumns {"columns":"labels.name {\\"defaultValue\\":\\"name\\"}, labels.address {\\"defaultValue\\":\\"address\\"}"}',
    );
    expect(fileProblemText("Something new", t)).toBe("Something new");
  });

  it("say a file too large, too slow or too many to read, and an import cut off after writing, in the reader's language", async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: "en", resources: {} });
    expect(fileProblemText(FILE_MESSAGES.workbookTooLong(60), t)).toBe(FILE_MESSAGES.workbookTooLong(60));
    await i18n.changeLanguage("es");
    expect(fileProblemText(FILE_MESSAGES.unpacksTooLarge(47, 24), t)).toBe(
      "El libro descomprimido ocupa 47 MB; el límite es 24 MB. Guárdelo como CSV o divídalo en archivos más pequeños.",
    );
    expect(fileProblemText(FILE_MESSAGES.companyUploadsFull(49, 50), t)).toMatch(/^Las cargas sin terminar de esta empresa ya ocupan 49 MB de los 50 MB/);
    const cut = {
      status: "failed",
      failureReason: FILE_MESSAGES.importCutOff(780),
      counts: { created: 0, updated: 0, unchanged: 0, failed: 0 },
    } as ImportSummary;
    expect(fileProblemText("The file is not a readable XLSX workbook", t)).toBe("El archivo no es un libro XLSX legible");
    expect(failureText(cut, t)).toMatch(/^El servidor se reinició durante la importación después de escribir 780 de sus filas\./);
    expect(failureText({ ...cut, failureReason: "The server restarted during the import; nothing was written. Run it again." }, t)).toBe("restarted");
    await i18n.changeLanguage("en");
  });
});
