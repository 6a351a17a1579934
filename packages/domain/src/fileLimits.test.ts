import { describe, expect, it } from "vitest";
import { FILE_MESSAGES, localizeFileMessage, megabytes } from "./fileLimits.ts";

describe("file refusals in the reader's language", () => {
  const every = [
    FILE_MESSAGES.tooLong(20),
    FILE_MESSAGES.workbookTooLong(60),
    FILE_MESSAGES.tooLarge(1024),
    FILE_MESSAGES.workbookTooLarge(1024),
    FILE_MESSAGES.unpacksTooLarge(300, 24),
    FILE_MESSAGES.tooManyColumns(16384, 200),
    FILE_MESSAGES.unreadable,
    FILE_MESSAGES.busy,
    FILE_MESSAGES.uploadTooLarge(29),
    FILE_MESSAGES.companyUploadsFull(49, 50),
    FILE_MESSAGES.importCutOff(750),
    FILE_MESSAGES.importStopped(500, 2000, "Two lines share one machine"),
  ];

  it("knows each one: as sent in English, in Spanish with its numbers and words kept", () => {
    for (const message of every) {
      expect(localizeFileMessage(message, "en")).toBe(message);
      const spanish = localizeFileMessage(message, "es");
      expect(spanish).not.toBeNull();
      expect(spanish).not.toBe(message);
      for (const value of message.match(/\d+/g) ?? []) expect(spanish).toContain(value);
    }
    expect(localizeFileMessage(FILE_MESSAGES.unpacksTooLarge(300, 24), "es")).toBe(
      "El libro descomprimido ocupa 300 MB; el límite es 24 MB. Guárdelo como CSV o divídalo en archivos más pequeños.",
    );
    expect(localizeFileMessage(FILE_MESSAGES.importStopped(500, 2000, "Two lines share one machine"), "es")).toContain(": Two lines share one machine.");
  });

  it("leaves any other message alone, and rounds megabytes up", () => {
    expect(localizeFileMessage("The file has no header line", "es")).toBeNull();
    expect(localizeFileMessage(`${FILE_MESSAGES.busy}!`, "es")).toBeNull();
    expect(megabytes(1)).toBe(1);
    expect(megabytes(50 * 1024 * 1024)).toBe(50);
    expect(megabytes(50 * 1024 * 1024 + 1)).toBe(51);
  });
});
