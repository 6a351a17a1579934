import i18n, { type TFunction } from "i18next";
import { localizeFileMessage } from "@tumble/domain/fileLimits";
// Imported for its refusal table: a fixed sentence of it stored as an import's reason is found by its English.
import "@tumble/domain/fileRefusals";
import { refusalTextOfMessage } from "@tumble/domain/refusals";
import type { ImportDetail, ImportRowErrorShown, ImportSummary } from "./types";

// The server's texts in the screen's language: a row's reason from its code (the detail after the
// colon — a name, a line number — kept as it is), and the known reasons an import failed.

export function reasonText(error: ImportRowErrorShown, t: TFunction<"imports">): string {
  const colon = error.message.indexOf(": ");
  const detail = colon >= 0 ? error.message.slice(colon + 2) : "";
  const reason = t(`errors.${error.code}`, { defaultValue: error.message });
  return detail ? `${reason}: ${detail}` : reason;
}

/** A field of an import kind by its label ("Coin box capacity"), or the key when it has none. */
export function fieldLabel(key: string, t: TFunction<"imports">): string {
  return t(`labels.${key}`, { defaultValue: key });
}

/** A row's problem as a sentence naming its field by its label: "Coin box capacity is not valid". */
export function problemText(error: ImportRowErrorShown, t: TFunction<"imports">): string {
  const colon = error.message.indexOf(": ");
  const detail = colon >= 0 ? error.message.slice(colon + 2) : "";
  if (!error.column) return reasonText(error, t);
  return t(`problems.${error.code}`, { field: fieldLabel(error.column, t), detail, defaultValue: reasonText(error, t) });
}

/** The screen's language, as lib/i18n's currentLanguage reads it (without loading the translations here). */
const readerLanguage = () => ((i18n.resolvedLanguage ?? i18n.language ?? "en").toLowerCase().startsWith("es") ? "es" : "en");

/**
 * What the server said of a file as a whole, kept as text as an import's reason (server/src/imports/run.ts;
 * a refusal of a call is read by its code, errorText), else the text as sent.
 */
export function fileProblemText(message: string, t: TFunction<"imports">): string {
  let match: RegExpExecArray | null;
  // A file too large, too slow or too many to read, and an upload over its limits.
  const limit = localizeFileMessage(message, readerLanguage());
  if (limit !== null) return limit;
  // A fixed sentence of the file refusals (files.noHeader, files.badXlsx and the like).
  const fixed = refusalTextOfMessage(message, readerLanguage());
  if (fixed !== null) return fixed;
  if ((match = /^The file has (\d+) lines; the limit is (\d+)$/.exec(message)))
    return t("fileProblems.tooManyRows", { count: Number(match[1]), limit: Number(match[2]) });
  if ((match = /^Map a column of the file to: (.+)$/.exec(message)))
    return t("fileProblems.mapColumns", {
      columns: match[1]
        .split(", ")
        .map((key) => fieldLabel(key, t))
        .join(", "),
    });
  if ((match = /^The file has no column named (.+)$/.exec(message))) return t("fileProblems.noColumn", { columns: match[1] });
  return message;
}

export function failureText(run: ImportDetail | ImportSummary, t: TFunction<"imports">): string | null {
  if (run.status !== "failed") return null;
  const reason = run.failureReason ?? "";
  // An import on PGlite cut off after writing some rows says how many (localized with the file refusals).
  if (reason.startsWith("The server restarted") && localizeFileMessage(reason, "en") === null) return t("restarted");
  if (reason.startsWith("Nothing was written")) return t("nothingWritten", { count: run.counts.failed });
  return reason ? fileProblemText(reason, t) : null;
}
